"""What each seat and the table see.

The table view holds no secret: the face-down stacks are counts, the power tiles are "hidden"
until used, master mode's set-aside tiles are hidden until both have chosen. A seat's view adds
``you``: its secret power tile (``power``), the tile it must place now (``next``, during
placement) and, when the game waits for it, the legal choices (``options``).
"""

from __future__ import annotations

from typing import Any

from companion.engine.text import N_, text_json
from companion.games.witchcraft import clocks, entries, turns
from companion.games.witchcraft.geometry import Cell, name
from companion.games.witchcraft.state import (
    TABLE,
    Entry,
    GameState,
    Phase,
    Stack,
    Task,
    TaskKind,
    Tile,
)
from companion.games.witchcraft.tiles import GUILDS

#: how many of the latest move-list lines a view carries
LOG_SHOWN = 40

#: what the table is told the decider is doing
DOING = {
    TaskKind.ENTER_ALTAR: N_("enters where the altars are"),
    TaskKind.ENTER_SPECIAL: N_("enters the special tiles drawn"),
    TaskKind.ENTER_POWER: N_("enters the power tile drawn"),
    TaskKind.ASIDE: N_("sets tiles aside for summoning"),
    TaskKind.DROP: N_("places the captured tiles onto their stacks"),
    TaskKind.ENERGY: N_("removes exhaustion tokens (Altar of Energy)"),
    TaskKind.PROTECT: N_("places a shield token (Altar of Protection)"),
    TaskKind.TELEPORT: N_("moves or turns a stack (Altar of Teleportation)"),
    TaskKind.TELEPORT_FACE: N_("chooses the facing (Altar of Teleportation)"),
    TaskKind.SUMMON_MAP: N_("lays a pair of map tiles (Altar of Summoning)"),
    TaskKind.SUMMON_PICK: N_("chooses the map tile for the opponent (Altar of Summoning)"),
    TaskKind.SUMMON: N_("summons a set-aside wizard (Altar of Summoning)"),
    TaskKind.PROPHET: N_("chooses the stack for the Prophet"),
    TaskKind.PROPHET_REFRESH: N_("decides on the exhaustion token (Prophet)"),
    TaskKind.PROPHET_ARRANGE: N_("rearranges the stack (Prophet)"),
    TaskKind.PRINCE: N_("chooses the tile the Prince removes"),
    TaskKind.BARBARIAN: N_("chooses the altar the Barbarian destroys"),
    TaskKind.KEYKEEPER: N_("chooses two stacks to swap (Key Keeper)"),
    TaskKind.FACE: N_("chooses a facing (Key Keeper)"),
    TaskKind.AFTER: N_("decides whether to use the power tile now"),
}


def xy(cell: Cell | None) -> list[int] | None:
    return None if cell is None else [cell[0], cell[1]]


def tile_view(tile: Tile) -> dict[str, Any]:
    spec = tile.spec
    return {
        "id": tile.id,
        "kind": tile.kind,
        "name": spec.name,
        "letter": spec.letter,
        "gem": tile.gem.value,
        "facing": tile.facing.word,
    }


def stack_view(state: GameState, cell: Cell, stack: Stack) -> dict[str, Any]:
    top = stack.top
    return {
        "x": cell[0],
        "y": cell[1],
        "cell": name(cell, state.kit.height),
        "owner": stack.owner,
        "guild": GUILDS[stack.owner].value,
        "height": len(stack.tiles),
        "tiles": [tile_view(t) for t in stack.tiles],
        "exhausted": stack.exhausted,
        "tokens": sorted(d.word for d in stack.tokens),
        "printed": sorted(d.word for d in top.spec.shield_dirs(top.facing)),
        "spells": [[d.word, s.value] for d, s in top.spec.spell_dirs(top.facing)],
        "special": top.spec.special,
    }


def entry_view(entry: Entry) -> dict[str, Any]:
    return {
        "seat": None if entry.seat == TABLE else entry.seat,
        "text": text_json(entry.text),
        "at": xy(entry.at),
        "lines": [list(c) for c in entry.lines],
        "targets": [list(c) for c in entry.targets],
    }


def pending(state: GameState) -> dict[str, Any] | None:
    seat = state.decider
    if seat is None:
        return None
    task: Task | None = state.tasks[0] if state.tasks else None
    if task is not None:
        doing = DOING.get(task.kind, N_("decides"))
    elif entries.drawing(state):
        doing = N_("draws a tile")
    elif state.phase is Phase.PLACEMENT:
        doing = N_("places a wizard")
    else:
        doing = N_("activates a wizard")
    task_id = task.kind.value if task else "draw" if entries.drawing(state) else "main"
    return {"seat": None if seat == TABLE else seat, "doing": doing, "task": task_id}


