"""Rooms replayed from their logs, and logs that no longer replay set aside
(companion/rooms/restore.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.registry import GAMES
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.rooms.restore import Restorer, Unreplayable, replay
from companion.store import SqliteStore
from tests.unit.test_room_service import Clock


def played(tmp_path: Path, clock: Clock) -> tuple[RoomService, str]:
    svc = RoomService(SqliteStore(tmp_path / "db.sqlite3"), GAMES, clock, ServiceConfig("http://t"))
    room = svc.create_room({"game": "buzzer", "options": {"random_delay": False}})
    code = room["code"]
    svc.host("tv", {"code": code, "host_token": room["host_token"]})
    svc.join("a", {"code": code, "name": "Anna"})
    svc.join("b", {"code": code, "name": "Ben"})
    svc.room_command("tv", {"type": "start"})
    svc.act("tv", {"type": "award", "seat": 1, "points": 3})
    svc.room_command("a", {"type": "leave"})
    return svc, code


def test_a_log_replays_into_the_room_it_was(tmp_path: Path, clock: Clock) -> None:
    svc, code = played(tmp_path, clock)
    live = svc.rooms[code]
    again = replay(code, GAMES["buzzer"], svc.store.events(code))
    assert (again.seq, again.status, again.state) == (live.seq, live.status, live.state)
    assert [(p.name, p.gone) for p in again.players] == [("Anna", True), ("Ben", False)]


def test_a_refused_event_stops_the_replay_and_says_which(tmp_path: Path, clock: Clock) -> None:
    svc, code = played(tmp_path, clock)
    events = list(svc.store.events(code))
    events.insert(3, {"kind": "kick", "seat": 9, "at": clock.now})
    with pytest.raises(Unreplayable) as stopped:
        replay(code, GAMES["buzzer"], events)
    assert stopped.value.seq == 3
    assert isinstance(stopped.value.cause, RoomError)
    assert stopped.value.cause.message == "There is no such seat."


def test_the_restorer_loads_what_replays_and_sets_aside_the_rest(
    tmp_path: Path, clock: Clock
) -> None:
    svc, healthy = played(tmp_path, clock)
    svc.store.create("BCDF", {"kind": "create", "game": "chess", "seed": 1, "host_token": "h"})
    restorer = Restorer(svc.store, GAMES)
    assert [room.code for room in restorer.live_rooms()] == [healthy]
    [aside] = restorer.aside
    assert (aside.code, aside.game) == ("BCDF", "chess")
    assert aside.reason.startswith("event 0 (create) no longer replays: unknown_game:")
    assert [room.code for room in svc.store.aside_rooms()] == ["BCDF"]
    assert [room.code for room in Restorer(svc.store, GAMES).live_rooms()] == [healthy]
