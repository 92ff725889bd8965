"""The Black Magic deck: 18 spells (rulebook list) and 9 aerial acrobatics cards.

Card ids are ``"<kind>#<n>"`` so that duplicates are distinct: ``"tailwind#2"``.

>>> len(DECK), DECK[0], kind_of("tailwind#2"), timing_of("tailwind#2").value
(27, 'attraction#1', 'tailwind', 'after')
>>> timing_of("acrobatics_4#1").value, is_acrobatics("acrobatics_4#1")
('end', True)
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from companion.engine import Rng
from companion.engine.text import N_


class Timing(enum.StrEnum):
    """When a card is played."""

    #: while the formulas are written (Decree)
    COMPOSE = "compose"
    #: when its holder applies her formula (Double Cross, Repaired Oversight, Rectification)
    APPLY = "apply"
    #: after its holder's movement (Attraction, Blockade, Bad Spell, Tailwind)
    AFTER = "after"
    #: at any time, in answer to a spell (Magic Fog)
    ANY = "any"
    #: never played: counted at the end (aerial acrobatics)
    END = "end"


class Spell(enum.StrEnum):
    ATTRACTION = "attraction"
    BLOCKADE = "blockade"
    MAGIC_FOG = "magic_fog"
    DECREE = "decree"
    DOUBLE_CROSS = "double_cross"
    BAD_SPELL = "bad_spell"
    REPAIRED_OVERSIGHT = "repaired_oversight"
    RECTIFICATION = "rectification"
    TAILWIND = "tailwind"

    @property
    def info(self) -> SpellInfo:
        return SPELLS[self]

    @property
    def label(self) -> str:
        return SPELLS[self].name


@dataclass(frozen=True)
class SpellInfo:
    count: int
    timing: Timing
    name: str
    text: str


SPELLS: dict[Spell, SpellInfo] = {
    Spell.ATTRACTION: SpellInfo(
        2, Timing.AFTER, N_("Attraction"),
        N_("Move all other pawns 1 or 2 spaces toward yours. Play it after your movement."),
    ),
    Spell.BLOCKADE: SpellInfo(
        1, Timing.AFTER, N_("Blockade"),
        N_("No player can pass you this turn. Play it after your movement."),
    ),
    Spell.MAGIC_FOG: SpellInfo(
        2, Timing.ANY, N_("Magic Fog"),
        N_("Cancel the effect of the spell played by your opponent. Play it at any time."),
    ),
    Spell.DECREE: SpellInfo(
        2, Timing.COMPOSE, N_("Decree"),
        N_("Play it after all the other players have composed their formula: you get 10 extra "
        "seconds to look at the dice before writing yours (5 for an expert pilot)."),
    ),
    Spell.DOUBLE_CROSS: SpellInfo(
        3, Timing.APPLY, N_("Double Cross"),
        N_("This turn you may write 2 formulas, one orange and one black; you move the sum of "
        "their cards and get the bonus of each perfect one. Play it when you apply your formula."),
    ),
    Spell.BAD_SPELL: SpellInfo(
        1, Timing.AFTER, N_("Bad Spell"),
        N_("Move the lead pawn back 3 spaces. Play it after your movement."),
    ),
    Spell.REPAIRED_OVERSIGHT: SpellInfo(
        2, Timing.APPLY, N_("Repaired Oversight"),
        N_("Add to your formula a card from your hand. Play it when you apply your formula."),
    ),
    Spell.RECTIFICATION: SpellInfo(
        2, Timing.APPLY, N_("Rectification"),
        N_("Exchange a card from your formula with a card from your hand. Play it when you apply "
        "your formula."),
    ),
    Spell.TAILWIND: SpellInfo(
        3, Timing.AFTER, N_("Tailwind"),
        N_("Move forward as many spaces as your place in the race (3rd: 3 spaces). Play it after "
        "your movement."),
    ),
}  # fmt: skip

ACROBATICS_KINDS = tuple(f"acrobatics_{n}" for n in range(1, 10))


@dataclass(frozen=True)
class Acrobatics:
    #: points per kind (``acrobatics_1`` …)
    points: dict[str, int]
    #: True while the values are stand-ins, not the printed ones
    placeholder: bool
    note: str


def parse_acrobatics(doc: Any) -> Acrobatics:
    """The acrobatics values from ``data/black_magic.json``, checked.

    >>> parse_acrobatics({"acrobatics": [{"kind": "acrobatics_1", "points": 2}]})
    Traceback (most recent call last):
    ...
    ValueError: black_magic.json must give points for acrobatics_1 … acrobatics_9.
    """
    rows = doc.get("acrobatics") if isinstance(doc, dict) else None
    points = {}
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, dict) and isinstance(row.get("points"), int):
            points[str(row.get("kind"))] = int(row["points"])
    if set(points) != set(ACROBATICS_KINDS):
        raise ValueError("black_magic.json must give points for acrobatics_1 … acrobatics_9.")
    return Acrobatics(points, bool(doc.get("placeholder", False)), str(doc.get("note", "")))


@cache
def acrobatics() -> Acrobatics:
    package = __name__.rpartition(".")[0]
    text = resources.files(package).joinpath("data", "black_magic.json").read_text("utf-8")
    return parse_acrobatics(json.loads(text))


#: the 27 cards in a fixed order, before shuffling
DECK: tuple[str, ...] = tuple(
    [f"{spell.value}#{n}" for spell, info in SPELLS.items() for n in range(1, info.count + 1)]
    + [f"{kind}#1" for kind in ACROBATICS_KINDS]
)


def kind_of(card: str) -> str:
    return card.partition("#")[0]


def is_acrobatics(card: str) -> bool:
    return kind_of(card) in ACROBATICS_KINDS


def spell_of(card: str) -> Spell | None:
    try:
        return Spell(kind_of(card))
    except ValueError:
        return None


def timing_of(card: str) -> Timing:
    spell = spell_of(card)
    return Timing.END if spell is None else spell.info.timing


def points_of(card: str, values: Acrobatics | None = None) -> int:
    """An acrobatics card's points in ``values`` (default: the data file's); 0 for a spell."""
    return (values or acrobatics()).points.get(kind_of(card), 0)


def shuffled(cards: tuple[str, ...], rng: Rng) -> tuple[str, ...]:
    return tuple(str(card) for card in rng.shuffled(list(cards)))


def card_json(card: str, values: Acrobatics | None = None) -> dict[str, Any]:
    """A card as a seat's own view shows it (an acrobatics card's points from ``values``, the
    room's box; default: the data file's)."""
    if is_acrobatics(card):
        values = values or acrobatics()
        return {
            "id": card,
            "kind": kind_of(card),
            "timing": Timing.END.value,
            "points": points_of(card, values),
            "placeholder": values.placeholder,
        }
    return {"id": card, "kind": kind_of(card), "timing": timing_of(card).value}
