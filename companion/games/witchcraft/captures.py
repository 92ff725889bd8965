"""Captures and stacks: a hit stack changes sides, and its tiles go one by one onto the captor's
own stacks, as the captor chooses (never onto an empty space). A tile put onto a stack clears
that stack's shield and exhaustion tokens. The Prince scatters a stack the same way."""

from __future__ import annotations

from dataclasses import replace

from companion.engine.text import N_, say
from companion.games.witchcraft.choices import Choice
from companion.games.witchcraft.geometry import Cell, name
from companion.games.witchcraft.state import GameState, Stack, Task, TaskKind, Tile


def capture(state: GameState, seat: int, cells: tuple[Cell, ...]) -> tuple[GameState, Task]:
    """Take the stacks on ``cells`` off the board; the task of dropping their tiles, the top
    tile of the first stack first."""
    tiles: list[Tile] = []
    for cell in cells:
        stack = state.stack(cell)
        assert stack is not None and stack.owner != seat
        tiles.extend(reversed(stack.tiles))
        state = state.put(cell, None)
    taken = list(state.captured)
    taken[seat] += len(tiles)
    state = replace(state, captured=(taken[0], taken[1]), struck=True)
    return state, Task(TaskKind.DROP, seat, tiles=tuple(tiles))


def drop_choices(state: GameState, task: Task) -> list[Choice]:
    tile = task.tiles[0]
    left = len(task.tiles) - 1
    template = N_("Put the {tile} onto {cell} ({left} more to place)") if left else DROP
    return [
        Choice(
            "drop",
            say(template, tile=say(tile.spec.name), cell=name(cell, state.kit.height), left=left),
            cell,
        )
        for cell in state.own(task.seat)
    ]


DROP = N_("Put the {tile} onto {cell}")


def drop(state: GameState, task: Task, choice: Choice) -> tuple[GameState, tuple[Task, ...]]:
    assert choice.at is not None
    stack = state.stack(choice.at)
    assert stack is not None and stack.owner == task.seat
    stack = Stack((*stack.tiles, task.tiles[0]), task.seat)
    state = state.put(choice.at, stack)
    rest = task.tiles[1:]
    return state, ((replace(task, tiles=rest),) if rest else ())
