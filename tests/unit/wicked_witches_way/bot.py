"""A scripted player for whole games: it lists the moves open to everyone and picks one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.wicked_witches_way.black_magic import kind_of, timing_of
from companion.games.wicked_witches_way.formula import valid_symbols
from companion.games.wicked_witches_way.state import GameState, Phase, Step
from companion.games.wicked_witches_way.symbols import SYMBOLS, in_order
from tests.unit.wicked_witches_way.helpers import GAME, as_dice


@dataclass(frozen=True)
class Move:
    """An action by a seat (None: the table), or ``timeout`` (action None) at the deadline."""

    seat: int | None
    action: dict[str, Any] | None
    #: what the move is, for scripted players ("timeout", "perfect-orange", "spell", …)
    tag: str = ""


def moves(state: GameState) -> list[Move]:
    """Moves worth trying now (most are legal; a few probe the referee's refusals)."""
    out: list[Move] = []
    if GAME.deadline(state) is not None:
        out.append(Move(None, None, "timeout"))
    phase = state.phase
    if phase is Phase.ROLL:
        out += [Move(state.roller, {"type": "roll"}), Move(None, {"type": "roll"})]
        if state.turn == 1:
            out += [Move(None, {"type": "handicap", "seat": 0, "level": "novice", "start": 6}),
                    Move(None, {"type": "handicap", "seat": 1, "level": "expert"}),
                    Move(0, {"type": "handicap", "seat": 0, "level": "novice"})]  # fmt: skip
    elif phase is Phase.LOOK:
        out += [Move(k, {"type": "close_lid"}) for k in state.seats]
        out.append(Move(None, {"type": "close_lid"}))
    elif phase is Phase.COMPOSE:
        out += _compose_moves(state)
    elif phase is Phase.RESOLVE:
        out += _resolve_moves(state)
    out.append(Move(0, {"type": "pass"}))  # often refused
    if len(state.gone) < len(state.witches) - 1 and state.phase is not Phase.OVER:
        # A player walks away (the room calls ``seat_left``): rare, any time.
        out.append(Move(len(state.witches) - 1 - len(state.gone), {"type": LEAVE}, "leave"))
    return out


#: not a game action: the room telling the game that a seat left
LEAVE = "(leave)"


def _compose_moves(state: GameState) -> list[Move]:
    # Physical dice are entered only when the lid opens: the bot remembers the faces it will
    # enter (``_resolve_moves``), as a player remembers the box.
    valid = valid_symbols(state.dice if state.dice is not None else as_dice(_faces(state)))
    out: list[Move] = []
    for k in state.seats:
        if state.formulas[k] is not None:
            continue
        best = max((valid.orange, valid.black), key=len)
        other = valid.black if best is valid.orange else valid.orange
        for tag, cards in (
            ("perfect-orange", in_order(valid.orange)),
            ("perfect-black", in_order(valid.black)),
            ("one", in_order(best)[:1]),
            ("empty", []),
            ("guess", [SYMBOLS[k], SYMBOLS[k + 1]]),
        ):
            out.append(Move(k, {"type": "formula", "cards": [s.value for s in cards]}, tag))
        if any(kind_of(c) == "double_cross" for c in state.witches[k].hand) and other:
            both = {
                "type": "formula",
                "cards": [s.value for s in in_order(best)],
                "second": [s.value for s in in_order(other)],
            }
            out.append(Move(k, both, "double"))
        holds = any(kind_of(c) == "decree" for c in state.witches[k].hand)
        out.append(Move(k, {"type": "spell", "card": "decree"}, "spell" if holds else "probe"))
    if state.window is not None:
        out += [Move(k, {"type": "spell", "card": "magic_fog"}, "fog") for k in state.seats]
    out.append(Move(None, {"type": "pass", "seat": len(state.witches) - 1}))
    return out


def _resolve_moves(state: GameState) -> list[Move]:
    seat = state.current
    out: list[Move] = []
    if state.window is not None:
        out += [Move(k, {"type": "spell", "card": "magic_fog"}, "fog") for k in state.seats]
        return out
    if state.phase is Phase.RESOLVE and state.step in (Step.READ, Step.SORT):
        faces = _faces(state)
        out += [Move(None, {"type": "dice", "dice": faces}, "dice"),
                Move(state.roller, {"type": "dice", "dice": faces}, "dice")]  # fmt: skip
    if seat is None:
        out.append(Move(None, {"type": "pass"}))
        return out
    if state.step is Step.KEEP and state.keep_choice:
        out += [Move(seat, {"type": "keep", "card": c}, "keep") for c in state.keep_choice]
        out.append(Move(None, {"type": "pass"}))
        return out
    out.append(Move(seat, {"type": "pass"}, "pass"))
    out.append(Move(seat, {"type": "hold"}, "hold"))
    formula = state.formulas[seat]
    missing = [s for s in SYMBOLS if formula is None or s not in formula.symbols]
    for card in state.witches[seat].hand:
        kind = kind_of(card)
        if timing_of(card).value != (state.step.value if state.step else ""):
            continue
        action: dict[str, Any] = {"type": "spell", "card": kind}
        if kind == "attraction":
            action["spaces"] = 1 + len(card) % 2
        if kind in ("repaired_oversight", "rectification") and missing:
            action["add"] = missing[0].value
        if kind == "rectification" and formula is not None and formula.cards:
            action["remove"] = formula.cards[0].value
        out.append(Move(seat, action, "cast" if _accepted(state, seat, action) else "probe"))
    out.append(Move(None, {"type": "pass"}))
    return out


def _faces(state: GameState) -> list[dict[str, str]]:
    """The physical dice of this turn, as the bot's table throws them."""
    return [{"symbol": SYMBOLS[(state.turn + k) % 9].value, "color": ("orange", "black")[k > 4]}
            for k in range(9)]  # fmt: skip


def _accepted(state: GameState, seat: int, action: dict[str, Any]) -> bool:
    from companion.engine import IllegalAction

    try:
        GAME.apply(state, seat, action, 0)
    except IllegalAction:
        return False
    return True


def play(state: GameState, pick: Callable[[list[Move]], Move], now: float, steps: int
         ) -> tuple[GameState, list[tuple[Move, float]], float]:  # fmt: skip
    """Play up to ``steps`` picked moves; refused moves are kept in the log too."""
    log: list[tuple[Move, float]] = []
    for _ in range(steps):
        if GAME.is_over(state):
            break
        move = pick(moves(state))
        now += 700
        if move.action is None:
            due = GAME.deadline(state)
            assert due is not None
            now = max(now, due)
        log.append((move, now))
        state = step(state, move, now)
    return state, log, now


def step(state: GameState, move: Move, now: float) -> GameState:
    from companion.engine import IllegalAction

    if move.action is None:
        return GAME.timeout(state, now)
    if move.action["type"] == LEAVE:
        assert move.seat is not None
        return GAME.seat_left(state, move.seat, now)
    try:
        return GAME.apply(state, move.seat, move.action, now)
    except IllegalAction:
        return state
