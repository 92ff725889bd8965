"""Chess clocks: the seat whose decision the game waits for uses its own time; handing the
decision over adds the increment; the clocks start with the first move (so nobody loses time
while the table settles in) and stop when the game ends. A flag fall loses."""

from __future__ import annotations

from dataclasses import replace

from companion.games.witchcraft import entries
from companion.games.witchcraft.state import SETUP_ENTRIES, TABLE, Clock, GameState, Options, Phase


def new_clock(options: Options) -> Clock | None:
    if options.clock_minutes <= 0:
        return None
    total = options.clock_minutes * 60_000.0
    return Clock((total, total), options.clock_increment * 1000.0)


def used(clock: Clock, at: float) -> tuple[float, float]:
    """Each seat's time left at ``at``."""
    left = list(clock.left)
    if clock.since is not None and clock.running is not None:
        left[clock.running] = max(0.0, left[clock.running] - (at - clock.since))
    return (left[0], left[1])


def after_move(before: GameState, after: GameState, at: float) -> GameState:
    """The clocks once the decider of ``before`` has decided at ``at`` and ``after`` follows.

    >>> from companion.games.witchcraft.state import Clock
    >>> c = Clock((60_000.0, 60_000.0), 2_000.0, since=1_000.0, running=0)
    >>> used(c, 11_000.0)
    (50000.0, 60000.0)
    """
    clock = after.clock
    if clock is None:
        return after
    if any(s.tasks and s.tasks[0].kind in SETUP_ENTRIES for s in (before, after)):
        return after  # the real board's set-up is untimed: the clocks start with the first move
    if clock.since is None and entries.drawing(before):
        return after  # ... and so is the first tile drawn (it is part of the first move)
    mover = before.decider
    if mover == TABLE:
        mover = None
    left = used(clock, at)
    nxt = after.decider if after.phase is not Phase.OVER else None
    if mover is not None and nxt != mover and clock.since is not None:
        bump = list(left)
        bump[mover] += clock.increment
        left = (bump[0], bump[1])
    return replace(after, clock=replace(clock, left=left, since=at, running=nxt))


def deadline(state: GameState) -> float | None:
    clock = state.clock
    if clock is None or clock.since is None or clock.running is None:
        return None
    if state.phase is Phase.OVER:
        return None
    return clock.since + clock.left[clock.running]
