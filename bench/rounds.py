"""The in-process cost of buzzer rounds in the rooms layer (not a test): ``ROOMS`` rooms of a TV
and 6 phones each play ``ROUNDS`` rounds through ``RoomService`` the way ``bench.wsload`` plays
them over sockets (an ``arm``; six presses 400 ms apart, each race settled by ``tick`` at 50 Hz;
every socket answering a clock probe every 2 s), every delivery encoded into its Socket.IO packet
as ``deliver`` sends it. No sockets and a hand-driven clock: only the work the companion does
beyond the transport (docs/benchmarks.md, "Issue 25, item 1"). Two warm-up rounds are left out.

Prints the CPU time per room and round, which other work on a shared machine inflates; under
callgrind, subtract a run with ``0`` rounds for the instructions, which it does not:

    python -m bench.rounds [ROUNDS] [ROOMS]
    valgrind --tool=callgrind python -m bench.rounds 5
    valgrind --tool=callgrind python -m bench.rounds 0
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.broadcast import PLAYERS, Packets
from bench.common import header
from companion.games.registry import GAMES
from companion.rooms import RoomService, ServiceConfig
from companion.store import SqliteStore
from companion.web.sockets import deliver

#: the ticker's period and a stable link's probe interval (companion/web/app.py, timing/probes.py)
TICK_MS = 20.0
PROBE_MS = 2_000.0
PRESS_GAP_MS = 400.0


class Table:
    """``rooms`` buzzer rooms, seated and started, on one service with a clock of its own."""

    def __init__(self, db: Path, rooms: int) -> None:
        self.now = 1_000_000.0
        config = ServiceConfig("http://bench")
        self.service = RoomService(SqliteStore(db), GAMES, lambda: self.now, config)
        self.packets = Packets()
        self.rng = random.Random(1)
        self.rooms = [self._seat(n) for n in range(rooms)]
        self.conns = [conn for tv, phones in self.rooms for conn in (tv, *phones)]
        for conn in self.conns:
            self.service.clock_connected(conn)

    def _seat(self, n: int) -> tuple[str, list[str]]:
        options = {"random_delay": False, "countdown": 0, "false_start": False}
        created = self.service.create_room({"game": "buzzer", "seed": n, "options": options})
        tv, code = f"tv{n}", created["code"]
        self.service.host(tv, {"code": code, "host_token": created["host_token"]})
        phones = [f"p{n}-{seat}" for seat in range(PLAYERS)]
        for seat, phone in enumerate(phones):
            self.service.join(phone, {"code": code, "name": f"Player {seat}"})
        self.service.room_command(tv, {"type": "start"})
        return tv, phones

    def wait(self, ms: float) -> None:
        """``ms`` of the ticker's ticks, and the clock probes answered in them."""
        answers = TICK_MS / PROBE_MS
        for _ in range(round(ms / TICK_MS)):
            self.now += TICK_MS
            deliver(self.packets, self.service.tick())  # type: ignore[arg-type]
            for conn in self.conns:
                if self.rng.random() < answers:
                    sent = self.now - 3.0
                    self.service.clock_sample(conn, sent, {"c": self.now - 1.5}, self.now)

    def play(self, act: Any) -> None:
        deliver(self.packets, act.out)  # type: ignore[arg-type]

    def round(self) -> None:
        for tv, _ in self.rooms:
            self.play(self.service.act(tv, {"type": "arm"}))
        self.wait(200.0)
        for seat in range(PLAYERS):
            for _, phones in self.rooms:
                self.play(self.service.act(phones[seat], {"type": "buzz", "t": self.now}))
            self.wait(PRESS_GAP_MS)
        self.wait(PRESS_GAP_MS)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    rooms = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    header("bench.rounds", f"{rooms} buzzer rooms of 1 TV + {PLAYERS} phones, in process")
    with tempfile.TemporaryDirectory() as tmp:
        table = Table(Path(tmp) / "rounds.sqlite3", rooms)
        for _ in range(2):
            table.round()
        started = time.process_time()
        for _ in range(rounds):
            table.round()
        spent = time.process_time() - started
    if rounds:
        print(f"CPU per room and round: {spent / rounds / rooms * 1e6:.0f} µs ({rounds} rounds)")


if __name__ == "__main__":
    main()
