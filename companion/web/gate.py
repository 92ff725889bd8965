"""The gate: every Socket.IO frame is weighed before any handler is started for it.

python-socketio decodes each Engine.IO message in the connection's reader and starts a handler
(a green thread under eventlet and gevent, a thread in threading mode) for every event frame:
a client pipelining frames without waiting for the answers got one handler per frame before any
rate check could run. The gate takes the place of the Engine.IO ``connect``, ``message`` and
``disconnect`` handlers (``server.eio.on``) and, in the reader, before anything is started:

- refuses a connection from an address that has too many open or opens them too fast;
- decodes the frame itself: an unreadable, oversized (its arguments weigh more than
  ``max_bytes`` characters as sent), too deeply nested or misshapen frame is
  answered ``bad_request`` when it names an ack id, and noted in the log at most once every
  few seconds per kind, never with a traceback;
- takes a token from the connection's bucket and from its address's bucket (``rate_limited``
  otherwise), and refuses an event while the connection already has ``in_flight`` handlers
  running (``rate_limited``);
- closes a connection that keeps sending after being refused;
- reads at most ``reads`` frames a second from all the connections of one address, refused
  ones included, and beyond each address's own share only what one spare budget for all
  addresses allows (ReadBudget): past that it stops reading them (their frames wait in their
  own TCP buffers) and closes those kept waiting too long, so a crowd of sockets from one
  address costs the server no more than one, and a few flooding addresses no more than one
  and their shares (issue 24); a connection it has closed is not read any further;
- lets through only the acks the server is waiting for (clock probes).

Only what passes is dispatched, exactly as python-socketio's own ``_handle_eio_message`` does
(this module calls the same per-packet methods of ``socketio.Server``, python-socketio 5.x).
It holds no greenlet or thread of its own, so it behaves the same in every async mode.
"""

from __future__ import annotations

import json
import logging
import math
import re
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

import socketio
from engineio.async_drivers._websocket_wsgi import SimpleWebSocketWSGI
from socketio import packet

from companion.engine import ErrorCode
from companion.rooms import RoomError
from companion.web.at_once import AtOnce
from companion.web.headers import HEADERS, UNKNOWN_HOST, request_host, with_headers
from companion.web.network import client_address, host_allowed
from companion.web.ratelimit import RateLimiter

log = logging.getLogger(__name__)

#: the longest event name a client may send (ours are at most 5 characters)
EVENT_NAME_MAX = 40
#: binary attachments one event may announce
ATTACHMENTS_MAX = 10
#: messages simple-websocket may hold for a connection before it stops reading its socket
BACKLOG_MAX = 64
#: a frame read this soon after the reader finished its last one was waiting already: the
#: reader yields after it (decoding a frame of up to 1,024 characters takes far less)
BURST_GAP_SECONDS = 0.001
#: the shortest pause of a reader whose address has spent its read budget
READ_PAUSE_SECONDS = 0.05
#: the one key of the server-wide spare read budget
SPARE = ""
#: the environ key under which the gate keeps a connection's Engine.IO session id
EIO_SID = "companion.eio_sid"
#: the library's own event names: a client sending one is refused like an unknown event
RESERVED_EVENTS = frozenset({"connect", "connect_error", "disconnect"})
#: nesting a binary event's placeholders may be found at (deeper ones the gate refuses anyway)
PLACEHOLDER_DEPTH = 64
#: "2" (event) or "5" (binary event), attachments, namespace, then the ack id
_HEADER = re.compile(r"([25])(?:\d{1,10}-)?(/[^,]{0,100},)?(\d{1,15})")
#: an ack in the main namespace, and its id
_ACK_ID = re.compile(r"3(\d{1,15})\[")

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


@dataclass(frozen=True)
class Limits:
    #: events per second per connection, and the burst it may send at once
    rate: float = 20.0
    burst: float = 40.0
    #: events per second from all the connections of one address together
    address_rate: float = 100.0
    address_burst: float = 200.0
    #: handlers running at once for one connection
    in_flight: int = 8
    #: refused frames (forgiven at ``rate`` a second) before the connection is closed
    refusals: float = 200.0
    #: frames read per second from all the connections of one address together, refused
    #: ones included (and the burst): past it the gate stops reading that address's sockets
    reads: float = 100.0
    reads_burst: float = 200.0
    #: of those, what each address is read without asking (an honest device sends far less);
    #: the frames it sends beyond are read only while the server-wide spare budget lasts, so
    #: that a few addresses flooding at once cost no more than ``spare`` frames a second
    #: together beyond their own shares
    share: float = 20.0
    share_burst: float = 40.0
    spare: float = 100.0
    spare_burst: float = 200.0
    #: seconds a connection may spend paused for its address's read budget (forgiven at a
    #: tenth of a second a second) before it is closed: an honest client is never paused
    paused: float = 2.0
    #: connections open at once from one address, and new ones per second (with bursts)
    connections: int = 100
    connect_rate: float = 2.0
    connect_burst: float = 100.0
    #: the largest payload (as JSON) and the deepest nesting an event may carry
    max_bytes: int = 4096
    depth: int = 32


