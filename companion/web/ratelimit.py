"""A per-connection token bucket: floods get ``rate_limited``, other rooms stay responsive."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """Allow ``rate`` events per second per connection, with bursts of up to ``burst``.

    >>> clock = iter([0.0, 0.0, 0.0, 1.0]).__next__
    >>> limiter = RateLimiter(rate=1, burst=2, clock=clock)
    >>> [limiter.allow("a") for _ in range(4)]
    [True, True, False, True]
    """

    def __init__(
        self, rate: float = 20.0, burst: float = 40.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._buckets: dict[str, _Bucket] = {}

    def allow(self, key: str) -> bool:
        now = self.clock()
        bucket = self._buckets.setdefault(key, _Bucket(self.burst, now))
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.stamp) * self.rate)
        bucket.stamp = now
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True

    def forget(self, key: str) -> None:
        self._buckets.pop(key, None)
