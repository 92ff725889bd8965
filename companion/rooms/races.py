"""Race presses waiting for their settle window (docs/fairness.md, "The settle window")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.rooms.messages import Pending
from companion.timing import CAP_MS, ClockEstimate, FairPress, settle_at, settle_order


@dataclass(frozen=True)
class Entry:
    press: FairPress
    action: Mapping[str, Any]
    pending: Pending


@dataclass
class RaceBuffer:
    """The presses of one room that arrived but are not decided yet."""

    entries: list[Entry] = field(default_factory=list)
    due: float = 0.0

    @property
    def first_fair(self) -> float:
        return min(e.press.fair for e in self.entries)

    def add(self, entry: Entry, others: Iterable[ClockEstimate | None]) -> None:
        """Add a press; ``others`` are the clock estimates of those who could still press."""
        self.entries.append(entry)
        self.due = settle_at(self.first_fair, window(others))

    def ordered(self) -> list[Entry]:
        by_key = {e.press.key: e for e in self.entries}
        return [by_key[p.key] for p in settle_order([e.press for e in self.entries])]


def window(others: Iterable[ClockEstimate | None]) -> float:
    """The largest plausible one-way latency among ``others``, at most the cap.

    The largest recent round trip bounds one way generously; a connection without samples
    could be anything up to the cap.

    >>> window([])
    0.0
    >>> window([ClockEstimate(0.0, 40.0, 90.0, 8), None])
    250.0
    """
    return max(
        (CAP_MS if e is None else min(e.rtt_max, CAP_MS) for e in others),
        default=0.0,
    )
