"""Phases 3–4 and the end of the turn: the reveal, paced by the server clock.

When every formula is locked, all of them are revealed at once (the rulebook: each witch
reveals hers, then the lid is removed). Then the lid opens: the app's dice are shown after one
step (``REVEAL``), or the faces of the real dice are entered (``READ``, physical dice) and can
be corrected while they are shown (``SORT``). Then, in order, each witch gets the same two
moments whatever she holds — ``APPLY`` (apply-time spells; at its end her formula is
applied) and ``AFTER`` (after-movement spells) — each one step long, with a private ``KEEP``
choice between them after a perfect black formula. A witch may say "I play a spell"
(``hold``): her moment then waits for her choice. Nobody has to pass; a witch who left gets no
moment at all. Every step ends on a server deadline, so every screen sees each result at the
same moment, and the next roll comes only once the reveal is over.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from companion.engine import BadRequest, Illegal, NotYourTurn, Rng, clockwise
from companion.engine.text import N_, Text, say
from companion.games.wicked_witches_way import track
from companion.games.wicked_witches_way.black_magic import shuffled
from companion.games.wicked_witches_way.formula import Verdict, judge
from companion.games.wicked_witches_way.state import (
    Formula,
    GameState,
    Level,
    Part,
    Phase,
    Result,
    Step,
)
from companion.games.wicked_witches_way.symbols import Color, Die, Symbol, in_order

#: the spaces an orange perfect formula adds
ORANGE_BONUS = 2
#: how long a witch who said "I play a spell" has to choose it, and a witch to choose the
#: Black Magic card she keeps, before the reveal goes on without her (ms)
CHOICE_MS = 30_000


def pace(state: GameState) -> float:
    """One step of the reveal (ms)."""
    return 1000.0 * state.options.pace_seconds


def sort_ms(state: GameState) -> float:
    """How long the sorted dice are shown before the first formula: twice a step with physical
    dice, so that the table can check the faces entered (each correction starts it again)."""
    return pace(state) * (2 if state.options.physical_dice else 1)


def begin(state: GameState, at: float) -> GameState:
    """Every formula is locked: all are revealed at once and the order is fixed; then the lid
    opens (app dice: after one step; physical dice: once the faces are entered)."""
    order = resolution_order(state)
    state = replace(
        state,
        phase=Phase.RESOLVE,
        order=order,
        index=0,
        double_cross=False,
        keep_choice=None,
        compose_until=None,
        holding=False,
    )
    shown = tuple(
        say("{name} ({cards})", name=state.name(k), cards=_cards(state, k)) for k in state.seats
    )
    state = state.said(say("Every witch reveals her formula — {shown}.", shown=shown))
    if state.options.physical_dice:
        return replace(state, step=Step.READ, step_until=None).said(
            N_("Open the lid and enter the dice as they lie in the box.")
        )
    return replace(state, step=Step.REVEAL, step_until=at + pace(state))


def _cards(state: GameState, seat: int) -> Text | tuple[Text, ...]:
    formula = state.formulas[seat] or Formula()
    first = _symbols(formula.cards, N_("no formula"))
    if formula.second is None:
        return first
    second = _symbols(formula.second, N_("nothing"))
    return say("{first} (and {second} with Double Cross)", first=first, second=second)


def _symbols(symbols: Iterable[Symbol], none: str) -> Text | tuple[Text, ...]:
    """The symbols' names in the rulebook's order (each translated on the page), or ``none``."""
    names = tuple(say(s.label) for s in in_order(symbols))
    return names or say(none)


def lid_opens(state: GameState, at: float, text: Text | None = None) -> GameState:
    """The dice are sorted and shown with the valid symbols, for a step (``SORT``)."""
    valid = state.valid
    assert valid is not None
    return replace(state, step=Step.SORT, step_until=at + sort_ms(state)).said(
        say(
            "{opening} Valid orange: {orange}; valid black: {black}. Order: {order}.",
            opening=text or say(N_("The lid opens.")),
            orange=_symbols(valid.orange, N_("none")),
            black=_symbols(valid.black, N_("none")),
            order=tuple(state.name(s) for s in state.order),
        )
    )


def enter_dice(state: GameState, seat: int | None, dice: tuple[Die, ...], at: float) -> GameState:
    """``dice {dice}`` (physical dice): the faces in the box, entered when the lid opens by the
    roller or the table, and corrected the same way while they are shown (``SORT``)."""
    if not state.options.physical_dice:
        raise Illegal("The app rolled the dice: there is nothing to enter.")
    if state.phase is not Phase.RESOLVE or state.step not in (Step.READ, Step.SORT):
        if state.phase is Phase.RESOLVE and state.results:
            raise Illegal("The dice can no longer be corrected: formulas have been applied.")
        raise Illegal("The dice are entered when the lid opens, once every formula is written.")
    if seat is not None and (seat != state.roller or state.is_gone(seat)):
        raise NotYourTurn(
            "{name}, who rolled, or the table enters the dice.", name=state.name(state.roller)
        )
    who = say(N_("The table")) if seat is None else state.name(seat)
    correcting = state.step is Step.SORT
    state = replace(state, dice=dice)
    if correcting:
        text = say("{who} corrects the dice.", who=who)
    else:
        text = say("{who} enters the dice.", who=who)
    return lid_opens(state, at, text)


def step_over(state: GameState, at: float) -> GameState:
    """The current step ends (its deadline, the table's ``pass``, or the witch's ``pass``)."""
    step = state.step
    if step is Step.REVEAL:
        return lid_opens(state, at)
    if step is Step.SORT:
        return moment(state, Step.APPLY, at)
    if step is Step.APPLY:
        return apply_formula(state, at)
    if step is Step.KEEP:
        return keep(state, None, None, at)
    if step is Step.AFTER:
        return next_witch(state, at)
    raise Illegal("Enter the dice first.")


def moment(state: GameState, step: Step, at: float) -> GameState:
    """The current witch's ``APPLY`` or ``AFTER`` moment: one step, the same for every witch
    whatever she holds. A witch who left gets none: her formula is applied at once."""
    state = replace(state, step=step, holding=False)
    seat = state.current
    if seat is None:
        return end_turn(state, at)
    if state.is_gone(seat):
        return step_over(state, at)
    return replace(state, step_until=at + pace(state))


def hold(state: GameState, seat: int, at: float) -> GameState:
    """``hold {}`` — "I play a spell": the current witch's moment waits for her choice (every
    witch has this button, so pressing it tells only what she chooses to tell)."""
    current = state.current
    if state.phase is not Phase.RESOLVE or state.step not in (Step.APPLY, Step.AFTER):
        raise Illegal("Spells are played when you apply your formula or after your movement.")
    assert current is not None
    if seat != current:
        raise NotYourTurn(
            "Wait for your moment: {name} is applying her formula.", name=state.name(current)
        )
    if state.window is not None:
        raise Illegal("Wait for the end of the Magic Fog window.")
    if state.holding:
        raise Illegal("Choose your spell, or go on without one.")
    return replace(state, holding=True, step_until=at + CHOICE_MS).said(
        say("{name} plays a spell…", name=state.name(seat))
    )


def resolution_order(state: GameState) -> tuple[int, ...]:
    """The lid closer first, then by position, leader first; ties by seat order starting after
    the lid closer (from seat 0 when the table closed the lid)."""
    closer = state.lid_closed_by
    around = clockwise(0 if closer is None else closer + 1, len(state.witches))
    others = [w for w in state.witches if w.seat != closer]
    others.sort(key=lambda w: (-w.position, around.index(w.seat)))
    first = () if closer is None else (closer,)
    return (*first, *(w.seat for w in others))


def apply_formula(state: GameState, at: float) -> GameState:
    """Apply the current witch's formula (both with Double Cross) and move her."""
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
        end = track.forward(witch.position, steps, state.blocks_for(seat))
    else:
        end = witch.position
    state = state.moved_to(seat, end)
    end = state.witches[seat].position
    blocked = not penalty and steps and end < min(witch.position + steps, track.FINISH)
    draw = sum(len(p.cards) for p in parts if p.bonus is Color.BLACK)
    text = _describe(state, seat, parts, witch.position, end, steps, penalty, bool(blocked), draw)
    other = parts[1] if len(parts) > 1 else None
    result = Result(seat, parts[0], other, witch.position, end, penalty, text)
    state = replace(state, results=(*state.results, result), holding=False).said(text)
    if draw and not state.options.physical_deck:
        return _draw(state, seat, draw, at)
    return moment(state, Step.AFTER, at)


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
    clauses = tuple(_clause(p) for p in parts)
    head: str = clauses[0]
    if len(parts) > 1:
        head = say("{name} (Double Cross): {clauses}", name=name, clauses=clauses)
    where = {"name": name, "head": head, "n": abs(end - start), "space": track.space_name(end)}
    if penalty:
        if len(parts) > 1:
            template = N_(
                "{head} — neither is valid: having closed the lid, {name} goes back {n},"
                " to {space}."
            )
        elif parts[0].verdict is Verdict.EMPTY:
            template = N_(
                "{name} wrote no formula and, having closed the lid, goes back {n}, to {space}."
            )
        else:
            template = N_(
                "{head} — {name} falls off her broomstick and, having closed the lid,"
                " goes back {n}, to {space}."
            )
        return say(template, **where)
    if not steps:
        if len(parts) == 1 and parts[0].verdict is Verdict.EMPTY:
            return say("{name} wrote no formula and does not move.", name=name)
        if len(parts) == 1:
            return say("{head} — {name} falls off her broomstick and does not move.", **where)
        return say("{head} — {name} does not move.", **where)
    if end >= track.FINISH:
        rank = _ordinal(state.witches[seat].finished_rank or 0)
        move = say(
            "{head}: {name} moves forward {n} and crosses the finish ({rank})", rank=rank, **where
        )
    elif blocked:
        move = say("{head}: {name} moves forward {n} (blockade), to {space}", **where)
    else:
        move = say("{head}: {name} moves forward {n}, to {space}", **where)
    if draw == 1:
        return say("{move}, and draws 1 Black Magic card to keep.", move=move)
    if draw:
        return say("{move}, and draws {n} Black Magic cards to keep one.", move=move, n=draw)
    return say("{move}.", move=move)