class ReadBudget:
    """The frames the gate may read from each address (callers hold a lock).

    Each address is read its own share; what it sends beyond comes out of one spare budget
    for the whole server, up to the address's ceiling. So one flooding address is read
    ``reads`` frames a second as before, while four flooding at once are read four shares
    and one spare budget together, not four times ``reads`` (issue 24: 200 sockets from 4
    addresses stalled another room for seconds).

    >>> budget = ReadBudget(Limits(reads=1e-9, reads_burst=4, share=1e-9, share_burst=1,
    ...                            spare=1e-9, spare_burst=4))
    >>> [sum(budget.allow(address) for _ in range(9)) for address in ("a", "b", "c")]
    [4, 2, 1]
    """

    def __init__(self, limits: Limits) -> None:
        self._ceilings = RateLimiter(limits.reads, limits.reads_burst)
        self._shares = RateLimiter(limits.share, limits.share_burst)
        self._spare = RateLimiter(limits.spare, limits.spare_burst)

    def allow(self, address: str) -> bool:
        """Take what reading one frame of ``address`` costs, or nothing and say False."""
        if not self._ceilings.ready(address):
            return False
        if not (self._shares.allow(address) or self._spare.allow(SPARE)):
            return False
        return self._ceilings.allow(address)


class Notes:
    """Warnings about hostile traffic: at most one line per kind every ``every`` seconds, with
    how many were left out, and never a traceback (the library's own error lines included)."""

    def __init__(self, every: float = 10.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.every, self.clock = every, clock
        self._last: dict[str, tuple[float, int]] = {}
        self._lock = threading.Lock()

    def allow(self, kind: str) -> int | None:
        """The number of notes of this kind left out since the last one, or None to leave this
        one out too.

        >>> now = [0.0]
        >>> notes = Notes(every=10, clock=lambda: now[0])
        >>> [notes.allow("junk") for _ in range(3)], notes.allow("other")
        ([0, None, None], 0)
        >>> now[0] = 10.0; notes.allow("junk")
        2
        """
        now = self.clock()
        with self._lock:
            last, skipped = self._last.get(kind, (-self.every, 0))
            if now - last < self.every:
                self._last[kind] = (last, skipped + 1)
                return None
            self._last[kind] = (now, 0)
            return skipped

    def __call__(self, kind: str, text: str) -> None:
        skipped = self.allow(kind)
        if skipped is not None:
            more = f" (and {skipped} more in the last {self.every:g} s)" if skipped else ""
            log.warning("%s%s", text, more)

    def quiet(self, logger: logging.Logger) -> None:
        """Apply the same to a library's logger: each message once per period, one line."""
        notes = self

        class Quiet(logging.Filter):
            def filter(self, record: logging.LogRecord) -> bool:
                if record.levelno < logging.WARNING:
                    return True
                if notes.allow(f"{record.name}: {record.msg}") is None:
                    return False
                if record.exc_info and record.exc_info[1] is not None:
                    exc = record.exc_info[1]
                    record.msg = f"{record.getMessage()} ({type(exc).__name__}: {exc})"
                    record.args, record.exc_info, record.exc_text = None, None, None
                return True

        logger.addFilter(Quiet())


@dataclass
class _Connection:
    address: str
    in_flight: int = 0
    #: a binary event waiting for its attachments, and its size so far (its text frame's
    #: characters and its attachments' bytes)
    binary: Any = None
    binary_bytes: int = 0
    #: attachments of a refused binary event, still to be skipped
    discard: int = 0
    closed: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: when the reader last finished a frame (time.monotonic)
    frame_ended: float = -math.inf


#: a handler the gate calls itself: (connection id, client address, the event's argument, how
#: to send the ack), which it calls once, maybe later
Direct = Callable[[str, str, object, Callable[[Any], None]], None]


class Gate:
    def __init__(self, server: socketio.Server, limits: Limits, notes: Notes) -> None:
        self.server, self.limits, self.notes = server, limits, notes
        #: the events whose handlers need no Flask request (``direct``)
        self._direct: dict[str, Direct] = {}
        self.max_frame = limits.max_bytes + 256  # the payload plus the packet's own header
        self._frames = RateLimiter(limits.rate, limits.burst)
        self._address_frames = RateLimiter(limits.address_rate, limits.address_burst)
        self._refusals = RateLimiter(limits.rate, limits.refusals)
        self._connects = RateLimiter(limits.connect_rate, limits.connect_burst)
        self._reads = ReadBudget(limits)
        self._pauses = RateLimiter(0.1, limits.paused)
        #: readers of each address waiting for its read budget
        self._paused: dict[str, int] = {}
        self._open: dict[str, int] = {}
        self._connections: dict[str, _Connection] = {}
        self._lock = threading.Lock()
        handlers = server.eio.handlers
        self._inner_connect = handlers["connect"]
        self._inner_disconnect = handlers["disconnect"]
        server.eio.on("connect", self.on_connect)
        server.eio.on("message", self.on_message)
        server.eio.on("disconnect", self.on_disconnect)
        #: eventlet's WebSockets, written to at once where that keeps the order (at_once.py)
        websockets = AtOnce(server).websockets if server.eio.async_mode == "eventlet" else {}
        _bound_websockets(server, self._connections, websockets)
        notes.quiet(logging.getLogger("engineio.server"))
        notes.quiet(logging.getLogger("socketio.server"))

    def direct(self, event: str, handler: Direct) -> None:
        """Answer ``event`` by calling ``handler`` from the gate, as python-socketio would call
        its Socket.IO handler but without Flask-SocketIO's request context around it: building
        one (a request object, a URL match, a session) cost every event more than the
        companion's own work on most of them. The handler gets what it would read from the
        request (the connection id and the client's address) as arguments, and a function that
        sends the ack, which it calls once, maybe later (a race press's verdict). Clients that
        do not pass the gate (Flask-SocketIO's test client) still reach the Socket.IO handler."""
        self._direct[event] = handler

    # -- Engine.IO handlers ----------------------------------------------------------------

    def on_connect(self, eio_sid: str, environ: dict[str, Any]) -> Any:
        address = client_address(environ.get("REMOTE_ADDR"))
        with self._lock:
            crowded = self._open.get(address, 0) >= self.limits.connections
            if not crowded and self._connects.allow(address):
                self._open[address] = self._open.get(address, 0) + 1
                self._connections[eio_sid] = _Connection(address)
                admitted = True
            else:
                admitted = False
        if not admitted:
            why = "too many open" if crowded else "opened too fast"
            self.notes("connect", f"refused a connection from {address}: {why}")
            return False
        environ[EIO_SID] = eio_sid
        answer = self._inner_connect(eio_sid, environ)
        if answer is not None and answer is not True:
            self._forget(eio_sid)
        return answer

    def on_disconnect(self, eio_sid: str, reason: Any = None) -> None:
        try:
            self._inner_disconnect(eio_sid, reason)
        finally:
            self._forget(eio_sid)

    def on_message(self, eio_sid: str, data: str | bytes) -> None:
        began = time.monotonic()
        conn = self._connections.get(eio_sid)
        try:
            if probe_answer(self.server, eio_sid, data) or self._read_budget(eio_sid):
                self._message(eio_sid, data)
        except Exception as exc:  # the reader must never die on one frame
            self.notes("error", f"a frame could not be handled: {type(exc).__name__}: {exc}")
        finally:
            # Under eventlet and gevent a reader whose socket always has data never blocks,
            # so it would never let another green thread run: it yields after a frame that
            # followed its last one at once (the frame was there already) or was large. A
            # reader that waited for its frame let the others run then; yielding after every
            # frame as well had cost ~3 % of the server's Python time at party pace.
            if conn is None or began - conn.frame_ended < BURST_GAP_SECONDS or len(data) > 1024:
                self.server.sleep(0)
            if conn is not None:
                conn.frame_ended = time.monotonic()

    def _read_budget(self, eio_sid: str) -> bool:
        """Wait, in this connection's reader, until its address may have one more frame read;
        False if the connection closed meanwhile (the frame is dropped with it).

        Refusing a frame costs as much as reading it, so a crowd of sockets from one address
        could spend the server's time on refusals alone (issue 24: 50 sockets stalled another
        room for seconds). While an address's budget is spent its readers sleep instead: what
        it sends waits in its own TCP buffers, and its frames cost the server ``reads`` a second
        however many sockets it opens. The readers of one address take turns (each sleeps as
        long as the others' frames take), so their wake-ups stay few."""
        conn = self._connections.get(eio_sid)
        if conn is None:
            return False
        address = conn.address
        with self._lock:
            if self._reads.allow(address):
                return True
            self._paused[address] = self._paused.get(address, 0) + 1
        try:
            while True:
                with self._lock:
                    turn = self._paused.get(address, 1) / self.limits.reads
                pause = max(READ_PAUSE_SECONDS, turn)
                self.server.sleep(pause)
                if conn.closed or eio_sid not in self._connections:
                    return False
                with self._lock:
                    self._pauses.charge(eio_sid, pause)
                    patient = self._pauses.ready(eio_sid)
                    if patient and self._reads.allow(address):
                        return True
                if not patient:  # its backlog goes with it, unread
                    self._close(conn, eio_sid, "its address kept flooding")
                    return False
        finally:
            with self._lock:
                left = self._paused.get(address, 1) - 1
                if left > 0:
                    self._paused[address] = left
                else:
                    self._paused.pop(address, None)

    def guard_http(
        self, wsgi_app: WSGIApp, rate: float, burst: float, host_names: frozenset[str]
    ) -> WSGIApp:
        """WSGI middleware, in front of Flask and Socket.IO alike:

        - a request for a host name the server does not answer to (DNS rebinding) gets
          ``421 forbidden``, the Engine.IO handshake included: no session is made for it;
        - every answer carries the security headers (companion.web.headers), Engine.IO's
          polling answers included;
        - an address past ``rate`` requests a second (bursts of ``burst``) gets a bare
          ``429 rate_limited`` at once, without reaching Flask;
        - a frame the transport itself cannot read (below Socket.IO) closes that connection
          with one note in the log instead of a traceback from the web server.
        """
        requests = RateLimiter(rate, burst)
        refusal = json.dumps(
            RoomError(ErrorCode.RATE_LIMITED, "Too many requests from here: slow down.").as_ack()
        ).encode()
        foreign = json.dumps(UNKNOWN_HOST.as_ack()).encode()
        headers = [("Content-Type", "application/json"), *HEADERS.items()]

        def app(environ: dict[str, Any], start: Callable[..., Any]) -> Iterable[bytes]:
            def start_response(status: str, response_headers: Any, *exc_info: Any) -> Any:
                return start(status, with_headers(list(response_headers)), *exc_info)

            if not host_allowed(request_host(environ), host_names):
                start("421 MISDIRECTED REQUEST", headers)
                return [foreign]
            address = client_address(environ.get("REMOTE_ADDR"))
            with self._lock:
                allowed = requests.allow(address)
            if not allowed:
                self.notes("http", f"refused requests from {address}: too many")
                start("429 TOO MANY REQUESTS", headers)
                return [refusal]
            try:
                return wsgi_app(environ, start_response)
            except (ConnectionError, StopIteration):
                raise  # how the threading and gunicorn servers end a WebSocket
            except Exception as exc:
                if not str(environ.get("PATH_INFO", "")).startswith("/socket.io"):
                    raise
                self.notes("transport", f"unreadable transport frame from {address} ({exc!r:.80})")
                query = parse_qs(str(environ.get("QUERY_STRING", "")))
                sid = environ.get(EIO_SID) or query.get("sid", [None])[0]
                if sid is not None and (sock := self.server.eio.sockets.pop(sid, None)):
                    sock.close(wait=False, abort=True)
                if str(environ.get("HTTP_UPGRADE", "")).lower() != "websocket":
                    start_response("400 BAD REQUEST", [("Content-Type", "text/plain")])
                    return [b"unreadable request"]
                if "werkzeug.socket" in environ:
                    raise ConnectionError from None
                if "eventlet.input" in environ:
                    raise  # eventlet's server ends the connection quietly
                return []

        return app

    # -- frames ------------------------------------------------------------------------------

    def _message(self, eio_sid: str, data: str | bytes) -> None:
        conn = self._connections.get(eio_sid)
        if conn is None or conn.closed:
            return
        if not isinstance(data, str):
            self._attachment(conn, eio_sid, bytes(data))
            return
        if conn.binary is not None or conn.discard:
            conn.binary, conn.discard = None, 0  # the attachments it announced never came
            self._refuse(conn, eio_sid, None, None, note="a binary event without its attachments")
        if len(data) > self.max_frame:
            namespace, ack = _header(data)
            if self._admit(conn, eio_sid, namespace, ack):
                self._refuse(conn, eio_sid, namespace, ack, "That message is too large.")
            return
        try:
            pkt = self.server.packet_class(encoded_packet=data)
        except Exception as exc:  # RecursionError included: nesting too deep for the decoder
            namespace, ack = _header(data)
            if self._admit(conn, eio_sid, namespace, ack):
                note = f"an unreadable frame ({type(exc).__name__})"
                self._refuse(conn, eio_sid, namespace, ack, "That message could not be read.", note)
            return
        kind = pkt.packet_type
        if kind == packet.ACK and self._awaited(eio_sid, pkt):
            self.server._handle_ack(eio_sid, pkt.namespace, pkt.id, pkt.data)
            return
        is_event = kind in (packet.EVENT, packet.BINARY_EVENT)
        if not self._admit(conn, eio_sid, pkt.namespace, pkt.id if is_event else None):
            if kind == packet.BINARY_EVENT:
                conn.discard = min(pkt.attachment_count, ATTACHMENTS_MAX)
            return
        if kind == packet.CONNECT:
            self.server._handle_connect(eio_sid, pkt.namespace, pkt.data)
        elif kind == packet.DISCONNECT:
            reason = self.server.reason.CLIENT_DISCONNECT
            self.server._handle_disconnect(eio_sid, pkt.namespace, reason)
        elif kind == packet.EVENT:
            self._event(conn, eio_sid, pkt, payload_chars(len(data), pkt))
        elif kind == packet.BINARY_EVENT and 0 < pkt.attachment_count <= ATTACHMENTS_MAX:
            conn.binary, conn.binary_bytes = pkt, len(data)
        elif kind == packet.BINARY_EVENT:
            self._refuse(conn, eio_sid, pkt.namespace, pkt.id, "Too many binary attachments.")
        else:  # an ack nobody waits for, a binary ack, a connect error, an unknown type
            self._refuse(conn, eio_sid, None, None, note=f"an unexpected packet (type {kind})")

    def _attachment(self, conn: _Connection, eio_sid: str, data: bytes) -> None:
        if conn.discard:
            conn.discard -= 1
            return
        pkt = conn.binary
        if pkt is None:
            if self._admit(conn, eio_sid, None, None):
                self._refuse(conn, eio_sid, None, None, note="a binary frame out of place")
            return
        conn.binary_bytes += len(data)
        if conn.binary_bytes > self.limits.max_bytes:
            conn.binary = None
            conn.discard = pkt.attachment_count - len(pkt.attachments) - 1
            self._refuse(conn, eio_sid, pkt.namespace, pkt.id, "That message is too large.")
            return
        # The attachments are filled in here rather than by python-socketio's packet, whose
        # placeholder look-up raises on a ``num`` out of range or not an int (issue 24).
        pkt.attachments.append(data)
        if len(pkt.attachments) < pkt.attachment_count:
            return
        conn.binary = None
        try:
            pkt.data = fill_placeholders(pkt.data, pkt.attachments)
        except UnreadableFrame:
            message, note = "That message could not be read.", "an unreadable binary frame"
            self._refuse(conn, eio_sid, pkt.namespace, pkt.id, message, note)
            return
        self._event(conn, eio_sid, pkt, conn.binary_bytes)

    def _event(self, conn: _Connection, eio_sid: str, pkt: Any, weight: int) -> None:
        """Dispatch an event frame whose arguments weigh ``weight`` (characters as sent,
        attachments' bytes), or refuse it."""
        namespace, ack, data = pkt.namespace, pkt.id, pkt.data
        manager = self.server.manager
        sid = manager.sid_from_eio_sid(eio_sid, "/")
        if namespace not in (None, "/") or sid is None or not manager.is_connected(sid, "/"):
            self._refuse(conn, eio_sid, None, None, note="an event outside the connection")
            return
        if not (
            isinstance(data, list)
            and data
            and isinstance(data[0], str)
            and 0 < len(data[0]) <= EVENT_NAME_MAX
        ):
            self._refuse(
                conn, eio_sid, namespace, ack, "That is not an event.", "a misshapen event"
            )
            return
        if weight > self.limits.max_bytes:
            # weighed here, where the frame's size is known: encoding the payload again in
            # the handler only to weigh it cost every event a JSON encoding
            self._refuse(conn, eio_sid, namespace, ack, "That message is too large.")
            return
        if _depth_over(data, self.limits.depth):
            self._refuse(conn, eio_sid, namespace, ack, "That message is nested too deeply.")
            return
        if data[0] in RESERVED_EVENTS:
            # the names of the library's own events, which a client must not send: their
            # handlers would answer nothing (the same refusal as any unknown event)
            event = repr(data[0])
            self._refuse(conn, eio_sid, namespace, ack, "Unknown event {event}.", event=event)
            return
        with conn.lock:
            busy = conn.in_flight >= self.limits.in_flight
            if not busy:
                conn.in_flight += 1
        if busy:
            message = "Too many requests at once: wait for the answers."
            self._refuse(conn, eio_sid, namespace, ack, message, code=ErrorCode.RATE_LIMITED)
            return
        self.server.start_background_task(self._run, conn, sid, eio_sid, data, ack)

    def _run(self, conn: _Connection, sid: str, eio_sid: str, data: list[Any], ack: Any) -> None:
        handler = self._direct.get(data[0])
        answered = _Answered(self, conn, eio_sid, ack)
        try:
            if handler is None:
                self.server._handle_event_internal(self.server, sid, eio_sid, data, "/", ack)
                answered.done()
            else:
                handler(sid, conn.address, data[1] if len(data) > 1 else None, answered.respond)
        except Exception as exc:  # the handlers answer their own errors; this is the transport
            self.notes("error", f"an event could not be answered: {type(exc).__name__}: {exc}")
            answered.done()

    # -- decisions ---------------------------------------------------------------------------

    def _admit(self, conn: _Connection, eio_sid: str, namespace: Any, ack: Any) -> bool:
        """Take a token for one frame from the connection and from its address."""
        with self._lock:
            allowed = self._frames.allow(eio_sid) and self._address_frames.allow(conn.address)
        if not allowed:
            message = "Too many messages: slow down a little."
            self._refuse(conn, eio_sid, namespace, ack, message, code=ErrorCode.RATE_LIMITED)
        return allowed

    def _refuse(
        self,
        conn: _Connection,
        eio_sid: str,
        namespace: Any,
        ack: Any,
        message: str = "",
        note: str | None = None,
        code: ErrorCode = ErrorCode.BAD_REQUEST,
        **params: object,
    ) -> None:
        """Answer a refused frame (if it asked for an answer); close a connection that keeps
        sending after being refused."""
        if note is not None:
            self.notes(note, f"{note} from {conn.address}")
        if ack is not None:
            answer = RoomError(code, message, **params).as_ack()
            self.server._send_packet(
                eio_sid,
                self.server.packet_class(packet.ACK, namespace=namespace, id=ack, data=[answer]),
            )
        with self._lock:
            patient = self._refusals.allow(eio_sid)
        if not patient:
            self._close(conn, eio_sid, "it kept flooding")

    def _close(self, conn: _Connection, eio_sid: str, why: str) -> None:
        if conn.closed:
            return
        conn.closed = True
        self.notes(f"closed: {why}", f"closed a connection from {conn.address}: {why}")
        if (sock := self.server.eio.sockets.get(eio_sid)) is not None:
            sock.close(wait=False, abort=True)

    def _awaited(self, eio_sid: str, pkt: Any) -> bool:
        """An ack the server is waiting for: the answer to one of its own clock probes."""
        namespace = pkt.namespace or "/"
        return isinstance(pkt.data, list) and awaits(self.server, eio_sid, namespace, pkt.id)

    def _forget(self, eio_sid: str) -> None:
        with self._lock:
            conn = self._connections.pop(eio_sid, None)
            if conn is None:
                return
            left = self._open.get(conn.address, 1) - 1
            if left > 0:
                self._open[conn.address] = left
            else:
                self._open.pop(conn.address, None)
            self._frames.forget(eio_sid)
            self._refusals.forget(eio_sid)
            self._pauses.forget(eio_sid)


class _Answered:
    """How the gate answers one event: ``respond`` sends the ack (as python-socketio sends a
    handler's return value), maybe later (a race press's verdict); either way the event stays in
    flight until then."""

    def __init__(self, gate: Gate, conn: _Connection, eio_sid: str, ack: Any) -> None:
        self.gate, self.conn, self.eio_sid, self.ack = gate, conn, eio_sid, ack
        self.finished = False

    def respond(self, answer: Any) -> None:
        if self.finished:
            return
        try:
            if self.ack is not None:
                server = self.gate.server
                reply = server.packet_class(packet.ACK, namespace="/", id=self.ack, data=[answer])
                server._send_packet(self.eio_sid, reply)
        except Exception as exc:  # a connection closed meanwhile: nobody to answer
            self.gate.notes("error", f"an ack could not be sent: {type(exc).__name__}: {exc}")
        finally:
            self.done()

    def done(self) -> None:
        """The event is answered (or never will be): it is no longer in flight."""
        if self.finished:
            return
        self.finished = True
        with self.conn.lock:
            self.conn.in_flight -= 1


class _StopsWhenClosed:
    """eventlet's WebSocket as Engine.IO's reader uses it: once the gate has closed the
    connection, ``wait`` says "closed" instead of reading the next frame.

    Engine.IO's reader goes on reading a closed connection until its client stops sending:
    the web server still holds the socket, so closing the WebSocket does not close it. A
    flooder's unread backlog (megabytes of frames in the kernel's buffer) was read to its end
    that way, each frame decoded and then dropped, thousands a second (issue 24: 200 sockets
    from 4 addresses). Now the reader returns, the web server closes the socket and the kernel
    drops the backlog unread."""

    def __init__(self, ws: Any, closed: Callable[[], bool]) -> None:
        self._ws, self._closed = ws, closed

    def wait(self) -> Any:
        return None if self._closed() else self._ws.wait()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ws, name)


