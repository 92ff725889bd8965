"""When to send the next clock probe to a connection (docs/fairness.md, "Clock sync").

Probes are most of what a server receives in play (four a second per socket at a fixed
0.25 s), and a link whose estimate is stable learns nothing from most of them. So the
interval follows what the estimate needs: dense right after connecting, while the best
samples disagree and just before a race can open; sparse once the estimate is stable.
"""

from __future__ import annotations

from companion.timing.clock import BEST, ClockEstimate

#: clock probes sent right after connecting, and the pause between them
PROBE_BURST = 8
PROBE_GAP_SECONDS = 0.05
#: while the estimate is not stable yet, in play (and before a race can open)
DENSE_SECONDS = 0.25
#: while the estimate is not stable yet, outside play (the lobby, a pause)
WARMING_SECONDS = 1.0
#: once the estimate is stable
SPARSE_SECONDS = 2.0
#: stable: at least this many samples of the last 30 s ...
SETTLED_SAMPLES = 12
#: ... whose best ones agree on the offset within this many ms, and whose newest one agrees with
#: the estimate within this much beyond what its own round trip explains
SETTLED_SPREAD_MS = 5.0
#: a race that can open within this many seconds gets dense probes until it does
RACE_AHEAD_SECONDS = 2.0


def settled(estimate: ClockEstimate | None) -> bool:
    """Whether the estimate is stable enough to probe sparsely.

    >>> settled(ClockEstimate(0.0, 4.0, 9.0, samples=20, spread=1.5, fresh=12))
    True
    >>> settled(ClockEstimate(0.0, 4.0, 9.0, samples=20, spread=12.0, fresh=12))  # disagree
    False
    >>> settled(ClockEstimate(0.0, 4.0, 9.0, samples=20, spread=1.5, fresh=12, surprise=30.0))
    False
    >>> settled(ClockEstimate(0.0, 4.0, 9.0, samples=6, spread=1.0, fresh=6))  # too few yet
    False
    """
    return (
        estimate is not None
        and estimate.fresh >= max(SETTLED_SAMPLES, BEST)
        and estimate.spread <= SETTLED_SPREAD_MS
        and estimate.surprise <= SETTLED_SPREAD_MS
    )


def probe_interval(estimate: ClockEstimate | None, playing: bool, race_soon: bool) -> float:
    """Seconds until the next probe of a connection with ``estimate``.

    ``playing``: its room is in play; ``race_soon``: a race of its room can open within
    ``RACE_AHEAD_SECONDS`` (a countdown running, dice about to be shown).

    >>> stable = ClockEstimate(0.0, 4.0, 9.0, samples=20, spread=1.5, fresh=12)
    >>> probe_interval(stable, playing=True, race_soon=False)
    2.0
    >>> probe_interval(stable, playing=True, race_soon=True)
    0.25
    >>> probe_interval(None, playing=True, race_soon=False)
    0.25
    >>> probe_interval(None, playing=False, race_soon=False)
    1.0
    """
    if race_soon:
        return DENSE_SECONDS
    if settled(estimate):
        return SPARSE_SECONDS
    return DENSE_SECONDS if playing else WARMING_SECONDS
