"""Shared helpers of the Čarodějnice! rule tests: a game set up and driven by its actions."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.carodejnice import CARODEJNICE, Phase, State
from companion.games.carodejnice.state import Juror

GAME = CARODEJNICE
T0 = 1_000_000.0


def new(seed: int = 1, scenario: int = 0) -> State:
    return GAME.setup(("Anna",), {"scenario": scenario}, seed)


def act(state: State, kind: str, **fields: Any) -> State:
    return GAME.apply(state, 0, {"type": kind, **fields}, T0)


def in_round(seed: int = 1) -> State:
    """Set-up done: phase 1 of round 1."""
    return act(new(seed), "ready")


def at_resolve(state: State, mission: str | None = None) -> State:
    """From phase 1, through phases 2 and 3, to phase 4 with ``mission`` (default the first)."""
    state = act(state, "done")
    state = act(state, "accept", mission=mission or state.laid_out[0])
    return act(state, "done")


def succeed(state: State, juror: int = 0, value: int | None = None) -> State:
    """Phase 4 with strength to spare: the mission succeeds."""
    extra = {} if value is None else {"value": value}
    return act(state, "resolve", strength=99, spent=0, juror=juror, **extra)


def fail(state: State) -> State:
    return act(state, "resolve", strength=0, spent=0, difficulty=5)


def one_round(state: State, *, win: bool = True, juror: int = 0) -> State:
    """A whole round from phase 1: a mission won (or lost), go on, clean up with a witch."""
    state = at_resolve(state)
    state = succeed(state, juror) if win else fail(state)
    if state.phase is Phase.OVER:
        return state
    state = act(state, "decide", trial=False)
    return act(state, "cleanup", witch=True)


def with_jurors(state: State, *jurors: tuple[int, tuple[int, int]]) -> State:
    """``state`` with its jurors' conviction and faith set by hand."""
    return replace(
        state,
        jurors=tuple(
            Juror(j.key, j.name, conviction, faith)
            for j, (conviction, faith) in zip(state.jurors, jurors, strict=True)
        ),
    )