def _bound_websockets(
    server: socketio.Server, connections: dict[str, _Connection], websockets: dict[str, Any]
) -> None:
    """Under threading and gevent the WebSocket is simple-websocket's, which reads in a
    thread (a greenlet under gevent) of its own: everything a client sends, as fast as it
    arrives, into a list Engine.IO takes frames from, even after the connection closed.
    Here its reader yields after every read (a flooding client would otherwise hold the
    gevent hub) and stops reading while BACKLOG_MAX messages wait, a message larger than
    Engine.IO's limit closes the connection before it is stored, and a connection the gate
    has closed says "closed" at once instead of serving its backlog. (eventlet's WebSocket
    reads only what is asked for.)"""
    drivers = getattr(server.eio, "_async", None)
    if not isinstance(drivers, dict):
        return
    websocket = drivers.get("websocket")
    if not isinstance(websocket, type):
        return
    if server.eio.async_mode == "eventlet":
        server.eio._async = {**drivers, "websocket": _gated(websocket, connections, websockets)}
        return
    if not issubclass(websocket, SimpleWebSocketWSGI):
        return
    sleep = server.sleep

    class Bounded(websocket):  # type: ignore[misc, valid-type]
        def __init__(self, handler: Any, server: Any, *args: Any, **kwargs: Any) -> None:
            super().__init__(handler, server, *args, **kwargs)
            self.server_args["max_message_size"] = server.max_http_buffer_size
            reader = self.server_args.get("thread_class") or threading.Thread
            self.server_args["thread_class"] = _yielding(reader, sleep)

        def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
            query = parse_qs(str(environ.get("QUERY_STRING", "")))
            self.eio_sid = environ.get(EIO_SID) or query.get("sid", [None])[0]
            return super().__call__(environ, start_response)

        def wait(self) -> Any:
            if self.eio_sid is not None and self.eio_sid not in connections:
                self.ws.input_buffer.clear()
                return None
            return super().wait()

    server.eio._async = {**drivers, "websocket": Bounded}


