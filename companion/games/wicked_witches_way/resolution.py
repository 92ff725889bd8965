"""Phase 3–4 and the end of the turn: formulas applied one witch at a time, in order.

For the current witch: the ``apply`` step (apply-time spells, then ``pass`` applies her
formula), the ``keep`` step (her private draw after a perfect black formula), and the
``after`` step (after-movement spells, then ``pass``). Steps where she has nothing she could
cast are skipped (digital deck). ``advance`` moves on as far as nobody needs to decide.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import BadRequest, Illegal, NotYourTurn, Rng
from companion.games.wicked_witches_way import track
from companion.games.wicked_witches_way.black_magic import Timing, shuffled
from companion.games.wicked_witches_way.formula import Verdict, judge
from companion.games.wicked_witches_way.spells import blocks_for, can_cast
from companion.games.wicked_witches_way.state import (
    Formula,
    GameState,
    Level,
    Part,
    Phase,
    Result,
    Step,
)
from companion.games.wicked_witches_way.symbols import Color, Symbol, in_order

#: the spaces an orange perfect formula adds
ORANGE_BONUS = 2


def begin(state: GameState) -> GameState:
    """Every formula is locked: open the lid, fix the order, start with the first witch."""
    valid = state.valid
    assert valid is not None
    order = resolution_order(state)
    state = replace(
        state,
        phase=Phase.RESOLVE,
        order=order,
        index=0,
        step=Step.APPLY,
        double_cross=False,
        keep_choice=None,
        compose_until=None,
    )
    orange = ", ".join(s.label for s in in_order(valid.orange)) or "none"
    black = ", ".join(s.label for s in in_order(valid.black)) or "none"
    order_names = ", ".join(state.name(s) for s in order)
    state = state.said(
        f"The lid opens. Valid orange: {orange}; valid black: {black}. Order: {order_names}."
    )
    return advance(state)


def resolution_order(state: GameState) -> tuple[int, ...]:
    """The lid closer first, then by position, leader first; ties by seat order starting after
    the lid closer (from seat 0 when the table closed the lid)."""
    closer = state.lid_closed_by
    n = len(state.witches)
    after = -1 if closer is None else closer
    others = [w for w in state.witches if w.seat != closer]
    others.sort(key=lambda w: (-w.position, (w.seat - after - 1) % n))
    first = () if closer is None else (closer,)
    return (*first, *(w.seat for w in others))


def advance(state: GameState) -> GameState:
    """Skip the steps where the current witch has nothing to decide; end the turn when done."""
    while state.phase is Phase.RESOLVE and state.window is None:
        seat = state.current
        if seat is None:
            return end_turn(state)
        if state.step is Step.APPLY and not can_cast(state, seat, Timing.APPLY):
            state = apply_formula(state)
        elif state.step is Step.AFTER and not can_cast(state, seat, Timing.AFTER):
            state = next_witch(state)
        else:
            return state
    return state


def apply_formula(state: GameState) -> GameState:
    """Reveal the current witch's formula (both with Double Cross) and move her."""
    seat = state.current
    valid = state.valid
    assert seat is not None and valid is not None
    witch = state.witches[seat]
    formula = state.formulas[seat] or Formula()
    parts = [_part(state, formula.cards, witch.position)]
    if state.double_cross and formula.second is not None:
        second = _part(state, formula.second, witch.position)
        if second.color is not None and second.color is parts[0].color:
            second = Part(
                second.cards,
                Verdict.FORBIDDEN,
                None,
                reason=f"both her formulas are {second.color.value}; Double Cross needs one of "
                "each colour",
            )
        parts.append(second)
    valid_parts = [p for p in parts if p.verdict.is_valid]
    steps = sum(len(p.cards) for p in valid_parts)
    steps += ORANGE_BONUS * any(p.bonus is Color.ORANGE for p in parts)
    penalty = seat == state.lid_closed_by and not valid_parts
    if penalty:
        end = track.back(witch.position, track.PENALTY)
    elif steps:
        end = track.forward(witch.position, steps, blocks_for(state, seat))
    else:
        end = witch.position
    state = state.moved_to(seat, end)
    end = state.witches[seat].position
    blocked = not penalty and steps and end < min(witch.position + steps, track.FINISH)
    draw = sum(len(p.cards) for p in parts if p.bonus is Color.BLACK)
    text = _describe(state, seat, parts, witch.position, end, steps, penalty, bool(blocked), draw)
    other = parts[1] if len(parts) > 1 else None
    result = Result(seat, parts[0], other, witch.position, end, penalty, text)
    state = replace(state, results=(*state.results, result), step=Step.AFTER).said(text)
    if draw and not state.options.physical_deck:
        state = _draw(state, seat, draw)
    return state


def _part(state: GameState, cards: tuple[Symbol, ...], position: int) -> Part:
    valid = state.valid
    seat = state.current
    assert valid is not None and seat is not None
    judgement = judge(cards, valid)
    part = Part(cards, judgement.verdict, judgement.color, reason=judgement.reason)
    if judgement.verdict is not Verdict.PERFECT:
        return part
    if state.witches[seat].level is Level.EXPERT:
        return replace(part, bonus_cancelled="expert")
    if state.curse is not None and position == state.curse:
        return replace(part, bonus_cancelled="curse")
    return replace(part, bonus=judgement.color)


