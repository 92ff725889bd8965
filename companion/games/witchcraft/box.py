"""Witchcraft's box: the values a group reads off its own board and tiles (the rulebook shows
them only in its pictures), declared for the TV's "Your box" screen and read into the
:class:`~companion.games.witchcraft.tiles.Data` a game plays with.

The board's size and its four altar spaces (named from ``a1``, the bottom-left space), how many
of each wizard a guild has, the sides each wizard casts its spell from and the sides of its
printed shields, and the side of the Priest's line. The defaults are ``data/witchcraft.json``'s
placeholders. What the rulebook states stays fixed (``tiles.py``): which spell each tile casts,
which tiles carry shields (only those three have shield sides here), nine wizards per guild (a
box whose counts add up to another total is refused), the Master's two directions.

>>> from companion.engine.box import Box
>>> kit = from_box(Box(FIELDS, {"width": 6, "height": 6, "altars": ["b2", "e2", "b5", "e5"]}))
>>> kit.width, kit.height, kit.altar_spaces
(6, 6, ((1, 4), (4, 4), (1, 1), (4, 1)))
>>> fits(Box(FIELDS, {"tiles": {"apprentice": {"count": 3}}}))
Traceback (most recent call last):
...
companion.engine.options.OptionError: Your box: a guild has 9 wizards (the rulebook), not 10.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine.box import Box, BoxField, BoxKind, cell_name, cell_xy, record
from companion.engine.options import OptionError
from companion.engine.text import N_, say
from companion.games.witchcraft.geometry import Cell
from companion.games.witchcraft.tiles import CASTS, GUILD_SIZE, SHIELDED, AltarKind, Data, data

#: the narrowest and widest board the app takes
SIZES = (4, 9)
#: wizards placed in the first phase: eight of each guild
PLACED = 16
#: the wizard kinds of a guild, in the rulebook's order, and the special tile with a line
CASTERS = ("apprentice", "archmage", "master", "golem", "monk", "watchman", "telekinetic")
PRIEST = "priest"
#: "The Master performs a spell in two directions simultaneously"
TWO_WAYS = "master"

#: each kind's name on the box screen (the tile names are translated from the data file too)
KIND_LABELS = {
    "apprentice": N_("Apprentice"),
    "archmage": N_("Archmage"),
    "master": N_("Master"),
    "golem": N_("Golem"),
    "monk": N_("Monk"),
    "watchman": N_("Watchman"),
    "telekinetic": N_("Telekinetic"),
    "priest": N_("Priest"),
}


def box_cell(cell: Cell, height: int) -> str:
    """A board space (x from the left, y from the top) as the box names it (from the bottom).

    >>> box_cell((1, 3), 5), box_cell((0, 0), 6)
    ('b2', 'a6')
    """
    return cell_name(cell[0], height - 1 - cell[1])


def board_cell(label: str, height: int) -> Cell:
    """The inverse of :func:`box_cell`.

    >>> board_cell("b2", 5)
    (1, 3)
    """
    x, y = cell_xy(label)
    return (x, height - 1 - y)


def _kind_fields(kind_id: str, default: Data) -> tuple[BoxField, ...]:
    spec = default.kinds[kind_id]
    out = []
    if kind_id != PRIEST:
        count = dict(default.guild).get(kind_id, 0)
        out.append(BoxField("count", BoxKind.INT, count, N_("How many in a guild"), low=1, high=3))
    out.append(
        BoxField(
            "spells",
            BoxKind.SIDES,
            [side for side, _ in spec.spells],
            N_("Spell arrows"),
            help=N_("The sides the spell symbol points to, with the tile facing up."),
        )
    )
    if kind_id in SHIELDED:
        out.append(BoxField("shields", BoxKind.SIDES, list(spec.shields), N_("Shield sides")))
    return tuple(out)


def declare(default: Data) -> tuple[BoxField, ...]:
    """The box fields, today's data file as their defaults."""
    kinds = (*CASTERS, PRIEST)
    tiles = tuple(
        record(kind_id, KIND_LABELS[kind_id], *_kind_fields(kind_id, default)) for kind_id in kinds
    )
    low, high = SIZES
    return (
        BoxField("width", BoxKind.INT, default.width, N_("Board width (spaces)"), low=low,
                 high=high),
        BoxField("height", BoxKind.INT, default.height, N_("Board height (spaces)"), low=low,
                 high=high),
        BoxField(
            "altars",
            BoxKind.CELLS,
            [box_cell(c, default.height) for c in default.altar_spaces],
            N_("Altar spaces"),
            count=len(AltarKind),
            board=("width", "height"),
            help=N_("The four spaces printed for the altars."),
        ),
        record("tiles", N_("Tiles"), *tiles),
    )  # fmt: skip


