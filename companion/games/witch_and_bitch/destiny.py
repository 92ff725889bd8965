"""The Destiny deck: each scenario's green, orange and red counts, red at the bottom, orange
above, green on top, each colour shuffled on its own.

>>> from companion.engine import Rng
>>> deck = build((2, 1, 1), Rng(1, "destiny"))
>>> [card.value for card in deck]
['green', 'green', 'orange', 'red']
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from companion.engine import Rng


class Colour(enum.StrEnum):
    GREEN = "green"
    ORANGE = "orange"
    RED = "red"


def build(counts: tuple[int, int, int], rng: Rng) -> tuple[Colour, ...]:
    """The deck in drawing order (index 0 is the top card). The cards of one colour are only
    told apart by their texts, which the table reads from the real card; each colour is still
    shuffled on its own (its order is the numbering of the physical cards in ``Card.index``)."""
    green, orange, red = counts
    out: list[Colour] = []
    for colour, count in ((Colour.GREEN, green), (Colour.ORANGE, orange), (Colour.RED, red)):
        out += rng.shuffled([colour] * count)
    return tuple(out)


@dataclass(frozen=True)
class Text:
    text: str
    known: bool


@cache
def texts() -> dict[Colour, Text]:
    """What a screen says for a drawn card of each colour (``data/destiny.json``)."""
    package = __name__.rpartition(".")[0]
    raw = json.loads(resources.files(package).joinpath("data", "destiny.json").read_text("utf-8"))
    return {c: Text(str(raw[c.value]["text"]), bool(raw[c.value]["known"])) for c in Colour}


def evolves(drawn: tuple[Colour, ...]) -> bool:
    """Enemies are evolved once the first orange card has been drawn (a red card comes after the
    oranges, so it finds them evolved already).

    >>> evolves((Colour.GREEN,)), evolves((Colour.GREEN, Colour.ORANGE))
    (False, True)
    """
    return any(colour is not Colour.GREEN for colour in drawn)
