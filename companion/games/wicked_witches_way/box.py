"""Wicked Witches Way's box: the faces of the nine dice and the points of the nine acrobatics
cards, which no rulebook gives. The host enters them from the components (the TV's "Your box");
until then the data files' placeholders stand in, marked on every screen.

>>> from companion.engine import Box, check_box
>>> faces, values = from_box(Box(BOX, check_box(BOX, {"acrobatics": [3] * 9})))
>>> values.points["acrobatics_1"], values.placeholder, faces.placeholder
(3, False, True)
"""

from __future__ import annotations

from companion.engine import Box, BoxField, BoxKind, OptionError, record
from companion.engine.text import N_, say
from companion.games.wicked_witches_way.black_magic import ACROBATICS_KINDS, Acrobatics, acrobatics
from companion.games.wicked_witches_way.dice import DICE_COUNT, FACES, FaceTable, face_table
from companion.games.wicked_witches_way.symbols import SYMBOLS, Color, Die, Symbol

#: the most points the box may give one acrobatics card
MAX_CARD_POINTS = 20

_FACE = record(
    "face",
    N_("Face"),
    BoxField("symbol", BoxKind.CHOICE, SYMBOLS[0].value, N_("Symbol"),
             choices=tuple(s.value for s in SYMBOLS)),
    BoxField("color", BoxKind.CHOICE, Color.ORANGE.value, N_("Colour"),
             choices=tuple(c.value for c in Color)),
)  # fmt: skip

BOX: tuple[BoxField, ...] = (
    BoxField(
        "dice",
        BoxKind.LIST,
        [[face.to_json() for face in die] for die in face_table().dice],
        N_("Dice"),
        count=DICE_COUNT,
        item=(BoxField("die", BoxKind.LIST, [], N_("Die"), count=FACES, item=(_FACE,)),),
        help=N_("Each die's six faces: its symbol and its colour."),
    ),
    BoxField(
        "acrobatics",
        BoxKind.LIST,
        [acrobatics().points[kind] for kind in ACROBATICS_KINDS],
        N_("Acrobatics cards"),
        count=len(ACROBATICS_KINDS),
        item=(
            BoxField("points", BoxKind.INT, 1, N_("Acrobatics card"), low=0, high=MAX_CARD_POINTS),
        ),
        help=N_("The points printed on each of the nine aerial acrobatics cards."),
    ),
)


def check_dice(box: Box) -> None:
    """Each die shows 6 different symbols, 3 in orange and 3 in black (what is known of the
    dice; which faces each carries is not).

    >>> from companion.engine import check_box
    >>> dice = [[{"symbol": "ear", "color": "orange"}] * 6] * 9
    >>> check_dice(Box(BOX, check_box(BOX, {"dice": dice})))
    Traceback (most recent call last):
    ...
    companion.engine.options.OptionError: Your box: Die 1 must show 6 different symbols, 3 orange \
and 3 black.
    """
    for number, die in enumerate(box.value("dice"), start=1):
        symbols = {face["symbol"] for face in die}
        orange = sum(face["color"] == Color.ORANGE.value for face in die)
        if len(symbols) != FACES or orange != FACES // 2:
            raise OptionError(
                N_("Your box: {die} must show 6 different symbols, 3 orange and 3 black."),
                die=say("{item} {number}", item=say(N_("Die")), number=number),
            )


def from_box(box: Box) -> tuple[FaceTable, Acrobatics]:
    """The face table and the acrobatics points the room's box gives (a value left out is the
    data file's placeholder, still marked)."""
    dice = tuple(
        tuple(Die(Symbol(face["symbol"]), Color(face["color"])) for face in die)
        for die in box.value("dice")
    )
    table = FaceTable(dice, box.placeholder("dice"), "")
    points = dict(zip(ACROBATICS_KINDS, box.value("acrobatics"), strict=True))
    return table, Acrobatics(points, box.placeholder("acrobatics"), "")