FIELDS = declare(data())


def from_box(box: Box) -> Data:
    """The board and tiles a game plays with: the box's values, the rest from the data file."""
    base = data()
    height = int(box.value("height"))
    tiles: dict[str, Any] = box.value("tiles")
    kinds = dict(base.kinds)
    for kind_id, entered in tiles.items():
        spec = kinds[kind_id]
        spell = CASTS.get(kind_id, spec.spells[0][1] if spec.spells else None)
        assert spell is not None
        kinds[kind_id] = replace(
            spec,
            spells=tuple((int(side), spell) for side in entered["spells"]),
            shields=tuple(int(side) for side in entered.get("shields", ())),
        )
    guild = tuple((kind_id, int(tiles[kind_id]["count"])) for kind_id in CASTERS)
    return replace(
        base,
        placeholders=placeholders(box),
        width=int(box.value("width")),
        height=height,
        altar_spaces=tuple(board_cell(c, height) for c in box.value("altars")),
        guild=guild,
        kinds=kinds,
    )


def placeholders(box: Box) -> tuple[str, ...]:
    """The paths of the box's values still at their placeholder.

    >>> placeholders(Box(FIELDS, {"width": 5, "height": 5, "altars": ["b2", "d2", "b4", "d4"]}))[:2]
    ('tiles.apprentice.count', 'tiles.apprentice.spells')
    """
    out = [f.id for f in FIELDS if f.kind is not BoxKind.RECORD and box.placeholder(f.id)]
    for kind in next(f for f in FIELDS if f.id == "tiles").item:
        out += [
            f"tiles.{kind.id}.{f.id}" for f in kind.item if box.placeholder("tiles", kind.id, f.id)
        ]
    return tuple(out)


def fits(box: Box) -> None:
    """What the box's values must say together: nine wizards per guild, a spell arrow on each
    caster (two on the Master) and on the Priest, a shield side on each shielded tile, and room
    on the board for sixteen wizards beside the four altars."""
    tiles = box.value("tiles")
    size = sum(int(tiles[k]["count"]) for k in CASTERS)
    if size != GUILD_SIZE:
        raise OptionError(
            N_("Your box: a guild has {nine} wizards (the rulebook), not {size}."),
            nine=GUILD_SIZE,
            size=size,
        )
    for kind_id in (*CASTERS, PRIEST):
        arrows = len(tiles[kind_id]["spells"])
        if arrows == 0 or (kind_id == TWO_WAYS and arrows != 2):
            raise OptionError(
                N_("Your box: the {tile} needs its spell arrows (the Master: two)."),
                tile=say(KIND_LABELS[kind_id]),
            )
        if kind_id in SHIELDED and not tiles[kind_id]["shields"]:
            raise OptionError(
                N_("Your box: the {tile} has a shield (the rulebook): mark its sides."),
                tile=say(KIND_LABELS[kind_id]),
            )
    spaces = int(box.value("width")) * int(box.value("height")) - len(AltarKind)
    if spaces < PLACED:
        raise OptionError(
            N_("Your box: the board is too small for sixteen wizards and four altars.")
        )
