"""The in-process cost of one broadcast (not a test): the views of a 6-player buzzer room in an
armed round, built by the room service and each encoded into its Socket.IO packet as
``deliver`` sends them, ``N`` times. No sockets, no disk: only the work every broadcast does.

Run under callgrind and subtract a run with ``0``: the instructions per broadcast, which other
work on a shared machine does not change (docs/benchmarks.md, "Issue 25, item 1"):

    valgrind --tool=callgrind python -m bench.broadcast 100
    valgrind --tool=callgrind python -m bench.broadcast 0
"""

from __future__ import annotations

import sys
from typing import Any

from companion.games.registry import GAMES
from companion.rooms import RoomService, ServiceConfig
from companion.store import SqliteStore
from companion.web.sockets import deliver

PLAYERS = 6


class Packets:
    """Stands in for Flask-SocketIO under ``emit_here`` (companion/web/transport.py), which
    writes each Socket.IO packet itself and hands it to Engine.IO's ``send_packet``: here that
    encodes the Engine.IO packet as Engine.IO does, and sends nothing."""

    def __init__(self) -> None:
        # emit_here reads socketio.server.manager and socketio.server.eio
        self.server = self.manager = self.eio = self

    def eio_sid_from_sid(self, sid: str, namespace: str) -> str:
        return sid

    def send_packet(self, eio_sid: str, packet: Any) -> None:
        packet.encode()


def main() -> None:
    broadcasts = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    now = [1_000_000.0]
    service = RoomService(SqliteStore(":memory:"), GAMES, lambda: now[0], ServiceConfig("http://t"))
    options = {"random_delay": False, "countdown": 0}
    created = service.create_room({"game": "buzzer", "seed": 1, "options": options})
    code = created["code"]
    service.host("tv", {"code": code, "host_token": created["host_token"]})
    for seat in range(PLAYERS):
        service.join(f"phone{seat}", {"code": code, "name": f"Player {seat}"})
    service.room_command("tv", {"type": "start"})
    service.act("tv", {"type": "arm"})
    room, packets = service.rooms[code], Packets()
    for _ in range(broadcasts):
        deliver(packets, service.live.broadcast(room))  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