def _gated(
    websocket: type, connections: dict[str, _Connection], websockets: dict[str, Any]
) -> type:
    """Engine.IO's eventlet WebSocket driver, handing its reader a _StopsWhenClosed and
    keeping each connection's WebSocket in ``websockets`` while it is open."""

    class Gated(websocket):  # type: ignore[misc]
        eio_sid: str | None = None

        def __init__(self, handler: Callable[[Any], Any], server: Any) -> None:
            def closed() -> bool:
                return self.eio_sid is not None and self.eio_sid not in connections

            def run(ws: Any) -> Any:
                sid = self.eio_sid
                if sid is not None:
                    websockets[sid] = ws
                try:
                    return handler(_StopsWhenClosed(ws, closed))
                finally:
                    if sid is not None and websockets.get(sid) is ws:
                        del websockets[sid]

            super().__init__(run, server)

        def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
            query = parse_qs(str(environ.get("QUERY_STRING", "")))
            self.eio_sid = environ.get(EIO_SID) or query.get("sid", [None])[0]
            return super().__call__(environ, start_response)

    return Gated


class _YieldingSocket:
    """simple-websocket's socket, read only while its reader has room in its backlog: a
    client sending faster than the gate takes frames then waits on its own TCP window, as under
    eventlet, instead of filling the server's memory."""

    def __init__(self, sock: Any, owner: Any, sleep: Callable[[float], Any]) -> None:
        self._sock, self._owner, self._sleep = sock, owner, sleep

    def recv(self, size: int) -> bytes:
        while len(self._owner.input_buffer) >= BACKLOG_MAX and self._owner.connected:
            self._sleep(0.005)
        self._sleep(0)
        data: bytes = self._sock.recv(size)
        return data

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


