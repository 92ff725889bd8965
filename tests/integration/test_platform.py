"""The platform through a live server with real python-socketio clients."""

from __future__ import annotations

import json

import pytest
import socketio

from tests.support import LiveServer, Peer, http_json, seated, wait_until

pytestmark = pytest.mark.integration
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)


def players(view):
    return [(p["name"], p["connected"]) for p in view["room"]["players"]]


def test_http_api(server: LiveServer) -> None:
    status, games = http_json("GET", server.url + "/api/games")
    assert status == 200 and "buzzer" in [g["id"] for g in games]
    status, body = http_json("POST", server.url + "/api/rooms", {"game": "chess"})
    assert status == 400 and body["error"]["code"] == "unknown_game"
    status, body = http_json(
        "POST", server.url + "/api/rooms", {"game": "buzzer", "options": {"x": 1}}
    )
    assert status == 400 and body["error"]["code"] == "bad_request"
    status, body = http_json("GET", server.url + "/api/rooms/ZZZZ")
    assert status == 404 and body["error"]["code"] == "unknown_room"
    room = server.create_room()
    assert room["join_url"].endswith("/j/" + room["code"])
    status, summary = http_json("GET", server.url + "/api/rooms/" + room["code"].lower())
    assert status == 200 and summary["status"] == "lobby" and summary["players"] == []


def test_lobby_fills_live_on_the_tv(server: LiveServer, peers: list[Peer]) -> None:
    room, tv, phones = seated(server, peers, ["Anna", "Ben"])
    view = tv.wait_view(lambda v: len(v["room"]["players"]) == 2)
    assert players(view) == [("Anna", True), ("Ben", True)]
    assert view["room"]["seat"] is None and view["room"]["role"] == "host"
    phones[1].close()
    view = tv.wait_view(lambda v: players(v) == [("Anna", True), ("Ben", False)])
    assert view["room"]["status"] == "lobby"


def test_rejoin_by_token_keeps_the_seat(server: LiveServer, peers: list[Peer]) -> None:
    room, tv, (anna, ben) = seated(server, peers, ["Anna", "Ben"])
    ben.close()
    again = Peer(server.url, "ben-again")
    peers.append(again)
    ack = again.call("join", {"code": room["code"], "token": ben.token})
    assert ack["ok"] and ack["seat"] == 1 and ack["token"] == ben.token
    assert ack["view"]["room"]["seat"] == 1
    tv.wait_view(lambda v: players(v) == [("Anna", True), ("Ben", True)])


def test_newest_connection_replaces_the_old_one(server: LiveServer, peers: list[Peer]) -> None:
    room, tv, (anna,) = seated(server, peers, ["Anna"])
    tab = Peer(server.url, "second tab")
    peers.append(tab)
    assert tab.call("join", {"code": room["code"], "token": anna.token})["seat"] == 0
    wait_until(lambda: {"kind": "replaced"} in anna.notes(), what="replaced note")
    assert anna.call("room", {"type": "leave"})["error"]["code"] == "forbidden"


def test_second_join_on_a_bound_socket_is_refused(server: LiveServer, peers: list[Peer]) -> None:
    room, tv, (anna,) = seated(server, peers, ["Anna"])
    ack = anna.call("join", {"code": room["code"], "name": "Other"})
    assert ack["error"]["code"] == "bad_request"
    summary = http_json("GET", server.url + "/api/rooms/" + room["code"])[1]
    assert [p["name"] for p in summary["players"]] == ["Anna"]


def test_kicked_phone_is_told_and_cannot_rejoin(server: LiveServer, peers: list[Peer]) -> None:
    room, tv, (anna, ben) = seated(server, peers, ["Anna", "Ben"])
    assert tv.call("room", {"type": "kick", "seat": 0})["ok"]
    wait_until(lambda: {"kind": "kicked"} in anna.notes(), what="kicked note")
    view = tv.wait_view(lambda v: len(v["room"]["players"]) == 1)
    assert players(view) == [("Ben", True)]
    assert (
        ben.wait_view(lambda v: len(v["room"]["players"]) == 1)["room"]["seat"] == 0
    )  # seats close up
    retry = Peer(server.url, "anna-again")
    peers.append(retry)
    ack = retry.call("join", {"code": room["code"], "token": anna.token})
    assert ack["error"]["code"] == "bad_token" and "removed" in ack["error"]["message"]


