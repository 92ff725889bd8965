"""Transport settings that decide how many sockets one process can serve (docs/architecture.md,
"Capacity")."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import orjson
from engineio import json as engineio_json
from engineio import packet as eio_packet
from flask_socketio import SocketIO
from socketio import packet

from companion.jsontext import dumps

#: green threads the eventlet web server may run at once: each open WebSocket holds one for its
#: whole life, so eventlet's default of 1,024 capped a process at ~146 rooms of 7 sockets
#: whatever the CPU could serve. The gate's per-address and the rooms limit bound what a
#: crowd can open; this only must not bind first.
POOL_SIZE = 20_000


class WireJson:
    """The JSON module of the companion's Socket.IO packets (python-socketio's ``json``).

    Reading every incoming event with the standard library (through Engine.IO's ``loads``, which
    builds a decoder per call to refuse integers of more than 100 digits) was 2-3 % of the
    server's Python time; orjson reads the same JSON values for a fraction. What orjson refuses
    and the standard library reads (``NaN``, a number too large for a double, a lone surrogate)
    goes through Engine.IO's ``loads`` as before, so a payload is read or refused as it was. One
    difference: orjson reads an integer beyond 64 bits as the nearest float, which the rooms
    refuse where they refused the integer (no seat or count is that large) and take where any
    number does (a press's time).

    >>> WireJson.loads('["act",{"type":"buzz","t":12.5,"name":"Renée"}]')
    ['act', {'type': 'buzz', 't': 12.5, 'name': 'Renée'}]
    >>> WireJson.loads("[NaN]")
    [nan]
    """

    @staticmethod
    def loads(text: str | bytes, **_: Any) -> Any:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            return engineio_json.loads(text)

    #: what python-socketio writes itself (connect and error packets) keeps the standard library
    dumps = staticmethod(json.dumps)


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

    #: how an incoming packet's arguments are read
    json = WireJson

    def encode(self) -> Any:
        """An event or an ack is written with ``dumps``; an event whose argument is
        ``Encoded`` takes that text as it is.

        >>> JsonPacket(packet.EVENT, data=["view", Encoded('{"v":1}')]).encode()
        '2["view",{"v":1}]'
        >>> JsonPacket(packet.ACK, data=[{"ok": True}], id=12).encode()
        '312[{"ok":true}]'
        """
        data = self.data
        if self.packet_type not in (packet.EVENT, packet.ACK) or not isinstance(data, list):
            return super().encode()
        head = str(self.packet_type)
        if self.namespace is not None and self.namespace != "/":
            head += self.namespace + ","
        if self.id is not None:
            head += str(self.id)
        if len(data) == 2 and isinstance(data[1], Encoded):
            return f"{head}[{event_name(data[0])},{data[1]}]"
        return head + dumps(data)


#: the names of the events the server sends, as JSON (a few constants: view, note, clock, …)
_EVENT_NAMES: dict[str, str] = {}


def event_name(event: str) -> str:
    """``event`` as JSON text, written once per name: every message's packet starts with it.

    >>> event_name("view"), event_name("view") is event_name("view")
    ('"view"', True)
    """
    text = _EVENT_NAMES.get(event)
    if text is None:
        text = dumps(event)
        if len(_EVENT_NAMES) < 64:  # the server's own names; anything else is not kept
            _EVENT_NAMES[event] = text
    return text


def event_packet(event: str, payload: Encoded, ack: int | None = None) -> str:
    """The Socket.IO packet of an event to the default namespace whose payload is JSON text
    already: what ``JsonPacket`` writes for it, without building a packet object per
    connection (a broadcast's views differ for every connection).

    >>> event_packet("view", Encoded('{"v":1}'))
    '2["view",{"v":1}]'
    >>> event_packet("clock", Encoded('{"s":1}'), ack=7) == JsonPacket(
    ...     packet.EVENT, data=["clock", Encoded('{"s":1}')], id=7).encode()
    True
    """
    return f"2{'' if ack is None else ack}[{event_name(event)},{payload}]"


class Encoded(str):
    """A message's payload already encoded as JSON text: ``emit_here`` encodes a payload once
    for all its recipients and writes it into each packet as it is (``event_packet``);
    ``JsonPacket`` does the same for an ``Encoded`` payload sent through python-socketio, which
    would otherwise encode the text again as a JSON string."""

    __slots__ = ()


# Flask-SocketIO through its typeshed stubs (types-Flask-SocketIO), which are narrower than the
# library in two places; these helpers are the only calls that need them, each ignore saying
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
    processes"). ``to``: one connection or several (one encoding for all); ``callback``: called
    with the one recipient's answer.

    The Socket.IO packet is written here (``event_packet``) and handed to Engine.IO's
    ``send_packet`` for each connection: the layers between (Flask-SocketIO's and
    python-socketio's ``emit``, the manager's room look-up) cost more than the sending itself. A
    callback is registered as python-socketio's ``emit`` does (its answer comes back through
    its ``_handle_ack``, which the gate calls)."""
    server = engine(socketio)
    if callback is not None and not isinstance(to, str):
        raise ValueError("an answer is awaited from one connection at a time")
    encoded = payload if isinstance(payload, Encoded) else Encoded(dumps(payload))

    def written(ack: int | None) -> Any:
        return eio_packet.Packet(eio_packet.MESSAGE, data=event_packet(event, encoded, ack))

    message = written(None) if callback is None else None  # one packet for every connection
    for conn in (to,) if isinstance(to, str) else to:
        eio_sid = server.manager.eio_sid_from_sid(conn, "/")
        if eio_sid is None:  # gone meanwhile: as emit, nothing is sent
            continue
        if callback is not None:  # its own ack id
            message = written(server.manager._generate_ack_id(conn, callback))
        server.eio.send_packet(eio_sid, message)


def sleep(socketio: SocketIO, seconds: float) -> None:
    """Sleep the async mode's way (a green thread yields)."""
    socketio.sleep(seconds)  # type: ignore[arg-type]  # the stubs say int; any number works


def engine(socketio: SocketIO) -> Any:
    """The python-socketio ``Server`` under Flask-SocketIO (untyped: python-socketio ships no
    types)."""
    # Left out of the stubs on purpose (the maintainer calls it internal), yet it is the
    # documented way to reach the server's manager and Engine.IO sockets.
    return socketio.server  # type: ignore[attr-defined]
