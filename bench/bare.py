"""The bare server of bench.capacity: Flask-SocketIO under eventlet with the messages the
companion sends in a buzzer room, of the same shapes and sizes (its views key for key) at the
same rates, but no game logic, no rooms layer, no gate and no persistence. What it sustains is
the transport's limit.

It answers what the load generator sends like the companion does:

- ``POST /api/rooms`` -> ``{code, host_token}``; ``GET /healthz``;
- ``host`` / ``join`` -> ack with the view; a view to everybody else in the room;
- ``room {type: start}`` -> ack; a view to everybody;
- ``act {type: arm}`` -> ack; a view (armed) and a view (open) to everybody;
- ``act {type: buzz}`` -> ack ``{ok, at, margin_ms}`` at once; then, when the window closes, a
  view to everybody carrying the window's presses as the room's last race (``view.room.race``, as
  the companion's views do). The window is the companion's (companion/rooms/races.py): from the
  first press, the largest recent round trip among the seats that have not pressed in it, at
  most ``CAP_MS``; with a fixed 250 ms window the bare server sent 14 % fewer views than the
  companion and compared less work. A closed window settles at the next tick, as the
  companion's ticker settles it (``TICK_SECONDS``, waiting that long between ticks): settled at
  the very moment its window closed, each race held fewer presses under load, and the bare server
  sent up to a fifth more views than the companion;
- ``clock`` probes ``{s, offset, rtt}``: a burst of 8 at connect, then one every
  ``--probe-seconds`` (the companion's steady rate for a stable link, see
  companion/timing/probes.py).

The same server-wide settings as ``companion serve`` (green-thread pool, gc.freeze, JSON-only
packets), so the ratio companion ÷ bare is the cost of the game, the rooms and the log.

    python -m bench.bare --port 5001 [--probe-seconds 2.0]
"""

from __future__ import annotations

import eventlet

eventlet.monkey_patch()

import argparse  # noqa: E402
import collections  # noqa: E402
import gc  # noqa: E402
import itertools  # noqa: E402
import secrets  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

from flask import Flask, jsonify, request  # noqa: E402
from flask_socketio import SocketIO  # noqa: E402

from companion.timing import CAP_MS  # noqa: E402
from companion.timing.clock import OFFSET_AGE_MS, WINDOW  # noqa: E402
from companion.timing.probes import PROBE_BURST, PROBE_GAP_SECONDS  # noqa: E402
from companion.web.app import DEFAULTS  # noqa: E402
from companion.web.transport import POOL_SIZE, JsonPacket  # noqa: E402

PLAYERS = 6


def now_ms() -> float:
    return time.time() * 1000.0


def probe() -> dict[str, Any]:
    """A clock probe of the companion's shape: its time and the connection's estimate so far
    (docs/protocol.md, ``clock``); the bare server keeps no estimate, so a fixed one."""
    return {"s": now_ms(), "offset": 0.0, "rtt": 1.0}


