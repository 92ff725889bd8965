"""The gate (companion/web/gate.py) stands on private names of python-socketio,
python-engineio and simple-websocket: pyproject.toml bounds those libraries to the versions
it is tested with, and these tests fail, loudly and by name, when an upgrade moves one of them
(otherwise every socket could break while the other unit tests stay green)."""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from typing import Any

import engineio
import engineio.socket
import pytest
import simple_websocket
import socketio
from engineio.async_drivers._websocket_wsgi import SimpleWebSocketWSGI
from socketio import packet

from companion.web.gate import Gate, Limits, Notes


def parameters(function: Callable[..., Any]) -> list[str]:
    return list(inspect.signature(function).parameters)


#: socketio.Server's per-packet methods the gate calls in place of ``_handle_eio_message``,
#: with the parameters it passes (by position)
SOCKETIO_METHODS = {
    "_handle_event_internal": ["self", "server", "sid", "eio_sid", "data", "namespace", "id"],
    "_handle_ack": ["self", "eio_sid", "namespace", "id", "data"],
    "_handle_connect": ["self", "eio_sid", "namespace", "data"],
    "_handle_disconnect": ["self", "eio_sid", "namespace", "reason"],
    "_send_packet": ["self", "eio_sid", "pkt"],
}


@pytest.mark.parametrize("name", sorted(SOCKETIO_METHODS))
def test_the_socketio_methods_the_gate_calls_keep_their_parameters(name: str) -> None:
    method = getattr(socketio.Server, name, None)
    assert method is not None, f"socketio.Server.{name} is gone: see companion/web/gate.py"
    assert parameters(method) == SOCKETIO_METHODS[name], f"socketio.Server.{name} changed"


def test_the_socketio_server_parts_the_gate_reads_are_there() -> None:
    server = socketio.Server(async_mode="threading")
    assert server.reason.CLIENT_DISCONNECT  # the disconnect reason of a client's own goodbye
    manager = server.manager
    assert isinstance(manager.callbacks, dict)
    for name, params in {
        "sid_from_eio_sid": ["eio_sid", "namespace"],
        "eio_sid_from_sid": ["sid", "namespace"],
        "is_connected": ["sid", "namespace"],
        "_generate_ack_id": ["sid", "callback"],  # companion/web/transport.py, emit_here
    }.items():
        assert parameters(getattr(manager, name)) == params, name
    assert issubclass(server.packet_class, packet.Packet)
    decoded = server.packet_class(encoded_packet='51-7["time",{"_placeholder":true,"num":0}]')
    assert (decoded.packet_type, decoded.id, decoded.attachment_count) == (
        packet.BINARY_EVENT,
        7,
        1,
    )
    assert decoded.attachments == []  # the gate appends the attachments itself


def test_the_engineio_server_parts_the_gate_replaces_are_there() -> None:
    server = socketio.Server(async_mode="threading")
    eio = server.eio
    assert isinstance(eio, engineio.Server)
    assert {"connect", "message", "disconnect"} <= set(eio.handlers), eio.handlers
    assert parameters(eio.handlers["connect"]) == ["eio_sid", "environ"]
    assert parameters(eio.handlers["disconnect"]) == ["eio_sid", "reason"]
    assert isinstance(eio.sockets, dict)
    drivers = eio._async
    assert isinstance(drivers, dict) and drivers["websocket"] is SimpleWebSocketWSGI
    assert parameters(engineio.socket.Socket.close) == ["self", "wait", "abort", "reason"]


def test_the_gate_installs_itself_on_a_real_server() -> None:
    server = socketio.Server(async_mode="threading")
    gate = Gate(server, Limits(), Notes())
    assert server.eio.handlers["message"] == gate.on_message
    assert server.eio.handlers["connect"] == gate.on_connect
    bounded = server.eio._async["websocket"]
    assert bounded is not SimpleWebSocketWSGI and issubclass(bounded, SimpleWebSocketWSGI)


