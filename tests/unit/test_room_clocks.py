"""Each connection's clock (companion/rooms/clocks.py): an estimate from its round trips, and
probes as dense as the estimate and its room need."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine import Game, by_seat
from companion.games.registry import GAMES
from companion.rooms.clocks import Clocks
from companion.rooms.events import CreateEvent
from companion.rooms.room import Room
from companion.timing.probes import DENSE_SECONDS, SPARSE_SECONDS, WARMING_SECONDS


def steady(clocks: Clocks, conn: str, samples: int = 16) -> float:
    """Round trips of 10 ms to a client clock 5,000 ms behind; returns the last server time."""
    now = 1000.0
    for _ in range(samples):
        clocks.sample(conn, now, {"c": now - 5000.0 + 5.0}, now + 10.0)
        now += 250.0
    return now


class Countdown(Game[float]):
    """A race that opens when its countdown (the state: when it ends) is over."""

    id, title, min_players, max_players = "countdown", "Countdown", 1, 2

    def __init__(self) -> None:
        super().__init__(by_seat("press", lambda state, seat, action, at: state, race=True))

    def new_state(self, players: tuple[str, ...], options: Mapping[str, Any], seed: int) -> float:
        return 10_000.0

    def view(self, state: float, seat: int | None) -> dict[str, Any]:
        return {}

    def deadline(self, state: float) -> float | None:
        return state

    def race_opened_at(self, state: float) -> float | None:
        return None  # not before the countdown is over


def buzzer(*, started: bool) -> Room:
    create = CreateEvent(kind="create", game="buzzer", seed=1, host_token="h", at=0.0)
    room = Room("BCDF", GAMES["buzzer"], {**create, "options": {"random_delay": False}})
    room.prepare({"kind": "join", "name": "Anna", "token": "a", "at": 0.0})()
    if started:
        room.prepare({"kind": "start", "at": 0.0})()
    return room


def test_a_connection_gets_one_estimator_until_it_is_gone() -> None:
    clocks = Clocks()
    assert clocks.connected("a") and not clocks.connected("a")
    assert clocks.estimate("a", 0.0) is None
    now = steady(clocks, "a")
    estimate = clocks.estimate("a", now)
    assert estimate is not None and round(estimate.offset) == 5000
    clocks.forget("a")
    assert clocks.estimate("a", now) is None and clocks.probe_interval("a", None, now) is None
    assert clocks.sample("a", now, {"c": 1.0}, now + 10.0) is None  # a gone connection's
    assert clocks.estimate("a", now) is None


def test_each_answer_gives_the_estimate_the_next_probe_tells_the_page() -> None:
    clocks = Clocks()
    clocks.connected("a")
    # the page's clock is 5,000 ms behind the server's: server ≈ page + 5,000 (the page's sign)
    first = clocks.sample("a", 1000.0, {"c": 1000.0 - 5000.0 + 5.0}, 1010.0)
    assert first is not None and (first.offset, first.rtt_min) == (5000.0, 10.0)
    again = clocks.sample("a", 1250.0, {"c": "late"}, 1300.0)  # malformed: still the estimate
    assert again is not None and again.offset == 5000.0


def test_a_malformed_answer_is_ignored() -> None:
    clocks = Clocks()
    clocks.connected("a")
    for answer in (None, [1.0], {"c": "soon"}, {"c": float("inf")}, {"c": True}, {}):
        clocks.sample("a", 1000.0, answer, 1010.0)
    assert clocks.estimate("a", 1010.0) is None


def test_probes_follow_what_the_estimate_and_the_room_need() -> None:
    clocks = Clocks()
    clocks.connected("new")
    assert clocks.probe_interval("new", None, 0.0) == WARMING_SECONDS
    assert clocks.probe_interval("new", buzzer(started=False), 0.0) == WARMING_SECONDS
    assert clocks.probe_interval("new", buzzer(started=True), 0.0) == DENSE_SECONDS
    clocks.connected("old")
    now = steady(clocks, "old")
    assert clocks.probe_interval("old", buzzer(started=True), now) == SPARSE_SECONDS
    # a race opens when the countdown ends at 10 s: dense probes from 2 s before
    create = CreateEvent(kind="create", game="countdown", seed=1, host_token="h", at=0.0)
    counting = Room("GHJK", Countdown(), create)
    counting.prepare({"kind": "join", "name": "Anna", "token": "a", "at": 0.0})()
    counting.prepare({"kind": "start", "at": 0.0})()
    assert clocks.probe_interval("old", counting, 10_000.0 - 2001.0) == SPARSE_SECONDS
    assert clocks.probe_interval("old", counting, 10_000.0 - 1999.0) == DENSE_SECONDS
    counting.prepare({"kind": "pause", "at": 9000.0})()
    assert clocks.probe_interval("old", counting, 9000.0) == SPARSE_SECONDS
