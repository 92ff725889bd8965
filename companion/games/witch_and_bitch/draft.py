"""The starting Spells: a snake draft. The first player chooses first, then the book passes to
the left (the next seat); the last to choose chooses again at once, and the book goes back to
the right, so the first player chooses first and last.

>>> snake(first=2, players=4)
(2, 3, 0, 1, 1, 0, 3, 2)
"""

from __future__ import annotations

from companion.engine import clockwise


def snake(first: int, players: int) -> tuple[int, ...]:
    around = clockwise(first, players)
    return around + tuple(reversed(around))
