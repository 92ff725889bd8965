"""A solo game from one phone: the seat that brings the host key hosts too, and the room of an
unfinished solo game never closes for being idle (a party room still does)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rooms import RoomError
from tests.unit.test_room_service import Clock, make

DAY = 24 * 3_600_000


def solo(svc, conn: str = "phone"):  # type: ignore[no-untyped-def]
    room = svc.create_room({"game": "carodejnice"})
    reply = svc.join(conn, {"code": room["code"], "name": "Anna", "host_token": room["host_token"]})
    return room, reply


def test_a_seat_with_the_host_key_starts_its_own_game(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock)
    room, reply = solo(svc)
    assert reply.ack["seat"] == 0 and reply.ack["view"]["room"]["host"] is True
    assert reply.ack["view"]["room"]["role"] == "player"
    assert svc.room_command("phone", {"type": "start"}).ack == {"ok": True}
    svc.act("phone", {"type": "ready"})
    assert svc.rooms[room["code"]].state.round == 1


def test_a_wrong_host_key_is_refused_and_seats_nobody(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock)
    room = svc.create_room({"game": "carodejnice"})
    with pytest.raises(RoomError) as refused:
        svc.join("phone", {"code": room["code"], "name": "Anna", "host_token": "nope"})
    assert refused.value.code == "bad_token"
    assert svc.rooms[room["code"]].players == []


def test_a_plain_seat_still_cannot_host(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock)
    room = svc.create_room({"game": "carodejnice"})
    reply = svc.join("phone", {"code": room["code"], "name": "Anna"})
    assert reply.ack["view"]["room"]["host"] is False
    with pytest.raises(RoomError) as refused:
        svc.room_command("phone", {"type": "start"})
    assert refused.value.code == "forbidden"


def test_rejoining_with_the_seat_token_and_host_key_hosts_again(
    tmp_path: Path, clock: Clock
) -> None:
    svc = make(tmp_path / "db.sqlite3", clock)
    room, first = solo(svc)
    again = svc.join(
        "phone2",
        {"code": room["code"], "token": first.ack["token"], "host_token": room["host_token"]},
    )
    assert again.ack["seat"] == 0 and again.ack["view"]["room"]["host"] is True
    svc.room_command("phone2", {"type": "start"})


def test_an_unfinished_solo_game_outlives_the_idle_expiry_for_days(
    tmp_path: Path, clock: Clock
) -> None:
    db = tmp_path / "db.sqlite3"
    svc = make(db, clock, expiry=10_000)
    room, _ = solo(svc)
    svc.room_command("phone", {"type": "start"})
    svc.disconnect("phone")
    clock.now += 5 * DAY
    svc.tick()
    assert room["code"] in svc.rooms
    assert room["code"] in make(db, clock, expiry=10_000).rooms  # and after a restart


def test_a_finished_solo_game_expires_like_any_room(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock, expiry=10_000)
    room, _ = solo(svc)
    svc.room_command("phone", {"type": "start"})
    svc.act("phone", {"type": "ready"})
    svc.act("phone", {"type": "card", "effect": "lose"})
    clock.now += 10_001
    svc.tick()
    assert room["code"] not in svc.rooms


def test_a_party_room_in_play_still_expires(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock, expiry=10_000)
    room = svc.create_room({"game": "buzzer"})
    svc.host("tv", {"code": room["code"], "host_token": room["host_token"]})
    svc.join("a", {"code": room["code"], "name": "Anna"})
    svc.room_command("tv", {"type": "start"})
    clock.now += 10_001
    svc.tick()
    assert room["code"] not in svc.rooms
