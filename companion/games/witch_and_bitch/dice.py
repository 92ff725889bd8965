"""The d20 and the d4: every roll comes from the room's seed (replayable) or is the value the
table read from its own dice. The table view lists them, newest last.

>>> from companion.engine import Rng
>>> first = roll(7, 0, Die.D20, None, "free", None)
>>> first == roll(7, 0, Die.D20, None, "free", None), 1 <= first.value <= 20
(True, True)
>>> roll(7, 1, Die.D4, 2, "spawn", 3).value
3
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from companion.engine import BadRequest, Rng


class Die(enum.StrEnum):
    D20 = "d20"
    D4 = "d4"

    @property
    def faces(self) -> int:
        return 20 if self is Die.D20 else 4


@dataclass(frozen=True)
class Roll:
    #: the roll's number in this game (0, 1, …): a page animates each new number once
    n: int
    die: Die
    value: int
    #: who rolled: a seat, or None for the table
    by: int | None
    #: what for: "first player", "spawn", "attack", "object", "free" …
    purpose: str
    #: the value came from the table's own dice
    entered: bool = False
    #: an attack: the bonus, the total and the defense it was against
    bonus: int | None = None
    against: int | None = None

    @property
    def total(self) -> int:
        return self.value + (self.bonus or 0)

    @property
    def hit(self) -> bool | None:
        return None if self.against is None else self.total >= self.against

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "n": self.n,
            "die": self.die.value,
            "value": self.value,
            "by": self.by,
            "for": self.purpose,
            "entered": self.entered,
        }
        if self.against is not None:
            out.update(bonus=self.bonus or 0, total=self.total, against=self.against, hit=self.hit)
        return out


def roll(seed: int, n: int, die: Die, by: int | None, purpose: str, entered: int | None) -> Roll:
    """Roll number ``n`` of the game: drawn from the seed, or the value the table entered."""
    if entered is not None:
        if not 1 <= entered <= die.faces:
            raise BadRequest("A {die} shows 1 to {faces}.", die=die.value, faces=die.faces)
        return Roll(n, die, entered, by, purpose, entered=True)
    return Roll(n, die, Rng(seed, "roll", n).randint(1, die.faces), by, purpose)