def _yielding(thread_class: type, sleep: Callable[[float], Any]) -> type:
    """simple-websocket's reader thread class, reading through a socket that yields first."""

    class Reader(thread_class):  # type: ignore[misc]
        def __init__(self, target: Any = None, **kwargs: Any) -> None:
            owner = getattr(target, "__self__", None)
            if owner is not None and getattr(owner, "sock", None) is not None:
                owner.sock = _YieldingSocket(owner.sock, owner, sleep)
            super().__init__(target=target, **kwargs)

    return Reader


def awaits(server: socketio.Server, eio_sid: str, namespace: str, ack_id: Any) -> bool:
    """Whether the server waits for the ack ``ack_id`` from this connection (it sends acks
    only with its clock probes)."""
    sid = server.manager.sid_from_eio_sid(eio_sid, namespace)
    return sid is not None and ack_id in server.manager.callbacks.get(sid, {})


def probe_answer(server: socketio.Server, eio_sid: str, data: str | bytes) -> bool:
    """Whether the frame is the answer to a clock probe the server waits for: the gate reads
    it without charging the address's read budget. The server decides how many of those come
    (one per probe, a few unanswered at most, four a second per socket while its clock
    estimate is unsettled), so they cannot flood; charged, they made a party of ten phones
    behind one home router look like a flood whenever other addresses had spent the spare
    budget (bench.capacity closed such rooms at 50 rooms). Anything else that looks like an
    ack is weighed as before.

    >>> _ACK_ID.match('312["ok"]').group(1), _ACK_ID.match('3/x,1[]'), _ACK_ID.match('42[]')
    ('12', None, None)
    """
    match = _ACK_ID.match(data) if isinstance(data, str) else None
    return match is not None and awaits(server, eio_sid, "/", int(match.group(1)))


