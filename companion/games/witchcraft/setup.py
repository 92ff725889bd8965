"""Set-up: altars at random on the altar spaces, each guild's nine wizards, the Prophet and one
random special tile of the other four, the set-aside tiles for summoning (the Monk, the Prophet
and the Telekinetic; in master mode the players choose), a random secret power tile each (none in
tournament mode) and each guild's eight remaining tiles shuffled into a face-down stack."""

from __future__ import annotations

from dataclasses import replace

from companion.engine import Rng
from companion.games.witchcraft.state import (
    Altar,
    GameState,
    Options,
    Phase,
    Player,
    Task,
    TaskKind,
    Tile,
)
from companion.games.witchcraft.tiles import GUILDS, PROPHET, RANDOM_SPECIALS, AltarKind, Data

#: tiles each guild sets aside for summoning
ASIDE = 3


def guild_tiles(kit: Data, seat: int, special: str) -> list[Tile]:
    """The eleven tiles of a guild: its nine wizards, the Prophet and its random special, each
    as the box prints it."""
    gem = GUILDS[seat]
    kinds = [*kit.guild_tiles(), PROPHET, special]
    return [
        Tile(f"{gem.value[0]}{k + 1}", kind, gem, printed=kit.kinds[kind])
        for k, kind in enumerate(kinds)
    ]


def split_aside(tiles: list[Tile], aside_kinds: tuple[str, ...]) -> tuple[list[Tile], list[Tile]]:
    """(the stack to place, the set-aside reserve): one tile of each set-aside kind."""
    rest, reserve = list(tiles), []
    for kind_id in aside_kinds:
        for tile in rest:
            if tile.kind == kind_id:
                rest.remove(tile)
                reserve.append(tile)
                break
    return rest, reserve


def new_game(players: tuple[str, ...], options: Options, seed: int, kit: Data) -> GameState:
    """The game on the board and with the tiles of ``kit`` (the room's box)."""
    d = kit
    board = d.board
    kinds = Rng(seed, "altars").shuffled(list(AltarKind))
    altars = tuple(Altar(kind, cell) for kind, cell in zip(kinds, d.altar_spaces, strict=True))
    specials = Rng(seed, "specials").shuffled(list(RANDOM_SPECIALS))
    powers = Rng(seed, "powers").shuffled(list(AltarKind))
    seats = []
    for seat, name in enumerate(players):
        tiles = guild_tiles(d, seat, specials[seat])
        power = None if options.tournament else powers[seat]
        if options.master:
            seats.append(Player(name, (), (), power, pool=tuple(tiles)))
            continue
        rest, reserve = split_aside(tiles, d.set_aside)
        stack = Rng(seed, "stack", seat).shuffled(rest)
        seats.append(Player(name, tuple(stack), tuple(reserve), power))
    first = Rng(seed, "first").randint(0, 1)
    state = GameState(
        seed,
        options,
        (seats[0], seats[1]),
        Phase.MASTER if options.master else Phase.PLACEMENT,
        first,
        first,
        board,
        (),
        altars,
        d.map_tile_pairs,
        kit=d,
    )
    if options.master:
        state = replace(state, tasks=master_tasks(first))
    return state


def master_tasks(first: int) -> tuple[Task, ...]:
    """Master mode: the first player sets three tiles aside, then the other (each in secret)."""
    return tuple(Task(TaskKind.ASIDE, seat, count=ASIDE) for seat in (first, 1 - first))


def start_with(state: GameState, seat: int) -> GameState:
    """The same set-up with ``seat`` first (the table chose)."""
    state = replace(state, turn=seat, first=seat)
    if state.phase is Phase.MASTER:
        entries = tuple(t for t in state.tasks if t.kind is not TaskKind.ASIDE)
        state = replace(state, tasks=(*entries, *master_tasks(seat)))
    return state