def test_simple_websocket_parts_the_bounded_reader_uses_are_there() -> None:
    assert parameters(SimpleWebSocketWSGI.__init__)[:3] == ["self", "handler", "server"]
    for name in ("wait", "close", "send"):
        assert callable(getattr(SimpleWebSocketWSGI, name)), name
    init = parameters(simple_websocket.ws.Base.__init__)
    assert "thread_class" in init and "max_message_size" in init, init
    source = inspect.getsource(simple_websocket.ws.Base)
    for name in ("self.input_buffer", "self.connected", "self.sock", "target=self._thread"):
        assert name in source, f"simple_websocket.ws.Base no longer has {name}"


def test_eventlet_websocket_parts_the_gate_uses_are_there() -> None:
    """Under eventlet the gate wraps Engine.IO's WebSocket driver so that the reader of a
    connection it closed stops reading (companion/web/gate.py, _StopsWhenClosed)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # eventlet's deprecation notice
        import eventlet.websocket
        from engineio.async_drivers.eventlet import WebSocketWSGI

    assert parameters(WebSocketWSGI.__init__)[:3] == ["self", "handler", "server"]
    assert parameters(WebSocketWSGI.__call__) == ["self", "environ", "start_response"]
    assert "self.handler(ws)" in inspect.getsource(eventlet.websocket.WebSocketWSGI.__call__)
    reader = inspect.getsource(engineio.socket.Socket._websocket_handler)
    assert "ws.wait()" in reader and "if p is None:" in reader, "Engine.IO's reader changed"
    server = socketio.Server(async_mode="eventlet")
    assert server.eio._async["websocket"] is WebSocketWSGI
    Gate(server, Limits(), Notes())
    gated = server.eio._async["websocket"]
    assert gated is not WebSocketWSGI and issubclass(gated, WebSocketWSGI)


def test_the_parts_a_message_written_at_once_uses_are_there() -> None:
    """companion/web/at_once.py writes a message to eventlet's WebSocket itself when Engine.IO's
    queue is empty and nobody is writing: it reads the socket's state, takes the WebSocket's
    send lock, frames the message as it would and writes to its green socket's own socket."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # eventlet's deprecation notice
        import eventlet.greenio
        import eventlet.websocket

    source = inspect.getsource(eventlet.websocket.WebSocket.__init__)  # RFC6455's base
    for name in ("self._sendlock = semaphore.Semaphore()", "self.socket = sock"):
        assert name in source, f"eventlet's WebSocket no longer has {name}"
    assert issubclass(eventlet.websocket.RFC6455WebSocket, eventlet.websocket.WebSocket)
    assert parameters(eventlet.websocket.RFC6455WebSocket._pack_message)[:2] == ["self", "message"]
    assert "self.fd = fd" in inspect.getsource(eventlet.greenio.GreenSocket.__init__)
    socket_source = inspect.getsource(engineio.socket.Socket)
    for name in ("self.upgraded = ", "self.closing = ", "self.closed = ", "self.queue.put(pkt)"):
        assert name in socket_source, f"Engine.IO's Socket no longer has {name}"
    writer = inspect.getsource(engineio.socket.Socket._websocket_handler)
    assert "packets = self.poll()" in writer and "ws.send(pkt.encode())" in writer
    assert parameters(engineio.Server.send_packet) == ["self", "sid", "pkt"]
    message = engineio.packet.Packet(engineio.packet.MESSAGE, data="2[1]")
    assert (message.packet_type, message.binary, message.encode()) == (4, False, "42[1]")
    server = socketio.Server(async_mode="eventlet")
    Gate(server, Limits(), Notes())
    assert server.eio.send_packet.__qualname__ == "AtOnce.send_packet"
    threads = socketio.Server(async_mode="threading")
    Gate(threads, Limits(), Notes())
    assert threads.eio.send_packet.__qualname__ == "Server.send_packet"  # eventlet's only


def test_an_ack_id_the_transport_takes_is_the_one_the_answer_is_matched_with() -> None:
    """emit_here writes a probe's packet itself: the id python-socketio hands out must be the
    one its ``_handle_ack`` looks the callback up by."""
    manager = socketio.Server(async_mode="threading").manager
    answers: list[object] = []
    first = manager._generate_ack_id("sid-1", answers.append)
    second = manager._generate_ack_id("sid-1", answers.append)
    assert isinstance(first, int) and second == first + 1
    manager.trigger_callback("sid-1", second, [{"c": 5}])
    assert answers == [{"c": 5}] and second not in manager.callbacks["sid-1"]
