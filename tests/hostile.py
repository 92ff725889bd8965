"""Hostile clients for the tests and the abuse benchmark: a raw Socket.IO connection over a
WebSocket (any frame, pipelined or not, from any claimed address) and a frame fuzzer built from
every game's declared actions.

The claimed address travels in ``X-Forwarded-For``: a server started with ``--behind-proxy``
counts each raw connection under its own address, as it would count phones behind a proxy.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import websocket

from companion.engine import Field, FieldType, Game
from companion.games.registry import GAMES


def ws_url(url: str) -> str:
    return url.replace("http://", "ws://", 1) + "/socket.io/?EIO=4&transport=websocket"


def bound_socket(url: str, source: str, timeout: float = 10.0) -> socket.socket:
    """A TCP connection to the server at ``url`` from the loopback address ``source``."""
    host, port = url.split("//", 1)[1].rsplit(":", 1)
    return socket.create_connection((host, int(port)), timeout, source_address=(source, 0))


class RawSocket:
    """One Engine.IO + Socket.IO connection driven by hand. A reader thread answers the
    server's pings (never its clock probes) and files every ack by id; ``answers`` counts them
    by outcome (``ok`` or the error code)."""

    def __init__(
        self, url: str, address: str | None = None, timeout: float = 10.0, source: str | None = None
    ) -> None:
        """``address``: claimed in X-Forwarded-For; ``source``: the loopback address the TCP
        connection really comes from (127.x.y.z), for a server not behind a proxy."""
        headers = [f"X-Forwarded-For: {address}"] if address else []
        options: dict[str, Any] = {}
        if source is not None:
            options["socket"] = bound_socket(url, source, timeout)
        self.ws = websocket.create_connection(
            ws_url(url), header=headers, timeout=timeout, enable_multithread=True, **options
        )
        self.ws.recv()  # the Engine.IO open packet
        self.ws.send("40")
        self.closed = False
        self.sid: str | None = None
        self.answers: Counter[str] = Counter()
        self.events: Counter[str] = Counter()
        self._acks: dict[int, Any] = {}
        self._waiting: dict[int, threading.Event] = {}
        self._lock = threading.Lock()
        self._ids = iter(range(1, 10**12))
        self._connected = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        if not self._connected.wait(timeout) or self.closed:
            self.close()
            raise ConnectionError("the server did not accept the Socket.IO connection")

    def next_id(self) -> int:
        with self._lock:
            return next(self._ids)

    def _read(self) -> None:
        try:
            while True:
                frame = self.ws.recv()
                if isinstance(frame, bytes) or not frame:
                    continue
                if frame == "2":
                    self.ws.send("3")  # Engine.IO pong
                elif frame.startswith("40"):
                    self.sid = json.loads(frame[2:] or "{}").get("sid")
                    self._connected.set()
                elif frame.startswith("43"):
                    self._ack(frame[2:])
                elif frame.startswith("42"):
                    body = frame[2:].lstrip("0123456789")
                    self.events[json.loads(body)[0]] += 1
                elif frame.startswith("44") and not self._connected.is_set():
                    break  # the connection was refused
                elif frame.startswith(("41", "1")):
                    break  # disconnected or closed
        except Exception:
            pass
        self.closed = True
        self._connected.set()
        with self._lock:
            for event in self._waiting.values():
                event.set()

    def _ack(self, body: str) -> None:
        digits = len(body) - len(body.lstrip("0123456789"))
        ack_id, payload = int(body[:digits]), json.loads(body[digits:])
        answer = payload[0] if payload else None
        outcome = "ok"
        if isinstance(answer, dict) and answer.get("ok") is False:
            outcome = str(answer.get("error", {}).get("code"))
        with self._lock:
            self.answers[outcome] += 1
            if ack_id in self._waiting:
                self._acks[ack_id] = answer
                self._waiting.pop(ack_id).set()

    def send(self, frame: str | bytes) -> None:
        """Send one Socket.IO packet (text, without the Engine.IO "4"), or a binary frame."""
        if isinstance(frame, bytes):
            self.ws.send_binary(frame)
        else:
            self.ws.send("4" + frame)

    def emit(self, event: str, data: Any = None, ack_id: int | None = None) -> None:
        body = json.dumps([event] if data is None else [event, data])
        self.send(f"2{'' if ack_id is None else ack_id}{body}")

    def call(self, event: str, data: Any = None, timeout: float = 10.0) -> Any:
        """Send an event and wait for its ack; None if none came (timeout or closed)."""
        return self.request(lambda ack_id: self.emit(event, data, ack_id), timeout)

    def call_frames(self, frames: Callable[[int], list[str | bytes]], timeout: float = 10.0) -> Any:
        """Send ``frames(ack_id)`` (a packet and its attachments) and wait for the ack."""

        def send(ack_id: int) -> None:
            for frame in frames(ack_id):
                self.send(frame)

        return self.request(send, timeout)

    def request(self, send: Callable[[int], None], timeout: float = 10.0) -> Any:
        """``send(ack_id)``, then wait for that ack; None if none came (timeout or closed)."""
        ack_id = self.next_id()
        done = threading.Event()
        with self._lock:
            self._waiting[ack_id] = done
        try:
            send(ack_id)
        except Exception:
            return None
        done.wait(timeout)
        with self._lock:
            self._waiting.pop(ack_id, None)
            return self._acks.pop(ack_id, None)

    def close(self) -> None:
        self.closed = True
        with contextlib.suppress(Exception):
            self.ws.close()


# -- the fuzzer ------------------------------------------------------------------------------

#: the room commands, those that unseat or end play rarely (5 times less often)
ROOM_COMMANDS = [
    "start",
    "lock",
    "unlock",
    "pause",
    "resume",
    "rematch",
    "options",
    "undo",
    "redo",
    "handoff",
    "first",
    "order",
    "teleport",
] * 5 + ["kick", "leave", "end"]
EVENTS = ["act", "room", "host", "join", "watch", "time", "connect", "disconnect", "clock",
          "message", "teleport", "*", ""]  # fmt: skip


def weird(rng: random.Random) -> Any:
    """A value no honest page sends."""
    return rng.choice([
        math.nan, math.inf, -math.inf, -0.0, 1e308, -1e-320, 2**63, -(2**70), 10**40, True,
        False, None, "", " ", "x" * rng.randint(101, 3000), "\ud800", "\udfff\ud800", "\x00",
        "💥" * 40, "1", "NaN", [], {}, [None], {"": None}, [[[]]], {"_placeholder": True},
        {"_placeholder": True, "num": 7}, rng.random(), -rng.randint(0, 10**6),
    ])  # fmt: skip


def value_for(field: Field, rng: random.Random) -> Any:
    """A value of the field's declared type, in range most of the time."""
    low = -5 if field.low is None else field.low
    high = 50 if field.high is None else field.high
    kind = field.type
    if kind is FieldType.BOOL:
        return rng.random() < 0.5
    if kind is FieldType.INT:
        return rng.randint(int(low), int(high))
    if kind is FieldType.NUMBER:
        return rng.uniform(low, high)
    if kind is FieldType.SEAT:
        return rng.randint(-1, 6)
    if kind is FieldType.TEXT:
        return rng.choice(field.choices) if field.choices else rng.choice(["a", "Ben", "x" * 99])
    if kind is FieldType.LIST:
        item = Field(field.name, field.item or FieldType.TEXT, choices=field.choices,
                     low=field.low, high=field.high)  # fmt: skip
        return [value_for(item, rng) for _ in range(rng.randint(0, field.max_items + 2))]
    return rng.choice([[rng.randint(0, 9) for _ in range(9)], {"a": 1}, "text", 3, None])