def _header(frame: str) -> tuple[str | None, int | None]:
    """The namespace and ack id of an event frame that could not be decoded, if it shows them.

    >>> _header('27["join",{"code":'), _header('51-/x,7["a"'), _header("4x"), _header("2")
    ((None, 7), ('/x', 7), (None, None), (None, None))
    """
    match = _HEADER.match(frame)
    if match is None:
        return None, None
    namespace = match.group(2)
    return (namespace[:-1] if namespace else None), int(match.group(3))


def payload_chars(frame_chars: int, pkt: Any) -> int:
    """What the arguments of a decoded event frame of ``frame_chars`` characters weigh as
    sent: the frame less its header, its event name and the array's brackets and comma.

    >>> frame = '27["act",{"type":"buzz"}]'
    >>> payload_chars(len(frame), packet.Packet(encoded_packet=frame))  # {"type":"buzz"}
    15
    >>> frame = '2/x,["time"]'
    >>> payload_chars(len(frame), packet.Packet(encoded_packet=frame))
    0
    """
    header = 1 + (0 if pkt.id is None else len(str(pkt.id)))
    if pkt.namespace not in (None, "/"):
        header += len(pkt.namespace) + 1
    name = len(json.dumps(pkt.data[0])) if isinstance(pkt.data, list) and pkt.data else 0
    return max(0, frame_chars - header - name - 3)


