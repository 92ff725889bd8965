"""The real board (option ``physical``): what the box decides is entered, never drawn by the app.

At set-up the table (the TV) enters which altar the players put on each altar space and which
special tile each guild drew; each player then enters her own power tile on her phone (secret:
only her view lists the choices, and the move list says only that she entered it). During the
placement each player enters which tile she drew from her stack before placing it (``you.next``
is what she says she drew). Everything after is computed from the entered position as on the
app's own board, and every entry is a decision like any other: undo corrects it.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine.text import say
from companion.games.witchcraft import setup
from companion.games.witchcraft.choices import Choice
from companion.games.witchcraft.geometry import name
from companion.games.witchcraft.state import (
    TABLE,
    Altar,
    GameState,
    Phase,
    Player,
    Task,
    TaskKind,
)
from companion.games.witchcraft.tiles import (
    GUILD_NAMES,
    GUILDS,
    RANDOM_SPECIALS,
    AltarKind,
    kind,
)


def setup_tasks(state: GameState) -> tuple[Task, ...]:
    """The set-up to enter: each altar space's altar, each guild's special tile (by the
    table), each player's power tile (on her phone; none in tournament mode)."""
    altars = tuple(Task(TaskKind.ENTER_ALTAR, TABLE, cell=c) for c in state.kit.altar_spaces)
    specials = tuple(Task(TaskKind.ENTER_SPECIAL, TABLE, count=seat) for seat in (0, 1))
    order = (state.first, 1 - state.first)
    powers = () if state.options.tournament else tuple(
        Task(TaskKind.ENTER_POWER, seat) for seat in order
    )  # fmt: skip
    return (*altars, *specials, *powers)


def altar_choices(state: GameState, task: Task) -> list[Choice]:
    assert task.cell is not None
    placed = {a.kind for a in state.altars}
    cell = name(task.cell, state.kit.height)
    return [
        Choice("altar", say("The {altar} is on {cell}", altar=say(k.label), cell=cell), task.cell,
               index=i)
        for i, k in enumerate(AltarKind)
        if k not in placed
    ]  # fmt: skip


def enter_altar(state: GameState, task: Task, choice: Choice) -> GameState:
    assert task.cell is not None
    altar = Altar(list(AltarKind)[choice.index], task.cell)
    return replace(state, altars=(*state.altars, altar))


def special_choices(state: GameState, task: Task) -> list[Choice]:
    """The special tile the guild of seat ``task.count`` drew: one of the four the other guild
    did not draw."""
    taken = {t.kind for p in state.players for t in (*p.pool, *p.to_place, *p.reserve)}
    guild = say(GUILD_NAMES[GUILDS[task.count]])
    return [
        Choice("special", say("The {guild} guild drew the {tile}", guild=guild,
                              tile=say(kind(k).name)), index=i)
        for i, k in enumerate(RANDOM_SPECIALS)
        if k not in taken
    ]  # fmt: skip


def enter_special(state: GameState, task: Task, choice: Choice) -> GameState:
    """The guild's eleven tiles are known: its stack to draw from (in no order: each draw is
    entered), the three set aside (in master mode, the pool its player chooses them from)."""
    seat = task.count
    tiles = setup.guild_tiles(state.kit, seat, RANDOM_SPECIALS[choice.index])
    player = state.players[seat]
    if state.options.master:
        return state.with_player(seat, replace(player, pool=tuple(tiles)))
    rest, reserve = setup.split_aside(tiles, state.kit.set_aside)
    return state.with_player(seat, replace(player, to_place=tuple(rest), reserve=tuple(reserve)))


def power_choices(task: Task) -> list[Choice]:
    """Any of the four power tiles (what the other player holds is hers to know)."""
    return [
        Choice("enter_power", say("My power tile is the {altar}", altar=say(k.label)), index=i)
        for i, k in enumerate(AltarKind)
    ]


def enter_power(state: GameState, task: Task, choice: Choice) -> GameState:
    player = state.players[task.seat]
    return state.with_player(task.seat, replace(player, power=list(AltarKind)[choice.index]))


def drawing(state: GameState) -> bool:
    """Whether the player to place must first enter the tile she drew."""
    player = state.players[state.turn]
    return (
        state.options.physical
        and state.phase is Phase.PLACEMENT
        and not state.tasks
        and bool(player.to_place)
        and not player.drawn
    )


def draw_choices(state: GameState) -> list[Choice]:
    """Each kind still in her stack (only her phone lists them)."""
    seen: set[str] = set()
    out = []
    for index, tile in enumerate(state.players[state.turn].to_place):
        if tile.kind in seen:
            continue
        seen.add(tile.kind)
        out.append(Choice("draw", say("I drew the {tile}", tile=say(tile.spec.name)), index=index))
    return out


def draw(state: GameState, choice: Choice) -> GameState:
    """The tile she drew goes first in her stack: the one she places now."""
    player = state.players[state.turn]
    tiles = list(player.to_place)
    tiles.insert(0, tiles.pop(choice.index))
    return state.with_player(state.turn, replace(player, to_place=tuple(tiles), drawn=True))


def physical(state: GameState) -> GameState:
    """The game as set up on the real board: nothing drawn by the app, everything to enter
    (master mode's choice of the set-aside tiles follows the entries)."""
    names = [p.name for p in state.players]
    players = (Player(names[0], (), (), None), Player(names[1], (), (), None))
    state = replace(state, altars=(), players=players)
    return replace(state, tasks=(*setup_tasks(state), *state.tasks))
