"""Shared moves for the Wicked Witches Way tests: set up, roll given dice, write, resolve."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from companion.games.wicked_witches_way import WICKED_WITCHES_WAY
from companion.games.wicked_witches_way.black_magic import Timing
from companion.games.wicked_witches_way.spells import can_cast
from companion.games.wicked_witches_way.state import GameState, Phase, Step
from companion.games.wicked_witches_way.symbols import Color, Die, Symbol

GAME = WICKED_WITCHES_WAY
T0 = 1_000_000.0

URSULE, RENEE, CUNEGONDE, GERMAINE, SOFIA, AUGUSTINE = range(6)


def new(players: int = 3, seed: int = 1, **options: Any) -> GameState:
    return GAME.setup([f"player{k}" for k in range(players)], options, seed)


def dice(
    orange: Iterable[str] = (), black: Iterable[str] = (), both: Iterable[str] = ()
) -> list[dict[str, str]]:
    """9 dice whose valid symbols are exactly ``orange`` and ``black``; ``both`` show in both."""
    out = [{"symbol": s, "color": "orange"} for s in orange]
    out += [{"symbol": s, "color": "black"} for s in black]
    for s in both:
        out += [{"symbol": s, "color": "orange"}, {"symbol": s, "color": "black"}]
    assert out and len(out) <= 9
    while len(out) < 9:
        out.append(dict(out[len(out) % len(out)]))
    return out


#: three valid orange symbols, two black ones and the skull in both colours
ORANGE3 = dice(orange=["ear", "star", "eye"], black=["spider", "web"], both=["skull"])
#: the roll, by the roller or the table
ROLL = {"type": "roll"}


def as_dice(raw: list[dict[str, str]]) -> tuple[Die, ...]:
    return tuple(Die(Symbol(d["symbol"]), Color(d["color"])) for d in raw)


def at_positions(state: GameState, positions: Mapping[int, int]) -> GameState:
    for seat, position in positions.items():
        state = state.with_witch(seat, position=position)
    return state


def with_hand(state: GameState, seat: int, *cards: str) -> GameState:
    """Give ``seat`` these cards (ids), taking them out of the draw pile."""
    pile = tuple(c for c in state.draw_pile if c not in cards)
    return replace(state.with_witch(seat, hand=tuple(cards)), draw_pile=pile)


def rolled(state: GameState, faces: list[dict[str, str]], at: float = T0) -> GameState:
    """The table rolls the app's dice, rigged to show ``faces`` (as if the seed rolled them).
    Physical dice are entered when the lid opens instead: see ``enter``."""
    assert not state.options.physical_dice, "physical dice: roll {} then enter() the faces"
    state = GAME.apply(state, None, {"type": "roll"}, at)
    return replace(state, dice=as_dice(faces))


def enter(
    state: GameState, faces: list[dict[str, str]], seat: int | None = None, at: float = T0 + 3000
) -> GameState:
    """Physical dice: the faces in the box, entered (or corrected) once the lid opens."""
    return GAME.apply(state, seat, {"type": "dice", "dice": faces}, at)


def closed(state: GameState, closer: int | None, at: float = T0 + 1000) -> GameState:
    return GAME.apply(state, closer, {"type": "close_lid"}, at)


def write(
    state: GameState, formulas: Mapping[int, Any], at: float = T0 + 2000, play: bool = True
) -> GameState:
    """Lock formulas: a list of symbols, or a pair (cards, second). Once the last one locks,
    the reveal plays on to the next decision (``play_on``) unless ``play`` is False."""
    for seat, formula in formulas.items():
        if isinstance(formula, tuple):
            action = {"type": "formula", "cards": formula[0], "second": formula[1]}
        else:
            action = {"type": "formula", "cards": formula}
        state = GAME.apply(state, seat, action, at)
    return play_on(state) if play else state


def decides(state: GameState) -> bool:
    """Whether the reveal now waits on someone's decision worth a test's attention: a card to
    keep, the dice to enter, a spell's Magic Fog window, a witch who said "I play a spell", or
    a moment in which the current witch holds a spell she could play."""
    if state.phase is not Phase.RESOLVE or state.window is not None or state.holding:
        return True
    seat = state.current
    if state.step in (Step.KEEP, Step.READ):
        return True
    if seat is None or state.step not in (Step.APPLY, Step.AFTER):
        return False
    return can_cast(state, seat, Timing(state.step.value))


def play_on(state: GameState) -> GameState:
    """Let the steps of the reveal run out (on their own deadlines) up to the next decision:
    what the old referee did at once, now paced by the server clock."""
    return _run_until(state, decides, "a decision")


def until(state: GameState, seat: int | None, step: Step) -> GameState:
    """Let the reveal run (deadlines only) until ``seat`` is in ``step``."""

    def reached(state: GameState) -> bool:
        return state.current == seat and state.step is step

    return _run_until(state, reached, f"{step} of seat {seat}")


def _run_until(state: GameState, reached: Callable[[GameState], bool], what: str) -> GameState:
    """Fire the deadlines, each at its time, until ``reached``."""
    for _ in range(200):
        if reached(state):
            return state
        due = GAME.deadline(state)
        assert due is not None, (state.phase, state.step)
        state = GAME.timeout(state, due)
    raise AssertionError(f"the reveal never reached {what}")


def turn(
    state: GameState,
    faces: list[dict[str, str]],
    closer: int | None,
    formulas: Mapping[int, Any],
    at: float = T0,
    play: bool = True,
) -> GameState:
    """Roll these dice, close the lid, lock every formula (missing seats write nothing), then
    play on to the next decision unless ``play`` is False."""
    state = closed(rolled(state, faces, at), closer, at + 1000)
    everyone = {seat: formulas.get(seat, []) for seat in state.seats}
    return write(state, everyone, at + 2000, play)


def settle(state: GameState) -> GameState:
    """Finish the reveal: every step runs out on its deadline, the first card drawn is kept."""
    for _ in range(400):
        if state.phase is not Phase.RESOLVE:
            return state
        due = GAME.deadline(state)
        if state.step is Step.KEEP and state.window is None:
            assert state.keep_choice is not None and due is not None
            keep = {"type": "keep", "card": state.keep_choice[0]}
            state = GAME.apply(state, state.current, keep, due - 1)
        else:
            assert due is not None, "the reveal waits for the dice"
            state = GAME.timeout(state, due)
    raise AssertionError("resolution did not end")


def result_of(state: GameState, seat: int) -> dict[str, Any]:
    return next(r for r in GAME.view(state, None)["results"] if r["seat"] == seat)


def position(state: GameState, seat: int) -> int:
    return state.witches[seat].position


def dumped(view: dict[str, Any]) -> str:
    return json.dumps(view, ensure_ascii=False)
