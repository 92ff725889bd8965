"""A scripted player for whole games: it picks among the decisions the game lists
(``GAME.choices``), the side actions it may take besides, and a few moves the referee refuses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.wicked_witches_way.formula import valid_symbols
from companion.games.wicked_witches_way.state import GameState, Phase, Step
from companion.games.wicked_witches_way.symbols import SYMBOLS, in_order
from tests import support
from tests.support import LEAVE, Move
from tests.unit.wicked_witches_way.helpers import GAME, as_dice

#: the acrobatics totals the bot enters at the end (physical deck)
ACROBATICS = (0, 7)


def moves(state: GameState) -> list[Move]:
    """Moves worth trying now: the listed decisions (a few of the formulas), side actions, and
    a couple of moves the referee refuses."""
    out: list[Move] = []
    if GAME.deadline(state) is not None:
        out.append(Move(None, None, "timeout"))
    for sender in (*state.seats, None):
        listed = GAME.choices(state, sender)
        assert listed is not None
        out += _worth_trying(state, sender, listed)
    out += _side(state)
    out.append(Move(0, {"type": "pass"}, "probe"))  # often refused
    if len(state.gone) < len(state.witches) - 1 and state.phase is not Phase.OVER:
        # A player walks away (the room calls ``seat_left``): rare, any time.
        out.append(Move(len(state.witches) - 1 - len(state.gone), None, LEAVE))
    return out


def _worth_trying(state: GameState, sender: int | None, listed: list[dict[str, Any]]) -> list[Move]:
    out: list[Move] = []
    formulas = []
    for choice in listed:
        kind = choice["type"]
        if kind == "formula":
            formulas.append(choice)
        elif kind == "dice":  # a free value: the bot enters the faces its table threw
            out.append(Move(sender, {**choice, "dice": _faces(state)}, "dice"))
        elif kind == "acrobatics":
            if choice["points"] in ACROBATICS:
                out.append(Move(sender, choice, "acrobatics"))
        else:
            out.append(Move(sender, choice, _tag(choice)))
    if formulas:
        assert sender is not None
        out += _formulas(state, sender, formulas)
    return out


def _tag(choice: dict[str, Any]) -> str:
    if choice["type"] == "spell":
        return {"decree": "spell", "magic_fog": "fog"}.get(choice["card"], "cast")
    return "keep" if choice["type"] == "keep" else ""


def _formulas(state: GameState, seat: int, listed: list[dict[str, Any]]) -> list[Move]:
    """A few of the listed formulas: perfect in each colour, one card, none, a guess, and two
    formulas when she may write two."""
    # Physical dice are entered only when the lid opens: the bot remembers the faces it will
    # enter (``_faces``), as a player remembers the box.
    valid = valid_symbols(state.dice if state.dice is not None else as_dice(_faces(state)))
    best = max((valid.orange, valid.black), key=len)
    other = valid.black if best is valid.orange else valid.orange
    wanted: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
        ("perfect-orange", _names(valid.orange), ()),
        ("perfect-black", _names(valid.black), ()),
        ("one", _names(in_order(best)[:1]), ()),
        ("empty", (), ()),
        ("guess", _names(SYMBOLS[seat : seat + 2]), ()),
        ("double", _names(best), _names(other)),
    ]
    found = _by_cards(listed)
    return [
        Move(seat, found[cards, second], tag)
        for tag, cards, second in wanted
        if (cards, second) in found and (tag != "double" or second)
    ]


#: the listed formulas by their cards, for each list of them met (by its first payload)
_INDEXES: dict[int, tuple[dict[str, Any], int, dict[Any, dict[str, Any]]]] = {}


def _by_cards(listed: list[dict[str, Any]]) -> dict[Any, dict[str, Any]]:
    """The listed formulas by (cards, second). The game lists the same shared payloads step
    after step (512 or 19,683 of them), so each list is indexed once."""
    first = listed[0]
    known = _INDEXES.get(id(first))
    if known is None or known[0] is not first or known[1] != len(listed):
        index = {(tuple(p["cards"]), tuple(p.get("second", ()))): p for p in listed}
        known = _INDEXES[id(first)] = (first, len(listed), index)
    return known[2]


def _names(symbols: Any) -> tuple[str, ...]:
    return tuple(s.value for s in in_order(symbols))


def _side(state: GameState) -> list[Move]:
    """Side actions (never listed): the host's handicaps, the table's pass, "I play a spell"
    and the current witch's pass."""
    out: list[Move] = []
    if state.phase is Phase.ROLL and state.turn == 1:
        out += [Move(None, {"type": "handicap", "seat": 0, "level": "novice", "start": 6}),
                Move(None, {"type": "handicap", "seat": 1, "level": "expert"}),
                Move(0, {"type": "handicap", "seat": 0, "level": "novice"})]  # fmt: skip
    elif state.phase is Phase.COMPOSE:
        out.append(Move(None, {"type": "pass", "seat": len(state.witches) - 1}))
    elif state.phase is Phase.RESOLVE:
        seat = state.current
        if seat is not None and state.step is not Step.KEEP and state.window is None:
            out += [Move(seat, {"type": "pass"}, "pass"), Move(seat, {"type": "hold"}, "hold")]
        out.append(Move(None, {"type": "pass"}))
    return out


def _faces(state: GameState) -> list[dict[str, str]]:
    """The physical dice of this turn, as the bot's table throws them."""
    return [{"symbol": SYMBOLS[(state.turn + k) % 9].value, "color": ("orange", "black")[k > 4]}
            for k in range(9)]  # fmt: skip


def play(state: GameState, pick: Callable[[list[Move]], Move], now: float, steps: int
         ) -> tuple[GameState, list[tuple[Move, float]], float]:  # fmt: skip
    """Play up to ``steps`` picked moves; refused moves are kept in the log too."""
    log: list[tuple[Move, float]] = []
    for _ in range(steps):
        if GAME.is_over(state):
            break
        move = pick(moves(state))
        state, now = step(state, move, now + 700)
        log.append((move, now))
    return state, log, now


def step(
    state: GameState, move: Move, now: float, *, unchanged: bool = False
) -> tuple[GameState, float]:
    """``move`` at ``now`` (a timeout at its deadline): the state after it and the time
    (``tests.support.step``)."""
    return support.step(GAME, state, move, now, unchanged=unchanged)
