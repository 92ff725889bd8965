"""Remembering what a pure function of a state computed, without putting it in the state.

A state is immutable, so the same object always gives the same answer: a view, ``choices`` and
``apply`` asked about one state one after the other (as the room does after every step, for
every seat) need to compute its legal moves only once.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

S = TypeVar("S")
R = TypeVar("R")

#: how many recent states each function remembers
RECENT = 4


def per_state(compute: Callable[[S], R]) -> Callable[[S], R]:
    """``compute`` remembered for the last ``RECENT`` states, by identity (not equality: no
    hashing of a large state, and an equal state built again is simply computed again). The
    answer is shared: callers must not change it.

    >>> calls = []
    >>> @per_state
    ... def double(state: tuple[int, ...]) -> tuple[int, ...]:
    ...     calls.append(state)
    ...     return state + state
    >>> one = (1, 2)
    >>> double(one), double(one), len(calls)
    ((1, 2, 1, 2), (1, 2, 1, 2), 1)
    >>> double((1, 2)) == double(one), len(calls)  # an equal state, another object
    (True, 2)
    """
    # One tuple of (state, answer) pairs, newest first, replaced whole: a reader in another
    # thread sees the old tuple or the new one, never half of a change.
    recent: list[tuple[tuple[S, R], ...]] = [()]

    @functools.wraps(compute)
    def remembered(state: S) -> R:
        pairs = recent[0]
        for seen, answer in pairs:
            if seen is state:
                return answer
        answer = compute(state)
        recent[0] = ((state, answer), *pairs[: RECENT - 1])
        return answer

    return remembered
