"""Wicked Witches Way's box: the faces of the nine dice and the points of the nine acrobatics
cards, which no rulebook gives. The host enters them from the components (the TV's "Your box");
until then the data files' placeholders stand in, marked on every screen.

>>> from companion.engine import Box, check_box
>>> faces, values = from_box(Box(BOX, check_box(BOX, {"acrobatics": [3] * 9})))
>>> values.points["acrobatics_1"], values.placeholder, faces.placeholder
(3, False, True)
"""

from __future__ import annotations

from companion.engine import Box, BoxField, BoxKind
from companion.engine.text import N_
from companion.games.wicked_witches_way.black_magic import ACROBATICS_KINDS, Acrobatics, acrobatics
from companion.games.wicked_witches_way.dice import DICE_COUNT, FACES, FaceTable, face_table
from companion.games.wicked_witches_way.symbols import SYMBOLS, Color, Die, Symbol

#: the most points the box may give one acrobatics card
MAX_CARD_POINTS = 20

_FACE = BoxField(
    "face",
    BoxKind.RECORD,
    {"symbol": SYMBOLS[0].value, "color": Color.ORANGE.value},
    N_("Face"),
    item=(
        BoxField("symbol", BoxKind.CHOICE, SYMBOLS[0].value, N_("Symbol"),
                 choices=tuple(s.value for s in SYMBOLS)),
        BoxField("color", BoxKind.CHOICE, Color.ORANGE.value, N_("Colour"),
                 choices=tuple(c.value for c in Color)),
    ),
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