def test_only_the_host_commands(server: LiveServer, peers: list[Peer]) -> None:
    room, tv, (anna,) = seated(server, peers, ["Anna"])
    for command in ({"type": "start"}, {"type": "kick", "seat": 0}, {"type": "lock"}):
        assert anna.call("room", command)["error"]["code"] == "forbidden"
    assert tv.latest()["room"]["status"] == "lobby"


def test_lock_stops_new_seats_but_not_returning_ones(server: LiveServer, peers: list[Peer]) -> None:
    room, tv, (anna,) = seated(server, peers, ["Anna"])
    assert tv.call("room", {"type": "lock"})["ok"]
    late = Peer(server.url, "late")
    peers.append(late)
    assert late.call("join", {"code": room["code"], "name": "Late"})["error"]["code"] == "forbidden"
    anna.close()
    back = Peer(server.url, "anna-back")
    peers.append(back)
    assert back.call("join", {"code": room["code"], "token": anna.token})["ok"]
    assert tv.call("room", {"type": "unlock"})["ok"]
    assert late.call("join", {"code": room["code"], "name": "Late"})["ok"]


def test_pause_stops_play_until_resume(server: LiveServer, peers: list[Peer]) -> None:
    room, tv, (anna,) = seated(server, peers, ["Anna"])
    assert tv.call("room", {"type": "start"})["ok"]
    assert tv.call("room", {"type": "pause"})["ok"]
    assert tv.call("act", {"type": "arm"})["error"]["code"] == "forbidden"
    wait_until(lambda: {"kind": "pause"} in anna.notes(), what="pause note")
    assert tv.call("room", {"type": "resume"})["ok"]
    assert tv.call("act", {"type": "arm"})["ok"]


def test_the_clock_probes_tell_each_page_its_offset(server: LiveServer, peers: list[Peer]) -> None:
    """Server time ≈ the page's clock + the offset a probe carries (docs/protocol.md, ``clock``):
    checked against a ``time`` round trip, within the round trips' own bounds."""
    ahead = Peer(server.url, "ahead", clock_offset_ms=1_000_000.0)
    peers.append(ahead)
    wait_until(lambda: told(ahead) is not None, what="a probe with an estimate")
    probes = [data for event, data in ahead.received if event == "clock"]
    assert probes[0]["offset"] is None and probes[0]["rtt"] is None  # nothing measured yet
    before = ahead.now()
    now = ahead.call("time", {})["now"]
    after = ahead.now()
    offset, rtt = told(ahead)  # type: ignore[misc]
    # the estimate is good to half its round trip: the server's time lies between the page's
    # clock before and after the call, moved by the offset, give or take that
    assert before + offset - rtt <= now <= after + offset + rtt, (before, now, after, offset, rtt)


def told(peer: Peer) -> tuple[float, float] | None:
    """The offset and round trip of the newest probe that carried an estimate."""
    with peer._lock:
        probes = [data for event, data in peer.received if event == "clock"]
    told = [(p["offset"], p["rtt"]) for p in probes if p.get("offset") is not None]
    return told[-1] if told else None


def test_spectators_watch_the_table_view_and_cannot_act(server: LiveServer, peers) -> None:
    room, tv, (anna,) = seated(server, peers, ["Anna"])
    fan = Peer(server.url, "fan")
    peers.append(fan)
    ack = fan.call("watch", {"code": room["code"]})
    assert ack["ok"] and ack["view"]["room"]["role"] == "spectator"
    assert tv.wait_view(lambda v: v["room"]["spectators"] == 1)
    tv.call("room", {"type": "start"})
    view = fan.wait_view(lambda v: v["room"]["status"] == "playing")
    assert "you" not in view["game"]
    assert fan.press("buzz")["error"]["code"] == "forbidden"


