"""Members (companion/rooms/members.py): which connection is in which room as what, and the
views and notes for a room's connections."""

from __future__ import annotations

import pytest

from companion.games.registry import GAMES
from companion.rooms import RoomError
from companion.rooms.events import CreateEvent
from companion.rooms.members import Members
from companion.rooms.room import Room
from companion.rooms.views import Binding, Role


def room() -> Room:
    create = CreateEvent(kind="create", game="buzzer", seed=1, host_token="h", at=0.0)
    made = Room("BCDF", GAMES["buzzer"], create)
    made.prepare({"kind": "join", "name": "Anna", "token": "anna", "at": 0.0})()
    return made


def test_connections_are_bound_to_one_room_each() -> None:
    members, table = Members(), room()
    members.open(table.code, version=3)
    members.bind("tv", Binding(table.code, Role.HOST))
    members.bind("phone", Binding(table.code, Role.PLAYER, "anna"))
    members.bind("old-phone", Binding(table.code, Role.PLAYER, "anna"))
    members.bind("spy", Binding(table.code, Role.SPECTATOR))
    with pytest.raises(RoomError, match=r"This connection is already in a room\."):
        members.unbound("tv")
    members.unbound("stranger")
    assert sorted(members.with_token(table.code, "anna")) == ["old-phone", "phone"]
    assert members.hosts(table.code) == ["tv"] and members.online(table.code) == {"anna"}
    assert members.count(table.code, Role.SPECTATOR) == 1
    assert members.unbind("old-phone") == Binding(table.code, Role.PLAYER, "anna")
    assert members.unbind("old-phone") is None
    assert members.of(table.code) == ["phone", "spy", "tv"]
    assert sorted(members.close(table.code)) == ["phone", "spy", "tv"]
    assert members.binding("tv") is None


def test_every_broadcast_is_a_new_version_for_every_connection() -> None:
    members, table = Members(), room()
    members.open(table.code, version=table.seq)  # the views go on from the room's events
    assert table.seq == 1
    members.bind("tv", Binding(table.code, Role.HOST))
    members.bind("phone", Binding(table.code, Role.PLAYER, "anna"))
    first = members.broadcast(table, now=5.0, join_url="http://t/j/BCDF")
    second = members.broadcast(table, now=6.0, join_url="http://t/j/BCDF")
    assert [(o.to, o.event, o.payload["v"]) for o in first + second] == [
        ("phone", "view", 2),
        ("tv", "view", 2),
        ("phone", "view", 3),
        ("tv", "view", 3),
    ]
    assert [o.payload["room"]["seat"] for o in first] == [0, None]
    assert first[0].payload["room"]["players"][0]["connected"] is True
    notes = members.notify(table.code, {"kind": "expired"})
    assert [(o.to, o.event, o.payload) for o in notes] == [
        ("phone", "note", {"kind": "expired"}),
        ("tv", "note", {"kind": "expired"}),
    ]
