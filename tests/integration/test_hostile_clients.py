"""A hostile phone on the party Wi-Fi: what it sends must not change anyone else's game.

Outcomes only (who is still seated, what was stored, what every socket could parse); the
floods and their timings are in the abuse benchmark.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import time
import urllib.error
import urllib.request
from collections import Counter

import pytest
import socketio

from companion.games.registry import GAMES
from tests.hostile import Fuzzer, RawSocket, run_fuzz
from tests.integration.test_platform import seated
from tests.support import LiveServer, Peer, http_json, wait_until

SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)


def test_client_sent_connect_and_disconnect_events_are_ignored(server, peers) -> None:
    room, tv, (anna,) = seated(server, peers, ["Anna"])
    wait_until(lambda: anna.clock_probes() >= 8, what="the connect burst of clock probes")
    before = anna.clock_probes()
    for _ in range(30):
        anna.sio.emit("connect", {})
        anna.sio.emit("disconnect", {})
    # A real second probe loop would send another burst of 8 per fake connect, 50 ms apart:
    # that nothing comes is the thing under test, so the test gives it the time a burst takes.
    time.sleep(1.0)
    assert anna.clock_probes() - before < 8
    # A fake disconnect must not unbind the seat: Anna can still act as herself.
    assert tv.call("room", {"type": "start"})["ok"]
    summary = http_json("GET", f"{server.url}/api/rooms/{room['code']}")[1]
    assert summary["players"][0]["connected"] is True
    assert tv.call("act", {"type": "arm"})["ok"]
    ack = anna.press("buzz")
    assert ack["ok"] or ack["error"]["code"] != "forbidden", ack


def test_non_finite_press_times_are_refused_and_every_note_stays_valid_json(server, peers) -> None:
    room, tv, (anna, ben) = seated(server, peers, ["Anna", "Ben"], options={"random_delay": False})
    assert tv.call("room", {"type": "start"})["ok"]
    assert tv.call("act", {"type": "arm"})["ok"]
    tv.wait_view(lambda v: v["game"]["status"] == "open")
    for t in (math.inf, -math.inf, math.nan, 1e999):
        ack = anna.call("act", {"type": "buzz", "t": t})
        assert ack["ok"] is False and ack["error"]["code"] == "bad_request", ack
    assert ben.press("buzz")["ok"]
    tv.wait_view(lambda v: [p["seat"] for p in v["game"]["ranking"]] == [1])
    for peer in (tv, anna, ben):
        with peer._lock:
            for _, data in peer.received:
                json.dumps(data, allow_nan=False)  # what a browser's JSON.parse accepts


def test_binary_attachments_in_a_race_are_dropped_and_the_race_settles(server, peers) -> None:
    room, tv, (anna, ben) = seated(server, peers, ["Anna", "Ben"], options={"random_delay": False})
    assert tv.call("room", {"type": "start"})["ok"]
    assert tv.call("act", {"type": "arm"})["ok"]
    tv.wait_view(lambda v: v["game"]["status"] == "open")
    poisoned = anna.call("act", {"type": "buzz", "t": anna.now(), "junk": b"\x00\xff" * 50})
    fair = ben.press("buzz")
    assert poisoned["ok"] and fair["ok"], (poisoned, fair)
    view = tv.wait_view(lambda v: len(v["game"]["ranking"]) == 2)
    assert sorted(p["seat"] for p in view["game"]["ranking"]) == [0, 1]


def test_a_host_key_with_a_lone_surrogate_is_a_wrong_key_not_a_crash(server, peers) -> None:
    room = server.create_room()
    stranger = Peer(server.url, "stranger")
    peers.append(stranger)
    ack = stranger.call("host", {"code": room["code"], "host_token": "\ud800" * 8})
    assert ack["ok"] is False and ack["error"]["code"] == "bad_token", ack


def test_room_creation_is_bounded_per_address_with_a_json_error(own_server) -> None:
    """On a server of its own: the rooms the other tests made from this address count too."""
    server = own_server
    answers = [http_json("POST", server.url + "/api/rooms", {"game": "buzzer"}) for _ in range(40)]
    created = [body for status, body in answers if status == 201]
    refused = [(status, body) for status, body in answers if status != 201]
    assert 10 <= len(created) < 40 and refused
    assert all(s == 429 and b["error"]["code"] == "rate_limited" for s, b in refused), refused
    status, summary = http_json("GET", f"{server.url}/api/rooms/{created[0]['code']}")
    assert status == 200 and summary["status"] == "lobby"


def test_every_page_and_answer_carries_the_security_headers(server) -> None:
    room = server.create_room()
    for path in ("/", f"/host/{room['code']}", f"/j/{room['code']}", "/api/games", "/healthz"):
        with urllib.request.urlopen(server.url + path) as answer:
            headers = answer.headers
        policy = headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0], path
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["Referrer-Policy"] == "no-referrer", path


def test_unknown_host_names_are_refused_dns_rebinding(server) -> None:
    port = server.url.rsplit(":", 1)[1]
    for host, allowed in ((f"127.0.0.1:{port}", True), (f"localhost:{port}", True),
                          (f"attacker.example:{port}", False)):  # fmt: skip
        request = urllib.request.Request(server.url + "/api/games", headers={"Host": host})
        try:
            with urllib.request.urlopen(request) as answer:
                status, body = answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as refused:
            status, body = refused.code, json.loads(refused.read())
        assert (status == 200) is allowed, (host, status)
        if not allowed:
            assert status == 421 and body["error"]["code"] == "forbidden"
    rebound = socketio.Client(reconnection=False)
    with pytest.raises(socketio.exceptions.ConnectionError):
        rebound.connect(
            server.url,
            headers={"Host": f"attacker.example:{port}"},
            transports=["polling"],
            wait_timeout=5,
        )


def test_thousands_of_fuzzed_frames_get_no_internal_answer_and_no_traceback(tmp_path) -> None:
    """Every event, every game's actions with mutated fields, binary attachments, non-finite
    numbers, deep nesting and frames that are not Socket.IO at all, from 30 sockets seated in
    rooms of every game (100,000 frames: ``python -m bench.abuse``)."""
    server = LiveServer(tmp_path / "fuzz.sqlite3", extra=["--behind-proxy"]).start()
    rng = random.Random(14)
    pairs: list[tuple[RawSocket, Fuzzer]] = []
    try:
        for number, game in enumerate(list(GAMES.values()) * 2):
            status, room = http_json("POST", server.url + "/api/rooms", {"game": game.id})
            assert status == 201, room
            code = room["code"]
            host = RawSocket(server.url, f"10.9.{number}.1")
            hosting = ("host", {"code": code, "host_token": room["host_token"]})
            assert host.call(*hosting)["ok"]
            members = [(host, hosting)]
            for seat in range(min(game.max_players, max(game.min_players, 3))):
                phone = RawSocket(server.url, f"10.9.{number}.{seat + 2}")
                ack = phone.call("join", {"code": code, "name": f"Fuzz {seat}"})
                members.append((phone, ("join", {"code": code, "token": ack["token"]})))
            assert host.call("room", {"type": "start"})["ok"]
            pairs += [(sock, Fuzzer(random.Random(rng.random()), [code], game.id, rejoin))
                      for sock, rejoin in members]  # fmt: skip
        assert run_fuzz(pairs, 3000, per_socket_rate=15) == 3000

        # The last frames' answers are still on their way (seconds of them on a busy host); a
        # malformed frame gets none, so the test waits for nearly every frame to be answered.
        def answered() -> Counter[str]:
            answers: Counter[str] = Counter()
            for sock, _ in pairs:
                answers.update(sock.answers)
            return answers

        with contextlib.suppress(AssertionError):  # the assertions below say what came
            wait_until(lambda: sum(answered().values()) > 2000, 60, "2,000 answers")
        answers = answered()
        assert answers["internal"] == 0, answers
        assert sum(answers.values()) > 2000, answers  # nearly every frame was answered
        assert http_json("GET", server.url + "/healthz")[0] == 200
        assert "Traceback" not in server.log_text()
    finally:
        for sock, _ in pairs:
            sock.close()
        server.stop()
