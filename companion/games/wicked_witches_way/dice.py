"""The nine dice: their face table (the room's box, else ``data/dice.json``'s placeholder), the
app's seeded roll, and dice entered by hand."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from companion.engine import Rng
from companion.engine.text import say
from companion.games.wicked_witches_way.symbols import Color, Die

DICE_COUNT = 9
FACES = 6


@dataclass(frozen=True)
class FaceTable:
    dice: tuple[tuple[Die, ...], ...]
    #: True while the faces are the shipped stand-in, not the real dice
    placeholder: bool
    note: str


def parse_face_table(doc: Any) -> FaceTable:
    """A face table from its JSON document, checked: 9 dice, 6 different symbols, 3 per colour.

    >>> parse_face_table({"dice": [[{"symbol": "ear", "color": "orange"}] * 6] * 9})
    Traceback (most recent call last):
    ...
    ValueError: Die 1 must show 6 different symbols.
    """
    rows = doc.get("dice") if isinstance(doc, dict) else None
    if not isinstance(rows, list) or len(rows) != DICE_COUNT:
        raise ValueError(f"The face table must list {DICE_COUNT} dice.")
    dice = []
    for number, row in enumerate(rows, 1):
        if not isinstance(row, list) or len(row) != FACES:
            raise ValueError(f"Die {number} must have {FACES} faces.")
        faces = tuple(Die.parse(face) for face in row)
        if len({f.symbol for f in faces}) != FACES:
            raise ValueError(f"Die {number} must show {FACES} different symbols.")
        if sum(f.color is Color.ORANGE for f in faces) != FACES // 2:
            raise ValueError(f"Die {number} must have 3 orange and 3 black faces.")
        dice.append(faces)
    return FaceTable(tuple(dice), bool(doc.get("placeholder", False)), str(doc.get("note", "")))


@cache
def face_table() -> FaceTable:
    """The face table shipped in ``data/dice.json`` (inside the package, so wheels carry it)."""
    text = (
        resources.files(__name__.rpartition(".")[0])
        .joinpath("data", "dice.json")
        .read_text("utf-8")
    )
    return parse_face_table(json.loads(text))


def roll(seed: int, turn: int, table: FaceTable | None = None) -> tuple[Die, ...]:
    """Each die shows a uniformly random face of its row of ``table`` (default: the data
    file's); the same seed and turn, the same roll.

    >>> roll(5, 1) == roll(5, 1) and len(roll(5, 1)) == 9
    True
    """
    rng = Rng(seed, "roll", turn)
    dice = (table or face_table()).dice
    return tuple(faces[rng.randint(0, FACES - 1)] for faces in dice)


def parse_dice(raw: object) -> tuple[Die, ...]:
    """Dice entered from the real box: exactly 9 ``{symbol, color}``; any face is accepted,
    because the real dice are the truth and the face table may be a stand-in."""
    if not isinstance(raw, list) or len(raw) != DICE_COUNT:
        raise ValueError(say("Enter exactly {n} dice.", n=DICE_COUNT))
    return tuple(Die.parse(die) for die in raw)
