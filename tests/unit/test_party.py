"""One party, many games (issue 23): the host's ``game`` command switches the room to another
game and keeps the seats; seats beyond the new game's maximum sit out and watch; the night's
scoreboard counts every finished game; a restart replays the night; undo never crosses a
switch. In process, with a hand-driven clock and a real SQLite file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.games.registry import GAMES
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.rooms.party import standings
from companion.store import SqliteStore
from tests.unit.test_room_service import Clock

NAMES = ("Anna", "Ben", "Cleo")


def party(tmp_path: Path, clock: Clock) -> tuple[RoomService, str]:
    """A buzzer night to 1 point: the TV, Anna, Ben and Cleo seated, a spectator watching."""
    svc = RoomService(SqliteStore(tmp_path / "db.sqlite3"), GAMES, clock, ServiceConfig("http://t"))
    room = svc.create_room({"game": "buzzer", "options": {"target": 1}})
    code = room["code"]
    svc.host("tv", {"code": code, "host_token": room["host_token"]})
    for name in NAMES:
        svc.join(name, {"code": code, "name": name, "avatar": None})
    svc.watch("spy", {"code": code})
    return svc, code


def view(svc: RoomService, conn: str) -> dict[str, Any]:
    """The view ``conn`` gets now (the last broadcast addressed to it)."""
    binding = svc.live.members.binding(conn)
    assert binding is not None
    room = svc.rooms[binding.code]
    [mine] = [o.payload for o in svc.live.broadcast(room) if o.to == conn]
    return mine


def room_command(svc: RoomService, conn: str, **command: Any) -> dict[str, Any]:
    ack: dict[str, Any] = svc.room_command(conn, command).ack
    return ack


def win(svc: RoomService, clock: Clock, seat: int) -> None:
    """The buzzer game in play ends: ``seat`` gets the one point it takes."""
    clock.now += 1000
    svc.act("tv", {"type": "award", "seat": seat, "points": 1})


def test_the_game_command_switches_the_game_and_keeps_the_party(
    tmp_path: Path, clock: Clock
) -> None:
    svc, code = party(tmp_path, clock)
    room_command(svc, "tv", type="language", lang="en")
    before = view(svc, "Ben")["room"]
    room_command(svc, "tv", type="start")
    win(svc, clock, 1)
    assert room_command(svc, "tv", type="game", game="witchs-brew") == {"ok": True}
    after = view(svc, "Ben")["room"]
    assert (after["game"], after["title"], after["status"]) == (
        "witchs-brew",
        "Witch's Brew",
        "lobby",
    )
    assert after["options"] == GAMES["witchs-brew"].resolve_options({})
    assert after["game_number"] == 1  # counts on at the next start
    keep = ("seat", "name", "avatar")
    assert [{k: p[k] for k in keep} for p in after["players"]] == [
        {k: p[k] for k in keep} for p in before["players"]
    ]
    assert [p["sitting_out"] for p in after["players"]] == [False] * 3
    assert after["lang"] == "en" and view(svc, "spy")["room"]["role"] == "spectator"
    assert view(svc, "Ben")["game"] is None
    room_command(svc, "tv", type="start")
    assert view(svc, "Ben")["room"]["game_number"] == 2
    assert view(svc, "Ben")["game"]["you"]["prompt"]["kind"] in ("act", "wait")


def test_a_switch_is_refused_mid_game_by_a_player_and_to_what_is_not_there(
    tmp_path: Path, clock: Clock
) -> None:
    svc, code = party(tmp_path, clock)
    room_command(svc, "tv", type="start")
    before = svc.store.events(code)
    refusals = [
        (
            "tv",
            {"game": "witchs-brew"},
            "illegal",
            "Another game can be chosen in the lobby or once this one is over.",
        ),
        ("Anna", {"game": "witchs-brew"}, "forbidden", "Only the host can do that."),
        ("spy", {"game": "witchs-brew"}, "forbidden", "Only the host can do that."),
    ]
    room_command(svc, "tv", type="pause")
    refusals.append(("tv", {"game": "buzzer"}, "illegal", refusals[0][3]))
    before = svc.store.events(code)
    for conn, command, code_, message in refusals:
        with pytest.raises(RoomError) as refused:
            room_command(svc, conn, type="game", **command)
        assert (refused.value.code, refused.value.message) == (code_, message)
    room_command(svc, "tv", type="end")
    before = svc.store.events(code)
    for command, code_, message in [
        ({"game": "chess"}, "bad_request", "There is no such game."),
        ({"game": "buzzer", "options": {"colour": 1}}, "bad_request", "Unknown option: colour."),
    ]:
        with pytest.raises(RoomError) as refused:
            room_command(svc, "tv", type="game", **command)
        assert (refused.value.code, refused.value.message) == (code_, message)
    assert svc.store.events(code) == before
    assert view(svc, "tv")["room"]["game"] == "buzzer"


def test_seats_beyond_the_maximum_are_chosen_and_the_others_sit_out_and_watch(
    tmp_path: Path, clock: Clock
) -> None:
    svc, code = party(tmp_path, clock)
    before = svc.store.events(code)
    with pytest.raises(RoomError) as refused:
        room_command(svc, "tv", type="game", game="witchcraft")
    assert refused.value.code == "illegal"
    too_many = "Too many players for Witchcraft (at most: 2): choose who plays."
    assert refused.value.message == too_many
    assert refused.value.params == {"game": "Witchcraft", "max": 2}
    with pytest.raises(RoomError, match=r"\(at most: 2\)"):
        room_command(svc, "tv", type="game", game="witchcraft", players=[0, 1, 2])
    assert svc.store.events(code) == before

    # Anna (0) sits out: Ben and Cleo play, seats 0 and 1; Anna comes after them, watching.
    assert room_command(svc, "tv", type="game", game="witchcraft", players=[2, 1])["ok"]
    players = view(svc, "tv")["room"]["players"]
    assert [(p["seat"], p["name"], p["sitting_out"]) for p in players] == [
        (0, "Ben", False),
        (1, "Cleo", False),
        (2, "Anna", True),
    ]
    assert view(svc, "Anna")["room"]["seat"] == 2
    # A seat that sits out is no seat of this game: nobody joins in its place, it cannot start
    with pytest.raises(RoomError, match="room is full"):
        svc.join("Dan", {"code": code, "name": "Dan"})
    with pytest.raises(RoomError, match="There is no such seat"):
        room_command(svc, "tv", type="first", seat=2)
    room_command(svc, "tv", type="start")
    anna = view(svc, "Anna")
    table = view(svc, "tv")["game"]
    assert anna["game"] == {**table, "you": {"sitting_out": True}}
    with pytest.raises(RoomError) as refused:
        svc.act("Anna", {"type": "resign"})
    assert (refused.value.code, refused.value.message) == (
        "forbidden",
        "Spectators watch; they cannot play.",
    )
    assert (
        "you" in view(svc, "Ben")["game"] and view(svc, "Ben")["game"]["you"] != anna["game"]["you"]
    )
    # a seat that sits out may leave mid-game: the game never hears of it
    room_command(svc, "Anna", type="leave")
    assert view(svc, "tv")["room"]["status"] == "playing"

    # the next switch brings everyone back (who is still here)
    room_command(svc, "tv", type="end")
    room_command(svc, "tv", type="game", game="buzzer")
    players = view(svc, "tv")["room"]["players"]
    assert [(p["name"], p["sitting_out"]) for p in players] == [("Ben", False), ("Cleo", False)]


def test_a_new_player_joins_before_the_seats_that_sit_out(tmp_path: Path, clock: Clock) -> None:
    svc, code = party(tmp_path, clock)
    room_command(svc, "tv", type="game", game="witchs-brew", players=[0, 2])
    svc.join("Dan", {"code": code, "name": "Dan"})
    players = view(svc, "tv")["room"]["players"]
    assert [(p["seat"], p["name"], p["sitting_out"]) for p in players] == [
        (0, "Anna", False),
        (1, "Cleo", False),
        (2, "Dan", False),
        (3, "Ben", True),
    ]
    # the host's order keeps the seats that sit out last
    room_command(svc, "tv", type="order", seats=[3, 2, 1, 0])
    players = view(svc, "tv")["room"]["players"]
    assert [p["name"] for p in players] == ["Dan", "Cleo", "Anna", "Ben"]
    room_command(svc, "tv", type="start")
    assert view(svc, "Dan")["game"]["you"]["prompt"]["kind"] in ("act", "wait")
    assert view(svc, "tv")["game"]["outcome"] is None
    # Ben plays the next game from his place at the table (the host's order: Ben, Dan, …)
    room_command(svc, "tv", type="end")
    room_command(svc, "tv", type="game", game="buzzer")
    players = view(svc, "tv")["room"]["players"]
    assert [(p["name"], p["sitting_out"]) for p in players] == [
        ("Ben", False),
        ("Dan", False),
        ("Cleo", False),
        ("Anna", False),
    ]


def test_a_spectator_sits_down_in_the_lobby(tmp_path: Path, clock: Clock) -> None:
    svc, code = party(tmp_path, clock)
    ack = svc.sit("spy", {"name": "Dan", "avatar": {"shape": "moon", "colour": "sky"}}).ack
    assert (ack["ok"], ack["seat"], ack["view"]["room"]["role"]) == (True, 3, "player")
    assert view(svc, "spy")["room"]["players"][3]["name"] == "Dan"
    assert view(svc, "tv")["room"]["spectators"] == 0
    assert svc.room_command("spy", {"type": "leave"}).ack["ok"]  # the seat is this connection's
    before = svc.store.events(code)
    for conn, message in [
        ("tv", "Only a spectator can take a seat."),
        ("Anna", "Only a spectator can take a seat."),
        ("nobody", "Join a room first."),
    ]:
        with pytest.raises(RoomError, match=message):
            svc.sit(conn, {"name": "Eve"})
    assert svc.store.events(code) == before


def test_the_night_counts_each_finished_game_by_place(tmp_path: Path, clock: Clock) -> None:
    svc, code = party(tmp_path, clock)
    assert view(svc, "tv")["room"]["night"] == []
    room_command(svc, "tv", type="start")
    assert view(svc, "tv")["room"]["night"] == []  # a game in play is not counted
    win(svc, clock, 1)  # Ben 1st (3 points), Anna and Cleo share 2nd (2 points each)
    first = [
        {"seat": 1, "games": 1, "wins": 1, "points": 3},
        {"seat": 0, "games": 1, "wins": 0, "points": 2},
        {"seat": 2, "games": 1, "wins": 0, "points": 2},
    ]
    assert view(svc, "Anna")["room"]["night"] == first
    # an undo out of the end takes the game off the scoreboard, a redo puts it back
    room_command(svc, "tv", type="undo")
    assert view(svc, "tv")["room"]["night"] == []
    room_command(svc, "tv", type="redo")
    assert view(svc, "tv")["room"]["night"] == first
    # a rematch abandoned mid-game counts nothing; the next finished one counts
    room_command(svc, "tv", type="rematch")
    assert view(svc, "tv")["room"]["night"] == first
    room_command(svc, "tv", type="rematch")
    win(svc, clock, 2)
    assert view(svc, "tv")["room"]["night"] == [
        {"seat": 1, "games": 2, "wins": 1, "points": 5},
        {"seat": 2, "games": 2, "wins": 1, "points": 5},
        {"seat": 0, "games": 2, "wins": 0, "points": 4},
    ]
    # a game only two played: Anna sits out and is not counted for it
    room_command(svc, "tv", type="game", game="witchcraft", players=[1, 2])
    room_command(svc, "tv", type="start")
    svc.act("Ben", {"type": "resign"})
    night = view(svc, "tv")["room"]["night"]
    seats = {p["name"]: p["seat"] for p in view(svc, "tv")["room"]["players"]}
    assert {row["seat"]: row["games"] for row in night} == {
        seats["Anna"]: 2,
        seats["Ben"]: 3,
        seats["Cleo"]: 3,
    }
    assert night[0] == {"seat": seats["Cleo"], "games": 3, "wins": 2, "points": 8}

    # the night survives a restart: the log replays every game of it
    svc.store.close()
    again = RoomService(
        SqliteStore(tmp_path / "db.sqlite3"), GAMES, clock, ServiceConfig("http://t")
    )
    room = again.rooms[code]
    assert (room.game.id, room.status.value) == ("witchcraft", "over")
    assert [s.as_json() for s in standings(room)] == night
    assert [p.sitting_out for p in room.players] == [False, False, True]


def test_undo_never_crosses_a_switch(tmp_path: Path, clock: Clock) -> None:
    svc, code = party(tmp_path, clock)
    room_command(svc, "tv", type="start")
    win(svc, clock, 0)
    room_command(svc, "tv", type="game", game="buzzer", options={"target": 2})
    for command in ("undo", "redo"):
        with pytest.raises(RoomError) as refused:
            room_command(svc, "tv", type=command)
        assert refused.value.code == "illegal"
    room_command(svc, "tv", type="start")
    with pytest.raises(RoomError, match="Nothing to undo in this game"):
        room_command(svc, "tv", type="undo")
    assert view(svc, "tv")["room"]["options"]["target"] == 2
