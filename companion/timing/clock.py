"""Per-connection clock offset from ``clock`` round trips (docs/fairness.md, "Clock sync").

The server sends its time ``s``; the phone answers at once with its own ``performance.now()``
``c``; the answer arrives at server time ``r``. Then ``rtt = r - s`` and, assuming the two
directions take equally long, ``offset = (s + r) / 2 - c`` (server time = client time + offset).

Without that assumption a sample still bounds the offset: the phone read its clock after the
probe left and before the answer arrived, so ``s - c <= offset <= r - c``. Queueing only ever
adds delay, and it does so to each direction on its own; so the samples' bounds, intersected,
pin the offset down to the fastest way down and the fastest way up seen, even when no single
round trip was fast both ways.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter

#: samples kept per connection, and how long one stays useful (clocks drift, phones sleep)
WINDOW = 64
MAX_AGE_MS = 120_000.0
#: the offset is the median offset of this many lowest-round-trip samples
BEST = 5
#: ... among the samples of the last 30 s when there are enough of them: with sparse probes the
#: window spans two minutes, and a phone's clock drifts (tens of ppm) over that time
OFFSET_AGE_MS = 30_000.0

_RTT = attrgetter("rtt")


@dataclass(frozen=True, slots=True)
class ClockSample:
    """One round trip. Its derived values are computed once: an estimate reads each of the
    window's 64 samples several times, for every answer.

    >>> ClockSample(sent=1000.0, client=5.0, received=1040.0)
    ClockSample(sent=1000.0, client=5.0, received=1040.0)
    """

    sent: float  # s: server time when the probe left
    client: float  # c: the client's clock when it answered
    received: float  # r: server time when the answer arrived
    rtt: float = field(init=False, repr=False, compare=False)
    offset: float = field(init=False, repr=False, compare=False)
    #: the smallest offset this sample allows: the probe took no time to reach the phone
    low: float = field(init=False, repr=False, compare=False)
    #: the largest offset it allows: the answer took no time to come back
    high: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        sent, client, received = self.sent, self.client, self.received
        setattr_ = object.__setattr__  # a frozen dataclass: every answer makes one
        setattr_(self, "rtt", received - sent)
        setattr_(self, "offset", (sent + received) / 2 - client)
        setattr_(self, "low", sent - client)
        setattr_(self, "high", received - client)


@dataclass(frozen=True)
class ClockEstimate:
    offset: float  # server time ≈ client time + offset
    rtt_min: float  # smallest recent round trip
    rtt_max: float  # largest recent round trip (bounds how late a press can arrive)
    samples: int
    #: how far apart the offsets of the best samples are: small when they agree (ms)
    spread: float = 0.0
    #: samples from the last OFFSET_AGE_MS
    fresh: int = 0
    #: how far the samples contradict each other (ms; 0 when one offset agrees with every
    #: one): large when the phone's clock moved or drifted
    surprise: float = 0.0


class ClockEstimator:
    """A sliding window of samples for one connection.

    >>> est = ClockEstimator()
    >>> est.add(ClockSample(sent=1000.0, client=5.0, received=1040.0))   # rtt 40, offset 1015
    >>> est.add(ClockSample(sent=2000.0, client=1010.0, received=2200.0))  # queued: rtt 200
    >>> est.add(ClockSample(sent=3000.0, client=1995.0, received=3030.0))  # rtt 30, offset 1020
    >>> e = est.estimate(now=3030.0)
    >>> (e.offset, e.rtt_min, e.rtt_max, e.spread)  # spread: the queued sample is among the best 3
    (1020.0, 30.0, 200.0, 75.0)

    The estimate is computed once per new sample (or expiry) and reused until then: every press
    asks for the estimates of everyone in its room.

    >>> est.estimate(now=3031.0) is e
    True
    """

    def __init__(self) -> None:
        self._samples: deque[ClockSample] = deque(maxlen=WINDOW)
        #: the window's samples whose round trip is below every newer one's, oldest first: the
        #: first is the window's fastest (read for every estimate, where a scan of the window's
        #: samples, scattered in memory, was most of its cost)
        self._fastest: deque[ClockSample] = deque()
        #: the window's samples of the last OFFSET_AGE_MS (its newest ones), as of the last
        #: estimate: kept as samples come and age, where finding them again by bisection read
        #: samples all over the window
        self._fresh: deque[ClockSample] = deque()
        self._estimate: ClockEstimate | None = None
        #: when the cached estimate stops being right: a sample expires or leaves the fresh set
        self._valid_until = -math.inf

    def add(self, sample: ClockSample) -> None:
        """Add a sample; samples come in the order their answers arrived (``received``)."""
        if sample.rtt >= 0:
            samples, fastest = self._samples, self._fastest
            if len(samples) == WINDOW:  # the oldest sample leaves the window
                self._drop_oldest()
            samples.append(sample)
            while fastest and fastest[-1].rtt >= sample.rtt:
                fastest.pop()
            fastest.append(sample)
            self._fresh.append(sample)
            self._valid_until = -math.inf

    def _drop_oldest(self) -> None:
        oldest = self._samples.popleft()
        for kept in (self._fastest, self._fresh):
            if kept and kept[0] is oldest:
                kept.popleft()

    def reset(self) -> None:
        """Forget everything: after a reconnect the client may be a new page with a new clock."""
        self._samples.clear()
        self._fastest.clear()
        self._fresh.clear()
        self._estimate, self._valid_until = None, -math.inf

    @property
    def latest(self) -> ClockEstimate | None:
        """The estimate as last computed (after the newest answer, or a later ``estimate``),
        without looking at the time: for what need not follow every sample's ageing, like how
        often to probe."""
        return self._estimate

    def estimate(self, now: float) -> ClockEstimate | None:
        """The current estimate from unexpired samples, or None without any."""
        if now < self._valid_until:
            return self._estimate
        while self._samples and now - self._samples[0].received > MAX_AGE_MS:
            self._drop_oldest()
        if not self._samples:
            self._estimate, self._valid_until = None, math.inf
            return None
        samples, fresh = self._samples, self._fresh
        # The samples came in the order they arrived, so the fresh ones are the newest: with
        # sparse probes a quarter of the window.
        while fresh and fresh[0].received < now - OFFSET_AGE_MS:
            fresh.popleft()
        used = fresh if len(fresh) >= BEST else samples
        low, high, surprise = agreed_offsets(used)
        by_rtt = sorted(used, key=_RTT)
        offsets = [s.offset for s in by_rtt[:BEST]]
        self._estimate = ClockEstimate(
            offset=(low + high) / 2,
            rtt_min=self._fastest[0].rtt,
            # the window spans up to two minutes with sparse probes: the settle window follows
            # the recent round trips, not a queue at connect time long gone
            rtt_max=by_rtt[-1].rtt if used is fresh else max(map(_RTT, fresh or samples)),
            samples=len(samples),
            spread=max(offsets) - min(offsets),
            fresh=len(fresh),
            surprise=surprise,
        )
        # valid until the oldest sample expires or the oldest fresh one goes stale
        self._valid_until = min(
            self._samples[0].received + MAX_AGE_MS,
            (fresh[0].received + OFFSET_AGE_MS) if fresh else math.inf,
        )
        return self._estimate


def agreed_offsets(samples: Sequence[ClockSample]) -> tuple[float, float, float]:
    """``(low, high, contradiction)``: the offsets the samples allow, newest first.

    Each sample allows the offsets from its ``low`` to its ``high``; the answer is their
    intersection. Two round trips of 35 ms, one slow on the way up, one on the way down, each
    put the offset 7.5 ms off its true 1000 (their midpoints); together they find it:

    >>> up_slow = ClockSample(sent=0.0, client=-990.0, received=35.0)  # 10 ms down, 25 up
    >>> down_slow = ClockSample(sent=100.0, client=-875.0, received=135.0)  # 25 down, 10 up
    >>> up_slow.offset, down_slow.offset
    (1007.5, 992.5)
    >>> agreed_offsets([up_slow, down_slow])
    (990.0, 1010.0, 0.0)

    A sample that allows none of the offsets its newer ones agree on is left out: the phone's
    clock moved (it slept, it drifted) or the answer was stamped wrong. ``contradiction`` says
    by how much the furthest one missed:

    >>> moved = ClockSample(sent=-500.0, client=-1520.0, received=-465.0)
    >>> moved.low, moved.high
    (1020.0, 1055.0)
    >>> agreed_offsets([moved, up_slow, down_slow])
    (990.0, 1010.0, 10.0)
    """
    low, high = -math.inf, math.inf
    contradiction = 0.0
    for sample in reversed(samples):
        s_low, s_high = sample.low, sample.high
        narrow_low = s_low if s_low > low else low
        narrow_high = s_high if s_high < high else high
        if narrow_low <= narrow_high:
            low, high = narrow_low, narrow_high
    for sample in samples:
        # how far each sample misses the agreed offsets (0 for those that allow them)
        miss = sample.low - high
        if low - sample.high > miss:
            miss = low - sample.high
        if miss > contradiction:
            contradiction = miss
    return low, high, contradiction
