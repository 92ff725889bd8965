"""Per-connection clock offset from ``clock`` round trips (docs/fairness.md, "Clock sync").

The server sends its time ``s``; the phone answers at once with its own ``performance.now()``
``c``; the answer arrives at server time ``r``. Then ``rtt = r - s`` and, assuming the two
directions take equally long, ``offset = (s + r) / 2 - c`` (server time = client time + offset).
Queueing only ever adds delay, so the samples with the smallest round trips are the truest.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

#: samples kept per connection, and how long one stays useful (clocks drift, phones sleep)
WINDOW = 64
MAX_AGE_MS = 120_000.0
#: the offset is the median offset of this many lowest-round-trip samples
BEST = 5


@dataclass(frozen=True)
class ClockSample:
    sent: float  # s: server time when the probe left
    client: float  # c: the client's clock when it answered
    received: float  # r: server time when the answer arrived

    @property
    def rtt(self) -> float:
        return self.received - self.sent

    @property
    def offset(self) -> float:
        return (self.sent + self.received) / 2 - self.client


@dataclass(frozen=True)
class ClockEstimate:
    offset: float  # server time ≈ client time + offset
    rtt_min: float  # smallest recent round trip
    rtt_max: float  # largest recent round trip (bounds how late a press can arrive)
    samples: int


class ClockEstimator:
    """A sliding window of samples for one connection.

    >>> est = ClockEstimator()
    >>> est.add(ClockSample(sent=1000.0, client=5.0, received=1040.0))   # rtt 40, offset 1015
    >>> est.add(ClockSample(sent=2000.0, client=1010.0, received=2200.0))  # queued: rtt 200
    >>> est.add(ClockSample(sent=3000.0, client=1995.0, received=3030.0))  # rtt 30, offset 1020
    >>> e = est.estimate(now=3030.0)
    >>> (e.offset, e.rtt_min, e.rtt_max)
    (1020.0, 30.0, 200.0)
    """

    def __init__(self) -> None:
        self._samples: deque[ClockSample] = deque(maxlen=WINDOW)

    def add(self, sample: ClockSample) -> None:
        if sample.rtt >= 0:
            self._samples.append(sample)

    def reset(self) -> None:
        """Forget everything: after a reconnect the client may be a new page with a new clock."""
        self._samples.clear()

    def estimate(self, now: float) -> ClockEstimate | None:
        """The current estimate from unexpired samples, or None without any."""
        while self._samples and now - self._samples[0].received > MAX_AGE_MS:
            self._samples.popleft()
        if not self._samples:
            return None
        best = sorted(self._samples, key=lambda s: s.rtt)[:BEST]
        offsets = sorted(s.offset for s in best)
        return ClockEstimate(
            offset=offsets[len(offsets) // 2],
            rtt_min=best[0].rtt,
            rtt_max=max(s.rtt for s in self._samples),
            samples=len(self._samples),
        )
