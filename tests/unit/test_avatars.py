"""Avatars: picked at join or later, distinct defaults per room, checked, kept in the log."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import ErrorCode
from companion.rooms import RoomError
from companion.rooms.avatars import COLOURS, SHAPES
from tests.unit.test_room_service import Clock, make


def avatars(view: dict) -> list[dict]:
    return [p["avatar"] for p in view["room"]["players"]]


def room_with_tv(svc) -> str:
    room = svc.create_room({"game": "buzzer"})
    svc.host("tv", {"code": room["code"], "host_token": room["host_token"]})
    return room["code"]


def test_default_avatars_differ_in_shape_and_colour_for_eight_seats(
    tmp_path: Path, clock: Clock
) -> None:
    svc = make(tmp_path / "db.sqlite3", clock)
    code = room_with_tv(svc)
    for k in range(8):
        view = svc.join(f"p{k}", {"code": code, "name": f"P{k}"}).ack["view"]
    picked = avatars(view)
    assert len({a["shape"] for a in picked}) == 8
    assert len({a["colour"] for a in picked}) == 8


def test_an_avatar_picked_at_join_is_kept_and_shown_to_everyone(
    tmp_path: Path, clock: Clock
) -> None:
    svc = make(tmp_path / "db.sqlite3", clock)
    code = room_with_tv(svc)
    star = {"shape": "star", "colour": "purple"}
    ack = svc.join("a", {"code": code, "name": "Anna", "avatar": star}).ack
    assert avatars(ack["view"]) == [star]
    assert svc.summary(code)["players"][0]["avatar"] == star


def test_a_taken_avatar_at_join_gives_the_next_free_one_instead_of_failing(
    tmp_path: Path, clock: Clock
) -> None:
    svc = make(tmp_path / "db.sqlite3", clock)
    code = room_with_tv(svc)
    star = {"shape": "star", "colour": "purple"}
    svc.join("a", {"code": code, "name": "Anna", "avatar": star})
    view = svc.join("b", {"code": code, "name": "Ben", "avatar": star}).ack["view"]
    first, second = avatars(view)
    assert first == star and second != star


def test_a_player_changes_avatar_but_not_to_one_another_seat_has(
    tmp_path: Path, clock: Clock
) -> None:
    svc = make(tmp_path / "db.sqlite3", clock)
    code = room_with_tv(svc)
    svc.join("a", {"code": code, "name": "Anna"})
    ben = svc.join("b", {"code": code, "name": "Ben"}).ack["view"]["room"]["players"][1]
    moon = {"shape": "moon", "colour": "sky"}
    reply = svc.room_command("a", {"type": "avatar", "avatar": moon})
    assert reply.ack == {"ok": True}
    tv_views = [o.payload for o in reply.out if o.to == "tv" and o.event == "view"]
    assert avatars(tv_views[-1])[0] == moon
    seq = svc.rooms[code].seq
    with pytest.raises(RoomError) as refused:
        svc.room_command("a", {"type": "avatar", "avatar": ben["avatar"]})
    assert refused.value.code is ErrorCode.ILLEGAL
    assert svc.rooms[code].seq == seq


@pytest.mark.parametrize(
    "bad",
    [
        None,
        "star",
        {"shape": "blob", "colour": "sky"},
        {"shape": "star", "colour": "red"},
        {"shape": ["star"], "colour": "sky"},
        {"colour": "sky"},
    ],
)
def test_a_malformed_avatar_is_refused_and_changes_nothing(
    tmp_path: Path, clock: Clock, bad: object
) -> None:
    svc = make(tmp_path / "db.sqlite3", clock)
    code = room_with_tv(svc)
    svc.join("a", {"code": code, "name": "Anna"})
    seq = svc.rooms[code].seq
    with pytest.raises(RoomError) as refused:
        svc.room_command("a", {"type": "avatar", "avatar": bad})
    assert refused.value.code is ErrorCode.BAD_REQUEST
    if bad is not None:
        with pytest.raises(RoomError):
            svc.join("b", {"code": code, "name": "Ben", "avatar": bad})
    assert svc.rooms[code].seq == seq


def test_only_a_player_has_an_avatar(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock)
    code = room_with_tv(svc)
    svc.watch("spy", {"code": code})
    for conn in ("tv", "spy"):
        with pytest.raises(RoomError) as refused:
            svc.room_command(conn, {"type": "avatar", "avatar": {"shape": "star", "colour": "sky"}})
        assert refused.value.code is ErrorCode.FORBIDDEN


def test_avatars_survive_a_restart(tmp_path: Path, clock: Clock) -> None:
    db = tmp_path / "db.sqlite3"
    svc = make(db, clock)
    code = room_with_tv(svc)
    svc.join("a", {"code": code, "name": "Anna", "avatar": {"shape": "heart", "colour": "white"}})
    svc.join("b", {"code": code, "name": "Ben"})
    svc.room_command("b", {"type": "avatar", "avatar": {"shape": "hexagon", "colour": "blue"}})
    before = svc.summary(code)["players"]
    again = make(db, clock)
    assert again.summary(code)["players"] == [{**p, "connected": False} for p in before]
    assert [p["avatar"]["shape"] for p in before] == ["heart", "hexagon"]


def test_the_sets_are_eight_by_eight() -> None:
    assert len(set(SHAPES)) == 8 and len(set(COLOURS)) == 8
