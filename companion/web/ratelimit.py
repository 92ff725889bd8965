"""Token buckets: per connection, per client address; floods get ``rate_limited``, other rooms
stay responsive."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from companion.engine import ErrorCode
from companion.rooms import RoomError

T = TypeVar("T")

#: keys kept before buckets that have refilled completely (so hold no information) are dropped
PRUNE_ABOVE = 10_000


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """Allow ``rate`` events per second per key, with bursts of up to ``burst``.

    >>> clock = iter([0.0, 0.0, 0.0, 1.0]).__next__
    >>> limiter = RateLimiter(rate=1, burst=2, clock=clock)
    >>> [limiter.allow("a") for _ in range(4)]
    [True, True, False, True]

    ``ready`` asks without taking; ``charge`` takes even below zero, a debt paid back by
    waiting (for costs known only afterwards: a wrong room code is charged once it missed).

    >>> now = [0.0]
    >>> misses = RateLimiter(rate=1, burst=2, clock=lambda: now[0])
    >>> misses.ready("a"), misses.charge("a", 3), misses.ready("a"), misses.wait("a")
    (True, None, False, 2.0)
    >>> now[0] = 2.0; misses.ready("a")
    True
    """

    def __init__(
        self, rate: float = 20.0, burst: float = 40.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._buckets: dict[str, _Bucket] = {}

    def _refill(self, key: str) -> _Bucket:
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= PRUNE_ABOVE:
                self._prune(now)
            bucket = self._buckets[key] = _Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.stamp) * self.rate)
        bucket.stamp = now
        return bucket

    def allow(self, key: str) -> bool:
        bucket = self._refill(key)
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True

    def ready(self, key: str) -> bool:
        """Whether ``allow`` would succeed now (nothing is taken)."""
        return self._refill(key).tokens >= 1

    def charge(self, key: str, cost: float = 1.0) -> None:
        """Take ``cost`` tokens, down to ``-burst`` at most."""
        bucket = self._refill(key)
        bucket.tokens = max(-self.burst, bucket.tokens - cost)

    def wait(self, key: str) -> float:
        """Seconds until ``allow`` can succeed (0 if it can now)."""
        return max(0.0, (1 - self._refill(key).tokens) / self.rate)

    def forget(self, key: str) -> None:
        self._buckets.pop(key, None)

    def _prune(self, now: float) -> None:
        """Drop the buckets that are full again: they are what a new key gets anyway."""
        for key, bucket in list(self._buckets.items()):
            if bucket.tokens + (now - bucket.stamp) * self.rate >= self.burst:
                del self._buckets[key]


class Lookups:
    """Room codes asked for by one client address, over HTTP and Socket.IO alike: only the
    misses count, so a player who typed the right code is never slowed down, while someone
    guessing codes runs out after ``burst`` misses and then gets ``per_minute`` guesses a minute
    (docs/protocol.md, "Rules of the road", has the arithmetic)."""

    def __init__(self, per_minute: float, burst: float) -> None:
        self.limiter = RateLimiter(per_minute / 60.0, burst)

    def look_up(self, address: str, find: Callable[[], T]) -> T:
        if not self.limiter.ready(address):
            raise RoomError(
                ErrorCode.RATE_LIMITED, "Too many wrong room codes from here: wait a minute."
            )
        try:
            return find()
        except RoomError as exc:
            if exc.code is ErrorCode.UNKNOWN_ROOM:
                self.limiter.charge(address)
            raise
