"""The room service: every request from every connection goes through here.

It owns the rooms and which connection is bound to which room and role. Each method checks
its input, records the resulting event durably (store) before changing the room, and returns
a Reply: the ack plus the ``view``/``note`` messages to send. One lock serialises all changes,
so the threading, eventlet and gevent servers behave the same.
"""

from __future__ import annotations

import heapq
import hmac
import itertools
import logging
import math
import secrets
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from companion.engine import (
    ErrorCode,
    Field,
    FieldType,
    Game,
    IllegalAction,
    OptionError,
    resolve_options,
)
from companion.engine.text import N_, say, text_json
from companion.rooms import validation as check
from companion.rooms.avatars import parse_avatar
from companion.rooms.codes import new_code, new_token, normalize_code
from companion.rooms.errors import RoomError
from companion.rooms.messages import Outbound, Pending, Reply
from companion.rooms.races import Entry, RaceBuffer
from companion.rooms.room import Room, Status
from companion.rooms.views import Binding, Role, build_views, seat_of
from companion.store import AsideRoom, Store, StoreConflict, StoredRoom, StoreError
from companion.timing import ClockEstimator, ClockSample, FairPress, fair_time
from companion.timing.probes import RACE_AHEAD_SECONDS, probe_interval

log = logging.getLogger(__name__)

HOST_COMMANDS = frozenset(
    {
        "start",
        "kick",
        "lock",
        "unlock",
        "pause",
        "resume",
        "end",
        "rematch",
        "options",
        "undo",
        "redo",
        "order",
        "first",
        "handoff",
        "language",
    }
)
#: how long a "continue on another phone" code works (single use)
HANDOFF_MS = 3 * 60 * 1000
SEATS_FIELD = Field("seats", FieldType.LIST, item=FieldType.INT, max_items=64)
ACTION_TYPE_MAX = 40
SEED_MAX = 2**53  # a seed must survive a round trip through JavaScript numbers
SEED_FIELD = Field(
    "seed",
    FieldType.INT,
    low=0,
    high=SEED_MAX - 1,
    message="'seed' must be a non-negative whole number.",
)
CREATE_TRIES = 20  # fresh codes tried before create_room gives up


class Leases(Protocol):
    """Room ownership when several processes share one store (companion/web/cluster.py)."""

    def acquire(self, code: str) -> bool:
        """Take (or keep) the room's lease for this process; False if another process holds
        it."""
        ...


#: what a client hears when another process still holds the room (retry: it is moving here)
MOVING = N_("This room is moving to another server: try again in a moment.")


@dataclass(frozen=True)
class Handoff:
    """A seat on its way to another device (kept in memory only: a restart voids it)."""

    room: str
    token: str
    expires_at: float