class BareRoom:
    def __init__(self, code: str) -> None:
        self.code = code
        self.members: dict[str, int | None] = {}  # sid -> seat (None: the TV)
        self.names: list[str] = []
        self.version = 0
        self.round = 0
        self.status = "idle"
        self.presses: list[dict[str, Any]] = []
        #: presses waiting for the race to settle (the companion settles a race's presses
        #: together: one view each for all the presses of its window)
        self.unsettled: list[dict[str, Any]] = []
        #: the last settled race, in every view like the companion's ``view.room.race``
        self.race: dict[str, Any] | None = None
        #: when the open window settles (server ms)
        self.due = 0.0

    def view(self, seat: int | None) -> dict[str, Any]:
        """The companion's buzzer view (docs/protocol.md), key for key, filled with play: the
        CPU ratio compares the same encoding work."""
        self.version += 1
        options = {"false_start": False, "random_delay": False, "target": 0, "ties": False}
        out: dict[str, Any] = {
            "v": self.version,
            "now": now_ms(),
            "room": {
                "code": self.code,
                "game": "buzzer",
                "title": "Buzzer (speed rounds)",
                "status": "playing",
                "game_number": 1,
                "players": [
                    {
                        "seat": k,
                        "name": name,
                        "connected": True,
                        "gone": False,
                        "avatar": {"shape": "circle", "colour": "orange"},
                        "sitting_out": False,
                    }
                    for k, name in enumerate(self.names)
                ],
                "host_connected": True,
                "locked": False,
                "seats": 12,
                "first": None,
                "spectators": 0,
                "options": {**options, "countdown": 0},
                "lang": None,
                "join_url": f"http://127.0.0.1:5000/j/{self.code}",
                "clock": {"offset": 0, "stopped": None},
                "night": [],
                "race": self.race,
                "seat": seat,
                "role": "host" if seat is None else "player",
                "host": seat is None,
            },
            "game": {
                "round": self.round,
                "status": self.status,
                "opens_at": now_ms(),
                "closes_at": None,
                "ranking": self.presses,
                "false_starts": [],
                "pressed": len(self.presses),
                "playing": len(self.names),
                "scores": {str(k): 0 for k in range(len(self.names))},
                "awarded": [],
                "options": options,
            },
        }
        if seat is not None:
            prompt = {"kind": "wait", "text": {"template": "You pressed: look at the TV."}}
            out["game"]["you"] = {
                "pressed": False, "false_start": False, "rank": None, "prompt": prompt
            }  # fmt: skip
        out["game"]["outcome"] = None
        return out


