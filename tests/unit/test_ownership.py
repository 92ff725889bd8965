"""Room ownership in a cluster (companion/rooms/ownership.py), with leases held in memory: a
room is taken over only with its lease, and dropped without writing anything."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.registry import GAMES
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.rooms.ownership import MOVING
from companion.store import SqliteStore
from tests.unit.test_group_commit import press
from tests.unit.test_room_service import Clock


class Leases:
    """The leases of one process: ``free`` says whether another process holds none."""

    def __init__(self) -> None:
        self.free = True
        self.asked: list[str] = []

    def acquire(self, code: str) -> bool:
        self.asked.append(code)
        return self.free


def process(db: Path, clock: Clock, leases: Leases | None) -> RoomService:
    return RoomService(SqliteStore(db), GAMES, clock, ServiceConfig("http://t"), leases)


def test_a_room_is_taken_over_only_with_its_lease(tmp_path: Path, clock: Clock) -> None:
    leases = Leases()
    svc = process(tmp_path / "db.sqlite3", clock, leases)
    room = svc.create_room({"game": "buzzer"})
    assert svc.rooms == {}  # created in the shared log; its owner loads it on first use
    leases.free = False
    with pytest.raises(RoomError) as refused:
        svc.join("a", {"code": room["code"], "name": "Anna"})
    assert (refused.value.code, refused.value.message) == ("unavailable", MOVING)
    assert svc.rooms == {} and len(svc.store.events(room["code"])) == 1
    leases.free = True
    assert svc.join("a", {"code": room["code"], "name": "Anna"}).ack["seat"] == 0
    assert list(svc.rooms) == [room["code"]]
    leases.asked.clear()
    with pytest.raises(RoomError, match="There is no room with that code"):
        svc.summary("GHJK")
    assert leases.asked == []  # no live room of that code: no lease asked for


def test_a_process_on_its_own_takes_nothing_over(tmp_path: Path, clock: Clock) -> None:
    svc = process(tmp_path / "db.sqlite3", clock, None)
    svc.store.create("BCDF", {"kind": "create", "game": "buzzer", "seed": 1, "host_token": "h"})
    with pytest.raises(RoomError, match="There is no room with that code"):
        svc.summary("BCDF")


def test_a_dropped_room_answers_its_presses_and_writes_nothing(
    tmp_path: Path, clock: Clock
) -> None:
    svc = process(tmp_path / "db.sqlite3", clock, Leases())
    room = svc.create_room(
        {"game": "buzzer", "options": {"random_delay": False, "countdown": 0, "false_start": False}}
    )
    code = room["code"]
    svc.host("tv", {"code": code, "host_token": room["host_token"]})
    svc.join("p0", {"code": code, "name": "Anna"})
    svc.join("p1", {"code": code, "name": "Ben"})
    svc.room_command("tv", {"type": "start"})
    svc.act("tv", {"type": "arm"})
    clock.now += 10
    svc.tick()
    waiting = press(svc, "p0", clock)
    assert waiting.pending is not None and waiting.pending.wait(0) is None
    log = svc.store.events(code)
    assert sorted(svc.drop([code, "GHJK"])) == ["p0", "p1", "tv"]
    assert waiting.pending.wait(0) == RoomError("unavailable", MOVING).as_ack()
    assert svc.rooms == {} and svc.owned() == [] and svc.store.events(code) == log
    assert svc.tick() == []
    with pytest.raises(RoomError, match="Join a room first"):
        svc.act("p1", {"type": "buzz", "t": 0.0})
