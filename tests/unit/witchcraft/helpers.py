"""Positions built by hand, and moves chosen by what they do rather than by index."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.witchcraft import WITCHCRAFT, turns
from companion.games.witchcraft.choices import Choice
from companion.games.witchcraft.geometry import Cell, Dir
from companion.games.witchcraft.state import Altar, GameState, Options, Phase, Player, Stack, Tile
from companion.games.witchcraft.tiles import GUILDS, AltarKind

GAME = WITCHCRAFT
NAMES = ("Ann", "Ben")
#: the default altar spaces with a fixed altar each
ALTARS = {
    (1, 1): AltarKind.ENERGY,
    (3, 1): AltarKind.PROTECTION,
    (1, 3): AltarKind.TELEPORTATION,
    (3, 3): AltarKind.SUMMONING,
}


@dataclass(frozen=True)
class W:
    """A stack for a hand-built position: ``kinds`` bottom first (a string: one tile)."""

    owner: int
    kinds: str | tuple[str, ...]
    facing: str = "n"
    exhausted: bool = False
    tokens: tuple[str, ...] = ()


def position(
    pieces: Mapping[Cell, W],
    *,
    altars: Mapping[Cell, AltarKind] | None = None,
    turn: int = 0,
    powers: tuple[AltarKind | None, AltarKind | None] = (None, None),
    pairs: tuple[int, ...] = (1, 2, 3),
    options: Options | None = None,
) -> GameState:
    """An encounter position: ``pieces`` by cell, the altars (default ``ALTARS``)."""
    counter = 0
    stacks = []
    for cell, w in pieces.items():
        kinds = (w.kinds,) if isinstance(w.kinds, str) else w.kinds
        tiles = []
        for kind in kinds:
            counter += 1
            tiles.append(Tile(f"t{counter}", kind, GUILDS[w.owner], Dir[w.facing.upper()]))
        tokens = frozenset(Dir[t.upper()] for t in w.tokens)
        stacks.append((cell, Stack(tuple(tiles), w.owner, w.exhausted, tokens)))
    players = []
    for seat in (0, 1):
        gem = GUILDS[seat]
        reserve = tuple(
            Tile(f"{gem.value}-{kind}", kind, gem) for kind in ("monk", "prophet", "telekinetic")
        )
        players.append(Player(NAMES[seat], (), reserve, powers[seat]))
    chosen = ALTARS if altars is None else altars
    cells = frozenset((x, y) for x in range(5) for y in range(5))
    return GameState(
        seed=1,
        options=options or Options(),
        players=(players[0], players[1]),
        phase=Phase.ENCOUNTER,
        turn=turn,
        first=0,
        cells=cells,
        stacks=tuple(sorted(stacks)),
        altars=tuple(Altar(kind, cell) for cell, kind in sorted(chosen.items())),
        pairs_left=pairs,
    )


def choices(state: GameState) -> list[Choice]:
    return turns.choices(state)


def find(state: GameState, test: Callable[[Choice], bool]) -> list[int]:
    return [i for i, c in enumerate(choices(state)) if test(c)]


def play(state: GameState, test: Callable[[Choice], bool], at: float = 1_000.0) -> GameState:
    """The decider takes the only choice that passes ``test`` (it must be exactly one)."""
    found = find(state, test)
    assert len(found) == 1, [c.label for c in choices(state)]
    seat = state.decider
    assert seat is not None
    return GAME.apply(state, seat, {"type": "choose", "option": found[0]}, at)


def kind_is(kind: str, **fields: Any) -> Callable[[Choice], bool]:
    def test(choice: Choice) -> bool:
        if choice.kind != kind:
            return False
        for key, value in fields.items():
            got = getattr(choice, key)
            if key == "facing":
                got = got.word if got is not None else None
            if got != value:
                return False
        return True

    return test


def casts(state: GameState, at: Cell) -> list[tuple[Cell, ...]]:
    """The target sets of the legal activations of the wizard on ``at``."""
    return [c.targets for c in choices(state) if c.kind == "cast" and c.at == at]


def on(state: GameState, cell: Cell) -> Stack:
    stack = state.stack(cell)
    assert stack is not None, f"nothing on {cell}"
    return stack


def kinds(stack: Stack) -> list[str]:
    return [t.kind for t in stack.tiles]
