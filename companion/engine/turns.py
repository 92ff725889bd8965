"""Turn order around the table: seats are numbered clockwise, so the next seat is one more,
wrapping round to 0. Games skip the seats whose players left (and any others their rules pass
over) with ``skip``.
"""

from __future__ import annotations

from collections.abc import Collection


def clockwise(start: int, count: int, skip: Collection[int] = ()) -> tuple[int, ...]:
    """The seats from ``start`` on, clockwise round a table of ``count``, without those in
    ``skip``; ``start`` comes first unless it is skipped.

    >>> clockwise(2, 4)
    (2, 3, 0, 1)
    >>> clockwise(2, 4, skip={3})
    (2, 0, 1)
    >>> clockwise(1, 3, skip={0, 1, 2})
    ()
    """
    return tuple(seat for k in range(count) if (seat := (start + k) % count) not in skip)


def next_seat(seat: int, count: int, skip: Collection[int] = ()) -> int | None:
    """The next seat clockwise after ``seat`` round a table of ``count``, passing over those in
    ``skip``. ``seat`` itself comes last: when every other seat is skipped, it is its own next
    (the only player left starts again). None when every seat is skipped.

    >>> next_seat(1, 4), next_seat(3, 4)
    (2, 0)
    >>> next_seat(1, 4, skip={2, 3})
    0
    >>> next_seat(1, 3, skip={0, 2}), next_seat(1, 3, skip={0, 1, 2})
    (1, None)
    """
    return next(iter(clockwise(seat + 1, count, skip)), None)