def _clause(part: Part) -> str:
    if part.verdict is Verdict.EMPTY:
        return say(N_("No formula"))
    if part.verdict is Verdict.FORBIDDEN:
        return part.reason  # a Text: formula.judge says why
    assert part.color is not None
    cards = tuple(say(s.label) for s in in_order(part.cards))
    template = {
        (Verdict.PERFECT, Color.ORANGE): N_("Perfect orange formula ({cards})"),
        (Verdict.PERFECT, Color.BLACK): N_("Perfect black formula ({cards})"),
        (Verdict.INCOMPLETE, Color.ORANGE): N_("Valid but incomplete orange formula ({cards})"),
        (Verdict.INCOMPLETE, Color.BLACK): N_("Valid but incomplete black formula ({cards})"),
    }[part.verdict, part.color]
    clause = say(template, cards=cards)
    if part.bonus is Color.ORANGE:
        return say("{clause} with the +{bonus} bonus", clause=clause, bonus=ORANGE_BONUS)
    if part.bonus_cancelled == "curse":
        return say("{clause}, but the curse on this space cancels the bonus", clause=clause)
    if part.bonus_cancelled == "expert":
        return say("{clause}, but an expert pilot gets no bonus", clause=clause)
    return clause


def _ordinal(n: int) -> Text:
    """A finishing place as the log says it.

    >>> _ordinal(1), _ordinal(4)
    ('1st', '4th')
    """
    if n in ORDINALS:
        return say(ORDINALS[n])
    return say("{n}th", n=n)