def build() -> tuple[Flask, SocketIO]:
    app = Flask(__name__)
    socketio = SocketIO(app, async_mode="eventlet", max_http_buffer_size=4 * 4096 + 1024)
    socketio.server.packet_class = JsonPacket
    rooms: dict[str, BareRoom] = {}
    where: dict[str, BareRoom] = {}
    codes = itertools.count(100000)
    #: per connection, its recent clock probes' (answered at, round trip) in ms
    rtts: dict[str, collections.deque[tuple[float, float]]] = {}
    #: rooms with presses waiting for their window to close
    waiting: set[BareRoom] = set()

    @app.post("/api/rooms")
    def create() -> Any:
        code = str(next(codes))
        rooms[code] = BareRoom(code)
        return jsonify(code=code, host_token=secrets.token_urlsafe(16)), 201

    @app.get("/healthz")
    def healthz() -> Any:
        return jsonify(ok=True)

    def broadcast(room: BareRoom, skip: str | None = None) -> None:
        for sid, seat in room.members.items():
            if sid != skip:
                socketio.emit("view", room.view(seat), to=sid)

    def bind(data: dict[str, Any], seat_name: str | None) -> dict[str, Any]:
        sid: str = request.sid  # type: ignore[attr-defined]
        room = rooms[data["code"]]
        seat = None
        if seat_name is not None:
            seat = len(room.names)
            room.names.append(seat_name)
        room.members[sid] = seat
        where[sid] = room
        broadcast(room, skip=sid)
        answer: dict[str, Any] = {"ok": True, "view": room.view(seat)}
        if seat is not None:
            answer.update(seat=seat, token=secrets.token_urlsafe(16))
        return answer

    @socketio.on("host")
    def host(data: dict[str, Any]) -> dict[str, Any]:
        return bind(data, None)

    @socketio.on("join")
    def join(data: dict[str, Any]) -> dict[str, Any]:
        return bind(data, str(data.get("name")))

    @socketio.on("room")
    def command(data: dict[str, Any]) -> dict[str, Any]:
        room = where[request.sid]  # type: ignore[attr-defined]
        broadcast(room)
        return {"ok": True}

    @socketio.on("act")
    def act(data: dict[str, Any]) -> dict[str, Any]:
        sid: str = request.sid  # type: ignore[attr-defined]
        room = where[sid]
        at = now_ms()
        if data.get("type") == "arm":
            room.round += 1
            room.presses = []
            room.status = "armed"
            broadcast(room)
            room.status = "open"
            broadcast(room)
            return {"ok": True}
        seat = room.members[sid]
        place = len(room.presses) + 1
        room.presses.append(
            {"seat": seat, "at": at, "margin_ms": 0.0, "behind_ms": 0.0, "uncertainty_ms": 1.5,
             "place": place, "close": False}
        )  # fmt: skip
        record = {"t": data.get("t"), "offset": 0.0, "rtt": 1.0, "arrival": at, "fair": at}
        verdict = {"ok": True, "margin_ms": 0.0, "error": None, "close": False}
        room.unsettled.append({"seat": seat, **record, "uncertainty_ms": 1.5, **verdict})
        pressed = {p["seat"] for p in room.unsettled}
        window = max(
            (rtt_max(o, at) for o, s in room.members.items() if s is not None and s not in pressed),
            default=0.0,
        )
        room.due = room.unsettled[0]["arrival"] + min(window, CAP_MS)
        waiting.add(room)
        return {"ok": True, "at": at, "margin_ms": 0.0}

    def rtt_max(sid: str, now: float) -> float:
        """The companion's settle window for a connection: its largest round trip of the last
        30 s (``ClockEstimate.rtt_max``), the cap without one. Read from the newest sample back
        to the first one too old, as the companion keeps its fresh samples: reading the clock
        again for each of the window's samples had been a tenth of this server's CPU."""
        largest = None
        for at, rtt in reversed(rtts.get(sid, ())):
            if now - at > OFFSET_AGE_MS:
                break
            if largest is None or rtt > largest:
                largest = rtt
        return CAP_MS if largest is None else largest

    def ticker() -> None:
        """Every tick, settle the races whose window has closed (the companion's ticker)."""
        while True:
            socketio.sleep(DEFAULTS["TICK_SECONDS"])
            now = now_ms()
            for room in [r for r in waiting if r.due <= now]:
                waiting.remove(room)
                settle(room)

    def settle(room: BareRoom) -> None:
        """One view each with the window's presses as the room's race (the window moves as
        presses come, like the companion's)."""
        presses, room.unsettled = room.unsettled, []
        first = presses[0]["fair"] if presses else None
        room.race = {"type": "buzz", "settled_at": now_ms(), "at": first, "presses": presses}
        broadcast(room)

    def send_probe(sid: str) -> None:
        sent = probe()

        def answered(*_: object) -> None:
            rtts.setdefault(sid, collections.deque(maxlen=WINDOW)).append(
                (now_ms(), now_ms() - sent["s"])
            )

        socketio.emit("clock", sent, to=sid, callback=answered)

    def probe_loop(sid: str, every: float) -> None:
        connected = socketio.server.manager.is_connected
        for _ in range(PROBE_BURST):
            send_probe(sid)
            socketio.sleep(PROBE_GAP_SECONDS)
        while connected(sid, "/"):
            socketio.sleep(every)
            send_probe(sid)

    @socketio.on("connect")
    def connect(*_: object) -> None:
        socketio.start_background_task(probe_loop, request.sid, app.config["PROBE_SECONDS"])  # type: ignore[attr-defined]

    @socketio.on("disconnect")
    def disconnect(*_: object) -> None:
        room = where.pop(request.sid, None)  # type: ignore[attr-defined]
        if room is not None:
            room.members.pop(request.sid, None)  # type: ignore[attr-defined]
        rtts.pop(request.sid, None)  # type: ignore[attr-defined]

    socketio.start_background_task(ticker)
    return app, socketio


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--probe-seconds", type=float, default=2.0)
    args = parser.parse_args()
    app, socketio = build()
    app.config["PROBE_SECONDS"] = args.probe_seconds
    gc.collect()
    gc.freeze()
    socketio.run(app, host="127.0.0.1", port=args.port, log_output=False, max_size=POOL_SIZE)


if __name__ == "__main__":
    main()