@dataclass(frozen=True)
class ServiceConfig:
    public_url: str = "http://localhost:5000"
    #: a room with no activity for this long is closed (2 hours)
    idle_expiry_ms: float = 2 * 60 * 60 * 1000
    #: a room still in the lobby closes sooner (30 minutes, never later than idle_expiry_ms)
    lobby_expiry_ms: float = 30 * 60 * 1000
    #: rooms open at once; past this, creating one is refused until some close
    max_rooms: int = 2000
    #: the languages a host may make the room's default (the web layer passes its catalogues')
    languages: tuple[str, ...] = ("en",)


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
        self.store = store
        self.leases = leases
        self.games = games
        self.clock = clock
        self.config = config or ServiceConfig()
        self.rooms: dict[str, Room] = {}
        self._bindings: dict[str, Binding] = {}
        self._members: dict[str, set[str]] = {}  # room code -> connection ids
        self._versions: dict[str, int] = {}
        self._clocks: dict[str, ClockEstimator] = {}  # connection id -> its clock samples
        self._races: dict[str, RaceBuffer] = {}  # room code -> presses awaiting the verdict
        self._handoffs: dict[str, Handoff] = {}  # single-use code -> the seat it hands over
        # when each room next needs the ticker, as a heap (entries superseded by an earlier
        # one for the same room are skipped); _due holds each room's current time on it
        self._agenda: list[tuple[float, str]] = []
        self._due: dict[str, float] = {}
        self._arrivals = itertools.count()
        self._lock = threading.RLock()
        self._depth = 0  # nesting of _locked() sections
        #: rooms changed in the current section, and race verdicts held until its commit
        self._touched: set[str] = set()
        self._verdicts: list[tuple[Pending, dict[str, Any]]] = []
        self._restore()

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """One section under the service lock, and one group commit at its end: every event
        recorded in it becomes durable with one fsync, before the caller can send anything
        (an ack, a view) or a race verdict is released. If that fails, the rooms it changed
        are rebuilt from their stored logs and StoreError is raised: nothing changed."""
        with self._lock:
            outer = self._depth == 0
            if outer:
                self.store.begin()
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if outer:
                    self._end_section()

    def _end_section(self) -> None:
        touched, verdicts = self._touched, self._verdicts
        self._touched, self._verdicts = set(), []
        try:
            self.store.commit()
        except StoreError:
            for code in touched:
                self._rebuild(code)
            failed = RoomError(ErrorCode.INTERNAL, "Your press could not be recorded.").as_ack()
            for pending, _ in verdicts:
                pending.resolve(failed)
            raise
        for pending, ack in verdicts:
            pending.resolve(ack)

    def _rebuild(self, code: str) -> None:
        """Bring a room back to its stored log after a commit failed."""
        room = self.rooms.get(code)
        try:
            events = self.store.events(code)
            if room is None:
                return
            if not events:  # created in the failed section: it never existed
                del self.rooms[code], self._members[code], self._versions[code]
                self._due.pop(code, None)
                return
            fresh = Room(code, room.game, events[0])
            for event in events[1:]:
                fresh.prepare(event)()
        except Exception:
            log.exception("room %s could not be rebuilt after a failed commit", code)
            return
        fresh.last_active = room.last_active
        self.rooms[code] = fresh
        self._races.pop(code, None)
        self._schedule(fresh)

    # -- HTTP ----------------------------------------------------------------------------

    def create_room(self, raw: object) -> dict[str, Any]:
        """POST /api/rooms: a new room in the lobby; returns its code and the host token."""
        data = check.payload(raw)
        game = self.games.get(data.get("game"))  # type: ignore[arg-type]
        if game is None:
            raise RoomError(ErrorCode.UNKNOWN_GAME, "There is no such game.")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise RoomError(ErrorCode.BAD_REQUEST, "'options' must be an object.")
        try:
            options = resolve_options(game.options, options)
        except OptionError as exc:
            raise RoomError(ErrorCode.BAD_REQUEST, exc.template, **exc.params) from exc
        seed = data.get("seed")
        if seed is None:
            seed = secrets.randbelow(SEED_MAX)
        else:
            check.field(data, SEED_FIELD)
        with self._locked():
            if len(self.rooms) >= self.config.max_rooms:
                raise RoomError(
                    ErrorCode.RATE_LIMITED,
                    "The server has as many rooms open as it can take: try again later.",
                )
            event = {
                "kind": "create",
                "game": game.id,
                # the rules this log was written under: explains a log that no longer replays
                "rules": game.rules_version,
                "options": options,
                "seed": seed,
                "host_token": new_token(),
                "at": self.clock(),
            }
            code = self._new_stored_room(event)
            if self.leases is None:
                self._add_room(Room(code, game, event))
            # else: nginx may route this code to another process: the owner loads it on first use
            self._touched.add(code)
            return {
                "code": code,
                "host_token": event["host_token"],
                "join_url": self.join_url(code),
                "host_url": f"{self.config.public_url}/host/{code}",
            }

    def summary(self, raw_code: object) -> dict[str, Any]:
        """GET /api/rooms/<code>: the public summary."""
        with self._locked():
            room = self._room(raw_code)
            online = self._online(room)
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
                "spectators": self._count(room, Role.SPECTATOR),
            }

    def join_url(self, code: str) -> str:
        return f"{self.config.public_url}/j/{code}"

    def room_game(self, raw_code: object) -> Game[Any]:
        with self._locked():
            return self._room(raw_code).game

    # -- Socket.IO -----------------------------------------------------------------------

    def host(self, conn: str, raw: object) -> Reply:
        data = check.payload(raw)
        with self._locked():
            self._unbound(conn)
            room = self._room(data.get("code"))
            self._check_host_key(room, data)
            return self._bind(conn, room, Binding(room.code, Role.HOST))

    @staticmethod
    def _check_host_key(room: Room, data: Mapping[str, Any]) -> None:
        token = check.text(data, "host_token", check.TOKEN_MAX)
        # surrogatepass: a lone surrogate from a hostile client is a wrong key, not a crash
        given = token.encode("utf-8", "surrogatepass")
        if not hmac.compare_digest(given, room.host_token.encode()):
            raise RoomError(ErrorCode.BAD_TOKEN, "This is not the host key of that room.")

    def join(self, conn: str, raw: object) -> Reply:
        data = check.payload(raw)
        with self._locked():
            self._unbound(conn)
            room = self._room(data.get("code"))
            # A seat that also brings the host key hosts from the same connection: a solo game
            # started and played from one phone.
            hosting = "host_token" in data
            if hosting:
                self._check_host_key(room, data)
            if "token" in data:
                token = check.text(data, "token", check.TOKEN_MAX)
                return self._rejoin(conn, room, token, hosting=hosting)
            if "handoff" in data:
                code = check.text(data, "handoff", check.TOKEN_MAX)
                handoff = self._handoffs.pop(code, None)
                if (
                    handoff is None
                    or handoff.room != room.code
                    or handoff.expires_at <= self.clock()
                ):
                    raise RoomError(
                        ErrorCode.BAD_TOKEN,
                        "That code has expired or was used already: ask the host for a new one.",
                    )
                reply = self._rejoin(conn, room, handoff.token)
                # The TV closes its QR code and says where the seat went.
                player = room.player_by_token(handoff.token)
                note = {"kind": "handoff", "seat": player.seat if player else None}
                hosts = [c for c in self._members[room.code] if self._bindings[c].role is Role.HOST]
                return Reply(reply.ack, reply.out + [Outbound(c, "note", note) for c in hosts])
            token = new_token()
            event = {"kind": "join", "name": data.get("name"), "token": token, "at": self.clock()}
            if data.get("avatar") is not None:
                event["avatar"] = parse_avatar(data["avatar"]).as_json()
            self._record(room, event)
            reply = self._bind(conn, room, Binding(room.code, Role.PLAYER, token, hosting))
            player = room.player_by_token(token)
            assert player is not None
            reply.ack.update(seat=player.seat, token=token)
            return reply

    def _rejoin(self, conn: str, room: Room, token: str, *, hosting: bool = False) -> Reply:
        player = room.player_by_token(token)
        if player is None or player.gone:
            if token in room.revoked:
                raise RoomError(ErrorCode.BAD_TOKEN, "You were removed from this room.")
            raise RoomError(ErrorCode.BAD_TOKEN, "That seat is not in this room.")
        # The newest connection wins the seat (a refresh, a new tab, a woken phone).
        out = [
            Outbound(old, "note", {"kind": "replaced"}) for old in self._connections_of(room, token)
        ]
        for old in list(self._connections_of(room, token)):
            self._unbind(old)
        reply = self._bind(conn, room, Binding(room.code, Role.PLAYER, token, hosting))
        reply.ack.update(seat=player.seat, token=token)
        return Reply(reply.ack, out + reply.out)

    def watch(self, conn: str, raw: object) -> Reply:
        data = check.payload(raw)
        with self._locked():
            self._unbound(conn)
            room = self._room(data.get("code"))
            return self._bind(conn, room, Binding(room.code, Role.SPECTATOR))

    def room_command(self, conn: str, raw: object) -> Reply:
        data = check.payload(raw)
        with self._locked():
            binding, room = self._bound(conn)
            kind = check.text(data, "type", ACTION_TYPE_MAX)
            now = self.clock()
            if kind == "leave":
                player = seat_of(room, binding)
                if player is None:
                    raise RoomError(ErrorCode.FORBIDDEN, "Only a player can leave a seat.")
                self._record(room, {"kind": "leave", "seat": player.seat, "at": now})
                self._unbind(conn)
                return Reply({"ok": True}, self._broadcast(room))
            if kind == "avatar":
                player = seat_of(room, binding)
                if player is None:
                    raise RoomError(ErrorCode.FORBIDDEN, "Only a player has an avatar.")
                avatar = parse_avatar(data.get("avatar")).as_json()
                self._record(
                    room, {"kind": "avatar", "seat": player.seat, "avatar": avatar, "at": now}
                )
                return Reply({"ok": True}, self._broadcast(room))
            if kind not in HOST_COMMANDS:
                raise RoomError(
                    ErrorCode.BAD_REQUEST, "Unknown room command {kind}.", kind=repr(kind)
                )
            if not binding.may_host:
                raise RoomError(ErrorCode.FORBIDDEN, "Only the host can do that.")
            event: dict[str, Any] = {"kind": kind, "at": now}
            if kind == "kick":
                event["seat"] = check.integer(data, "seat")
            elif kind == "options":
                if not isinstance(data.get("options"), Mapping):
                    raise RoomError(ErrorCode.BAD_REQUEST, "'options' must be an object.")
                event["options"] = dict(data["options"])
            elif kind == "rematch":
                event["seed"] = secrets.randbelow(SEED_MAX)
            elif kind == "language":
                event["lang"] = check.text(data, "lang", 16)
                if event["lang"] not in self.config.languages:
                    raise RoomError(
                        ErrorCode.BAD_REQUEST,
                        "This server does not speak {lang}.",
                        lang=event["lang"],
                    )
            out: list[Outbound] = []
            if kind == "kick":
                kicked = (
                    room.players[event["seat"]] if 0 <= event["seat"] < len(room.players) else None
                )
                self._record(room, event)
                if kicked is not None:
                    for victim in self._connections_of(room, kicked.token):
                        out.append(Outbound(victim, "note", {"kind": "kicked"}))
                        self._unbind(victim)
            elif kind in ("undo", "redo"):
                return self._undo_or_redo(room, event)
            elif kind == "handoff":
                return Reply(self._handoff(room, check.integer(data, "seat"), now))
            elif kind == "order":
                event["seats"] = check.field(data, SEATS_FIELD)
                self._record(room, event)
            elif kind == "first":
                seat = data.get("seat")
                event["seat"] = None if seat is None else check.integer(data, "seat")
                self._record(room, event)
            else:
                if kind in ("start", "rematch", "resume"):
                    self._advance(room, self._timeout_limit(room, now))
                self._record(room, event)
            if kind in ("pause", "resume", "end", "rematch", "start"):
                out += self._notify(room, {"kind": kind})
            return Reply({"ok": True}, out + self._broadcast(room))

    def _handoff(self, room: Room, seat: int, now: float) -> dict[str, Any]:
        """A single-use, short-lived code that gives ``seat`` to the device that opens it: a
        phone that died is replaced by any other. The seat's own key never leaves its phone
        and is never shown on the TV."""
        player = room.players[seat] if 0 <= seat < len(room.players) else None
        if player is None or player.gone:
            raise RoomError(ErrorCode.BAD_REQUEST, "There is no such seat.")
        for code, old in list(self._handoffs.items()):  # one live code per seat; drop stale ones
            if old.expires_at <= now or (old.room == room.code and old.token == player.token):
                del self._handoffs[code]
        code = new_token()
        expires_at = now + HANDOFF_MS
        self._handoffs[code] = Handoff(room.code, player.token, expires_at)
        url = f"{self.join_url(room.code)}#handoff={code}"
        return {"ok": True, "handoff": code, "url": url, "expires_at": expires_at}

    def handoff_url(self, raw_code: object, code: str) -> str:
        """The address a live handoff code opens (for its QR code on the TV); it is not used
        up by this. RoomError if the code is unknown, used or expired."""
        with self._locked():
            room = self._room(raw_code)
            handoff = self._handoffs.get(code)
            if handoff is None or handoff.room != room.code or handoff.expires_at <= self.clock():
                raise RoomError(ErrorCode.UNKNOWN_ROOM, "That code has expired or was used.")
            return f"{self.join_url(room.code)}#handoff={code}"

    def _undo_or_redo(self, room: Room, event: dict[str, Any]) -> Reply:
        """The host takes back the last action (or puts it back); every screen is told what."""
        if room.code in self._races:
            raise RoomError(ErrorCode.ILLEGAL, "Wait a moment: a race is being decided.")
        self._advance(room, event["at"])
        self._record(room, event)
        kind = event["kind"]
        what = room.last_undo
        text = (
            say("Undone: {what}.", what=what)
            if kind == "undo"
            else say("Redone: {what}.", what=what)
        )
        ack: dict[str, Any] = {"ok": True, "undone": room.last_undo}
        if kind == "redo":
            ack["redone"] = room.last_undo
        # the English text, and its template for the pages to translate (companion/engine/text.py)
        note = self._notify(room, {"kind": kind, "text": text, **text_json(text)})
        return Reply(ack, note + self._broadcast(room))

    def act(self, conn: str, raw: object) -> Reply:
        data = check.payload(raw)
        with self._locked():
            binding, room = self._bound(conn)
            kind = check.text(data, "type", ACTION_TYPE_MAX)
            if binding.role is Role.SPECTATOR:
                raise RoomError(ErrorCode.FORBIDDEN, "Spectators watch; they cannot play.")
            player = seat_of(room, binding)
            seat = None if player is None else player.seat
            # The declaration decides who may send it and which fields are kept: only those are
            # stored, never the raw payload.
            try:
                action = room.game.accept(seat, data)
            except IllegalAction as exc:
                raise RoomError(exc.code, exc.template, **exc.params) from exc
            now = self.clock()
            if kind in room.game.races:
                return self._press(conn, room, seat, action, check.number(data, "t"), now)
            self._advance(room, self._timeout_limit(room, now))
            self._record(room, {"kind": "act", "seat": seat, "action": action, "at": now})
            return Reply({"ok": True}, self._broadcast(room))

    def _press(
        self, conn: str, room: Room, seat: int | None, action: dict[str, Any], t: float, now: float
    ) -> Reply:
        """A race press: timed fairly now, decided when no earlier press can still arrive."""
        if room.status is Status.PAUSED:
            raise RoomError(ErrorCode.FORBIDDEN, "The game is paused.")
        if room.status is not Status.PLAYING:
            raise RoomError(ErrorCode.ILLEGAL, "The game is not in play.")
        clock = self._clocks.get(conn)
        estimate = clock.estimate(now) if clock is not None else None
        self._advance(room, self._timeout_limit(room, now))
        opened_at = room.race_opened_at()  # in server time, as every time of the sequencer
        press = FairPress(
            key=next(self._arrivals),
            seat=seat,
            t=t,
            offset=None if estimate is None else estimate.offset,
            rtt=None if estimate is None else estimate.rtt_min,
            arrival=now,
            fair=fair_time(t, now, estimate, opened_at),
        )
        buffer = self._races.setdefault(room.code, RaceBuffer())
        pressed = {e.press.seat for e in buffer.entries} | {seat}
        others = [
            self._clocks[c].estimate(now) if c in self._clocks else None
            for c in self._members[room.code]
            if (p := seat_of(room, self._bindings[c])) is not None and p.seat not in pressed
        ]
        pending = Pending()
        buffer.add(Entry(press, action, pending), others)
        self._schedule(room)
        return Reply({"ok": True}, [], pending)

    def _settle(self, room: Room, buffer: RaceBuffer, now: float) -> list[Outbound]:
        """Apply a settled race's presses in fair order; answer each press; tell the table."""
        del self._races[room.code]
        first: float | None = None
        report = []
        for entry in buffer.ordered():
            press = entry.press
            self._advance(room, press.fair)
            event = {
                "kind": "act",
                "seat": press.seat,
                "action": dict(entry.action),
                "at": press.fair,
                "race": press.record(),
            }
            try:
                self._record(room, event)
            except RoomError as exc:
                ack = exc.as_ack()
                if first is not None:
                    ack["error"]["margin_ms"] = round(press.fair - first, 1)
            except Exception:
                # One press that cannot be stored must not void the race for the others.
                log.exception("room %s: a race press could not be applied", room.code)
                ack = RoomError(ErrorCode.INTERNAL, "Your press could not be recorded.").as_ack()
            else:
                first = press.fair if first is None else first
                ack = {"ok": True, "at": press.fair, "margin_ms": round(press.fair - first, 1)}
            self._verdicts.append((entry.pending, ack))  # released once durable
            verdict = ack if ack["ok"] else ack["error"]
            report.append(
                {
                    "seat": press.seat,
                    **press.record(),
                    "ok": ack["ok"],
                    "margin_ms": verdict.get("margin_ms"),
                    "error": None if ack["ok"] else verdict["code"],
                }
            )
        note = {
            "kind": "race",
            "type": buffer.entries[0].action.get("type"),
            "settled_at": now,
            "presses": report,
        }
        return self._notify(room, note) + self._broadcast(room)

    def clock_connected(self, conn: str) -> bool:
        """A new connection: a fresh clock estimate (a reconnect may be a new page clock).
        False if this connection id is already known: it gets no second probe loop."""
        with self._lock:  # records nothing: no commit to wait for
            if conn in self._clocks:
                return False
            self._clocks[conn] = ClockEstimator()
            return True

    def clock_sample(self, conn: str, sent: float, raw: object, received: float) -> None:
        """Record one ``clock`` round trip; malformed answers are ignored."""
        if not isinstance(raw, Mapping):
            return
        try:
            client = check.number(raw, "c")
        except RoomError:
            return
        with self._lock:  # records nothing: no commit to wait for
            clock = self._clocks.get(conn)
            if clock is not None:
                clock.add(ClockSample(sent, float(client), received))

    def probe_interval(self, conn: str) -> float | None:
        """Seconds until this connection's next clock probe (companion/timing/probes.py): dense
        until its estimate is stable and before a race of its room can open, sparse after;
        None once the connection is gone."""
        with self._lock:  # records nothing: no commit to wait for
            clock = self._clocks.get(conn)
            if clock is None:
                return None
            now = self.clock()
            binding = self._bindings.get(conn)
            room = self.rooms.get(binding.code) if binding is not None else None
            playing = room is not None and room.status is Status.PLAYING
            race_soon = False
            if playing and room is not None and room.state is not None:
                due = room.deadline()  # in server time
                race_soon = (
                    due is not None
                    and due - now <= RACE_AHEAD_SECONDS * 1000
                    and room.race_opened_at() is None
                )
            return probe_interval(clock.estimate(now), playing, race_soon)

    def disconnect(self, conn: str) -> list[Outbound]:
        with self._locked():
            self._clocks.pop(conn, None)
            binding = self._bindings.get(conn)
            if binding is None:
                return []
            self._unbind(conn)
            room = self.rooms.get(binding.code)
            return [] if room is None else self._broadcast(room)

    def tick(self) -> list[Outbound]:
        """Fire due game deadlines, settle races and expire idle rooms; called often by the
        scheduler. Only rooms on the agenda whose time has come are looked at, so the cost of
        a tick does not grow with the number of idle rooms."""
        out: list[Outbound] = []
        with self._locked():
            now = self.clock()
            due: list[Room] = []
            while self._agenda and self._agenda[0][0] <= now:
                when, code = heapq.heappop(self._agenda)
                if self._due.get(code) != when:
                    continue  # superseded by an earlier entry for the same room
                del self._due[code]
                if (room := self.rooms.get(code)) is not None:
                    due.append(room)
            for room in due:
                out += self._tick_room(room, now)
                if room.code in self.rooms:
                    self._schedule(room)
        return out

    def _tick_room(self, room: Room, now: float) -> list[Outbound]:
        if now - room.last_active > self._expiry(room):
            return self._expire(room)
        out: list[Outbound] = []
        limit = self._timeout_limit(room, now)
        if (due := room.deadline()) is not None and due <= limit:
            self._advance(room, limit)
            out += self._broadcast(room)
        buffer = self._races.get(room.code)
        if buffer is not None and buffer.due <= now:
            out += self._settle(room, buffer, now)
        return out

    def _expiry(self, room: Room) -> float:
        if room.status is Status.LOBBY:
            return min(self.config.lobby_expiry_ms, self.config.idle_expiry_ms)
        playing = room.state is not None and room.status is not Status.OVER
        if playing and room.game.keeps_room_open(room.state):
            return math.inf  # a saved solo game waits for its player, however long
        return self.config.idle_expiry_ms

    def _schedule(self, room: Room) -> None:
        """Put the room on the agenda for the next moment something may happen to it: its game
        deadline, its race's verdict or its expiry."""
        times = [room.last_active + self._expiry(room)]
        if (deadline := room.deadline()) is not None:
            times.append(deadline)
        if (buffer := self._races.get(room.code)) is not None:
            times.append(buffer.due)
        when = min(times)
        if when < self._due.get(room.code, math.inf):
            self._due[room.code] = when
            heapq.heappush(self._agenda, (when, room.code))

    def server_time(self) -> float:
        return self.clock()

    # -- internals -----------------------------------------------------------------------

    def _record(self, room: Room, event: dict[str, Any]) -> None:
        """Check, store durably, then apply: the order that makes acks trustworthy."""
        commit = room.prepare(event)
        self.store.append(room.code, room.seq + 1, event)  # durable at the section's end
        commit()
        self._touched.add(room.code)
        self._schedule(room)

    def _timeout_limit(self, room: Room, now: float) -> float:
        """How far deadlines may fire (server time): not past a press that is still waiting to
        settle."""
        buffer = self._races.get(room.code)
        return now if buffer is None else min(now, buffer.first_fair)

    def _advance(self, room: Room, now: float) -> None:
        """Apply every game deadline that has passed by the server time ``now``, each as a
        logged ``timeout`` whose ``at`` is the deadline in server time (``Room.deadline``)."""
        while (due := room.deadline()) is not None and due <= now:
            self._record(room, {"kind": "timeout", "at": due})
            if room.deadline() == due:
                log.error("game %s did not move past its deadline %s", room.game.id, due)
                break

    def _room(self, raw_code: object) -> Room:
        code = normalize_code(raw_code)
        room = self.rooms.get(code) if code is not None else None
        if room is None and code is not None and self.leases is not None:
            room = self._take_over(code)
        if room is None:
            raise RoomError(ErrorCode.UNKNOWN_ROOM, "There is no room with that code.")
        return room

    def _take_over(self, code: str) -> Room | None:
        """In a cluster: take the room's lease and load it from the shared log; None if there is
        no such live room. RoomError ``unavailable`` if another process holds the lease."""
        assert self.leases is not None
        stored = self.store.live_room(code)
        if stored is None:
            return None
        if not self.leases.acquire(code):
            raise RoomError(ErrorCode.UNAVAILABLE, MOVING)
        stored = self.store.live_room(code)  # read again: the last owner may have written
        if stored is None or (room := self._load(stored)) is None:
            return None
        self._add_room(room)
        log.info("room %s taken over: replayed %d events", code, len(stored.events))
        return room

    def owned(self) -> list[str]:
        """The codes of the rooms loaded here (in a cluster: the leases to renew)."""
        with self._lock:
            return list(self.rooms)

    def drop(self, codes: list[str]) -> list[str]:
        """Forget rooms this process no longer owns (their lease was lost): waiting race presses
        are answered with an error, nothing is written. Returns the connections that were in
        them, for the web layer to drop (they reconnect, and reach the new owner)."""
        conns: list[str] = []
        with self._lock:
            for code in codes:
                if self.rooms.pop(code, None) is None:
                    continue
                for entry in self._races.pop(code, RaceBuffer()).entries:
                    entry.pending.resolve(RoomError(ErrorCode.UNAVAILABLE, MOVING).as_ack())
                for conn in list(self._members.pop(code, set())):
                    self._bindings.pop(conn, None)
                    conns.append(conn)
                self._versions.pop(code, None)
                self._due.pop(code, None)
        return conns

    def _unbound(self, conn: str) -> None:
        if conn in self._bindings:
            raise RoomError(ErrorCode.BAD_REQUEST, "This connection is already in a room.")

    def _bound(self, conn: str) -> tuple[Binding, Room]:
        binding = self._bindings.get(conn)
        room = self.rooms.get(binding.code) if binding is not None else None
        if binding is None or room is None:
            raise RoomError(ErrorCode.FORBIDDEN, "Join a room first.")
        return binding, room

    def _bind(self, conn: str, room: Room, binding: Binding) -> Reply:
        self._bindings[conn] = binding
        self._members[room.code].add(conn)
        room.last_active = max(room.last_active, self.clock())
        self._schedule(room)
        out = self._broadcast(room)
        mine = next(o for o in out if o.to == conn)
        return Reply({"ok": True, "view": mine.payload}, [o for o in out if o.to != conn])

    def _unbind(self, conn: str) -> None:
        binding = self._bindings.pop(conn, None)
        if binding is not None:
            self._members.get(binding.code, set()).discard(conn)

    def _connections_of(self, room: Room, token: str) -> list[str]:
        return [c for c in self._members[room.code] if self._bindings[c].token == token]

    def _online(self, room: Room) -> set[str]:
        return {
            b.token for c in self._members[room.code] if (b := self._bindings[c]).token is not None
        }

    def _count(self, room: Room, role: Role) -> int:
        return sum(1 for c in self._members[room.code] if self._bindings[c].role is role)

    def _broadcast(self, room: Room) -> list[Outbound]:
        """A fresh ``view`` for every connection of the room, each built for its own seat."""
        self._versions[room.code] += 1
        conns = sorted(self._members[room.code])
        views = build_views(
            room,
            {conn: self._bindings[conn] for conn in conns},
            version=self._versions[room.code],
            now=self.clock(),
            join_url=self.join_url(room.code),
            online=self._online(room),
            host_connected=self._count(room, Role.HOST) > 0,
            spectators=self._count(room, Role.SPECTATOR),
        )
        return [Outbound(conn, "view", views[conn]) for conn in conns]

    def _notify(self, room: Room, note: dict[str, Any]) -> list[Outbound]:
        return [Outbound(conn, "note", note) for conn in sorted(self._members[room.code])]

    def _expire(self, room: Room) -> list[Outbound]:
        out = self._notify(room, {"kind": "expired"})
        for entry in self._races.pop(room.code, RaceBuffer()).entries:
            closed = RoomError(ErrorCode.UNKNOWN_ROOM, "The room has closed.").as_ack()
            self._verdicts.append((entry.pending, closed))
        for conn in list(self._members[room.code]):
            self._unbind(conn)
        self.store.close_room(room.code)
        del self.rooms[room.code], self._members[room.code], self._versions[room.code]
        self._due.pop(room.code, None)
        return out

    def _new_stored_room(self, event: dict[str, Any]) -> str:
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

    def _add_room(self, room: Room) -> None:
        self.rooms[room.code] = room
        self._members[room.code] = set()
        self._versions[room.code] = room.seq
        self._schedule(room)

    def _restore(self) -> None:
        """Rebuild every live room from its log: setup plus each stored event, in order.

        Each room replays on its own: a room whose log the rules (or the games) no longer accept
        is set aside (kept in the store, logged, listed on /healthz, not retried on later starts
        until ``companion put-back``) and every other room loads as usual.
        """
        #: rooms whose log no longer replays: kept in the store, never loaded
        self.aside: list[AsideRoom] = self.store.aside_rooms()
        if self.leases is not None:
            return  # a process of a cluster loads each room when it takes its lease
        for stored in self.store.live_rooms():
            if (room := self._load(stored)) is not None:
                self._add_room(room)
                log.info("room %s rebuilt from %d events", room.code, len(stored.events))

    def _load(self, stored: StoredRoom) -> Room | None:
        """The room replayed from its log; None (and the room set aside) if it does not
        replay."""
        seq = 0
        try:
            create = stored.events[0]
            game = self.games.get(create["game"])
            if game is None:
                raise RoomError(
                    ErrorCode.UNKNOWN_GAME, "The game {game} is gone.", game=repr(create["game"])
                )
            room = Room(stored.code, game, create)
            for event in stored.events[1:]:
                seq += 1
                room.prepare(event)()
        except Exception as exc:
            self._set_aside(stored, seq, exc)
            return None
        return room

    def _set_aside(self, stored: StoredRoom, seq: int, exc: Exception) -> None:
        """Keep a room whose log stopped replaying at event ``seq`` out of play, and say why."""
        events = stored.events
        create = events[0] if events and isinstance(events[0], Mapping) else {}
        event = events[seq] if seq < len(events) else None
        kind = event.get("kind") if isinstance(event, Mapping) else None
        game_id = create.get("game") if isinstance(create.get("game"), str) else None
        game = self.games.get(game_id) if game_id is not None else None
        recorded = create.get("rules", "none")  # logs from before versions were recorded
        current = getattr(game, "rules_version", 1) if game is not None else "none"
        why = (
            f"{exc.code}: {exc.message}"
            if isinstance(exc, RoomError)
            else f"{type(exc).__name__}: {exc}"
        )
        reason = (
            f"event {seq} ({kind}) no longer replays: {why} "
            f"(rules version: {recorded} recorded, {current} now)"
        )
        log.error(
            "room %s set aside, not loaded: event %d (%s) no longer replays: %s; "
            "rules version recorded %s, current %s",
            stored.code, seq, kind, why, recorded, current,
            exc_info=not isinstance(exc, RoomError),
        )  # fmt: skip
        try:
            self.store.set_aside(stored.code, reason)
        except StoreError:
            log.exception("room %s could not be marked as set aside; it stays out", stored.code)
        self.aside.append(AsideRoom(stored.code, game_id, reason))
