"""Test support: a live server subprocess and real Socket.IO clients that record everything."""

from __future__ import annotations

import json
import os
import pickle
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import socketio

from companion.engine import Game, IllegalAction

ROOT = Path(__file__).resolve().parent.parent


#: Ports the tests' servers take: below Linux's ephemeral range (32768 to 60999), where the
#: kernel picks the local ports of outgoing connections, so no client socket can take a port
#: between free_port() and the server's bind; each pytest-xdist worker has its own slice.
PORTS_FROM, PORTS_TO, SLICE = 20_000, 32_768, 1_000
_next_port: list[int] = []


def free_port() -> int:
    """A port nobody listens on, from this worker's slice (``gw3``: 23000 to 23999), handed out
    in turn so that servers a test starts together never get the same one."""
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
    first = PORTS_FROM + worker % ((PORTS_TO - PORTS_FROM) // SLICE) * SLICE
    if not _next_port:
        _next_port.append(random.randrange(SLICE))  # another run's ports may still be closing
    for _ in range(SLICE):
        port = first + _next_port[0] % SLICE
        _next_port[0] += 1
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue  # taken, or still closing after an earlier test
            return port
    raise RuntimeError(f"no free port in {first}..{first + SLICE - 1}")


def http_json(method: str, url: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"null")


def wait_until(
    predicate: Callable[[], Any],
    timeout: float = 10.0,
    what: str = "condition",
    every: float = 0.02,
) -> Any:
    """Poll ``predicate()`` every ``every`` seconds until it is truthy, and return its value;
    the timeout only guards against hanging."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out waiting for {what}")


class LiveServer:
    """``python -m companion serve`` in a subprocess, on a free port and its own database."""

    def __init__(self, db: Path, async_mode: str = "eventlet", extra: list[str] | None = None):
        self.db, self.async_mode, self.extra = db, async_mode, extra or []
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(".log")

    #: only against a server that never comes up: on a 2-core host at a load of 16 (3 browser
    #: workers and another process) one start took over 30 s; one second when idle
    READY_SECONDS = 60.0

    def start(self, ready_seconds: float = READY_SECONDS) -> LiveServer:
        return self.launch().ready(ready_seconds)

    def launch(self) -> LiveServer:
        """Starts the process without waiting for it to answer (``ready`` waits): servers that
        start together (a cluster's) then take their second of CPU each at the same time."""
        command = [
            sys.executable, "-m", "companion", "serve",
            "--host", "127.0.0.1", "--port", str(self.port), "--db", str(self.db),
            "--async-mode", self.async_mode, *self.extra,
        ]  # fmt: skip
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log)
        return self

    def ready(self, ready_seconds: float = READY_SECONDS) -> LiveServer:
        """Waits until the launched server answers ``/healthz`` (stopped if it never does)."""
        try:
            wait_until(self._healthy, ready_seconds, f"server on {self.url} (log: {self.log})")
        except BaseException:
            self.stop()  # never leave a server behind that did not come up in time
            raise
        return self

    def _healthy(self) -> bool:
        assert self.proc is not None
        if self.proc.poll() is not None:
            raise AssertionError(f"server exited: {self.log.read_text()[-3000:]}")
        try:
            return http_json("GET", self.url + "/healthz")[0] == 200
        except OSError:
            return False

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when the OOM killer or a power cut hits."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def create_room(self, game: str = "buzzer", **body: Any) -> dict[str, Any]:
        status, room = http_json("POST", self.url + "/api/rooms", {"game": game, **body})
        assert status == 201, room
        return dict(room)


class Peer:
    """A real python-socketio client that records every event it receives, in order."""

    #: how late, at most, this client stamps a clock probe's receipt (a random share of it each
    #: time, as a phone whose page is busy drawing does): its estimate never settles
    stamp_jitter_ms = 0.0

    def __init__(self, url: str, name: str = "peer", clock_offset_ms: float = 0.0) -> None:
        self.name = name
        self.clock_offset_ms = clock_offset_ms
        self.received: list[tuple[str, Any]] = []
        self.arrivals: list[float] = []  # perf_counter() at the receipt of each received event
        self.acks: list[Any] = []
        self._lock = threading.Lock()
        #: this client's clock when each clock probe (by its ``s``) came off the socket
        self._probe_received: dict[Any, float] = {}
        #: ms from a probe's receipt to its handler: the client library's own thread hop
        self.probe_lags: list[float] = []
        self.sio = socketio.Client(reconnection=False)
        self.sio.on("*", self._record)
        self.sio.on("clock", self._clock)
        self._stamp_probes_on_receipt()
        self.sio.connect(url, transports=["websocket"], wait_timeout=10)

    def _stamp_probes_on_receipt(self) -> None:
        """Stamp each clock probe in the reading thread, as it comes off the socket.

        python-socketio hands every message to a new thread before its handler runs; on a busy
        machine that hop takes milliseconds a page (its handler runs on the socket's own event)
        does not, and stamping in the handler would count them as link delay.
        """
        eio = self.sio.eio
        receive = eio._receive_packet

        def stamped(pkt: Any) -> None:
            now = self.now()
            if isinstance(pkt.data, str) and '"clock"' in pkt.data[:24]:
                decoded = socketio.packet.Packet(encoded_packet=pkt.data).data
                if isinstance(decoded, list) and len(decoded) > 1 and isinstance(decoded[1], dict):
                    with self._lock:
                        self._probe_received[decoded[1].get("s")] = now
            receive(pkt)

        eio._receive_packet = stamped

    def _record(self, event: str, data: Any = None) -> None:
        with self._lock:
            self.received.append((event, data))
            self.arrivals.append(time.perf_counter())

    def now(self) -> float:
        """This client's clock in ms, like a browser's performance.now() (its own origin)."""
        return time.perf_counter() * 1000 + self.clock_offset_ms

    def _clock(self, data: Any = None) -> dict[str, float]:
        now = self.now()
        sent = data.get("s") if isinstance(data, dict) else None
        with self._lock:
            received = self._probe_received.pop(sent, now)
            self.probe_lags.append(now - received)
            self.received.append(("clock", data))
            self.arrivals.append(time.perf_counter())
        received += random.uniform(0, self.stamp_jitter_ms)
        return {"c": received}  # its time of receipt: the page answers at once

    def clock_probes(self) -> int:
        """How many clock probes the server has sent this client (each answered at once)."""
        with self._lock:
            return sum(1 for event, _ in self.received if event == "clock")

    def press(self, kind: str, wait: bool = True, **fields: Any) -> Any:
        """A race action stamped with this client's clock at the moment of the press.

        ``pressed_at`` keeps the stamp as true (perf_counter) time, for judging the verdict.
        ``wait``: False sends it without waiting for the verdict (its ack joins ``acks``).
        """
        t = self.now()
        self.pressed_at = (t - self.clock_offset_ms) / 1000
        if not wait:
            self.sio.emit("act", {"type": kind, "t": t, **fields}, callback=self._acked)
            return None
        return self.call("act", {"type": kind, "t": t, **fields})

    def _acked(self, ack: Any = None) -> None:
        with self._lock:
            self.acks.append(ack)

    def call(self, event: str, data: Any = None, timeout: float = 10) -> Any:
        ack = self.sio.call(event, data, timeout=timeout)
        with self._lock:
            self.acks.append(ack)
        return ack

    def first_view_at(self, predicate: Callable[[dict[str, Any]], bool]) -> float | None:
        """perf_counter() when the first pushed view satisfying ``predicate`` arrived."""
        with self._lock:
            pairs = list(zip(self.received, self.arrivals, strict=True))
        return next((t for (e, d), t in pairs if e == "view" and predicate(d)), None)

    def views(self) -> list[dict[str, Any]]:
        with self._lock:
            pushed = [d for e, d in self.received if e == "view"]
            acked = [a["view"] for a in self.acks if isinstance(a, dict) and "view" in a]
        return sorted(acked + pushed, key=lambda view: view["v"])

    def latest(self) -> dict[str, Any]:
        return max(self.views(), key=lambda view: view["v"])

    def notes(self) -> list[dict[str, Any]]:
        with self._lock:
            return [d for e, d in self.received if e == "note"]

    def wait_view(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 10) -> Any:
        """The newest view for which ``predicate`` holds (a view lacking a key does not)."""

        def holds(view: dict[str, Any]) -> bool:
            try:
                return bool(predicate(view))
            except (KeyError, TypeError, IndexError):
                return False

        return wait_until(
            lambda: next((v for v in reversed(self.views()) if holds(v)), None),
            timeout,
            f"a view on {self.name}",
        )

    def close(self) -> None:
        if self.sio.connected:
            self.sio.disconnect()


def seated(server: LiveServer, peers: list[Peer], names: list[str], **room_body):
    """A room with a connected TV and one phone per name; returns (room, tv, phones)."""
    room = server.create_room(**room_body)
    tv = Peer(server.url, "tv")
    peers.append(tv)
    assert tv.call("host", {"code": room["code"], "host_token": room["host_token"]})["ok"]
    phones = []
    for name in names:
        phone = Peer(server.url, name)
        peers.append(phone)
        ack = phone.call("join", {"code": room["code"], "name": name})
        assert ack["ok"], ack
        phone.token = ack["token"]
        phones.append(phone)
    return room, tv, phones


# -- scripted players (the games' test bots) ---------------------------------------------------

#: the tag of a move by which a seat leaves for good (the room calls ``seat_left``)
LEAVE = "leave"
#: what a game may answer a move with (always with a sentence; never ``internal``)
REFUSALS = frozenset({"illegal", "not_your_turn", "too_late", "bad_request", "forbidden"})


@dataclass(frozen=True)
class Move:
    """A scripted player's move: an action by a seat (None: the table), ``timeout`` (action
    None) at the deadline, or a seat leaving for good (tag ``LEAVE``, action None)."""

    seat: int | None
    action: dict[str, Any] | None
    #: what the move is, for scripted players ("timeout", "claim", "cast", "probe", …)
    tag: str = ""


def step(game: Game[Any], state: Any, move: Move, now: float, *, unchanged: bool = False
         ) -> tuple[Any, float]:  # fmt: skip
    """``move`` at ``now`` (a timeout at its deadline at the earliest): the state after it and
    when it happened. A refused action changes nothing, and its refusal is one a game may give,
    with a sentence. ``unchanged``: also checks that ``state`` itself is left as it was,
    whether the move is accepted or refused (a deep copy a step: a pickle round trip, about
    five times quicker than ``copy.deepcopy`` on a Witch's Brew state)."""
    before = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL)) if unchanged else None
    if move.tag == LEAVE:
        assert move.seat is not None
        after = game.seat_left(state, move.seat, now)
    elif move.action is None:
        due = game.deadline(state)
        assert due is not None, "a timeout without a deadline"
        now = max(now, due)
        after = game.timeout(state, now)
    else:
        try:
            after = game.apply(state, move.seat, move.action, now)
        except IllegalAction as exc:
            assert exc.code in REFUSALS, (move, exc.code)
            assert exc.message.endswith((".", "!", "?", ")")), exc.message
            after = state
    assert not unchanged or state == before, f"{move} changed the state it was applied to"
    return after, now


def replay(game: Game[Any], first: Any, log: list[tuple[Move, float]]) -> Any:
    """The state after the logged moves, each at its time, from ``first``."""
    state = first
    for move, at in log:
        state, _ = step(game, state, move, at)
    return state
