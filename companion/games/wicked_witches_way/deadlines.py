"""Game-time deadlines: the compose timer, each Decree's look, the Magic Fog window and the
steps of the reveal.

``deadline`` is the earliest pending one; ``timeout`` fires every one due by ``at``, in time
order, so the room may call it late or several times.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine.text import say
from companion.games.wicked_witches_way import resolution, spells, turn
from companion.games.wicked_witches_way.state import (
    DecreeStage,
    Formula,
    GameState,
    Phase,
)


def _compose_due(state: GameState) -> list[tuple[float, int | None]]:
    """(time, seat) of the compose deadlines; seat None is the shared compose timer, which
    concerns every seat not locked and not in a Decree."""
    if state.phase is not Phase.COMPOSE:
        return []
    due: list[tuple[float, int | None]] = []
    decreed = {d.seat for d in state.decrees}
    if state.compose_until is not None and any(
        state.formulas[k] is None and k not in decreed for k in state.seats
    ):
        due.append((state.compose_until, None))
    for decree in state.decrees:
        if state.formulas[decree.seat] is not None:
            continue
        if decree.stage is DecreeStage.LOOK and decree.until is not None:
            due.append((decree.until, decree.seat))
        elif decree.stage in (DecreeStage.WRITE, DecreeStage.FOGGED) and decree.write_by:
            due.append((decree.write_by, decree.seat))
    return due


def deadline(state: GameState) -> float | None:
    times = [t for t, _ in _compose_due(state)]
    if state.window is not None:
        times.append(state.window.until)
    elif state.phase is Phase.RESOLVE and state.step_until is not None:
        times.append(state.step_until)
    return min(times, default=None)


def timeout(state: GameState, at: float) -> GameState:
    while (due := deadline(state)) is not None and due <= at:
        state = _fire(state, due)
    return state


def _fire(state: GameState, due: float) -> GameState:
    if state.window is not None and state.window.until == due:
        return spells.take_effect(state, due)
    if state.window is None and state.phase is Phase.RESOLVE and state.step_until == due:
        return resolution.step_over(state, due)
    for when, seat in sorted(_compose_due(state), key=lambda item: item[0]):
        if when != due:
            continue
        if seat is None:
            decreed = {d.seat for d in state.decrees}
            for k in state.seats:
                if state.phase is Phase.COMPOSE and state.formulas[k] is None and k not in decreed:
                    text = say("Time is up: {name} writes no formula.", name=state.name(k))
                    state = turn.lock(state, k, Formula(), text, due)
            return state
        decree = state.decree_of(seat)
        assert decree is not None
        if decree.stage is DecreeStage.LOOK:
            return state.with_decree(replace(decree, stage=DecreeStage.WRITE)).said(
                say("{name}'s Decree look is over.", name=state.name(seat))
            )
        return turn.lock(
            state,
            seat,
            Formula(),
            say("Time is up: {name} writes no formula.", name=state.name(seat)),
            due,
        )
    raise AssertionError(f"no deadline at {due}")
