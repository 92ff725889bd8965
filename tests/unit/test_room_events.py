"""Room events as typed records (companion/rooms/events.py): every kind has its record and its
handler in the room, a stored event is checked on its way back from the store, and the JSON the
store keeps is exactly what it was before the records existed (old logs must replay)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.games.registry import GAMES
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.rooms.events import KINDS, CreateEvent, DamagedEvent, parse, parse_create
from companion.rooms.room import HANDLERS
from companion.store import SqliteStore
from tests.unit.test_room_service import Clock


def test_every_kind_has_a_handler_and_every_handler_a_kind() -> None:
    assert set(HANDLERS) == set(KINDS)
    assert {kind: record.__annotations__["kind"].__args__ for kind, record in KINDS.items()} == {
        kind: (kind,) for kind in KINDS
    }


#: the fields each kind needs (besides kind and at) and the ones it may have
FIELDS = {
    "join": ({"name", "token"}, {"avatar"}),
    "leave": ({"seat"}, set()),
    "kick": ({"seat"}, set()),
    "avatar": ({"seat", "avatar"}, set()),
    "order": ({"seats"}, set()),
    "first": ({"seat"}, set()),
    "language": ({"lang"}, set()),
    "options": ({"options"}, set()),
    "rematch": ({"seed"}, set()),
    "game": ({"game", "rules", "options", "seed"}, {"players"}),
    "act": ({"seat", "action"}, {"race"}),
    **dict.fromkeys(
        ("lock", "unlock", "start", "pause", "resume", "end", "undo", "redo", "timeout"),
        (set(), set()),
    ),
}


@pytest.mark.parametrize("kind", KINDS)
def test_each_record_needs_exactly_the_fields_its_handler_reads(kind: str) -> None:
    needed, optional = FIELDS[kind]
    assert KINDS[kind].__required_keys__ == needed | {"kind", "at"}
    assert KINDS[kind].__optional_keys__ == optional


def test_the_create_record_tolerates_logs_from_before_rules_versions() -> None:
    assert CreateEvent.__required_keys__ == {"kind", "game", "seed", "host_token", "at"}
    old = {"kind": "create", "game": "buzzer", "seed": 3, "host_token": "h", "at": 1.0}
    assert parse_create(old) is old
    with pytest.raises(DamagedEvent, match="the create event lacks 'host_token', 'seed'"):
        parse_create({"kind": "create", "game": "buzzer", "at": 1.0})


def test_a_stored_event_is_checked_on_its_way_back() -> None:
    join = {"kind": "join", "name": "Anna", "token": "t", "at": 1.0, "later": "kept"}
    assert parse(join) is join  # fields a later version adds are left alone
    with pytest.raises(DamagedEvent, match="the join event lacks 'token'"):
        parse({"kind": "join", "name": "Anna", "at": 1.0})
    with pytest.raises(RoomError, match="Unknown room event 'shout'"):
        parse({"kind": "shout", "at": 1.0})
    with pytest.raises(RoomError, match="Unknown room event 7"):
        parse({"kind": 7, "at": 1.0})


def stored_bodies(db: Path) -> list[str]:
    with sqlite3.connect(db) as raw:
        bodies = [b for (b,) in raw.execute("SELECT body FROM events ORDER BY code, seq")]
    raw.close()
    return bodies


#: every kind's keys, in the order the JSON in the log has had them since before the records
KEY_ORDER = {
    "create": ["kind", "game", "rules", "options", "seed", "host_token", "at"],
    "join": ["kind", "name", "token", "at"],
    "join+avatar": ["kind", "name", "token", "at", "avatar"],
    "avatar": ["kind", "seat", "avatar", "at"],
    "leave": ["kind", "seat", "at"],
    "kick": ["kind", "at", "seat"],
    "order": ["kind", "at", "seats"],
    "first": ["kind", "at", "seat"],
    "options": ["kind", "at", "options"],
    "language": ["kind", "at", "lang"],
    "rematch": ["kind", "at", "seed"],
    "game": ["kind", "at", "game", "rules", "options", "seed"],
    "game+players": ["kind", "at", "game", "rules", "options", "seed", "players"],
    "act": ["kind", "seat", "action", "at"],
    "act+race": ["kind", "seat", "action", "at", "race"],
    **{k: ["kind", "at"] for k in ("lock", "unlock", "start", "pause", "resume", "end")},
    **{k: ["kind", "at"] for k in ("undo", "redo", "timeout")},
}


def test_the_log_keeps_every_kind_as_it_always_has(tmp_path: Path, clock: Clock) -> None:
    db = tmp_path / "db.sqlite3"
    config = ServiceConfig("http://t", languages=("en", "it"))
    svc = RoomService(SqliteStore(db), GAMES, clock, config)
    room = svc.create_room({"game": "buzzer", "options": {"random_delay": False}})
    code, tv = room["code"], "tv"
    svc.host(tv, {"code": code, "host_token": room["host_token"]})
    svc.join("a", {"code": code, "name": "Anna", "avatar": {"shape": "star", "colour": "sky"}})
    for conn, name in (("b", "Ben"), ("c", "Cy")):
        svc.join(conn, {"code": code, "name": name})
    commands: list[tuple[str, dict[str, Any]]] = [
        ("a", {"type": "avatar", "avatar": {"shape": "moon", "colour": "blue"}}),
        (tv, {"type": "order", "seats": [2, 0, 1]}),
        (tv, {"type": "options", "options": {"countdown": 1}}),
        (tv, {"type": "language", "lang": "it"}),
        (tv, {"type": "lock"}),
        (tv, {"type": "unlock"}),
        (tv, {"type": "kick", "seat": 0}),
        (tv, {"type": "start"}),
    ]
    for conn, command in commands:
        assert svc.room_command(conn, command).ack["ok"]
    svc.act(tv, {"type": "arm"})
    clock.now += 1500  # the countdown ends: a timeout opens the round
    svc.act("a", {"type": "buzz", "t": 0.0})
    clock.now += 500
    svc.tick()
    svc.act(tv, {"type": "award", "seat": 0})
    for command in ("undo", "redo", "pause", "resume", "end", "rematch"):
        svc.room_command(tv, {"type": command})
    svc.room_command(tv, {"type": "end"})
    svc.room_command(tv, {"type": "game", "game": "witchcraft", "players": [0, 1]})
    svc.room_command(tv, {"type": "game", "game": "buzzer"})
    svc.room_command("b", {"type": "leave"})
    brew = svc.create_room({"game": "witchs-brew"})
    svc.host("tv2", {"code": brew["code"], "host_token": brew["host_token"]})
    svc.join("d", {"code": brew["code"], "name": "Di"})
    svc.room_command("tv2", {"type": "first", "seat": 0})
    svc.room_command("tv2", {"type": "first", "seat": None})
    svc.store.close()

    events = [json.loads(body) for body in stored_bodies(db)]
    seen = set()
    for event in events:
        kind = event["kind"]
        shape = f"{kind}+avatar" if "avatar" in event and kind == "join" else kind
        shape = f"{kind}+race" if "race" in event else shape
        shape = f"{kind}+players" if "players" in event else shape
        assert list(event) == KEY_ORDER[shape], event
        seen.add(shape)
    assert seen == set(KEY_ORDER)
    firsts = [e["seat"] for e in events if e["kind"] == "first"]
    assert firsts == [0, None]


def test_a_log_with_a_damaged_event_is_set_aside_with_what_it_lacks(
    tmp_path: Path, clock: Clock
) -> None:
    db = tmp_path / "db.sqlite3"
    store = SqliteStore(db)
    create = {"kind": "create", "game": "buzzer", "rules": 2, "options": {}, "seed": 1}
    store.create("BCDF", {**create, "host_token": "h", "at": clock.now})
    store.append("BCDF", 1, {"kind": "join", "name": "Anna", "at": clock.now})
    store.close()
    svc = RoomService(SqliteStore(db), GAMES, clock, ServiceConfig("http://t"))
    assert "BCDF" not in svc.rooms
    [aside] = svc.aside
    assert "event 1 (join) no longer replays: DamagedEvent: the join event lacks 'token'" in (
        aside.reason
    )
