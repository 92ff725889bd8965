"""Fair timing: clock-offset estimation and the race sequencer (pure; see docs/fairness.md)."""

from companion.timing.clock import ClockEstimate, ClockEstimator, ClockSample
from companion.timing.fair import (
    CAP_MS,
    FairPress,
    fair_time,
    photo_finish,
    settle_at,
    settle_order,
    uncertainty,
)

__all__ = [
    "CAP_MS",
    "ClockEstimate",
    "ClockEstimator",
    "ClockSample",
    "FairPress",
    "fair_time",
    "photo_finish",
    "settle_at",
    "settle_order",
    "uncertainty",
]
