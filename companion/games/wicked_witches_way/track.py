"""The race track: spaces −2 … 22, then the finish (shown as space 23).

Moves are pure functions of positions. A blockade is a list of spaces that a witch moving
forward may not pass (she stops on the space) when she starts at or behind it.

>>> forward(20, 4, ())
23
>>> forward(3, 5, blocks=(6,)), forward(7, 5, blocks=(6,))
(6, 12)
>>> back(-1, 2), back(5, 3)
(-2, 2)
>>> toward(2, 6, 2, ()), toward(9, 6, 2, ()), toward(7, 6, 2, ())
(4, 7, 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.engine.text import N_, Text, say

START = 0
LOWEST = -2
LAST_SPACE = 22
#: the space a witch is shown on once she has crossed the finish (past 22)
FINISH = 23
NOVICE_STARTS = (5, 6, 7)
#: how far a lid closer with an invalid formula goes back
PENALTY = 2
#: how far Bad Spell sends the leaders back
BAD_SPELL = 3


def forward(position: int, spaces: int, blocks: Iterable[int]) -> int:
    """Where a witch moving ``spaces`` forward lands; past 22 she has finished (``FINISH``)."""
    if position >= FINISH:
        return FINISH
    to = position + spaces
    for space in blocks:
        if position <= space:
            to = min(to, space)
    return FINISH if to > LAST_SPACE else to


def back(position: int, spaces: int) -> int:
    """Where a witch moving ``spaces`` back lands: never below −2."""
    return max(LOWEST, position - spaces)


def toward(position: int, target: int, spaces: int, blocks: Iterable[int]) -> int:
    """Attraction: ``spaces`` toward ``target``, never past it (forward moves obey blockades)."""
    if position < target:
        return forward(position, min(spaces, target - position), blocks)
    if position > target:
        return max(target, position - spaces)
    return position


def place(seat: int, positions: Mapping[int, int]) -> int:
    """A witch's place in the race: 1 + the witches strictly ahead (ties share the better place).

    >>> place(2, {0: 5, 1: 7, 2: 5, 3: 1})
    2
    """
    mine = positions[seat]
    return 1 + sum(1 for p in positions.values() if p > mine)


def leaders(positions: Mapping[int, int]) -> list[int]:
    """The seats on the lead space among ``positions`` (pass only witches still racing).

    >>> leaders({0: 5, 1: 7, 2: 7}), leaders({})
    ([1, 2], [])
    """
    if not positions:
        return []
    top = max(positions.values())
    return [seat for seat, p in sorted(positions.items()) if p == top]


def last_placed(positions: Mapping[int, int]) -> list[int]:
    """The seats in last place.

    >>> last_placed({0: 5, 1: -1, 2: -1})
    [1, 2]
    """
    bottom = min(positions.values())
    return [seat for seat, p in sorted(positions.items()) if p == bottom]


def space_name(position: int) -> Text:
    """The space as a sentence names it.

    >>> space_name(4), space_name(FINISH)
    ('space 4', 'the finish')
    """
    return say(N_("the finish")) if position >= FINISH else say("space {n}", n=position)
