"""Limits before dispatch, per address and on the database, through a live server: outcomes only
(what was answered, refused, closed, logged or stored); the floods' timings are in
``python -m bench.abuse``."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games.registry import GAMES
from companion.rooms import RoomService
from companion.rooms.codes import CODE_LENGTH
from companion.store import SqliteStore
from tests.hostile import RawSocket
from tests.support import ROOT, LiveServer, Peer, free_port, wait_until

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server behind a (pretend) proxy: each raw client claims its own address (each test
    its own ones, so that one test's limits never meet another's), shared by the module."""
    db = tmp_path_factory.mktemp("limits") / "limits.sqlite3"
    live = LiveServer(db, extra=["--behind-proxy"]).start()
    yield live
    live.stop()


def http(method: str, url: str, body: Any = None, address: str | None = None,
         raw: bytes | None = None) -> tuple[int, Any]:  # fmt: skip
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if address:
        request.add_header("X-Forwarded-For", address)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read() or b"null")


def room_with_phone(server: LiveServer, peers: list[Peer]) -> tuple[dict[str, Any], Peer]:
    status, room = http("POST", server.url + "/api/rooms", {"game": "buzzer"})
    assert status == 201, room
    phone = Peer(server.url, "other room")
    peers.append(phone)
    assert phone.call("join", {"code": room["code"], "name": "Cleo"})["ok"]
    return room, phone


def tracebacks(server: LiveServer) -> int:
    return server.log_text().count("Traceback")


def test_a_pipelined_flood_is_refused_before_dispatch_and_its_socket_closed(proxied) -> None:
    peers: list[Peer] = []
    try:
        room, cleo = room_with_phone(proxied, peers)
        flood = RawSocket(proxied.url, "10.66.0.1")
        with contextlib.suppress(Exception):  # the server closes it part-way
            for _ in range(3000):
                flood.emit("time", {}, flood.next_id())
        wait_until(lambda: flood.closed, 15, "the server to close the flooding socket")
        answered = flood.answers
        assert answered["rate_limited"] > 0, answered
        assert answered["ok"] < 200, answered  # the rest never reached a handler
        ack = cleo.call("time", {})
        assert ack["ok"] and ack["now"] > 0
        assert tracebacks(proxied) == 0
    finally:
        for peer in peers:
            peer.close()


MALFORMED = [
    '2{id}["time",',  # unreadable JSON
    "2{id}{{}}",  # not a list
    "2{id}[]",  # no event name
    "2{id}[5,{{}}]",  # an event name that is not a string
    '2{id}["act",' + "[" * 300 + "]" * 300 + "]",  # nested too deep
    '2{id}["act",{{"pad":"' + "x" * 9000 + '"}}]',  # too large
    '599-{id}["act",{{}}]',  # too many attachments announced
]


def test_malformed_frames_are_answered_and_logged_without_tracebacks(proxied) -> None:
    logged = len(proxied.log_text())  # the shared server's log: this test's part is after
    sock = RawSocket(proxied.url, "10.66.1.1")
    for frame in MALFORMED:
        before = sum(sock.answers.values())
        sock.send(frame.format(id=sock.next_id()))
        wait_until(lambda n=before: sum(sock.answers.values()) > n, 10, f"an answer: {frame[:30]}")
    assert sock.answers == {"bad_request": len(MALFORMED)}, sock.answers
    for frame in ["x", "9", "3", "37[1]", "6", "2", '2/nope,["time"]'] * 4:
        sock.send(frame)  # no ack id: nothing to answer, only to survive
    assert sock.call("time", {})["ok"]
    assert tracebacks(proxied) == 0
    log = proxied.log_text()[logged:]
    notes = [line for line in log.splitlines() if "companion.web.gate" in line]
    assert len(notes) <= 12, notes  # one line per kind, not one per frame


def test_a_payload_one_character_past_the_limit_is_refused_and_one_at_it_is_served(
    proxied,
) -> None:
    """The gate weighs an event's arguments as sent (4,096 characters at most), in a frame
    small enough to be read at all."""
    sock = RawSocket(proxied.url, "10.66.1.2")

    def call_with(payload: str) -> Any:
        return sock.request(lambda ack_id: sock.send(f'2{ack_id}["time",{payload}]'))

    pad = 4096 - len('{"pad":""}')
    first = call_with('{"pad":"' + "x" * pad + '"}')  # 4,096 characters
    assert first["ok"], first
    answer = call_with('{"pad":"' + "x" * (pad + 1) + '"}')
    assert answer["error"]["code"] == "bad_request", answer
    assert answer["error"]["message"] == "That message is too large.", answer
    assert sock.call("time", {})["ok"]


def test_binary_attachments_past_the_payload_limit_are_refused(proxied) -> None:
    sock = RawSocket(proxied.url, "10.66.2.1")
    ack_id = sock.next_id()
    body = '["time",{"a":{"_placeholder":true,"num":0},"b":{"_placeholder":true,"num":1}}]'
    sock.send(f"52-{ack_id}{body}")
    sock.send(b"\x00" * 3000)
    sock.send(b"\x01" * 3000)
    wait_until(lambda: sock.answers, 10, "an answer")
    assert sock.answers == {"bad_request": 1}
    assert sock.call("time", {})["ok"]  # the refused attachments were skipped


