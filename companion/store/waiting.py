"""Where a commit waits for the disk: in place while the disk is quick, in a native thread while
it is slow (docs/architecture.md, "The event log and replay").

Under eventlet a commit's fsync stops every green thread while the disk works, so it used to be
handed to a native thread (``eventlet.tpool``) every time. That hand-over is not free: waking a
native thread and then the event loop again, with the interpreter lock passed to and fro, took
~100 µs of CPU when idle and more at party pace on the benchmark machine (a virtual one, where
waking a thread is dear): more than a quick disk's whole commit (SQLite's ``COMMIT`` with
``synchronous=FULL``: 0.3 ms p50 there, ~80 µs of it CPU). Handing over every commit was a
tenth of the server's CPU.

So a commit runs in place while the recent ones were quick, and in the native thread once the
disk is slow (an SD card, a busy laptop disk): the other rooms then stall for one slow commit,
not for every one. Now and then a commit is tried in place again, in case the disk is quick
again; those tries grow rarer while it stays slow.
"""

from __future__ import annotations

import statistics
import time
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

#: the median of the last ``WINDOW`` commits in place (ms) above which the disk is slow
QUICK_MS = 2.0
#: one commit in place longer than this (ms) is slow on its own: the rooms stalled for it
STALL_MS = 50.0
WINDOW = 15
#: commits in the native thread before one is tried in place again; doubled (up to
#: ``RETRY_MAX``) each time the disk is found slow again within ``WINDOW`` commits
RETRY_AFTER = 200
RETRY_MAX = 12_800


class QuickInPlace:
    """``run_blocking`` for ``SqliteStore``: runs a commit in place while the disk is quick,
    through ``away`` (a native thread) while it is slow.

    >>> took = iter([0.5, 0.5, 60.0, 0.5])  # ms, for the commits made in place
    >>> now = [0.0]
    >>> def clock():
    ...     now[0] += next(took, 0.0) / 1000 if clock.calls % 2 else 0.0
    ...     clock.calls += 1
    ...     return now[0]
    >>> clock.calls = 0
    >>> wait = QuickInPlace(away=lambda f: ("away", f()), clock=clock, retry_after=2)
    >>> [wait(lambda: n) for n in range(7)]  # the third stalled: two away, then in place again
    [0, 1, 2, ('away', 3), ('away', 4), 5, 6]
    """

    def __init__(
        self,
        away: Callable[[Callable[[], Any]], Any],
        *,
        retry_after: int = RETRY_AFTER,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._away = away
        self._clock = clock
        self._base = self._retry = retry_after
        #: seconds each of the last commits in place took (cleared when the disk turns slow)
        self._took: deque[float] = deque(maxlen=WINDOW)
        #: commits left in the native thread before the next try in place (0: in place)
        self._away_left = 0

    @property
    def in_place(self) -> bool:
        return self._away_left == 0

    def __call__(self, commit: Callable[[], T]) -> T:
        if self._away_left:
            self._away_left -= 1
            result: T = self._away(commit)
            return result
        began = self._clock()
        try:
            return commit()
        finally:
            self._timed(self._clock() - began)

    def _timed(self, seconds: float) -> None:
        took = self._took
        took.append(seconds)
        slow = seconds * 1000 > STALL_MS or statistics.median(took) * 1000 > QUICK_MS
        if not slow:
            if len(took) == WINDOW:
                self._retry = self._base  # quick for a whole window: tries start over
            return
        # slow soon after a try in place: the next try waits twice as long
        self._away_left = self._retry
        if len(took) < WINDOW:
            self._retry = min(self._retry * 2, RETRY_MAX)
        took.clear()
