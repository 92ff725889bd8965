"""The room command table (companion/rooms/commands.py): every command declared once, with who
may send it and its fields; a refused command says why, in the words the pages know, and
stores nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.games.registry import GAMES
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.rooms.avatars import SHAPES
from companion.rooms.commands import COMMANDS, By, Command, host_command
from companion.rooms.views import Binding, Role
from companion.store import SqliteStore
from tests.unit.test_room_service import Clock


def lobby(tmp_path: Path, clock: Clock) -> tuple[RoomService, str]:
    """A Witch's Brew lobby: the TV, Anna and Ben seated, a spectator."""
    config = ServiceConfig("http://t", languages=("en", "it", "cs"))
    svc = RoomService(SqliteStore(tmp_path / "db.sqlite3"), GAMES, clock, config)
    room = svc.create_room({"game": "witchs-brew"})
    code = room["code"]
    svc.host("tv", {"code": code, "host_token": room["host_token"]})
    svc.join("a", {"code": code, "name": "Anna"})
    svc.join("b", {"code": code, "name": "Ben"})
    svc.watch("spy", {"code": code})
    return svc, code


TOO_MANY_SEATS = list(range(65))

#: (the command, the refusal's message): every command's bad fields, all bad_request
BAD_FIELDS: list[tuple[str, dict[str, Any], str]] = [
    ("tv", {"type": "kick"}, "'seat' must be a whole number."),
    ("tv", {"type": "kick", "seat": "1"}, "'seat' must be a whole number."),
    ("tv", {"type": "kick", "seat": True}, "'seat' must be a whole number."),
    ("tv", {"type": "handoff", "seat": 1.5}, "'seat' must be a whole number."),
    ("tv", {"type": "first", "seat": "Anna"}, "'seat' must be a whole number."),
    ("tv", {"type": "order", "seats": "1,0"}, "'seats' must be a list."),
    ("tv", {"type": "order", "seats": [1, "0"]}, "'seats' must be a whole number."),
    (
        "tv",
        {"type": "order", "seats": TOO_MANY_SEATS},
        "'seats' holds too many items (at most: 64).",
    ),
    ("tv", {"type": "options"}, "'options' must be an object."),
    ("tv", {"type": "options", "options": [["expansion", True]]}, "'options' must be an object."),
    ("tv", {"type": "language"}, "'lang' must be a non-empty string."),
    ("tv", {"type": "language", "lang": 7}, "'lang' must be a non-empty string."),
    ("tv", {"type": "language", "lang": "x" * 17}, "'lang' is too long (characters at most: 16)."),
    ("tv", {"type": "language", "lang": "de"}, "This server does not speak de."),
    ("a", {"type": "avatar"}, "'avatar' must be an object {shape, colour}."),
    (
        "a",
        {"type": "avatar", "avatar": {"shape": "blob", "colour": "sky"}},
        f"Unknown avatar shape: pick one of {', '.join(SHAPES)}.",
    ),
    ("tv", {"type": "game"}, "'game' must be a non-empty string."),
    ("tv", {"type": "game", "game": "buzzer", "options": 3}, "'options' must be an object."),
    (
        "tv",
        {"type": "game", "game": "buzzer", "players": [0, "1"]},
        "'players' must be a whole number.",
    ),
    ("tv", {"type": "game", "game": "buzzer", "players": [0, 7]}, "There is no such seat."),
    ("tv", {"type": "game", "game": "buzzer", "players": [0, 0]}, "Name each seat once."),
    (
        "tv",
        {"type": "game", "game": "buzzer", "options": {"countdown": "soon"}},
        "Countdown, no random delay (s) must be a whole number.",
    ),
    ("tv", {"type": "dance"}, "Unknown room command 'dance'."),
    ("tv", {"type": "_leave"}, "Unknown room command '_leave'."),  # handlers are not reachable
    ("tv", {"type": "__init__"}, "Unknown room command '__init__'."),
    ("tv", {"type": ""}, "'type' must be a non-empty string."),
    ("tv", {"type": "k" * 41}, "'type' is too long (characters at most: 40)."),
    ("tv", {"seat": 0}, "'type' must be a non-empty string."),
]


@pytest.mark.parametrize(("conn", "command", "message"), BAD_FIELDS)
def test_a_bad_field_is_refused_with_its_sentence_and_nothing_is_stored(
    tmp_path: Path, clock: Clock, conn: str, command: dict[str, Any], message: str
) -> None:
    svc, code = lobby(tmp_path, clock)
    before = svc.store.events(code)
    clock.now += 1000
    with pytest.raises(RoomError) as refused:
        svc.room_command(conn, command)
    assert (refused.value.code, refused.value.message) == ("bad_request", message)
    assert svc.store.events(code) == before
    assert [p["name"] for p in svc.summary(code)["players"]] == ["Anna", "Ben"]


