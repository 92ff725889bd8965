"""Socket.IO handlers: one wrapper turns every request into an ack, whatever happens."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import request
from flask_socketio import SocketIO

from companion.engine import ErrorCode, IllegalAction
from companion.rooms import Outbound, Pending, Reply, RoomError, RoomService
from companion.store import StoreError
from companion.timing import ClockEstimate
from companion.timing.probes import PROBE_BURST, PROBE_GAP_SECONDS
from companion.web.cluster import waiting_for_the_lease
from companion.web.errors import STORE_FAILED
from companion.web.gate import Gate
from companion.web.network import client_address, host_allowed
from companion.web.ratelimit import Lookups
from companion.web.transport import emit_here, engine, sleep

log = logging.getLogger(__name__)

Handler = Callable[[str, object], Reply]

#: how long a Flask-SocketIO handler waits for a race press's verdict (``from_request``)
VERDICT_TIMEOUT_SECONDS = 10.0
#: clock probes a connection may leave unanswered before the server stops sending more
PROBES_UNANSWERED_MAX = 16
#: the events that name a room code: their misses count against the sender's address
LOOK_UPS = frozenset({"host", "join", "watch"})


def deliver(socketio: SocketIO, out: Iterable[Outbound]) -> None:
    """Send the messages in order. A run of messages with the very same payload (a note to
    everyone in a room) goes out as one emit to all of them, so it is encoded once. Each view
    of a broadcast is encoded whole, by orjson: encoding the parts the views share only once
    (the room part, spliced into each view's text) took twice as long once orjson wrote JSON."""
    run: list[Outbound] = []
    for message in out:
        if run and (message.payload is not run[0].payload or message.event != run[0].event):
            _emit(socketio, run)
            run = []
        run.append(message)
    if run:
        _emit(socketio, run)


def _emit(socketio: SocketIO, run: list[Outbound]) -> None:
    first = run[0]
    to: str | list[str] = first.to if len(run) == 1 else [m.to for m in run]
    # Every message of the room service goes to connections bound in this process (in a cluster
    # all of a room's sockets reach its owner), so even with a Redis message queue it is sent
    # directly: publishing it would cost a pickle and a publish here, and an unpickle and a miss
    # in every other process, for nothing (docs/architecture.md, "Several processes").
    emit_here(socketio, first.event, first.payload, to)


def drop_connections(socketio: SocketIO, conns: Iterable[str]) -> None:
    """Close these connections' transports without a goodbye, as if the network had dropped
    them: Socket.IO clients then reconnect by themselves (a server-side ``disconnect`` would
    tell them not to) and resume their seats, wherever nginx now routes the room."""
    server = engine(socketio)
    for conn in conns:
        eio_sid = server.manager.eio_sid_from_sid(conn, "/")
        eio_socket = server.eio.sockets.get(eio_sid) if eio_sid is not None else None
        if eio_socket is not None:
            eio_socket.close(wait=False, abort=True)


#: how long a connection refused ``unavailable`` stays open, so the error ack reaches it first
UNAVAILABLE_DROP_SECONDS = 1.0


def error(code: ErrorCode, message: str, **params: object) -> dict[str, Any]:
    """The error ack; the page translates ``message`` (or ``template``, then fills ``params``)
    with the catalogue of its own language."""
    return RoomError(code, message, **params).as_ack()


def register(
    socketio: SocketIO,
    gate: Gate,
    service: RoomService,
    lookups: Lookups,
    host_names: frozenset[str],
) -> None:
    """The handlers. The rate, size and shape of what reaches them is the gate's business
    (companion/web/gate.py): it runs before any of them is started, and calls the room
    service's answers itself (``Gate.direct``)."""

    def time_now(conn: str, data: object) -> Reply:
        return Reply({"ok": True, "now": service.server_time()})

    for event, handler in {
        "host": service.host,
        "join": service.join,
        "watch": service.watch,
        "sit": service.sit,
        "room": service.room_command,
        "act": service.act,
        "time": time_now,
    }.items():
        answer = guarded(socketio, lookups, event, handler)
        gate.direct(event, answer)
        socketio.on_event(event, from_request(answer))
    register_connections(socketio, service, host_names)


#: how an event's answer sends its ack: called once, maybe later (a race press's verdict)
Respond = Callable[[dict[str, Any]], None]
Answer = Callable[[str, str, object, Respond], None]


def guarded(socketio: SocketIO, lookups: Lookups, event: str, handler: Handler) -> Answer:
    """``handler`` as an event's answer, called with the connection id, the client's address,
    the event's argument and how to send the ack: whatever happens, the sender gets one ack (an
    error ack for a refusal, a store failure or a bug), after the reply's messages are sent; a
    race press's ack is sent when its verdict is decided. A look-up counts its misses against
    the address."""

    def answer(conn: str, address: str, data: object, respond: Respond) -> None:
        try:
            if event in LOOK_UPS:
                reply = waiting_for_the_lease(
                    lambda: lookups.look_up(address, lambda: handler(conn, data)),
                    lambda seconds: sleep(socketio, seconds),
                    time.monotonic,
                )
            else:
                reply = handler(conn, data)
        except (RoomError, IllegalAction) as exc:
            if exc.code is ErrorCode.UNAVAILABLE:
                # another process still holds the room (it is moving after a failover): the
                # client reconnects, and asks again when its lease has moved here
                socketio.start_background_task(_drop_later, socketio, conn)
            respond(error(exc.code, exc.template, **exc.params))
            return
        except StoreError as exc:
            log.error("%s: %s", event, exc)
            respond(error(ErrorCode.INTERNAL, STORE_FAILED))
            return
        except Exception:
            # A bug must never take the server down or leave the client waiting.
            log.exception("handler %s failed", handler.__name__)
            respond(
                error(ErrorCode.INTERNAL, "Something went wrong on the server; nothing changed.")
            )
            return
        deliver(socketio, reply.out)
        if reply.pending is None:
            respond(reply.ack)
        else:
            reply.pending.then(respond)

    answer.__name__ = handler.__name__
    return answer


def from_request(answer: Answer) -> Callable[..., Any]:
    """``answer`` as a Flask-SocketIO handler, reading the connection and the address from the
    request and returning the ack (for the clients that do not pass the gate: Flask-SocketIO's
    test client). A race press waits for its verdict here, at most VERDICT_TIMEOUT_SECONDS."""

    def wrapped(data: object = None, *_: object) -> dict[str, Any]:
        conn: str = request.sid  # type: ignore[attr-defined]
        pending = Pending()
        answer(conn, client_address(request.remote_addr), data, pending.resolve)
        ack = pending.wait(VERDICT_TIMEOUT_SECONDS)
        if ack is None:
            log.error("race press on %s got no verdict", conn)
            return error(ErrorCode.INTERNAL, "The race was not decided in time; try again.")
        return ack

    wrapped.__name__ = answer.__name__
    return wrapped


def _drop_later(socketio: SocketIO, conn: str) -> None:
    sleep(socketio, UNAVAILABLE_DROP_SECONDS)
    drop_connections(socketio, [conn])


def register_connections(
    socketio: SocketIO, service: RoomService, host_names: frozenset[str]
) -> None:
    """``connect`` (the Host check, then the clock probes), ``disconnect`` and any unknown
    event."""
    probes = ClockProbes(socketio, service)

    def sent_by_client(conn: str) -> bool:
        """True when a ``connect`` / ``disconnect`` handler runs for an event a client sent
        under that reserved name: during the real ones the socket is half-way in or out."""
        return bool(engine(socketio).manager.is_connected(conn, "/"))

    @socketio.on("connect")
    def on_connect(*_: object) -> None:
        conn: str = request.sid  # type: ignore[attr-defined]
        if sent_by_client(conn):
            return
        if not host_allowed(request.host, host_names):
            raise ConnectionRefusedError("unknown host name")  # DNS rebinding
        if not service.clock_connected(conn):
            return  # one probe loop per connection, ever
        socketio.start_background_task(probes.loop, conn)

    @socketio.on("*")
    def unknown(event: str, *_: object) -> dict[str, Any]:
        return error(ErrorCode.BAD_REQUEST, "Unknown event {event}.", event=repr(str(event)[:40]))

    @socketio.on("disconnect")
    def on_disconnect(*_: object) -> None:
        conn: str = request.sid  # type: ignore[attr-defined]
        if sent_by_client(conn):
            return
        deliver(socketio, service.disconnect(conn))


class ClockProbes:
    """The server's clock probes to each connection, answered by its clock time. Each probe
    also tells the page the offset and round trip estimated from the answers so far: the page
    counts down on it (docs/protocol.md, ``clock``)."""

    def __init__(self, socketio: SocketIO, service: RoomService) -> None:
        self.socketio = socketio
        self.service = service
        self.unanswered: dict[str, int] = {}
        #: what the next probe tells each connection: its estimate after the last answer
        self.told: dict[str, dict[str, float | None]] = {}

    def probe(self, conn: str) -> None:
        if self.unanswered.get(conn, 0) >= PROBES_UNANSWERED_MAX:
            return  # a client that does not answer is not sent more to hold answers for
        self.unanswered[conn] = self.unanswered.get(conn, 0) + 1
        sent = self.service.server_time()

        def answered(answer: object = None, *_: object) -> None:
            if conn in self.unanswered:
                self.unanswered[conn] -= 1
            estimate = self.service.clock_sample(conn, sent, answer, self.service.server_time())
            if conn in self.unanswered:  # not after the loop has ended
                self.told[conn] = told(estimate)

        payload = {"s": sent, **self.told.get(conn, NOT_YET)}
        emit_here(self.socketio, "clock", payload, conn, callback=answered)

    def loop(self, conn: str) -> None:
        """A burst of clock probes at connect, then one every few seconds until disconnect."""
        for _ in range(PROBE_BURST):
            self.probe(conn)
            sleep(self.socketio, PROBE_GAP_SECONDS)
        while (interval := self.service.probe_interval(conn)) is not None:
            sleep(self.socketio, interval)
            self.probe(conn)
        self.unanswered.pop(conn, None)
        self.told.pop(conn, None)


#: a probe's estimate before the connection has one
NOT_YET: dict[str, float | None] = {"offset": None, "rtt": None}


def told(estimate: ClockEstimate | None) -> dict[str, float | None]:
    """What a probe tells the page of its clock: the offset (server time ≈ the page's
    ``performance.now()`` + offset, as in companion/timing/clock.py) and the smallest round trip,
    to a tenth of a millisecond; None for both without an estimate.

    >>> told(ClockEstimate(offset=1_234.5678, rtt_min=8.04, rtt_max=30.0, samples=5))
    {'offset': 1234.6, 'rtt': 8.0}
    """
    if estimate is None:
        return NOT_YET
    return {"offset": round(estimate.offset, 1), "rtt": round(estimate.rtt_min, 1)}
