"""Messages written at once (companion/web/at_once.py), over a real eventlet WebSocket on a
socket pair, with Engine.IO's own socket and writer: written by the sender when nothing waits,
in order with what Engine.IO queued, never waiting for a phone that stopped reading."""

from __future__ import annotations

import fcntl
import json
import select
import socket
import struct
import termios
import warnings

import engineio
import engineio.socket
import socketio

from companion.web.gate import Gate, Limits, Notes

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # eventlet's deprecation notice
    import eventlet
    import eventlet.websocket
    from eventlet.greenio import GreenSocket

SMALL = 4096  # bytes of kernel buffer each way: a phone that stops reading fills them at once


class Table:
    """A python-socketio server under eventlet with the gate (so AtOnce) installed, and one
    Engine.IO connection on a WebSocket whose far end, ``phone``, reads only when told."""

    def __init__(self) -> None:
        self.server = socketio.Server(async_mode="eventlet")
        gate = Gate(self.server, Limits(), Notes())
        assert gate.on_connect("s1", {"REMOTE_ADDR": "127.0.0.1"}) is not False
        near, self.phone = socket.socketpair()
        near.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SMALL)
        self.phone.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL)
        self.ws = eventlet.websocket.RFC6455WebSocket(GreenSocket(near), {}, version=13)
        self.eio_socket = engineio.socket.Socket(self.server.eio, "s1")
        self.server.eio.sockets["s1"] = self.eio_socket
        # the gate's WebSocket driver, as Engine.IO makes one for a connection (it keeps the
        # WebSocket for AtOnce while Engine.IO's handler runs)
        driver = self.server.eio._async["websocket"](
            self.eio_socket._websocket_handler, self.server.eio
        )
        driver.eio_sid = "s1"
        self.reader = eventlet.spawn(driver.handler, self.ws)
        eventlet.sleep(0)  # Engine.IO's handler marks the connection upgraded, starts its writer

    def send(self, data: str) -> None:
        self.server.eio.send_packet("s1", engineio.packet.Packet(engineio.packet.MESSAGE, data))

    def received(self, count: int) -> list[str]:
        """The next ``count`` text frames the phone reads (the hub runs while it waits)."""
        self.phone.setblocking(False)
        buffer, texts = b"", []
        with eventlet.Timeout(20):
            while len(texts) < count:
                try:
                    buffer += self.phone.recv(65536)
                except BlockingIOError:
                    eventlet.sleep(0.001)
                texts, _ = frames(buffer)
        return texts


def frames(data: bytes) -> tuple[list[str], bytes]:
    """The whole text frames (a server's: unmasked) at the start of ``data``, and the rest."""
    texts = []
    while len(data) >= 2:
        assert data[0] == 0x81, f"not a final text frame: {data[:2]!r}"
        size, start = data[1], 2
        if size == 126:
            (size,), start = struct.unpack("!H", data[2:4]), 4
        elif size == 127:
            (size,), start = struct.unpack("!Q", data[2:10]), 10
        if len(data) < start + size:
            break
        texts.append(data[start : start + size].decode())
        data = data[start + size :]
    return texts, data


def test_a_message_is_written_by_its_sender_when_nothing_waits() -> None:
    table = Table()
    table.send('2["view",{"v":1}]')
    # no switch to Engine.IO's writer happened: the frame is in the phone's buffer already
    assert select.select([table.phone], [], [], 0)[0]
    assert table.received(1) == ['42["view",{"v":1}]']
    assert table.eio_socket.queue.qsize() == 0


def test_a_phone_that_stops_reading_holds_up_no_sender_and_gets_everything_in_order() -> None:
    table = Table()
    view = {"v": 0, "table": "x" * 2000}
    sent = 0
    with eventlet.Timeout(10, AssertionError("the sender waited for a phone not reading")):
        for number in range(200):  # ~400 KB, a hundred times what the buffers hold
            view["v"] = number
            table.send("2" + json.dumps(["view", view]))
            sent += 1
    assert sent == 200
    eventlet.sleep(0.05)
    waiting = struct.unpack("i", fcntl.ioctl(table.phone, termios.FIONREAD, b"\0" * 4))[0]
    assert waiting < 200 * 2000  # most are still held by the server: the buffers were full
    texts = table.received(200)
    versions = [json.loads(text[2:])[1]["v"] for text in texts]
    assert versions == list(range(200))  # every one, whole and in order
    table.send('2["view",{"v":200}]')  # and, once it caught up, at once again
    assert select.select([table.phone], [], [], 0)[0]
    assert table.received(1) == ['42["view",{"v":200}]']


def test_a_closed_phone_drops_what_is_written_to_it_and_the_sender_goes_on() -> None:
    table = Table()
    table.phone.close()
    table.send('2["view",{"v":1}]')  # EPIPE or ECONNRESET: dropped, no exception
    table.send('2["view",{"v":2}]')
