"""A stored log the rules now refuse sets its room aside; it never stops the server starting."""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from companion.games.registry import GAMES
from companion.rooms import RoomService, ServiceConfig
from companion.store import SqliteStore


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def service(db: Path, clock: Clock, games: dict[str, Any] | None = None) -> RoomService:
    return RoomService(SqliteStore(db), games or GAMES, clock, ServiceConfig("http://t"))


def stored_events(db: Path, code: str) -> list[dict[str, Any]]:
    with sqlite3.connect(db) as raw:
        rows = raw.execute("SELECT body FROM events WHERE code = ? ORDER BY seq", (code,))
        events = [json.loads(body) for (body,) in rows]
    raw.close()
    return events


def playing_room(svc: RoomService) -> tuple[str, str, dict[str, str]]:
    """A buzzer room in play with Anna and Ben: its code, host token and seat tokens."""
    room = svc.create_room({"game": "buzzer", "options": {"random_delay": False}})
    code = room["code"]
    svc.host(f"tv-{code}", {"code": code, "host_token": room["host_token"]})
    tokens = {
        name: svc.join(f"{name}-{code}", {"code": code, "name": name}).ack["token"]
        for name in ("Anna", "Ben")
    }
    svc.room_command(f"tv-{code}", {"type": "start"})
    return code, room["host_token"], tokens


def plant(db: Path, code: str, event: dict[str, Any]) -> int:
    """Append ``event`` to room ``code`` as the rules of an older version might have: raw."""
    store = SqliteStore(db)
    seq = len(next(r for r in store.live_rooms() if r.code == code).events)
    store.append(code, seq, event)
    store.close()
    return seq


BAD_EVENTS = {
    "act for a seat that does not exist": {
        "kind": "act",
        "seat": 7,
        "action": {"type": "award", "seat": 0, "points": 1},
        "at": 1_000_001.0,
    },
    "join with an invalid name": {"kind": "join", "name": "\x00", "token": "t", "at": 1_000_001.0},
}


@pytest.mark.parametrize("bad", BAD_EVENTS.values(), ids=BAD_EVENTS.keys())
def test_a_room_that_no_longer_replays_is_set_aside_and_the_others_load(
    tmp_path: Path, bad: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    db, clock = tmp_path / "rooms.sqlite3", Clock()
    svc = service(db, clock)
    healthy, host_token, tokens = playing_room(svc)
    broken = svc.create_room({"game": "buzzer"})["code"]
    svc.store.close()
    seq = plant(db, broken, bad)
    log_before = stored_events(db, broken)

    with caplog.at_level(logging.ERROR, logger="companion.rooms.service"):
        svc = service(db, clock)

    assert healthy in svc.rooms and broken not in svc.rooms
    [aside] = svc.aside
    assert (aside.code, aside.game) == (broken, "buzzer")
    assert f"event {seq} ({bad['kind']})" in aside.reason
    [error] = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert broken in error and f"event {seq}" in error
    version = GAMES["buzzer"].rules_version
    assert f"rules version recorded {version}, current {version}" in error
    # still in the database, untouched
    assert stored_events(db, broken) == log_before

    # the healthy room plays on: seats come back by token and the table arms a round
    assert svc.host("tv", {"code": healthy, "host_token": host_token}).ack["ok"]
    assert svc.join("anna", {"code": healthy, "token": tokens["Anna"]}).ack["seat"] == 0
    assert svc.act("tv", {"type": "arm"}).ack["ok"]
    assert svc.summary(healthy)["status"] == "playing"

    # not retried on the next start: no new error, still listed
    svc.store.close()
    caplog.clear()
    with caplog.at_level(logging.ERROR, logger="companion.rooms.service"):
        svc = service(db, clock)
    assert [a.code for a in svc.aside] == [broken] and healthy in svc.rooms
    assert not [r for r in caplog.records if r.levelno == logging.ERROR]
    # still marked in the database
    assert broken in {a.code for a in svc.store.aside_rooms()}


def test_a_room_of_a_game_that_is_gone_is_set_aside_and_can_be_put_back(tmp_path: Path) -> None:
    db, clock = tmp_path / "rooms.sqlite3", Clock()
    store = SqliteStore(db)
    code = "BCDF"
    create = {"kind": "create", "game": "old-buzzer", "rules": 1, "options": {}, "seed": 1}
    store.create(code, {**create, "host_token": "h", "at": clock.now})
    store.append(code, 1, {"kind": "join", "name": "Anna", "token": "t", "at": clock.now})
    store.close()

    svc = service(db, clock)  # there is no "old-buzzer" game
    assert code not in svc.rooms
    [aside] = svc.aside
    assert aside.game == "old-buzzer" and "event 0 (create)" in aside.reason
    assert "is gone" in aside.reason and "rules version: 1 recorded, none now" in aside.reason
    svc.store.close()

    # the game comes back; `companion put-back CODE` replays the room on the next start
    games = {**GAMES, "old-buzzer": GAMES["buzzer"]}
    with pytest.raises(SystemExit) as done:
        cli.main(["put-back", "--db", str(db), code.lower()])
    assert done.value.code == 0
    svc = service(db, clock, games)
    assert svc.aside == [] and [p["name"] for p in svc.summary(code)["players"]] == ["Anna"]


def test_the_create_event_records_the_rules_version_and_old_logs_still_replay(
    tmp_path: Path,
) -> None:
    db, clock = tmp_path / "rooms.sqlite3", Clock()
    svc = service(db, clock)
    code = svc.create_room({"game": "buzzer"})["code"]
    assert stored_events(db, code)[0]["rules"] == GAMES["buzzer"].rules_version

    # a log written before the rules version was recorded
    old = {"kind": "create", "game": "buzzer", "options": {}, "seed": 3, "host_token": "h"}
    other = "BCDF" if code != "BCDF" else "CDFG"
    svc.store.create(other, {**old, "at": clock.now})
    svc.store.append(other, 1, {"kind": "join", "name": "Anna", "token": "t", "at": clock.now})
    svc.store.close()
    svc = service(db, clock)
    assert svc.aside == [] and [p["name"] for p in svc.summary(other)["players"]] == ["Anna"]