def test_connections_per_address_are_capped(proxied) -> None:
    held = [RawSocket(proxied.url, "10.66.3.1") for _ in range(100)]
    try:
        with pytest.raises(Exception):  # noqa: B017 (refused during the WebSocket handshake)
            RawSocket(proxied.url, "10.66.3.1")
        RawSocket(proxied.url, "10.66.3.2").close()  # another address is not affected
    finally:
        for sock in held:
            sock.close()
    assert tracebacks(proxied) == 0


def test_wrong_room_codes_are_limited_per_address(proxied) -> None:
    status, room = http("POST", proxied.url + "/api/rooms", {"game": "buzzer"})
    assert status == 201
    guesses = [http("GET", f"{proxied.url}/api/rooms/{'Z' * CODE_LENGTH}", address="10.66.4.1")
               for _ in range(12)]  # fmt: skip
    assert [status for status, _ in guesses[:10]] == [404] * 10
    assert all(s == 429 and b["error"]["code"] == "rate_limited" for s, b in guesses[10:])
    # the same address can check nothing more, not even a right code, nor over Socket.IO
    assert http("GET", f"{proxied.url}/api/rooms/{room['code']}", address="10.66.4.1")[0] == 429
    sock = RawSocket(proxied.url, "10.66.4.1")
    assert sock.call("join", {"code": "ZZZZZZ", "name": "Guess"})["error"]["code"] == "rate_limited"
    # another address is not affected; a miss over Socket.IO counts as one over HTTP
    assert http("GET", f"{proxied.url}/api/rooms/{room['code']}", address="10.66.4.2")[0] == 200
    other = RawSocket(proxied.url, "10.66.4.3")
    for _ in range(10):
        assert (
            other.call("join", {"code": "ZZZZZZ", "name": "G"})["error"]["code"] == "unknown_room"
        )
    assert http("GET", f"{proxied.url}/api/rooms/ZZZZZZ", address="10.66.4.3")[0] == 429


def test_every_http_error_is_json(proxied) -> None:
    for method, path, raw, status in [
        ("GET", "/no/such/page", None, 404),
        ("DELETE", "/api/rooms", None, 405),
        ("POST", "/api/rooms", b"{" + b" " * 100_000 + b"}", 413),
        ("GET", "/api/rooms/BCDFGH", None, 404),
    ]:
        got, body = http(method, proxied.url + path, raw=raw)
        assert got == status, (path, got)
        assert body["ok"] is False and body["error"]["code"] and body["error"]["message"], body


def test_rooms_with_four_letter_codes_from_before_still_work(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    service = RoomService(SqliteStore(db), GAMES, lambda: time.time() * 1000)
    room = service.create_room({"game": "buzzer"})
    service.store.close()
    with sqlite3.connect(db) as old:  # as a room made when codes had 4 letters
        old.execute("UPDATE rooms SET code = 'BCDF' WHERE code = ?", (room["code"],))
        old.execute("UPDATE events SET code = 'BCDF' WHERE code = ?", (room["code"],))
    server = LiveServer(db).start()
    try:
        status, summary = http("GET", server.url + "/api/rooms/bcdf")
        assert status == 200 and summary["code"] == "BCDF"
        phone = Peer(server.url, "anna")
        assert phone.call("join", {"code": "bcdf", "name": "Anna"})["ok"]
        phone.close()
    finally:
        server.stop()


def serve(db: Path, seconds: float = 20) -> subprocess.CompletedProcess[str]:
    """``companion serve`` that is expected to stop by itself."""
    command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1",
               "--port", str(free_port()), "--db", str(db)]  # fmt: skip
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=seconds,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )  # fmt: skip


def test_a_file_that_is_not_a_database_is_refused_in_one_line(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my shopping list\n" * 50)
    done = serve(notes)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    [message] = [line for line in done.stderr.splitlines() if line.startswith("companion:")]
    assert str(notes) in message and "not a database" in message
    assert notes.read_text() == "my shopping list\n" * 50  # untouched


def test_an_unusable_database_path_is_refused_in_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    done = serve(blocker / "companion.sqlite3")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert any(line.startswith("companion: cannot") for line in done.stderr.splitlines())


def test_a_damaged_database_is_moved_aside_and_the_server_starts(tmp_path: Path) -> None:
    db = tmp_path / "party.sqlite3"
    store = SqliteStore(db)
    for n in range(200):
        store.create(f"R{n:05d}", {"kind": "create", "game": "buzzer", "pad": "x" * 400})
    store.close()
    damaged = bytearray(db.read_bytes())
    middle = len(damaged) // 2 // 4096 * 4096
    damaged[middle : middle + 4096] = os.urandom(4096)
    db.write_bytes(bytes(damaged))
    server = LiveServer(db).start()
    try:
        status, health = http("GET", server.url + "/healthz")
        assert status == 200 and health["rooms"] == 0
        [kept] = list(tmp_path.glob("party.sqlite3.corrupt-*[0-9]"))
        assert kept.read_bytes() == bytes(damaged)
        log = server.log_text()
        assert "Traceback" not in log
        assert f"it was moved to {kept}" in log
    finally:
        server.stop()
