"""Transport settings that decide how many sockets one process can serve (docs/architecture.md,
"Capacity")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_socketio import SocketIO
from socketio import packet

#: green threads the eventlet web server may run at once: each open WebSocket holds one for its
#: whole life, so eventlet's default of 1,024 capped a process at ~146 rooms of 7 sockets
#: whatever the CPU could serve. The gate's per-address and the rooms limit bound what a
#: crowd can open; this only must not bind first.
POOL_SIZE = 20_000


# python-socketio ships no types (pyproject.toml: ignore_missing_imports), so its Packet is Any
class JsonPacket(packet.Packet):  # type: ignore[misc]
    """A Socket.IO packet for a server that only ever sends JSON.

    python-socketio scans every outgoing payload recursively for ``bytes`` to decide between a
    text and a binary packet: with ~1 KB views that scan was 8 % of the server's CPU. Nothing
    the companion sends holds bytes (views, notes and acks are JSON values), so outgoing packets
    are text packets without looking. Incoming packets are decoded as before: the type comes
    from the frame, not from this check.

    >>> JsonPacket(packet.EVENT, data=["view", {"v": 1}]).encode()
    '2["view",{"v":1}]'
    """

    @classmethod
    def data_is_binary(cls, data: Any) -> bool:
        return False


# Flask-SocketIO through its typeshed stubs (types-Flask-SocketIO), which are narrower than the
# library in three places; these helpers are the only calls that need them, each ignore saying
# where the stubs are wrong.


def emit_here(
    socketio: SocketIO,
    event: str,
    payload: object,
    to: str | list[str],
    callback: Callable[..., object] | None = None,
) -> None:
    """Send to connections bound in this process, never through the message queue: every
    message of the room service is for one of them (docs/architecture.md, "Several
    processes"). ``to``: one connection or several (one encoding for all)."""
    # The stubs' emit() takes one recipient and no ``ignore_queue``; the library passes
    # **kwargs on to python-socketio's Server.emit, whose ``to`` may be a list.
    socketio.emit(event, payload, to=to, callback=callback, ignore_queue=True)  # type: ignore[call-arg,arg-type]


def sleep(socketio: SocketIO, seconds: float) -> None:
    """Sleep the async mode's way (a green thread yields)."""
    socketio.sleep(seconds)  # type: ignore[arg-type]  # the stubs say int; any number works


def engine(socketio: SocketIO) -> Any:
    """The python-socketio ``Server`` under Flask-SocketIO (untyped: python-socketio ships no
    types)."""
    # Left out of the stubs on purpose (the maintainer calls it internal), yet it is the
    # documented way to reach the server's manager and Engine.IO sockets.
    return socketio.server  # type: ignore[attr-defined]