class UnreadableFrame(ValueError):
    """A binary event whose placeholders do not match its attachments."""


def fill_placeholders(data: Any, attachments: list[bytes], depth: int = 0) -> Any:
    """``data`` with each ``{"_placeholder": true, "num": n}`` replaced by attachment ``n``,
    as python-socketio's own ``reconstruct_binary`` does, except that a placeholder whose
    ``num`` is not an index of ``attachments`` (out of range, negative, not an int, a bool)
    or nesting past PLACEHOLDER_DEPTH raise UnreadableFrame, never anything else.

    >>> fill_placeholders(["act", {"a": {"_placeholder": True, "num": 1}}], [b"x", b"y"])
    ['act', {'a': b'y'}]
    >>> for num in (2, -1, "0", True, None, 0.0):
    ...     try:
    ...         fill_placeholders(["act", {"_placeholder": True, "num": num}], [b"x", b"y"])
    ...     except UnreadableFrame as exc:
    ...         print(exc)
    placeholder 2 names no attachment (2 sent)
    placeholder -1 names no attachment (2 sent)
    placeholder '0' names no attachment (2 sent)
    placeholder True names no attachment (2 sent)
    placeholder None names no attachment (2 sent)
    placeholder 0.0 names no attachment (2 sent)
    """
    if depth > PLACEHOLDER_DEPTH:
        raise UnreadableFrame("nested too deeply")
    if isinstance(data, list):
        return [fill_placeholders(item, attachments, depth + 1) for item in data]
    if not isinstance(data, dict):
        return data
    if data.get("_placeholder") and "num" in data:
        num = data["num"]
        if type(num) is not int or not 0 <= num < len(attachments):
            raise UnreadableFrame(
                f"placeholder {num!r} names no attachment ({len(attachments)} sent)"
            )
        return attachments[num]
    return {key: fill_placeholders(value, attachments, depth + 1) for key, value in data.items()}


def _depth_over(value: object, limit: int) -> bool:
    """Whether ``value`` nests lists and objects more than ``limit`` deep (no recursion).

    >>> _depth_over([{"a": [1]}], 3), _depth_over([{"a": [1]}], 2)
    (False, True)
    """
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[object]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False
