"""Fair press time and the order in which a race's presses are applied (docs/fairness.md).

A press claims it happened at client time ``t``; with the connection's clock estimate that is
``t + offset`` in server time. The claim is believed only within bounds: never later than its
arrival, never earlier than its arrival minus the largest recent round trip (capped), and never
before the pressing phone could have seen the race open.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.timing.clock import ClockEstimate

#: the most compensation any press gets; bounds what a forged ``t`` can gain
CAP_MS = 250.0


def fair_time(
    t: float,
    arrival: float,
    estimate: ClockEstimate | None,
    opened_at: float | None,
    cap: float = CAP_MS,
) -> float:
    """When the press happened, in server time, as far as it can be trusted.

    An honest press 150 ms before a 180 ms-late arrival keeps its time:

    >>> est = ClockEstimate(offset=10_000.0, rtt_min=300.0, rtt_max=360.0, samples=8)
    >>> fair_time(t=0.0, arrival=10_180.0, estimate=est, opened_at=9_000.0)
    10000.0

    A forged ``t`` claiming a press long ago gains at most ``cap``:

    >>> fair_time(t=-5_000.0, arrival=10_180.0, estimate=est, opened_at=9_000.0)
    9930.0

    Nobody pressed before they could see the race open (half the smallest round trip):

    >>> fair_time(t=0.0, arrival=10_180.0, estimate=est, opened_at=9_900.0)
    10050.0

    Without clock samples the arrival time is all there is:

    >>> fair_time(t=0.0, arrival=10_180.0, estimate=None, opened_at=9_000.0)
    10180.0
    """
    if estimate is None:
        return arrival
    low = arrival - min(estimate.rtt_max, cap)
    if opened_at is not None:
        low = max(low, opened_at + estimate.rtt_min / 2)
    return min(max(t + estimate.offset, low), arrival)


def uncertainty(estimate: ClockEstimate | None, cap: float = CAP_MS) -> float:
    """How far a fair time may be off (ms), from the connection's clock estimate.

    The true offset and the estimate both lie in the fastest sample's window, so the estimate
    is off by at most half its round trip (the split of that trip between the two directions is
    unknown); ``spread`` (how far the fastest samples' midpoints disagree) is a margin for a
    jittery link and a drifting clock; at most ``cap``, as no press is moved further. Without
    samples a press is timed by arrival, which may be up to ``cap`` late.

    >>> uncertainty(ClockEstimate(offset=0.0, rtt_min=8.0, rtt_max=20.0, samples=12, spread=1.0))
    5.0
    >>> uncertainty(ClockEstimate(offset=0.0, rtt_min=900.0, rtt_max=900.0, samples=3))
    250.0
    >>> uncertainty(None)
    250.0
    """
    if estimate is None:
        return cap
    return round(min(estimate.rtt_min / 2 + estimate.spread, cap), 1)


def photo_finish(gap: float, uncertainty_a: float, uncertainty_b: float) -> bool:
    """Two presses ``gap`` ms apart (fair times) are a photo finish when the gap is smaller than
    their combined uncertainty: their order is not certain. The bound itself is not a tie.

    >>> photo_finish(3.9, 2.0, 2.0), photo_finish(4.0, 2.0, 2.0), photo_finish(-3.0, 2.0, 2.0)
    (True, False, True)
    >>> photo_finish(0.5, 0.0, 0.0)  # exact clocks: even half a millisecond decides
    False
    """
    return abs(gap) < uncertainty_a + uncertainty_b


@dataclass(frozen=True)
class FairPress:
    """One press of a race with everything needed to explain the verdict."""

    key: int  # position of arrival (0 = first to arrive)
    seat: int | None
    t: float
    offset: float | None
    rtt: float | None
    arrival: float
    fair: float
    #: how far ``fair`` may be off (ms): see :func:`uncertainty`
    uncertainty: float = 0.0

    def record(self) -> dict[str, float | int | None]:
        """What the action log keeps of the press."""
        return {
            "t": self.t,
            "offset": self.offset,
            "rtt": self.rtt,
            "arrival": self.arrival,
            "fair": self.fair,
            "uncertainty_ms": self.uncertainty,
        }


def settle_order(presses: Sequence[FairPress]) -> list[FairPress]:
    """Presses by fair time; equal fair times (both bounded to the same time) by arrival.

    However close two fair times are, the earlier one is the better guess: the order of
    arrival says less, being mostly the difference of the two links (a photo finish says
    when the order is not certain).

    >>> p = [FairPress(0, 0, 0, None, None, 100.0, 50.0),
    ...      FairPress(1, 1, 0, None, None, 110.0, 49.5),
    ...      FairPress(2, 2, 0, None, None, 120.0, 40.0),
    ...      FairPress(3, 3, 0, None, None, 130.0, 50.0)]
    >>> [x.seat for x in settle_order(p)]
    [2, 1, 0, 3]
    """
    return sorted(presses, key=lambda p: (p.fair, p.key))


def settle_at(first_fair: float, window: float, cap: float = CAP_MS) -> float:
    """When a race whose earliest press is ``first_fair`` can be decided.

    ``window`` is the largest plausible one-way latency among those who could still press; a
    press arriving later than ``first_fair + cap`` is fair-timed after ``first_fair`` anyway.

    >>> settle_at(1000.0, window=80.0)
    1080.0
    >>> settle_at(1000.0, window=900.0)
    1250.0
    """
    return first_fair + min(window, cap)