def test_players_can_join_only_before_the_start(server: LiveServer, peers: list[Peer]) -> None:
    room, tv, _ = seated(server, peers, ["Anna"])
    tv.call("room", {"type": "start"})
    late = Peer(server.url, "late")
    peers.append(late)
    assert (
        late.call("join", {"code": room["code"], "name": "Late"})["error"]["code"] == "game_started"
    )


def test_a_player_can_leave(server: LiveServer, peers: list[Peer]) -> None:
    room, tv, (anna, ben) = seated(server, peers, ["Anna", "Ben"])
    assert anna.call("room", {"type": "leave"})["ok"]
    # Wait for the view without Anna (the one from before Ben joined also had one player).
    tv.wait_view(lambda v: players(v) == [("Ben", True)])


BAD_INPUTS = [
    ("join", None),
    ("join", "BCDF"),
    ("join", [1, 2]),
    ("join", {"code": 5, "name": "x"}),
    ("join", {"name": "no code"}),
    ("join", {"code": "ZZZZ", "name": "x"}),
    ("host", {"code": "{code}", "host_token": "guess"}),
    ("host", {"code": "{code}", "host_token": 12}),
    ("join", {"code": "{code}", "name": "x" * 5000}),
    ("join", {"code": "{code}", "name": "\u0000\u0001"}),
    ("join", {"code": "{code}", "token": ["a"]}),
    ("room", {"type": "start"}),
    ("act", {"type": "buzz", "t": 1}),
    ("teleport", {"to": "moon"}),
]


def test_bad_input_gets_a_readable_error_and_changes_nothing(server, peers) -> None:
    room, tv, (anna,) = seated(server, peers, ["Anna"])
    version = tv.wait_view(lambda v: len(v["room"]["players"]) == 1)["v"]
    before = http_json("GET", server.url + "/api/rooms/" + room["code"])[1]
    for event, payload in BAD_INPUTS:
        stranger = Peer(server.url, "stranger")
        peers.append(stranger)
        payload = json.loads(json.dumps(payload).replace("{code}", room["code"]))
        ack = stranger.call(event, payload)
        assert ack["ok"] is False, (event, payload)
        assert ack["error"]["code"] and len(ack["error"]["message"]) > 5, ack
        stranger.close()
    for payload in ({"type": 3}, {"type": "buzz"}, {"type": "buzz", "t": "soon"}, {"t": 1}):
        assert anna.call("act", payload)["ok"] is False
    for payload in (
        {"type": "kick"},
        {"type": "kick", "seat": "0"},
        {"type": "options", "options": 1},
    ):
        assert tv.call("room", payload)["ok"] is False
    tv.call("time", {})  # a round trip: whatever the server pushed the TV before has arrived
    assert http_json("GET", server.url + "/api/rooms/" + room["code"])[1] == before
    assert tv.latest()["v"] == version  # no view was pushed for a refused request
    assert http_json("GET", server.url + "/healthz")[0] == 200


def test_floods_are_rate_limited_and_other_rooms_stay_responsive(server, peers) -> None:
    room, tv, (anna,) = seated(server, peers, ["Anna"])
    other, other_tv, (cleo,) = seated(server, peers, ["Cleo"])
    codes = []
    for _ in range(120):
        codes.append(anna.call("time", {})["ok"] or anna.acks[-1]["error"]["code"])
    assert "rate_limited" in codes
    ack = cleo.call("time", {})
    assert ack["ok"] and ack["now"] > 0


def test_foreign_origins_are_refused_by_default(server: LiveServer) -> None:
    client = socketio.Client(reconnection=False)
    with pytest.raises(socketio.exceptions.ConnectionError):
        client.connect(
            server.url, headers={"Origin": "http://evil.example"}, transports=["websocket"]
        )
    same = socketio.Client(reconnection=False)  # websocket-client sends the server's own origin
    same.connect(server.url, transports=["websocket"])
    same.disconnect()