#: the first three finishing places (after them: "{n}th")
ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}


def _draw(state: GameState, seat: int, count: int, at: float) -> GameState:
    """Draw ``count`` cards (the discard is reshuffled when the pile runs out)."""
    pile = state.draw_pile
    if len(pile) < count and state.discard:
        rng = Rng(state.seed, "shuffle", state.shuffles)
        pile = (*pile, *shuffled(state.discard, rng))
        state = replace(state, discard=(), shuffles=state.shuffles + 1).said(
            N_("The discard is shuffled into the Black Magic draw pile.")
        )
    drawn, pile = pile[:count], pile[count:]
    state = replace(state, draw_pile=pile)
    if len(drawn) < count:
        state = state.said(
            say("Black Magic cards left to draw: only {n}.", n=len(drawn))
            if drawn
            else N_("No Black Magic card was left to draw.")
        )
    if len(drawn) <= 1:
        hand = (*state.witches[seat].hand, *drawn)
        return moment(state.with_witch(seat, hand=hand), Step.AFTER, at)
    state = replace(state, keep_choice=drawn, step=Step.KEEP, step_until=at + CHOICE_MS)
    if state.is_gone(seat):
        return keep(state, None, None, at)
    return state


def keep(state: GameState, seat: int | None, card: object, at: float) -> GameState:
    """``keep {card}``: one card of the private draw joins her hand; the rest are shuffled back
    into the draw pile. Without her choice (the table's ``pass``, a player who left, the time
    run out) she keeps the first card drawn."""
    choice = state.keep_choice
    current = state.current
    if state.step is not Step.KEEP or choice is None or current is None:
        raise Illegal("There is no Black Magic card to choose now.")
    if seat is not None and seat != current:
        raise NotYourTurn("Wait: {name} chooses a card.", name=state.name(current))
    if seat is None:
        card = choice[0]
    if card not in choice:
        raise BadRequest("Choose one of the cards you drew.")
    assert isinstance(card, str)
    rest = tuple(c for c in choice if c != card)
    rng = Rng(state.seed, "shuffle", state.shuffles)
    state = state.with_witch(current, hand=(*state.witches[current].hand, card))
    state = replace(
        state,
        keep_choice=None,
        draw_pile=shuffled((*state.draw_pile, *rest), rng),
        shuffles=state.shuffles + 1,
    ).said(
        say(
            "{name} keeps one card; the others are shuffled back into the pile.",
            name=state.name(current),
        )
    )
    return moment(state, Step.AFTER, at)


