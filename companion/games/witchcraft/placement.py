"""The placement phase (and master mode's choice of the set-aside tiles).

Players alternate: each draws the top tile of their own face-down stack (only they see it) and
places it on any free space with one of eight facings. When the last wizard is placed, the
encounter begins with the same first player.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import Rng
from companion.engine.text import say
from companion.games.witchcraft.choices import Choice
from companion.games.witchcraft.geometry import Dir, name
from companion.games.witchcraft.state import (
    Entry,
    GameState,
    Phase,
    Stack,
    Task,
    other,
)


def place_choices(state: GameState) -> list[Choice]:
    tile = state.players[state.turn].to_place[0]
    return [
        Choice(
            "place",
            say(
                "Place the {tile} on {cell} facing {side}",
                tile=say(tile.spec.name),
                cell=name(cell, state.kit.height),
                side=facing.word.upper(),
            ),
            cell,
            facing=facing,
        )
        for cell in sorted(state.cells)
        if state.free(cell)
        for facing in Dir
    ]


def place(state: GameState, choice: Choice) -> GameState:
    assert choice.at is not None and choice.facing is not None
    seat = state.turn
    player = state.players[seat]
    tile = replace(player.to_place[0], facing=choice.facing)
    state = state.with_player(seat, replace(player, to_place=player.to_place[1:], drawn=False))
    state = state.put(choice.at, Stack((tile,), seat))
    text = say(
        "places the {tile} on {cell} facing {side}",
        tile=say(tile.spec.name),
        cell=name(choice.at, state.kit.height),
        side=choice.facing.word.upper(),
    )
    state = replace(state, log=(*state.log, Entry(seat, text, choice.at)))
    if state.players[other(seat)].to_place:
        return replace(state, turn=other(seat))
    if state.players[seat].to_place:
        return state
    return replace(state, phase=Phase.ENCOUNTER, turn=state.first)


def aside_choices(state: GameState, task: Task) -> list[Choice]:
    player = state.players[task.seat]
    chosen = {t.id for t in player.reserve}
    out = []
    seen: set[str] = set()
    for index, tile in enumerate(player.pool):
        if tile.id in chosen or tile.kind in seen:
            continue
        seen.add(tile.kind)
        text = say("Set the {tile} aside", tile=say(tile.spec.name))
        out.append(Choice("aside", text, index=index))
    return out


def set_aside(state: GameState, task: Task, choice: Choice) -> tuple[GameState, tuple[Task, ...]]:
    player = state.players[task.seat]
    player = replace(player, reserve=(*player.reserve, player.pool[choice.index]))
    if task.count > 1:
        return state.with_player(task.seat, player), (replace(task, count=task.count - 1),)
    chosen = {t.id for t in player.reserve}
    rest = [t for t in player.pool if t.id not in chosen]
    stack = Rng(state.seed, "stack", task.seat).shuffled(rest)
    player = replace(player, to_place=tuple(stack), pool=())
    return state.with_player(task.seat, player), ()


def master_done(state: GameState) -> GameState:
    """Both have set their tiles aside: the placement begins."""
    text = say("Both players have set three tiles aside.")
    entry = Entry(state.first, text)
    return replace(state, phase=Phase.PLACEMENT, turn=state.first, log=(*state.log, entry))