def _describe(
    state: GameState,
    seat: int,
    parts: list[Part],
    start: int,
    end: int,
    steps: int,
    penalty: bool,
    blocked: bool,
    draw: int,
) -> str:
    name = state.name(seat)
    clauses = [_clause(state, p) for p in parts]
    head = f"{name} (Double Cross): " + "; ".join(clauses) if len(parts) > 1 else clauses[0]
    if penalty:
        back = f"goes back {start - end}{_to(end)}"
        if len(parts) > 1:
            return f"{head} — neither is valid: having closed the lid, {name} {back}."
        if parts[0].verdict is Verdict.EMPTY:
            return f"{name} wrote no formula and, having closed the lid, {back}."
        return f"{head} — {name} falls off her broomstick and, having closed the lid, {back}."
    if not steps:
        if len(parts) == 1 and parts[0].verdict is Verdict.EMPTY:
            return f"{name} wrote no formula and does not move."
        if len(parts) == 1:
            return f"{head} — {name} falls off her broomstick and does not move."
        return f"{head} — {name} does not move."
    blockade = " (blockade)" if blocked else ""
    if end >= track.FINISH:
        rank = _ordinal(state.witches[seat].finished_rank or 0)
        text = f"{head}: {name} moves forward {end - start} and crosses the finish ({rank})"
    else:
        text = f"{head}: {name} moves forward {end - start}{blockade}{_to(end)}"
    if draw:
        text += f", and draws {draw} Black Magic card{'s' * (draw > 1)} to keep one"
    return text + "."


def _clause(state: GameState, part: Part) -> str:
    if part.verdict is Verdict.EMPTY:
        return "No formula"
    if part.verdict is Verdict.FORBIDDEN:
        return part.reason[:1].upper() + part.reason[1:]
    assert part.color is not None
    cards = ", ".join(s.label for s in in_order(part.cards))
    kind = "Perfect" if part.verdict is Verdict.PERFECT else "Valid but incomplete"
    clause = f"{kind} {part.color.value} formula ({cards})"
    if part.bonus is Color.ORANGE:
        clause += f" with the +{ORANGE_BONUS} bonus"
    elif part.bonus_cancelled == "curse":
        clause += ", but the curse on this space cancels the bonus"
    elif part.bonus_cancelled == "expert":
        clause += ", but an expert pilot gets no bonus"
    return clause


def _to(end: int) -> str:
    return f", to {track.space_name(end)}"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _draw(state: GameState, seat: int, count: int) -> GameState:
    """Draw ``count`` cards (the discard is reshuffled when the pile runs out)."""
    pile = state.draw_pile
    if len(pile) < count and state.discard:
        rng = Rng(state.seed, "shuffle", state.shuffles)
        pile = (*pile, *shuffled(state.discard, rng))
        state = replace(state, discard=(), shuffles=state.shuffles + 1).said(
            "The discard is shuffled into the Black Magic draw pile."
        )
    drawn, pile = pile[:count], pile[count:]
    state = replace(state, draw_pile=pile)
    if len(drawn) < count:
        state = state.said(f"Only {len(drawn)} Black Magic card(s) were left to draw.")
    if len(drawn) <= 1:
        hand = (*state.witches[seat].hand, *drawn)
        return state.with_witch(seat, hand=hand)
    return replace(state, keep_choice=drawn, step=Step.KEEP)


def keep(state: GameState, seat: int | None, card: object) -> GameState:
    """``keep {card}``: one card of the private draw joins her hand; the rest are shuffled back
    into the draw pile. The table (seat None) keeps the first card for a player who left."""
    choice = state.keep_choice
    current = state.current
    if state.step is not Step.KEEP or choice is None or current is None:
        raise Illegal("There is no Black Magic card to choose now.")
    if seat is not None and seat != current:
        raise NotYourTurn(f"Wait: {state.name(current)} chooses a card.")
    if seat is None:
        card = choice[0]
    if card not in choice:
        raise BadRequest("Choose one of the cards you drew.")
    assert isinstance(card, str)
    rest = tuple(c for c in choice if c != card)
    rng = Rng(state.seed, "shuffle", state.shuffles)
    state = state.with_witch(current, hand=(*state.witches[current].hand, card))
    return replace(
        state,
        keep_choice=None,
        step=Step.AFTER,
        draw_pile=shuffled((*state.draw_pile, *rest), rng),
        shuffles=state.shuffles + 1,
    ).said(f"{state.name(current)} keeps one card; the others are shuffled back into the pile.")


def next_witch(state: GameState) -> GameState:
    return replace(
        state, index=state.index + 1, step=Step.APPLY, double_cross=False, keep_choice=None
    )


def end_turn(state: GameState) -> GameState:
    """The curse goes on the leaders' space; the game ends once anyone has finished.

    The dice, results and spells of the turn stay on show until the next roll."""
    racing = state.positions(racing_only=True)
    curse = max(racing.values()) if racing else None
    state = replace(state, curse=curse, step=None, window=None, blocks=(), double_cross=False)
    if curse is not None:
        state = state.said(f"The curse goes on {track.space_name(curse)}.")
    if state.finishers:
        return replace(state, phase=Phase.OVER).said("A witch has crossed the finish: game over!")
    turn = state.turn + 1
    last = track.last_placed(state.positions())
    roller = last[Rng(state.seed, "roller", turn).randint(0, len(last) - 1)]
    return replace(
        state,
        phase=Phase.ROLL,
        turn=turn,
        roller=roller,
        rolled_at=None,
        lid_closed_by=None,
        lid_closed_at=None,
        compose_until=None,
        formulas=tuple(None for _ in state.witches),
        decrees=(),
        order=(),
        index=0,
    ).said(f"Turn {turn}: {state.name(roller)}, in last place, rolls the dice.")