def nest(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value] if depth % 2 else {"v": value}
    return value


class Fuzzer:
    """Frames for one connection bound (or not) to a room of ``game``: mostly the game's own
    actions and the room commands with mutated fields, plus every other event, binary
    attachments, non-finite numbers, deep nesting and frames that are not Socket.IO at all."""

    def __init__(
        self,
        rng: random.Random,
        codes: list[str],
        game: str | None = None,
        rejoin: tuple[str, dict[str, Any]] | None = None,
    ) -> None:
        self.rng, self.codes = rng, codes
        self.game: Game[Any] = GAMES[game] if game else rng.choice(list(GAMES.values()))
        #: the event that seats this connection again (kicks and leaves happen), sent now and then
        self.rejoin = rejoin

    def payload(self) -> Any:
        rng = self.rng
        roll = rng.random()
        if roll < 0.6:
            game = self.game if rng.random() < 0.9 else rng.choice(list(GAMES.values()))
            action = rng.choice(list(game.actions.values()))
            data: dict[str, Any] = {"type": action.name}
            for field in action.fields:
                if rng.random() < 0.9:
                    data[field.name] = value_for(field, rng)
            if action.race or rng.random() < 0.1:
                data["t"] = rng.uniform(-1e6, 1e9)
        elif roll < 0.8:
            seat = rng.choice([rng.randint(-1, 6), None])
            data = {"type": rng.choice(ROOM_COMMANDS), "seat": seat}
            if rng.random() < 0.3:
                data["seats"] = rng.sample(range(-1, 7), rng.randint(0, 8))
            if rng.random() < 0.3:
                data["options"] = {rng.choice(["countdown", "x", "random_delay"]): weird(rng)}
        else:
            data = {
                "code": rng.choice([*self.codes, "BCDF", "ZZZZZZ", "bcdfgh", "A"]),
                "name": rng.choice(["Anna", "ben", " ", "\u202e", "x" * 30, "\ud83d"]),
                "token": rng.choice(["", "t" * 24, "\ud800" * 8]),
                "host_token": rng.choice(["", "k" * 24]),
            }
        for key in list(data):
            if rng.random() < 0.15:
                data[key] = weird(rng)
        if rng.random() < 0.05:
            data[rng.choice(["junk", "__proto__", "type"])] = weird(rng)
        if rng.random() < 0.03:
            return nest(data, rng.randint(20, 400))
        if rng.random() < 0.03:
            return weird(rng)
        return data

    def event(self, payload: Any) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.55:
            return "act"
        if roll < 0.75:
            return "room"
        return rng.choice(EVENTS)

    def frames(self, ack_id: int) -> list[str | bytes]:
        """One message: a Socket.IO packet (without the Engine.IO prefix), then any binary
        attachments it announces."""
        rng = self.rng
        roll = rng.random()
        if self.rejoin is not None and rng.random() < 0.02:
            event, data = self.rejoin
            return [f"2{ack_id}" + json.dumps([event, data])]
        payload = self.payload()
        event = self.event(payload)
        if roll < 0.08:  # binary attachments in place of some fields
            count = rng.randint(1, 3)
            if isinstance(payload, dict):
                for num in range(count):
                    payload[rng.choice([*payload.keys(), "junk"])] = {"_placeholder": True,
                                                                      "num": num}  # fmt: skip
            body = json.dumps([event, payload])
            blobs = [rng.randbytes(rng.randint(0, 3000)) for _ in range(count)]
            return [f"5{count}-{ack_id}{body}", *blobs]
        if roll < 0.14:
            return [self.garbage(ack_id)]
        return [f"2{ack_id}" + json.dumps([event, payload])]

    def garbage(self, ack_id: int) -> str:
        rng = self.rng
        body = json.dumps(["act", {"type": "x"}])
        return rng.choice([
            f"2{ack_id}{body[:-3]}", f"2{ack_id}{{}}", f"2{ack_id}[]", f"2{ack_id}[1,2]",
            f"2{ack_id}[null]", f"2{ack_id}[[\"act\"]]", f"2{ack_id}", "2", "3", f"3{ack_id}[1]",
            "6", "7", "9", "x", "0/nope,", "1/nope,", f"2/nope,{ack_id}{body}",
            f"5{ack_id}{body}", f"599-{ack_id}{body}", f"2{ack_id}" + "[" * 5000,
            f"2{'9' * 40}{body}", f"2{ack_id}[\"{'e' * 200}\"]", f"2{ack_id}{body}" + " " * 5000,
        ])  # fmt: skip


def run_fuzz(
    sockets: list[tuple[RawSocket, Fuzzer]],
    frames: int,
    per_socket_rate: float,
    on_progress: Callable[[int], None] | None = None,
) -> int:
    """Send ``frames`` fuzzed messages spread over the sockets, each at most
    ``per_socket_rate`` a second (under the server's limit, so that the handlers, not the rate
    limit, see them); returns how many were sent."""
    lock = threading.Lock()
    sent = [0]

    def drive(sock: RawSocket, fuzzer: Fuzzer) -> None:
        gap = 1.0 / per_socket_rate
        next_at = time.monotonic()
        while not sock.closed:
            with lock:
                if sent[0] >= frames:
                    return
                sent[0] += 1
            for frame in fuzzer.frames(sock.next_id()):
                try:
                    sock.send(frame)
                except Exception:
                    return
            next_at += gap
            time.sleep(max(0.0, next_at - time.monotonic()))
            if on_progress is not None:
                on_progress(sent[0])

    threads = [threading.Thread(target=drive, args=pair) for pair in sockets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sent[0]