def next_witch(state: GameState, at: float) -> GameState:
    state = replace(state, index=state.index + 1, double_cross=False, keep_choice=None)
    return moment(state, Step.APPLY, at)


def end_turn(state: GameState, at: float) -> GameState:
    """The curse goes on the leaders' space; the game ends once anyone has finished.

    The dice, results and spells of the turn stay on show until the next roll."""
    racing = state.positions(racing_only=True)
    curse = max(racing.values()) if racing else None
    state = replace(
        state,
        curse=curse,
        step=None,
        step_until=None,
        holding=False,
        window=None,
        blocks=(),
        double_cross=False,
    )
    if curse is not None:
        state = state.said(say("The curse goes on {space}.", space=track.space_name(curse)))
    if state.finishers:
        return replace(state, phase=Phase.OVER).said(
            N_("A witch has crossed the finish: game over!")
        )
    turn = state.turn + 1
    roller = draw_roller(state, turn)
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
    ).said(say("Turn {n}: {name}, in last place, rolls the dice.", n=turn, name=state.name(roller)))


def draw_roller(state: GameState, turn: int) -> int:
    """The witch in last place rolls; ties are drawn from the seed. A witch who left never
    rolls (if everyone left, the last roller stays: the table rolls for her)."""
    racing = {w.seat: w.position for w in state.witches if not state.is_gone(w.seat)}
    if not racing:
        return state.roller
    last = track.last_placed(racing)
    return last[Rng(state.seed, "roller", turn).randint(0, len(last) - 1)]
