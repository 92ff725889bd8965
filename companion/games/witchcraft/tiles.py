"""The tiles and the data the rulebook leaves to its diagrams (``data/witchcraft.json``).

Each wizard kind has a name, a short letter code for the board, its spells (a side counted
clockwise from the tile's facing, and a kind of spell) and its printed shields (sides counted
the same way). The board's size, its altar spaces and how many of each wizard a guild has are
there too. Those are placeholders (the rulebook shows them only in its pictures): the app marks
them so on screen. What the rulebook states in words is fixed here and checked against the data
file: the map-tile pairs, the set-aside tiles, nine wizards per guild, which tiles cast which
spell and which carry shields.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from companion.engine.text import N_
from companion.games.witchcraft.geometry import Cell, Dir


class Spell(enum.StrEnum):
    MISSILE = "missile"  # hits the first target in line
    THUNDER = "thunder"  # like a missile, and breaks through a shield
    BLAST = "blast"  # the caster picks any target in line (altars still block)
    PRIEST = "priest"  # the Priest's line: only altars, blocked by enemy wizards


class Guild(enum.StrEnum):
    RED = "red"
    GREEN = "green"


#: seat k commands GUILDS[k]
GUILDS = (Guild.RED, Guild.GREEN)

#: a guild as the screens name it
GUILD_NAMES = {Guild.RED: N_("red"), Guild.GREEN: N_("green")}


class AltarKind(enum.StrEnum):
    ENERGY = "energy"
    PROTECTION = "protection"
    TELEPORTATION = "teleportation"
    SUMMONING = "summoning"

    @property
    def label(self) -> str:
        return ALTAR_NAMES[self]


ALTAR_NAMES = {
    AltarKind.ENERGY: N_("Altar of Energy"),
    AltarKind.PROTECTION: N_("Altar of Protection"),
    AltarKind.TELEPORTATION: N_("Altar of Teleportation"),
    AltarKind.SUMMONING: N_("Altar of Summoning"),
}


#: "3 pairs of additional board game pieces (map tiles with 1, 2, 3 game spaces)"
MAP_TILE_PAIRS = (1, 2, 3)
#: "The remaining tiles are: The Monk, The Prophet, The Telekinetic. Players should put them aside"
SET_ASIDE = ("monk", "prophet", "telekinetic")
#: "each player receives 9 tiles representing wizards of their guild"
GUILD_SIZE = 9
#: "It can be cast by: ..." for each of the three spells
CASTS = {
    "apprentice": Spell.MISSILE,
    "watchman": Spell.MISSILE,
    "golem": Spell.MISSILE,
    "master": Spell.MISSILE,
    "monk": Spell.THUNDER,
    "archmage": Spell.THUNDER,
    "telekinetic": Spell.BLAST,
}
#: "Tiles protected by a shield: The Archmage, The Watchman, The Golem."
SHIELDED = frozenset({"archmage", "watchman", "golem"})

#: the four special tiles dealt at random, one to each player (the Prophet is everyone's)
RANDOM_SPECIALS = ("prince", "barbarian", "keykeeper", "priest")
PROPHET = "prophet"


@dataclass(frozen=True)
class Kind:
    """One kind of tile as the data file describes it."""

    id: str
    name: str
    letter: str
    special: bool
    spells: tuple[tuple[int, Spell], ...]
    shields: tuple[int, ...]

    def spell_dirs(self, facing: Dir) -> list[tuple[Dir, Spell]]:
        """The absolute directions this tile casts in when it faces ``facing``."""
        return [(facing.turned(side), spell) for side, spell in self.spells]

    def shield_dirs(self, facing: Dir) -> frozenset[Dir]:
        """The absolute sides its printed shields protect when it faces ``facing``."""
        return frozenset(facing.turned(side) for side in self.shields)

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "letter": self.letter,
            "special": self.special,
            "spells": [[side, spell.value] for side, spell in self.spells],
            "shields": list(self.shields),
        }


@dataclass(frozen=True)
class Data:
    width: int
    height: int
    altar_spaces: tuple[Cell, ...]
    map_tile_pairs: tuple[int, ...]
    guild: tuple[tuple[str, int], ...]
    set_aside: tuple[str, ...]
    kinds: dict[str, Kind]
    #: the box's values still at their placeholder (``box.py``'s field paths: "width",
    #: "tiles.golem.shields"…); the data file's are all placeholders
    placeholders: tuple[str, ...] = ("board", "tiles")

    @property
    def board(self) -> frozenset[Cell]:
        return frozenset((x, y) for x in range(self.width) for y in range(self.height))

    def guild_tiles(self) -> list[str]:
        """The kinds of the nine wizards of one guild, plus nothing special."""
        return [kind for kind, count in self.guild for _ in range(count)]


def parse(raw: dict[str, Any]) -> Data:
    kinds = {
        key: Kind(
            key,
            str(spec["name"]),
            str(spec["letter"]),
            bool(spec.get("special", False)),
            tuple((int(side) % 8, Spell(kind)) for side, kind in spec.get("spells", [])),
            tuple(int(side) % 8 for side in spec.get("shields", [])),
        )
        for key, spec in raw["tiles"].items()
    }
    board = raw["board"]
    data = Data(
        int(board["width"]),
        int(board["height"]),
        tuple((int(x), int(y)) for x, y in board["altar_spaces"]),
        MAP_TILE_PAIRS,
        tuple((str(k), int(n)) for k, n in raw["guild"].items()),
        SET_ASIDE,
        kinds,
    )
    check_facts(data)
    missing = {k for k, _ in data.guild} | set(data.set_aside) | {PROPHET, *RANDOM_SPECIALS}
    if missing - set(kinds):
        raise ValueError(f"witchcraft.json lacks tiles {sorted(missing - set(kinds))}")
    if len(data.altar_spaces) != len(AltarKind):
        raise ValueError("witchcraft.json needs exactly four altar spaces")
    return data


def check_facts(data: Data) -> None:
    """Refuse a data file that contradicts what the rulebook states in words.

    >>> d = data()
    >>> check_facts(Data(5, 5, d.altar_spaces, MAP_TILE_PAIRS, (("apprentice", 8),), SET_ASIDE,
    ...                  d.kinds))
    Traceback (most recent call last):
    ...
    ValueError: witchcraft.json: a guild has 9 wizards (the rulebook), not 8
    """
    size = sum(n for _, n in data.guild)
    if size != GUILD_SIZE:
        raise ValueError(
            f"witchcraft.json: a guild has {GUILD_SIZE} wizards (the rulebook), not {size}"
        )
    for kind_id, spell in CASTS.items():
        kind = data.kinds.get(kind_id)
        if kind is None or not kind.spells or {s for _, s in kind.spells} != {spell}:
            raise ValueError(f"witchcraft.json: the rulebook's {kind_id} casts {spell.value}")
        if bool(kind.shields) != (kind_id in SHIELDED):
            raise ValueError(f"witchcraft.json: shields of the {kind_id} differ from the rulebook")


@cache
def data() -> Data:
    """The data file, read once."""
    text = resources.files(__package__).joinpath("data", "witchcraft.json").read_text("utf-8")
    return parse(json.loads(text))


def kind(kind_id: str) -> Kind:
    return data().kinds[kind_id]
