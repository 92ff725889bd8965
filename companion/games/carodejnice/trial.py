"""The trial: turn each juror's faith cards; count the convinced; read the degree."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from companion.games.carodejnice.state import Juror


class Degree(enum.StrEnum):
    """The degree of victory or defeat, by the number of convinced jurors."""

    TRIUMPH = "triumph"  # all three convinced
    DRAW = "draw"  # two: a draw, the witches count as innocent
    DEFEAT = "defeat"  # one
    ROUT = "rout"  # none

    @property
    def innocent(self) -> bool:
        return self in (Degree.TRIUMPH, Degree.DRAW)


def convinced(juror: Juror) -> bool:
    """A juror is convinced when her conviction is at least the sum of her two faith cards.

    >>> convinced(Juror("a", "A", 7, (3, 4))), convinced(Juror("a", "A", 6, (3, 4)))
    (True, False)
    """
    return juror.conviction >= sum(juror.faith)


def degree(count: int) -> Degree:
    """The degree for ``count`` convinced jurors.

    >>> [degree(n).value for n in (3, 2, 1, 0)]
    ['triumph', 'draw', 'defeat', 'rout']
    """
    return (Degree.ROUT, Degree.DEFEAT, Degree.DRAW, Degree.TRIUMPH)[max(0, min(count, 3))]


@dataclass(frozen=True)
class Verdict:
    convinced: tuple[bool, ...]

    @property
    def count(self) -> int:
        return sum(self.convinced)

    @property
    def degree(self) -> Degree:
        return degree(self.count)


def verdict(jurors: tuple[Juror, ...]) -> Verdict:
    return Verdict(tuple(convinced(j) for j in jurors))
