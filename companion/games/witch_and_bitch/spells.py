"""The 7 Schools, their 6 Spells each, the branch lattice and the table's availability.

Each School has one level-1 Spell (two copies), two level-2 Spells ``2a`` and ``2b`` and three
level-3 Spells (one copy each). Level 3 follows a branch: ``3a`` only after ``2a``, ``3c`` only
after ``2b``, ``3b`` after either (the rulebook: choosing one level-2 Spell closes the other and
"the level-3 Spell linked only to the non-chosen branch").

>>> [s for s in learnable(("fire-1", "ice-1"), ()) if s.startswith(("fire", "ice"))]
['fire-2a', 'fire-2b', 'ice-2a', 'ice-2b']
>>> "fire-3c" in learnable(("fire-1", "fire-2a", "ice-1"), ())
False
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

#: the positions in a School's lattice, in the order the Spell Book shows them
SLOTS = ("1", "2a", "2b", "3a", "3b", "3c")
#: which level-2 slots open each level-3 slot
OPENED_BY = {"3a": ("2a",), "3b": ("2a", "2b"), "3c": ("2b",)}
#: copies in the box: two of every level-1 Spell, one of the others
COPIES = {1: 2, 2: 1, 3: 1}
#: a Witch learns at most this many Spells of one School in a game
PER_SCHOOL = 3


@dataclass(frozen=True)
class School:
    id: str
    name: str


@dataclass(frozen=True)
class Spell:
    id: str  # "fire-2a"
    school: str
    slot: str
    name: str
    #: the name is printed in the rulebook (else a placeholder from data/spells.json)
    known: bool
    #: the rulebook names the Spell but not its level (the data's guess)
    level_guessed: bool = False
    #: this Spell brings a permanently dead Witch back (Resurrection)
    resurrects: bool = False

    @property
    def level(self) -> int:
        return int(self.slot[0])

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "school": self.school,
            "level": self.level,
            "slot": self.slot,
            "name": self.name,
            "placeholder": not self.known,
            "level_guessed": self.level_guessed,
            "resurrects": self.resurrects,
        }


@cache
def _load() -> tuple[tuple[School, ...], dict[str, Spell]]:
    package = __name__.rpartition(".")[0]
    raw = json.loads(resources.files(package).joinpath("data", "spells.json").read_text("utf-8"))
    schools: list[School] = []
    spells: dict[str, Spell] = {}
    for entry in raw["schools"]:
        school = School(str(entry["id"]), str(entry["name"]))
        schools.append(school)
        for slot in SLOTS:
            item = entry["spells"][slot]
            spell_id = f"{school.id}-{slot}"
            spells[spell_id] = Spell(
                spell_id,
                school.id,
                slot,
                str(item["name"]),
                bool(item["known"]),
                bool(item.get("level_guessed", False)),
                bool(item.get("resurrects", False)),
            )
    if len(schools) != 7:
        raise ValueError("data/spells.json must list the 7 Schools")
    return tuple(schools), spells


def schools() -> tuple[School, ...]:
    return _load()[0]


def catalogue() -> dict[str, Spell]:
    """Every Spell by id, School by School, in Spell Book order."""
    return _load()[1]


def spell(spell_id: str) -> Spell:
    return catalogue()[spell_id]


def taken(hands: Iterable[Iterable[str]]) -> Counter[str]:
    """How many copies of each Spell the Witches hold."""
    return Counter(s for hand in hands for s in hand)


def available(spell_id: str, held: Counter[str]) -> bool:
    """A copy is left on the table: two of a level-1 Spell, one of any other.

    >>> available("ice-1", Counter({"ice-1": 1})), available("ice-1", Counter({"ice-1": 2}))
    (True, False)
    >>> available("ice-2a", Counter({"ice-2a": 1}))
    False
    """
    return held[spell_id] < COPIES[spell(spell_id).level]


def follows(spell_id: str, known: Iterable[str]) -> bool:
    """The branch lattice alone (not availability): may a Witch who knows ``known`` take it?

    A new School starts at level 1; otherwise the next level of a School she knows, following
    her branch; at most one Spell per level and 3 per School.

    >>> follows("fire-3b", ("fire-1", "fire-2b")), follows("fire-3a", ("fire-1", "fire-2b"))
    (True, False)
    >>> follows("fire-2a", ("fire-1", "fire-2b"))
    False
    """
    target = spell(spell_id)
    mine = [spell(s) for s in known if spell(s).school == target.school]
    if any(s.id == spell_id for s in mine) or len(mine) >= PER_SCHOOL:
        return False
    levels = {s.level: s for s in mine}
    if target.level == 1:
        return not mine
    if target.level == 2:
        return 1 in levels and 2 not in levels
    second = levels.get(2)
    return second is not None and 3 not in levels and second.slot in OPENED_BY[target.slot]


def learnable(known: tuple[str, ...], others: Iterable[Iterable[str]]) -> tuple[str, ...]:
    """Every Spell a Witch who knows ``known`` may learn now, with the other Witches holding
    ``others``: the lattice and the copies left."""
    held = taken([known, *others])
    return tuple(s for s in catalogue() if follows(s, known) and available(s, held))


def draftable(known: tuple[str, ...], others: Iterable[Iterable[str]]) -> tuple[str, ...]:
    """The starting draft: a level-1 Spell with a copy left, of a School she does not have yet.

    >>> draftable(("fire-1",), [("ice-1",), ("ice-1",)])
    ('lightning-1', 'kinetics-1', 'light-1', 'darkness-1', 'seduction-1')
    """
    return tuple(s for s in learnable(known, others) if spell(s).level == 1)
