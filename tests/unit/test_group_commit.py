"""Group commit (docs/architecture.md, "Capacity"): the events of one locked section of the room
service become durable together, before anything is answered; a failed commit changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.games.registry import GAMES
from companion.rooms import RoomService, ServiceConfig
from companion.store import SqliteStore, StoreError
from tests.unit.test_room_service import Clock


class CountingStore(SqliteStore):
    """A real SQLite store that counts the commits that wrote something, and can be told to
    fail the next one (a disk that filled up at the last moment)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.commits = 0
        self.fail_next = False
        self.on_commit: list[Any] = []

    def commit(self, release: Callable[[], None] | None = None) -> None:
        pending = self._db.in_transaction
        for check in self.on_commit:
            check()
        if pending and self.fail_next:
            self.fail_next = False
            self._holding = False
            self._db.execute("ROLLBACK")
            raise StoreError("could not store the last events: disk I/O error")
        super().commit(release)
        self.commits += pending


def service(db: Path, clock: Clock) -> tuple[RoomService, CountingStore]:
    store = CountingStore(db)
    return RoomService(store, GAMES, clock, ServiceConfig("http://t")), store


def buzzer_room(svc: RoomService, players: int = 2) -> str:
    room = svc.create_room(
        {"game": "buzzer", "options": {"random_delay": False, "countdown": 3, "false_start": False}}
    )
    code = room["code"]
    svc.host(f"tv-{code}", {"code": code, "host_token": room["host_token"]})
    for k in range(players):
        svc.join(f"{code}-{k}", {"code": code, "name": f"P{k}"})
    svc.room_command(f"tv-{code}", {"type": "start"})
    return code


def test_the_deadlines_of_every_room_in_one_tick_share_one_commit(
    tmp_path: Path, clock: Clock
) -> None:
    svc, store = service(tmp_path / "db.sqlite3", clock)
    codes = [buzzer_room(svc) for _ in range(3)]
    for code in codes:
        svc.act(f"tv-{code}", {"type": "arm"})
    before = store.commits
    stored = {code: len(store.events(code)) for code in codes}
    clock.now += 3_000  # every countdown is over
    svc.tick()
    assert store.commits == before + 1
    for code in codes:
        assert svc.rooms[code].state.status.value == "open"
        assert len(store.events(code)) == stored[code] + 1  # the "timeout" that opened it


def test_a_failed_commit_changes_nothing(tmp_path: Path, clock: Clock) -> None:
    db = tmp_path / "db.sqlite3"
    svc, store = service(db, clock)
    code = buzzer_room(svc)
    log = store.events(code)
    state = svc.rooms[code].state
    store.fail_next = True
    with pytest.raises(StoreError):
        svc.act(f"tv-{code}", {"type": "arm"})
    assert store.events(code) == log
    assert svc.rooms[code].state == state  # the room was rebuilt from its stored log
    assert svc.act(f"tv-{code}", {"type": "arm"}).ack["ok"]  # and plays on
    assert svc.rooms[code].state.round == 1
    again, _ = service(db, clock)
    assert again.rooms[code].state == svc.rooms[code].state


def press(svc: RoomService, conn: str, clock: Clock) -> Any:
    svc.clock_sample(conn, clock.now - 10, {"c": clock.now - 5}, clock.now)  # offset 0
    return svc.act(conn, {"type": "buzz", "t": clock.now})


def pressed_in_an_open_round(svc: RoomService, clock: Clock) -> tuple[str, Any]:
    """A one-player buzzer room whose round is open, and its player's press (not settled yet)."""
    code = buzzer_room(svc, players=1)
    svc.clock_connected(f"{code}-0")
    svc.act(f"tv-{code}", {"type": "arm"})
    clock.now += 3_000
    svc.tick()
    return code, press(svc, f"{code}-0", clock)


def test_a_race_verdict_is_released_only_once_the_press_is_durable(
    tmp_path: Path, clock: Clock
) -> None:
    svc, store = service(tmp_path / "db.sqlite3", clock)
    code, reply = pressed_in_an_open_round(svc, clock)
    assert reply.pending is not None
    seen: list[bool] = []
    store.on_commit.append(lambda: seen.append(reply.pending.wait(0) is not None))
    clock.now += 1_000
    svc.tick()  # the race settles: the press is stored, then answered
    assert seen and not any(seen)
    verdict = reply.pending.wait(0)
    assert verdict is not None and verdict["ok"] and verdict["at"] == clock.now - 1_000
    assert store.events(code)[-1]["kind"] == "act"


def test_a_race_verdict_whose_commit_failed_is_internal(tmp_path: Path, clock: Clock) -> None:
    svc, store = service(tmp_path / "db.sqlite3", clock)
    code, reply = pressed_in_an_open_round(svc, clock)
    log = store.events(code)
    store.fail_next = True
    clock.now += 1_000
    with pytest.raises(StoreError):
        svc.tick()
    assert reply.pending is not None
    verdict = reply.pending.wait(0)
    assert verdict is not None and verdict["error"]["code"] == "internal"
    assert store.events(code) == log
    assert svc.rooms[code].state.presses == ()


def test_a_press_still_waiting_when_its_room_is_rebuilt_is_answered_internal(
    tmp_path: Path, clock: Clock
) -> None:
    # no thread waits for a verdict (Pending.then): a press dropped with the race buffer when a
    # commit failed in its room would never be answered
    svc, store = service(tmp_path / "db.sqlite3", clock)
    code, reply = pressed_in_an_open_round(svc, clock)
    assert reply.pending is not None and reply.pending.wait(0) is None
    store.fail_next = True
    with pytest.raises(StoreError):
        svc.room_command(f"tv-{code}", {"type": "pause"})  # a commit of the room fails
    verdict = reply.pending.wait(0)
    assert verdict is not None and verdict["error"]["code"] == "internal"
    assert svc.rooms[code].state.presses == ()


def test_a_room_whose_creation_was_not_committed_does_not_exist(
    tmp_path: Path, clock: Clock
) -> None:
    db = tmp_path / "db.sqlite3"
    svc, store = service(db, clock)
    store.fail_next = True
    with pytest.raises(StoreError):
        svc.create_room({"game": "buzzer"})
    assert svc.rooms == {} and store.live_rooms() == []
    code = svc.create_room({"game": "buzzer"})["code"]
    assert list(svc.rooms) == [code]