def table(state: GameState) -> dict[str, Any]:
    d = state.kit
    last = next((e for e in reversed(state.log) if e.lines or e.targets), None)
    return {
        "phase": state.phase.value,
        "turn": state.turn,
        "first": state.first,
        "ply": state.ply,
        "options": {
            "tournament": state.options.tournament,
            "master": state.options.master,
            "physical": state.options.physical,
        },
        # the box's values still at the app's placeholder (the TV marks the board so)
        "placeholder": bool(d.placeholders),
        "placeholders": list(d.placeholders),
        "board": {
            "width": d.width,
            "height": d.height,
            "cells": [list(c) for c in sorted(state.cells)],
            "map_tiles": [[list(c) for c in tile] for tile in state.map_tiles],
        },
        "stacks": [stack_view(state, c, s) for c, s in state.stacks],
        "altars": [
            {
                "x": a.cell[0],
                "y": a.cell[1],
                "kind": a.kind.value,
                "name": a.kind.label,
                "spent": a.kind.value == "summoning" and not state.pairs_left,
            }
            for a in state.altars
        ],
        "pairs_left": list(state.pairs_left),
        # what the table enters on the TV now (the real board's set-up: public, no secret)
        "table_options": [c.describe(i) for i, c in enumerate(turns.choices(state))]
        if state.decider == TABLE
        else [],
        "players": [player_view(state, seat) for seat in range(len(state.players))],
        "pending": pending(state),
        # the latest moves only: the whole log stays in the state (and the room's event log)
        "log": [entry_view(e) for e in state.log[-LOG_SHOWN:]],
        "log_total": len(state.log),
        "last": entry_view(last) if last is not None else None,
        "clock": clock_view(state),
        "quiet_turns": state.quiet_turns,
        "quiet_limit": state.options.quiet_rounds,
        "winner": state.winner,
        "result": text_json(state.result) if state.result else None,
    }


def player_view(state: GameState, seat: int) -> dict[str, Any]:
    """A player's public row: her guild, her tiles (the reserve hidden while master mode's
    players set their tiles aside), her power tile as far as it is known."""
    player = state.players[seat]
    shown: str | None = None
    if player.power is None and entering_power(state, seat):
        power = "hidden"  # on the real board she holds one, still to enter on her phone
    elif player.power is None:
        power = "none"
    elif player.power_used:
        power, shown = f"used: {player.power.value}", player.power.label
    elif state.phase is Phase.OVER:
        # revealed once the game is over
        power, shown = f"unused: {player.power.value}", player.power.label
    else:
        power = "hidden"
    hide_reserve = state.phase is Phase.MASTER
    return {
        "seat": seat,
        "name": player.name,
        "guild": GUILDS[seat].value,
        "to_place": len(player.to_place),
        "reserve": [] if hide_reserve else [tile_view(t) for t in player.reserve],
        "reserve_count": len(player.reserve),
        "power": power,
        "power_name": shown,
        "stacks": len(state.own(seat)),
        "captured": state.captured[seat],
    }


def entering_power(state: GameState, seat: int) -> bool:
    """Whether the seat's power tile is still to be entered (the real board's set-up)."""
    return any(t.kind is TaskKind.ENTER_POWER and t.seat == seat for t in state.tasks)


def clock_view(state: GameState) -> dict[str, Any] | None:
    """The tournament clocks: time left per player, whose is running (None: no clocks)."""
    clock = state.clock
    if clock is None:
        return None
    return {
        "left": list(clock.left),
        "running": clock.running,
        "since": clock.since,
        "deadline": clocks.deadline(state),
    }


def private(state: GameState, seat: int) -> list[Any]:
    """The seat's secrets now: its unused power tile (until the game is over), the tile it must
    place now, master mode's choice in progress."""
    power = power_secret(state, seat) if state.phase is not Phase.OVER else None
    found = [power, next_secret(state, seat), aside_secret(state, seat)]
    return [v for v in found if v is not None]


def power_secret(state: GameState, seat: int) -> dict[str, Any] | None:
    player = state.players[seat]
    if player.power is None or player.power_used:
        return None
    return {
        "power_tile": player.power.value,
        "name": player.power.label,
        "guild": GUILDS[seat].value,
    }


def next_secret(state: GameState, seat: int) -> dict[str, Any] | None:
    player = state.players[seat]
    if state.phase is not Phase.PLACEMENT or state.turn != seat or not player.to_place:
        return None
    if state.tasks or (state.options.physical and not player.drawn):
        return None  # on the real board: once she has entered what she drew
    tile = player.to_place[0]
    return {
        "next_tile": tile.kind,
        **tile.spec.describe(),
        "guild": GUILDS[seat].value,
        "left": len(player.to_place),
    }


def aside_secret(state: GameState, seat: int) -> dict[str, Any] | None:
    if state.phase is not Phase.MASTER:
        return None
    player = state.players[seat]
    return {
        "set_aside": [t.kind for t in player.reserve],
        "pool": [tile_view(t) for t in player.pool],
    }


def seat_view(state: GameState, seat: int) -> dict[str, Any]:
    view = table(state)
    mine = state.decider == seat
    view["you"] = {
        "seat": seat,
        "guild": GUILDS[seat].value,
        "power": power_secret(state, seat),
        "next": next_secret(state, seat),
        "aside": aside_secret(state, seat),
        "deciding": mine,
        "options": [c.describe(i) for i, c in enumerate(turns.choices(state))] if mine else [],
    }
    return view
