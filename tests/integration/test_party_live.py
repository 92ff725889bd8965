"""One party, many games (issue 23), against a live server with real Socket.IO clients: the
host's ``game`` command switches the game and keeps every phone's connection; its refusals
change nothing; seats beyond the new game's maximum sit out and watch; a spectator takes a free
seat; the night's scoreboard and the sitting out survive a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support import LiveServer, Peer, http_json, seated

pytestmark = pytest.mark.integration

SHARE_SERVER = True  # each test makes its own room; the restart test starts its own server

NAMES = ["Anna", "Ben", "Cleo"]


def version(peer: Peer) -> int:
    return int(peer.latest()["v"])


def players(peer: Peer) -> list[tuple[int, str, bool]]:
    return [(p["seat"], p["name"], p["sitting_out"]) for p in peer.latest()["room"]["players"]]


def test_a_refused_switch_changes_nothing(server: LiveServer, peers: list[Peer]) -> None:
    room, tv, phones = seated(server, peers, NAMES, options={"target": 1})
    assert tv.call("room", {"type": "start"})["ok"]
    tv.wait_view(lambda v: v["room"]["status"] == "playing")
    mid_game = "Another game can be chosen in the lobby or once this one is over."
    refusals: list[tuple[Peer, dict[str, Any], str, str]] = [
        (tv, {"game": "witchs-brew"}, "illegal", mid_game),
        (phones[0], {"game": "witchs-brew"}, "forbidden", "Only the host can do that."),
    ]
    for sender, command, code, message in refusals:
        seen = version(tv)
        ack = sender.call("room", {"type": "game", **command})
        assert (ack["ok"], ack["error"]["code"], ack["error"]["message"]) == (False, code, message)
        assert version(tv) == seen
    assert tv.call("room", {"type": "pause"})["ok"]
    ack = tv.call("room", {"type": "game", "game": "buzzer"})
    assert ack["error"]["code"] == "illegal"  # paused is mid-game too
    assert tv.call("room", {"type": "end"})["ok"]
    over = tv.wait_view(lambda v: v["room"]["status"] == "over")
    for command, code in [
        ({"game": "chess"}, "bad_request"),
        ({"game": "buzzer", "options": {"target": -1}}, "bad_request"),
        ({"game": "buzzer", "options": {"colour": "red"}}, "bad_request"),
        ({"game": "buzzer", "options": "fast"}, "bad_request"),
        ({"game": "buzzer", "players": [0, 9]}, "bad_request"),
    ]:
        ack = tv.call("room", {"type": "game", **command})
        assert (ack["ok"], ack["error"]["code"]) == (False, code), (command, ack)
    assert version(tv) == over["v"]
    status, summary = http_json("GET", f"{server.url}/api/rooms/{room['code']}")
    assert (status, summary["game"], summary["status"]) == (200, "buzzer", "over")


def test_seats_beyond_the_maximum_sit_out_and_watch_without_a_reload(
    server: LiveServer, peers: list[Peer]
) -> None:
    _, tv, phones = seated(server, peers, NAMES, options={"target": 1})
    anna, ben, cleo = phones
    assert tv.call("room", {"type": "start"})["ok"]
    assert tv.call("act", {"type": "award", "seat": 1, "points": 1})["ok"]
    tv.wait_view(lambda v: v["room"]["status"] == "over")

    ack = tv.call("room", {"type": "game", "game": "witchcraft"})
    assert (ack["ok"], ack["error"]["code"]) == (False, "illegal")
    too_many = "Too many players for {game} (at most: {max}): choose who plays."
    assert ack["error"]["template"] == too_many
    assert ack["error"]["params"] == {"game": "Witchcraft", "max": 2}

    assert tv.call("room", {"type": "game", "game": "witchcraft", "players": [1, 2]})["ok"]
    for phone in phones:  # the same connections: nobody reloads, rescans or rejoins
        phone.wait_view(lambda v: v["room"]["game"] == "witchcraft")
        assert phone.sio.connected
    assert players(tv) == [(0, "Ben", False), (1, "Cleo", False), (2, "Anna", True)]
    assert {"kind": "game"} in anna.notes()
    lobby = anna.latest()["room"]
    assert (lobby["status"], lobby["seat"], lobby["title"]) == ("lobby", 2, "Witchcraft")

    assert tv.call("room", {"type": "start"})["ok"]
    # the newest view of the started game (an older view of the finished buzzer has a game too)
    watching = anna.wait_view(
        lambda v: v["room"]["status"] == "playing" and v["room"]["game"] == "witchcraft"
    )
    table = tv.wait_view(lambda v: v["v"] == watching["v"])
    assert watching["game"] == {**table["game"], "you": {"sitting_out": True}}
    refused = anna.call("act", {"type": "resign"})
    assert (refused["ok"], refused["error"]["code"]) == (False, "forbidden")
    playing = ben.wait_view(  # his view of the start may come a moment after Anna's
        lambda v: v["room"]["status"] == "playing" and v["room"]["game"] == "witchcraft"
    )
    assert playing["game"]["you"]["prompt"]["kind"] in ("act", "wait")
    assert ben.call("act", {"type": "resign"})["ok"]
    # (not the buzzer's end, which Cleo has seen too: hers of Witchcraft may come a moment later)
    night = cleo.wait_view(
        lambda v: v["room"]["status"] == "over" and v["room"]["game"] == "witchcraft"
    )["room"]["night"]
    # Buzzer: Ben 1st (3), Anna and Cleo 2nd (2 each); Witchcraft: Cleo 1st (3), Ben 2nd (2)
    assert night == [
        {"seat": 0, "games": 2, "wins": 1, "points": 5},  # Ben, then Cleo: equal, by seat
        {"seat": 1, "games": 2, "wins": 1, "points": 5},
        {"seat": 2, "games": 1, "wins": 0, "points": 2},
    ]

    # the next switch may bring Anna back
    assert tv.call("room", {"type": "game", "game": "witchs-brew"})["ok"]
    tv.wait_view(lambda v: v["room"]["game"] == "witchs-brew")
    assert players(tv) == [(0, "Anna", False), (1, "Ben", False), (2, "Cleo", False)]


def test_a_spectator_takes_a_free_seat_in_the_lobby(server: LiveServer, peers: list[Peer]) -> None:
    room, tv, phones = seated(server, peers, ["Anna"], game="witchcraft")
    fan = Peer(server.url, "fan")
    peers.append(fan)
    assert fan.call("watch", {"code": room["code"]})["ok"]
    assert tv.wait_view(lambda v: v["room"]["spectators"] == 1)
    ack = fan.call("sit", {"name": "anna"})
    assert (ack["ok"], ack["error"]["code"]) == (False, "name_taken")
    ack = fan.call("sit", {"name": "Dan", "avatar": {"shape": "moon", "colour": "sky"}})
    assert ack["ok"] and ack["seat"] == 1 and ack["token"], ack
    assert ack["view"]["room"]["role"] == "player" and ack["view"]["room"]["seat"] == 1
    view = tv.wait_view(lambda v: len(v["room"]["players"]) == 2)
    assert view["room"]["spectators"] == 0
    assert view["room"]["players"][1]["avatar"] == {"shape": "moon", "colour": "sky"}
    # the seat is the fan's: on this connection, and back with its token after a reload
    assert fan.call("room", {"type": "avatar", "avatar": {"shape": "star", "colour": "sky"}})["ok"]
    again = Peer(server.url, "fan-again")
    peers.append(again)
    assert again.call("join", {"code": room["code"], "token": ack["token"]})["seat"] == 1

    late = Peer(server.url, "late")
    peers.append(late)
    assert late.call("watch", {"code": room["code"]})["ok"]
    refused = late.call("sit", {"name": "Eve"})
    assert (refused["ok"], refused["error"]["code"]) == (False, "room_full")
    assert phones[0].call("sit", {"name": "Eve"})["error"]["code"] == "bad_request"
    assert tv.call("room", {"type": "start"})["ok"]
    tv.wait_view(lambda v: v["room"]["status"] == "playing")
    assert tv.call("room", {"type": "end"})["ok"]
    assert tv.call("room", {"type": "game", "game": "buzzer"})["ok"]
    assert tv.call("room", {"type": "start"})["ok"]
    refused = late.call("sit", {"name": "Eve"})
    assert (refused["ok"], refused["error"]["code"]) == (False, "game_started")


def test_a_night_survives_a_restart(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "night.sqlite3").start()
    peers: list[Peer] = []
    try:
        room, tv, phones = seated(server, peers, NAMES, options={"target": 1})
        code = room["code"]
        tokens = [phone.token for phone in phones]
        assert tv.call("room", {"type": "start"})["ok"]
        assert tv.call("act", {"type": "award", "seat": 0, "points": 1})["ok"]
        tv.wait_view(lambda v: v["room"]["status"] == "over")
        assert tv.call("room", {"type": "game", "game": "witchcraft", "players": [0, 2]})["ok"]
        assert tv.call("room", {"type": "start"})["ok"]
        assert phones[2].call("act", {"type": "resign"})["ok"]
        assert tv.call("room", {"type": "game", "game": "witchcraft", "players": [0, 1]})["ok"]
        # the lobby after the second game (not the one before it, which had a night of one)
        before = tv.wait_view(
            lambda v: v["room"]["status"] == "lobby" and v["room"]["game_number"] == 2
        )["room"]
        assert [row["games"] for row in before["night"]] == [2, 2, 1]

        server.kill()
        for peer in peers:
            peer.close()
        server.start()  # same port, same database: the log replays the whole night

        tv = Peer(server.url, "tv-again")
        peers.append(tv)
        after = tv.call("host", {"code": code, "host_token": room["host_token"]})["view"]["room"]
        for key in ("game", "title", "status", "options", "game_number", "night"):
            assert after[key] == before[key], key
        assert [(p["name"], p["sitting_out"]) for p in after["players"]] == [
            ("Anna", False),
            ("Cleo", False),
            ("Ben", True),
        ]
        for token, seat in zip(tokens, (0, 2, 1), strict=True):
            phone = Peer(server.url, "phone-again")
            peers.append(phone)
            assert phone.call("join", {"code": code, "token": token})["seat"] == seat
        assert tv.call("room", {"type": "start"})["ok"]
        assert tv.wait_view(lambda v: v["room"]["game_number"] == 3)
    finally:
        for peer in peers:
            peer.close()
        server.stop()
