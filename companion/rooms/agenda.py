"""The agenda of timers: when each room next needs the ticker (docs/architecture.md, "Capacity").

The ticker runs every 20 ms; looking at every room each time would cost in proportion to the
rooms open, idle ones included. Instead each room is on a heap at the next moment something may
happen to it — its game deadline, its race's verdict, its expiry — and a tick takes only the
rooms whose moment has come.
"""

from __future__ import annotations

import heapq
import math

from companion.rooms.config import ServiceConfig
from companion.rooms.room import Room, Status


class Agenda:
    """Room codes by due time. A room has one current due time; an earlier one replaces it, a
    later one is ignored (the room is looked at early, finds nothing due, and is put back).

    >>> agenda = Agenda()
    >>> agenda.put("BCDF", 50.0); agenda.put("GHJK", 20.0); agenda.put("BCDF", 10.0)
    >>> agenda.put("GHJK", 90.0)  # later than its current time: kept at 20
    >>> agenda.pop_due(15.0), agenda.pop_due(15.0), agenda.pop_due(60.0)
    (['BCDF'], [], ['GHJK'])
    """

    def __init__(self) -> None:
        # a heap of (due time, code); entries superseded by an earlier one for the same room
        # stay in it and are skipped when they come up
        self._heap: list[tuple[float, str]] = []
        self._due: dict[str, float] = {}  # each room's current time on the heap

    def put(self, code: str, when: float) -> None:
        """Look at room ``code`` at ``when``, unless it is due earlier already."""
        if when < self._due.get(code, math.inf):
            self._due[code] = when
            heapq.heappush(self._heap, (when, code))

    def pop_due(self, now: float) -> list[str]:
        """The rooms due by ``now``, earliest first; they leave the agenda."""
        due: list[str] = []
        while self._heap and self._heap[0][0] <= now:
            when, code = heapq.heappop(self._heap)
            if self._due.get(code) != when:
                continue  # superseded by an earlier entry for the same room
            del self._due[code]
            due.append(code)
        return due

    def due(self, code: str) -> float | None:
        """When room ``code`` is next due, or None if it is not on the agenda."""
        return self._due.get(code)

    def forget(self, code: str) -> None:
        """Take the room off the agenda (closed, dropped, never created)."""
        self._due.pop(code, None)


def expiry(room: Room, config: ServiceConfig) -> float:
    """How long the room may stay idle before it closes (ms): a lobby closes sooner, a saved
    solo game never (its player may come back days later)."""
    if room.status is Status.LOBBY:
        return min(config.lobby_expiry_ms, config.idle_expiry_ms)
    playing = room.state is not None and room.status is not Status.OVER
    if playing and room.game.keeps_room_open(room.state):
        return math.inf  # a saved solo game waits for its player, however long
    return config.idle_expiry_ms


def next_due(room: Room, config: ServiceConfig, verdict_due: float | None) -> float:
    """The next moment the room needs the ticker: its expiry, its game deadline or the verdict
    of its race (``verdict_due``), whichever comes first."""
    times = [room.last_active + expiry(room, config)]
    if (deadline := room.deadline()) is not None:
        times.append(deadline)
    if verdict_due is not None:
        times.append(verdict_due)
    return min(times)
