"""Shared moves for the Wicked Witches Way tests: set up, roll given dice, write, resolve."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from companion.games.wicked_witches_way import WICKED_WITCHES_WAY
from companion.games.wicked_witches_way.state import GameState, Phase, Step
from companion.games.wicked_witches_way.symbols import Color, Die, Symbol

GAME = WICKED_WITCHES_WAY
T0 = 1_000_000.0

URSULE, RENEE, CUNEGONDE, GERMAINE, SOFIA, AUGUSTINE = range(6)


def new(players: int = 3, seed: int = 1, **options: Any) -> GameState:
    opts = {"physical_dice": True, **options}
    return GAME.setup([f"player{k}" for k in range(players)], opts, seed)


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
    return GAME.apply(state, None, {"type": "roll", "dice": faces}, at)


def closed(state: GameState, closer: int | None, at: float = T0 + 1000) -> GameState:
    return GAME.apply(state, closer, {"type": "close_lid"}, at)


def write(state: GameState, formulas: Mapping[int, Any], at: float = T0 + 2000) -> GameState:
    """Lock formulas: a list of symbols, or a pair (cards, second)."""
    for seat, formula in formulas.items():
        if isinstance(formula, tuple):
            action = {"type": "formula", "cards": formula[0], "second": formula[1]}
        else:
            action = {"type": "formula", "cards": formula}
        state = GAME.apply(state, seat, action, at)
    return state


def turn(
    state: GameState,
    faces: list[dict[str, str]],
    closer: int | None,
    formulas: Mapping[int, Any],
    at: float = T0,
) -> GameState:
    """Roll these dice, close the lid, lock every formula (missing seats write nothing)."""
    state = closed(rolled(state, faces, at), closer, at + 1000)
    everyone = {seat: formulas.get(seat, []) for seat in state.seats}
    return write(state, everyone, at + 2000)


def settle(state: GameState, until_phase: Phase | None = None) -> GameState:
    """Finish the resolution: let windows end, keep the first card drawn, pass every window."""
    for _ in range(200):
        if state.phase is not Phase.RESOLVE or state.phase is until_phase:
            return state
        if state.window is not None:
            state = GAME.timeout(state, state.window.until)
        elif state.step is Step.KEEP:
            assert state.keep_choice is not None
            state = GAME.apply(
                state, state.current, {"type": "keep", "card": state.keep_choice[0]}, 0
            )
        else:
            state = GAME.apply(state, state.current, {"type": "pass"}, 0)
    raise AssertionError("resolution did not end")


def result_of(state: GameState, seat: int) -> dict[str, Any]:
    return next(r for r in GAME.view(state, None)["results"] if r["seat"] == seat)


def position(state: GameState, seat: int) -> int:
    return state.witches[seat].position


def dumped(view: dict[str, Any]) -> str:
    return json.dumps(view, ensure_ascii=False)
