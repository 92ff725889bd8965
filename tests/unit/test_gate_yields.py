"""When a connection's reader lets the other green threads run (companion/web/gate.py,
``Gate.on_message``): after a frame that was waiting already, never only after one it waited
for. A reader whose socket always has data would otherwise hold the server."""

from __future__ import annotations

import time
from typing import Any

import socketio

from companion.web.gate import BURST_GAP_SECONDS, Gate, Limits, Notes


class CountingServer(socketio.Server):
    """A real Socket.IO server that counts the yields it is asked for."""

    def __init__(self) -> None:
        super().__init__(async_mode="threading")
        self.yields = 0

    def sleep(self, seconds: float = 0) -> Any:
        self.yields += seconds == 0
        return super().sleep(seconds)


def connected_gate() -> tuple[CountingServer, Gate]:
    server = CountingServer()
    gate = Gate(server, Limits(), Notes())
    gate.on_connect("eio-1", {"REMOTE_ADDR": "10.0.0.5"})
    return server, gate


PING = '2["ping"]'  # an event nobody listens to: the gate reads it and drops it


def test_a_reader_that_waited_for_its_frame_does_not_yield_again() -> None:
    server, gate = connected_gate()
    gate.on_message("eio-1", PING)
    time.sleep(BURST_GAP_SECONDS * 5)
    gate.on_message("eio-1", PING)
    assert server.yields == 0


def test_frames_that_came_back_to_back_yield() -> None:
    """Each but the first (a busy machine may pause the loop past the gap now and then)."""
    server, gate = connected_gate()
    for _ in range(20):
        gate.on_message("eio-1", PING)
    assert server.yields >= 10


def test_a_large_frame_yields_however_it_came() -> None:
    server, gate = connected_gate()
    gate.on_message("eio-1", '2["ping","' + "x" * 2000 + '"]')
    assert server.yields == 1


def test_a_frame_of_an_unknown_connection_yields() -> None:
    server, gate = connected_gate()
    gate.on_message("eio-unknown", PING)
    assert server.yields == 1
