"""Engine.IO messages written to their WebSocket at once, by the green thread that sends them.

Engine.IO queues every packet for the connection's writer green thread: a queue put, a timer
and two switches to wake that thread, its poll and its drain, for every message, about a tenth
of the server's CPU at party pace (docs/benchmarks.md, "Issue 25, item 1"). Under eventlet a
message is written at once instead when that keeps the order and blocks nobody:

- the connection is on its WebSocket (upgraded, not closing) and nothing waits in its queue,
- nobody is writing to that WebSocket (its send lock is free: not Engine.IO's writer, which
  never yields between taking packets from the queue and writing them, nor an earlier frame),
- the kernel takes the frame now. A frame it takes only part of (a phone that stopped
  reading) is finished by a green thread of its own, which holds the send lock meanwhile: the
  sender never waits for a slow phone, and later packets, queued, wait behind that frame.

Anything else (another async mode, a binary packet) goes through the queue as before.
"""

from __future__ import annotations

from typing import Any

from engineio import packet as eio_packet


class AtOnce:
    """Installed on python-socketio's server: its Engine.IO server's ``send_packet`` writes
    at once where it can (above), else queues as before."""

    def __init__(self, server: Any) -> None:
        #: eventlet's WebSocket of each connection on one (the gate's driver keeps it here)
        self.websockets: dict[str, Any] = {}
        self._server = server
        self._queue = server.eio.send_packet
        server.eio.send_packet = self.send_packet

    def send_packet(self, eio_sid: str, pkt: Any) -> None:
        if not self._written(eio_sid, pkt):
            self._queue(eio_sid, pkt)

    def _written(self, eio_sid: str, pkt: Any) -> bool:
        """True if the message was written (or its connection is gone: dropped, as Engine.IO's
        writer drops what it cannot send; the reader then sees the close)."""
        ws = self.websockets.get(eio_sid)
        if ws is None or pkt.packet_type != eio_packet.MESSAGE or pkt.binary:
            return False
        eio_socket = self._server.eio.sockets.get(eio_sid)
        if eio_socket is None or not eio_socket.upgraded or eio_socket.closing:
            return False
        if eio_socket.closed or eio_socket.queue.qsize():
            return False
        lock = ws._sendlock
        if not lock.acquire(blocking=False):
            return False
        try:
            frame = ws._pack_message(pkt.encode())
            # the green socket's own socket, non-blocking (`companion serve` speaks no TLS
            # itself: a proxy does, docs/hosting.md)
            sent = ws.socket.fd.send(frame)
        except BlockingIOError:  # the kernel's buffer for it is full
            sent = 0
        except OSError:
            lock.release()
            return True
        except BaseException:
            lock.release()
            raise
        if sent == len(frame):
            lock.release()
        else:
            self._server.start_background_task(_finish, ws, frame[sent:], lock)
        return True


def _finish(ws: Any, rest: bytes, lock: Any) -> None:
    """Write the rest of a frame, waiting as long as the phone takes, holding the send lock."""
    try:
        ws.socket.sendall(rest)
    except OSError:
        pass  # gone: its reader sees the close
    finally:
        lock.release()
