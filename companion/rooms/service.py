"""The room service: every request from every connection goes through here.

It is the one face the web layer sees. Each method checks its input, runs as one locked section
(``section.py``: its events become durable together before anything is answered) and returns a
Reply: the ack plus the ``view``/``note`` messages to send. The work is done by the pieces it
holds (docs/architecture.md, "The rooms layer"):

- ``live`` (``live.py``): the rooms loaded here, the one way they change (``record``), their
  connections (``members.py``), their timers (``agenda.py``) and waiting presses (``races.py``);
- ``seating`` (``seating.py``): joining as the table, a seat or a spectator;
- ``commands.py``: the room commands, declared;
- ``clocks`` (``clocks.py``): each connection's clock estimate and probe interval;
- ``handoffs`` (``handoffs.py``): "continue on another phone" codes;
- ``restorer`` (``restore.py``): rooms replayed from the store, and the ones set aside;
- ``ownership`` (``ownership.py``): the leases of a cluster: rooms taken over and dropped.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from companion.engine import (
    ErrorCode,
    Field,
    FieldType,
    Game,
    IllegalAction,
    OptionError,
)
from companion.rooms import commands
from companion.rooms import validation as check
from companion.rooms.clocks import Clocks
from companion.rooms.codes import SEED_MAX, new_code, new_seed, new_token, normalize_code
from companion.rooms.config import ServiceConfig
from companion.rooms.errors import RoomError
from companion.rooms.events import ActEvent, CreateEvent
from companion.rooms.handoffs import Handoffs
from companion.rooms.live import LiveRooms
from companion.rooms.messages import Outbound, Reply
from companion.rooms.ownership import Leases, Ownership
from companion.rooms.races import Arrival
from companion.rooms.restore import Restorer
from companion.rooms.room import Room, Status
from companion.rooms.seating import Seating
from companion.rooms.views import Binding, Role, seat_of
from companion.store import AsideRoom, Store, StoreConflict
from companion.timing import ClockEstimate

log = logging.getLogger(__name__)

SEED_FIELD = Field(
    "seed",
    FieldType.INT,
    low=0,
    high=SEED_MAX - 1,
    message="'seed' must be a non-negative whole number.",
)
CREATE_TRIES = 20  # fresh codes tried before create_room gives up


def unplayed(room: Room) -> bool:
    """A room still in the lobby with nobody seated: closing it interrupts no game."""
    return room.status is Status.LOBBY and not room.players


class RoomService:
    def __init__(
        self,
        store: Store,
        games: Mapping[str, Game[Any]],
        clock: Callable[[], float],
        config: ServiceConfig | None = None,
        leases: Leases | None = None,
    ) -> None:
        """``leases``: None for one process (every live room is rebuilt now); given, this is one
        process of a cluster and a room is loaded only once its lease is taken, on first use."""
        self.leases = leases
        self.games = games
        self.clock = clock
        self.config = config or ServiceConfig()
        self.live = LiveRooms(store, clock, self.config)
        self.clocks = Clocks()
        self.handoffs = Handoffs()
        self.restorer = Restorer(store, games)
        self.ownership = Ownership(leases, self.live, self.restorer)
        self.seating = Seating(self.live, self.handoffs)
        self._desk = commands.Desk(self.live, self.handoffs, self.config.languages)
        self._section = self.live.section  # `with self._section():` is one section
        #: who asked for each room created here (client addresses): for the per-address cap
        #: on unplayed rooms; not stored, so rooms from before a restart count for nobody
        self._creators: dict[str, str] = {}
        if leases is None:  # a process of a cluster loads each room when it takes its lease
            for room in self.restorer.live_rooms():
                self.live.add(room)

    @property
    def store(self) -> Store:
        """The event log every piece writes to and reads from."""
        return self.live.store

    @store.setter
    def store(self, store: Store) -> None:
        # one store for every piece (a test swaps in a disk that fails)
        self.live.store = self.live.section.store = self.restorer.store = store

    @property
    def rooms(self) -> dict[str, Room]:
        """The rooms loaded in this process, by code."""
        return self.live.rooms

    @property
    def aside(self) -> list[AsideRoom]:
        """The rooms whose log no longer replays: kept in the store, never loaded."""
        return self.restorer.aside

    # -- HTTP ----------------------------------------------------------------------------

    def create_room(
        self, raw: object, creator: str | None = None, evicted: list[Outbound] | None = None
    ) -> dict[str, Any]:
        """POST /api/rooms: a new room in the lobby; returns its code and the host token.

        ``creator``: the client address asking; it may hold ``unplayed_rooms_per_address``
        unplayed rooms (lobby, nobody seated) at once. When the server is full the oldest
        unplayed rooms close to make room; the notes to their members go into ``evicted``."""
        data = check.payload(raw)
        game = self.games.get(data.get("game"))  # type: ignore[arg-type]
        if game is None:
            raise RoomError(ErrorCode.UNKNOWN_GAME, "There is no such game.")
        given = check.field(data, check.OPTIONS_FIELD) if "options" in data else {}
        try:
            options = game.checked_options(given)
        except OptionError as exc:
            raise RoomError(ErrorCode.BAD_REQUEST, exc.template, **exc.params) from exc
        seed = new_seed() if data.get("seed") is None else check.field(data, SEED_FIELD)
        with self._section():
            if creator is not None and self._unplayed_of(creator) >= self._per_address:
                raise RoomError(
                    ErrorCode.RATE_LIMITED, "Too many new rooms from here: wait a minute."
                )
            out = self._make_way()
            if evicted is not None:
                evicted += out
            if len(self.rooms) >= self.config.max_rooms:
                raise RoomError(
                    ErrorCode.RATE_LIMITED,
                    "The server has as many rooms open as it can take: try again later.",
                )
            event = CreateEvent(
                kind="create",
                game=game.id,
                # the rules this log was written under: explains a log that no longer replays
                rules=game.rules_version,
                options=options,
                seed=seed,
                host_token=new_token(),
                at=self.clock(),
            )
            code = self._new_stored_room(event)
            if creator is not None:
                self._creators[code] = creator
            if self.leases is None:
                self.live.add(Room(code, game, event, self.games))
            # else: nginx may route this code to another process: the owner loads it on first use
            self._section.touch(code)
            return {
                "code": code,
                "host_token": event["host_token"],
                "join_url": self.join_url(code),
                "host_url": f"{self.config.public_url}/host/{code}",
            }

    @property
    def _per_address(self) -> int:
        return self.config.unplayed_rooms_per_address

    def _unplayed_of(self, creator: str) -> int:
        """How many unplayed rooms ``creator`` holds open (forgetting rooms that closed)."""
        held = 0
        for code, address in list(self._creators.items()):
            room = self.rooms.get(code)
            if room is None:
                del self._creators[code]
            elif address == creator and unplayed(room):
                held += 1
        return held

    def _make_way(self) -> list[Outbound]:
        """When the server is full, close the oldest unplayed rooms (idle longest first) until
        there is room for one more: a crowd of empty rooms never locks out a new host."""
        over = len(self.rooms) - self.config.max_rooms + 1
        if over <= 0:
            return []
        empty = sorted((r for r in self.rooms.values() if unplayed(r)), key=lambda r: r.last_active)
        out: list[Outbound] = []
        for room in empty[:over]:
            out += self.live.expire(room)
            self._creators.pop(room.code, None)
        return out

    def _new_stored_room(self, event: CreateEvent) -> str:
        """Store ``event`` as the start of a room under a fresh code; the store refuses a code it
        still holds (a room of another process, a set-aside room), so try another."""
        taken = set(self.rooms) | {room.code for room in self.aside}
        for _ in range(CREATE_TRIES):
            code = new_code(taken)
            try:
                self.store.create(code, event)
            except StoreConflict:
                log.warning("room code %s is taken in the store; picking another", code)
                taken.add(code)
                continue
            return code
        raise RoomError(ErrorCode.INTERNAL, "No free room code was found; please try again.")

    def summary(self, raw_code: object) -> dict[str, Any]:
        """GET /api/rooms/<code>: the public summary."""
        with self._section():
            room = self._room(raw_code)
            members = self.live.members
            online = members.online(room.code)
            return {
                "code": room.code,
                "game": room.game.id,
                "status": room.status.value,
                "players": [
                    {
                        "seat": p.seat,
                        "name": p.name,
                        "connected": p.token in online,
                        "avatar": p.avatar.as_json(),
                    }
                    for p in room.players
                ],
                "spectators": members.count(room.code, Role.SPECTATOR),
            }

    def join_url(self, code: str) -> str:
        return self.config.join_url(code)

    def room_game(self, raw_code: object) -> Game[Any]:
        with self._section():
            return self._room(raw_code).game

    def handoff_url(self, raw_code: object, code: str) -> str:
        """The address a live handoff code opens (for its QR code on the TV); it is not used
        up by this. RoomError if the code is unknown, used or expired."""
        with self._section():
            room = self._room(raw_code)
            return self.handoffs.url(code, room, self.clock(), self.join_url(room.code))

    # -- Socket.IO: joining --------------------------------------------------------------

    def host(self, conn: str, raw: object) -> Reply:
        data = check.payload(raw)
        with self._section():
            self.live.members.unbound(conn)
            return self.seating.host(conn, self._room(data.get("code")), data)

    def join(self, conn: str, raw: object) -> Reply:
        data = check.payload(raw)
        with self._section():
            self.live.members.unbound(conn)
            return self.seating.join(conn, self._room(data.get("code")), data)

    def watch(self, conn: str, raw: object) -> Reply:
        data = check.payload(raw)
        with self._section():
            self.live.members.unbound(conn)
            return self.seating.watch(conn, self._room(data.get("code")))

    def sit(self, conn: str, raw: object) -> Reply:
        """A spectator takes a free seat in the lobby (``sit {name, avatar?}``): ack as ``join``."""
        data = check.payload(raw)
        with self._section():
            binding, room = self._bound(conn)
            return self.seating.sit(conn, room, binding, data)

    # -- Socket.IO: playing --------------------------------------------------------------

    def room_command(self, conn: str, raw: object) -> Reply:
        """A lobby or host command (companion/rooms/commands.py)."""
        data = check.payload(raw)
        with self._section():
            binding, room = self._bound(conn)
            return commands.run(self._desk, conn, binding, room, data, self.clock())

    def act(self, conn: str, raw: object) -> Reply:
        """A game action; a race press is answered when its race is decided (``pending``)."""
        # A press arrived when it came in, not when the lock was free: a clock answer's arrival
        # is read so too, and the largest round trip bounds how late a press may arrive.
        arrived = self.clock()
        data = check.payload(raw)
        with self._section():
            binding, room = self._bound(conn)
            kind = check.text(data, "type", commands.TYPE_MAX)
            if binding.role is Role.SPECTATOR:
                raise RoomError(ErrorCode.FORBIDDEN, "Spectators watch; they cannot play.")
            player = seat_of(room, binding)
            if player is not None and player.sitting_out:  # watching this game, as spectators
                raise RoomError(ErrorCode.FORBIDDEN, "Spectators watch; they cannot play.")
            seat = None if player is None else player.seat
            # The declaration decides who may send it and which fields are kept: only those are
            # stored, never the raw payload.
            try:
                action = room.game.accept(seat, data)
            except IllegalAction as exc:
                raise RoomError(exc.code, exc.template, **exc.params) from exc
            now = self.clock()
            if kind in room.game.races:
                return self._press(conn, room, seat, action, check.number(data, "t"), arrived)
            self.live.catch_up(room, now)
            self.live.record(room, ActEvent(kind="act", seat=seat, action=action, at=now))
            return Reply({"ok": True}, self.live.broadcast(room))

    def _press(
        self, conn: str, room: Room, seat: int | None, action: dict[str, Any], t: float, now: float
    ) -> Reply:
        """A race press: timed fairly now, decided when no earlier press can still arrive
        (companion/rooms/races.py). Every seated connection's clock bounds the wait: its
        estimate as of its last answer, which a sample ageing since changes little (computing
        them all again for every press, as samples aged, was most of a press's work)."""
        seated = [
            (player.seat, self.clocks.latest(c))
            for c, binding in self.live.members.seated(room.code)
            if (player := seat_of(room, binding)) is not None and not player.sitting_out
        ]
        arrival = Arrival(seat, action, t, now, self.clocks.estimate(conn, now))
        pending = self.live.races.press(room, arrival, seated, self.live)
        return Reply({"ok": True}, [], pending)

    # -- Socket.IO: clocks and connections -----------------------------------------------

    def clock_connected(self, conn: str) -> bool:
        """A new connection: a fresh clock estimate (a reconnect may be a new page clock).
        False if this connection id is already known: it gets no second probe loop."""
        with self._section.lock:  # records nothing: no commit to wait for
            return self.clocks.connected(conn)

    def clock_sample(
        self, conn: str, sent: float, raw: object, received: float
    ) -> ClockEstimate | None:
        """Record one ``clock`` round trip (malformed answers are ignored); the connection's
        estimate after it, for the page (None without samples)."""
        with self._section.lock:  # records nothing: no commit to wait for
            return self.clocks.sample(conn, sent, raw, received)

    def probe_interval(self, conn: str) -> float | None:
        """Seconds until this connection's next clock probe (companion/timing/probes.py): dense
        until its estimate is stable and before a race of its room can open, sparse after;
        None once the connection is gone."""
        with self._section.lock:  # records nothing: no commit to wait for
            binding = self.live.members.binding(conn)
            room = self.rooms.get(binding.code) if binding is not None else None
            return self.clocks.probe_interval(conn, room, self.clock())

    def disconnect(self, conn: str) -> list[Outbound]:
        with self._section():
            self.clocks.forget(conn)
            binding = self.live.members.unbind(conn)
            room = self.rooms.get(binding.code) if binding is not None else None
            return [] if room is None else self.live.broadcast(room)

    def server_time(self) -> float:
        return self.clock()

    # -- the ticker ----------------------------------------------------------------------

    def tick(self) -> list[Outbound]:
        """Fire due game deadlines, settle races and expire idle rooms; called often by the
        scheduler. Only rooms on the agenda whose time has come are looked at, so the cost of
        a tick does not grow with the number of idle rooms."""
        out: list[Outbound] = []
        with self._section():
            now = self.clock()
            codes = self.live.agenda.pop_due(now)
            due = [room for code in codes if (room := self.rooms.get(code)) is not None]
            for room in due:
                out += self._tick_room(room, now)
                if room.code in self.rooms:
                    self.live.schedule(room)
        return out

    def _tick_room(self, room: Room, now: float) -> list[Outbound]:
        live = self.live
        if live.expired(room, now):
            return live.expire(room)
        out: list[Outbound] = []
        limit = live.races.limit(room.code, now)
        if (due := room.deadline()) is not None and due <= limit:
            live.advance(room, limit)
            out += live.broadcast(room)
        buffer = live.races.waiting(room.code)
        if buffer is not None and buffer.due <= now:
            live.races.settle(room, now, live)  # the race goes out in the view
            out += live.broadcast(room)
        return out

    # -- a cluster -----------------------------------------------------------------------

    def owned(self) -> list[str]:
        """The codes of the rooms loaded here (in a cluster: the leases to renew)."""
        with self._section.lock:
            return list(self.rooms)

    def drop(self, codes: list[str]) -> list[str]:
        """Forget rooms this process no longer owns (their lease was lost): waiting race presses
        are answered with an error, nothing is written. Returns the connections that were in
        them, for the web layer to drop (they reconnect, and reach the new owner)."""
        with self._section.lock:
            return self.ownership.drop(codes)

    # -- look-ups ------------------------------------------------------------------------

    def _room(self, raw_code: object) -> Room:
        code = normalize_code(raw_code)
        room = self.rooms.get(code) if code is not None else None
        if room is None and code is not None:
            room = self.ownership.take_over(code)
        if room is None:
            raise RoomError(ErrorCode.UNKNOWN_ROOM, "There is no room with that code.")
        return room

    def _bound(self, conn: str) -> tuple[Binding, Room]:
        binding = self.live.members.binding(conn)
        room = self.rooms.get(binding.code) if binding is not None else None
        if binding is None or room is None:
            raise RoomError(ErrorCode.FORBIDDEN, "Join a room first.")
        return binding, room
