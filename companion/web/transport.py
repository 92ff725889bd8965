"""Transport settings that decide how many sockets one process can serve (docs/architecture.md,
"Capacity")."""

from __future__ import annotations

from typing import Any

from socketio import packet

#: green threads the eventlet web server may run at once: each open WebSocket holds one for its
#: whole life, so eventlet's default of 1,024 capped a process at ~146 rooms of 7 sockets
#: whatever the CPU could serve. The gate's per-address and the rooms limit bound what a
#: crowd can open; this only must not bind first.
POOL_SIZE = 20_000


class JsonPacket(packet.Packet):
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
