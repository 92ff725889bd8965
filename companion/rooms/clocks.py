"""Each connection's clock: its round-trip samples, its offset estimate and when to probe it
next (docs/fairness.md, "Clock sync"; companion/timing does the arithmetic)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.rooms import validation as check
from companion.rooms.errors import RoomError
from companion.rooms.room import Room, Status
from companion.timing import ClockEstimate, ClockEstimator, ClockSample
from companion.timing.probes import RACE_AHEAD_SECONDS, probe_interval


class Clocks:
    """Clock estimators by connection id, from its connect to its disconnect."""

    def __init__(self) -> None:
        self._estimators: dict[str, ClockEstimator] = {}

    def connected(self, conn: str) -> bool:
        """A new connection gets a fresh estimator (a reconnect may be a new page clock). False
        if this connection id is known already: it gets no second probe loop."""
        if conn in self._estimators:
            return False
        self._estimators[conn] = ClockEstimator()
        return True

    def forget(self, conn: str) -> None:
        self._estimators.pop(conn, None)

    def sample(self, conn: str, sent: float, raw: object, received: float) -> ClockEstimate | None:
        """Record one ``clock`` round trip (sent and received in server time, the client's
        time in ``raw["c"]``); a malformed answer or an unknown connection is ignored. Returns
        the connection's estimate after it (None without samples), which the next probe tells
        the page (docs/protocol.md, ``clock``)."""
        estimator = self._estimators.get(conn)
        if estimator is None:
            return None
        if isinstance(raw, Mapping):
            try:
                client = check.number(raw, "c")
            except RoomError:
                pass
            else:
                estimator.add(ClockSample(sent, float(client), received))
        return estimator.estimate(received)

    def estimate(self, conn: str, now: float) -> ClockEstimate | None:
        """The connection's clock estimate, or None without samples (or connection)."""
        estimator = self._estimators.get(conn)
        return None if estimator is None else estimator.estimate(now)

    def latest(self, conn: str) -> ClockEstimate | None:
        """The connection's estimate after its last answer (``ClockEstimator.latest``)."""
        estimator = self._estimators.get(conn)
        return None if estimator is None else estimator.latest

    def probe_interval(self, conn: str, room: Room | None, now: float) -> float | None:
        """Seconds until this connection's next clock probe: dense until its estimate is stable
        and before a race of its ``room`` can open, sparse after; None once it is gone."""
        estimator = self._estimators.get(conn)
        if estimator is None:
            return None
        playing = room is not None and room.status is Status.PLAYING
        race_soon = room is not None and playing and _race_soon(room, now)
        # the estimate after the last answer: computing it again only because a sample aged
        # since (with sparse probes, one does between any two answers) doubled its cost
        return probe_interval(estimator.latest, playing, race_soon)


def _race_soon(room: Room, now: float) -> bool:
    """A deadline of the game in play is near and no race is open yet: one may open soon."""
    if room.state is None:
        return False
    due = room.deadline()  # in server time
    return (
        due is not None and due - now <= RACE_AHEAD_SECONDS * 1000 and room.race_opened_at() is None
    )