SENDERS = [
    *(
        ("a", {"type": name, "seat": 0}, "Only the host can do that.")
        for name, command in COMMANDS.items()
        if command.by is By.HOST
    ),
    ("spy", {"type": "start"}, "Only the host can do that."),
    ("tv", {"type": "leave"}, "Only a player can leave a seat."),
    ("spy", {"type": "leave"}, "Only a player can leave a seat."),
    (
        "tv",
        {"type": "avatar", "avatar": {"shape": "moon", "colour": "sky"}},
        "Only a player has an avatar.",
    ),
]


@pytest.mark.parametrize(("conn", "command", "message"), SENDERS)
def test_a_command_from_a_sender_it_is_not_for_is_forbidden(
    tmp_path: Path, clock: Clock, conn: str, command: dict[str, Any], message: str
) -> None:
    svc, code = lobby(tmp_path, clock)
    before = svc.store.events(code)
    with pytest.raises(RoomError) as refused:
        svc.room_command(conn, command)
    assert (refused.value.code, refused.value.message) == ("forbidden", message)
    assert svc.store.events(code) == before


def test_the_sender_is_checked_before_the_fields(tmp_path: Path, clock: Clock) -> None:
    svc, _ = lobby(tmp_path, clock)
    with pytest.raises(RoomError, match=r"Only the host can do that\."):
        svc.room_command("a", {"type": "kick", "seat": "nobody"})


def test_a_seat_that_holds_the_host_key_may_send_host_commands(
    tmp_path: Path, clock: Clock
) -> None:
    svc = RoomService(SqliteStore(tmp_path / "db.sqlite3"), GAMES, clock, ServiceConfig("http://t"))
    room = svc.create_room({"game": "buzzer"})
    svc.join("phone", {"code": room["code"], "name": "Anna", "host_token": room["host_token"]})
    assert svc.room_command("phone", {"type": "lock"}).ack == {"ok": True}
    assert svc.summary(room["code"])["status"] == "lobby"
    assert svc.room_command("phone", {"type": "leave"}).ack == {"ok": True}


def test_the_table_declares_each_command_the_protocol_names() -> None:
    host = {"start", "rematch", "pause", "resume", "end", "kick", "lock", "unlock", "options"}
    host |= {"order", "language", "first", "undo", "redo", "handoff", "game"}
    assert {name for name, c in COMMANDS.items() if c.by is By.HOST} == host
    assert {name for name, c in COMMANDS.items() if c.by is By.SEAT} == {"leave", "avatar"}
    assert all(name == command.name for name, command in COMMANDS.items())
    fields = {name: [f.name for f in c.fields] for name, c in COMMANDS.items() if c.fields}
    assert fields == {
        "avatar": ["avatar"],
        "kick": ["seat"],
        "options": ["options"],
        "order": ["seats"],
        "first": ["seat"],
        "handoff": ["seat"],
        "language": ["lang"],
        "game": ["game", "options", "players"],
    }


def test_who_may_send_a_command() -> None:
    def never(desk: Any, call: Any) -> Any:
        raise AssertionError("not run")

    table, seat = Binding("BCDF", Role.HOST), Binding("BCDF", Role.PLAYER, "t")
    hosting, spectator = (
        Binding("BCDF", Role.PLAYER, "t", hosting=True),
        Binding("BCDF", Role.SPECTATOR),
    )
    anna: Any = object()  # a player: allows() only asks whether there is one
    host_only = host_command("lock", never)
    anyone = Command("wave", By.ANYONE, never)
    assert [host_only.allows(b, None) for b in (table, seat, hosting, spectator)] == [
        True,
        False,
        True,
        False,
    ]
    assert COMMANDS["leave"].allows(seat, anna) and not COMMANDS["leave"].allows(table, None)
    assert anyone.allows(spectator, None) and anyone.allows(table, None)


def test_first_without_a_seat_lets_the_game_draw(tmp_path: Path, clock: Clock) -> None:
    svc, code = lobby(tmp_path, clock)
    svc.room_command("tv", {"type": "first", "seat": 1})
    assert svc.rooms[code].first_seat() == 1
    svc.room_command("tv", {"type": "first"})
    assert svc.rooms[code].first_seat() is None
    assert [e.get("seat", "-") for e in svc.store.events(code)[-2:]] == [1, None]
