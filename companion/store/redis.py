"""The Redis store: room logs every process of a cluster can read (``companion serve --redis``).

Keys (all under ``companion:``):

- ``companion:room:<code>:events`` — the room's log, one JSON event per list element, in order
  (element ``n`` is event number ``n``);
- ``companion:room:<code>`` — a hash: ``status`` (``live``, ``aside`` or ``closed``) and, for a
  set-aside room, ``reason``;
- ``companion:live`` and ``companion:aside`` — the sets of live and of set-aside codes;
- ``companion:lease:<code>`` — which process owns the room (companion/web/cluster.py): with an
  ``owner``, this store writes to a room only while that key names it, or names nobody (it
  lapsed while this process stalled: the write takes it again) — fencing.

Every write is one Lua script, so its checks and its change are atomic against every other
process. Durability is the Redis server's: run it with ``appendonly yes`` and ``appendfsync
always`` and a write is on disk before Redis answers it, hence before any ack.

Between ``begin()`` and ``commit()`` the writes are checked at once against what is stored plus
what is already held, and held; ``commit()`` sends them all in one script that checks them again
and applies all or none.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from typing import Any

import redis

from companion.jsontext import dumps
from companion.store.base import AsideRoom, StoreConflict, StoredRoom, StoreError, game_of

log = logging.getLogger(__name__)

PREFIX = "companion:"
LIVE = PREFIX + "live"
#: how long a room's lease lasts without being renewed (companion/web/cluster.py)
LEASE_MS = 3000
ASIDE = PREFIX + "aside"


def room_key(code: str) -> str:
    return f"{PREFIX}room:{code}"


def events_key(code: str) -> str:
    return f"{PREFIX}room:{code}:events"


def lease_key(code: str) -> str:
    return f"{PREFIX}lease:{code}"


#: One batch of writes: ARGV = owner ("" for none), lease time (ms), then per write: op, code,
#: arg1, arg2. First every write is checked against what is stored plus the writes before it in
#: the batch; only if all pass is any of them applied. Returns "" or the refusal's reason.
_BATCH = """
local owner = ARGV[1]
local n = (#ARGV - 2) / 4
local status, length = {}, {}
local function st(code)
  if status[code] == nil then
    status[code] = redis.call('HGET', 'companion:room:' .. code, 'status') or false
    length[code] = redis.call('LLEN', 'companion:room:' .. code .. ':events')
  end
  return status[code]
end
local function fenced(code)
  if owner == '' then return false end
  local key = 'companion:lease:' .. code
  local holder = redis.call('GET', key)
  if not holder then
    -- lapsed while its owner stalled, and nobody took it: nobody else can be writing (every
    -- writer is fenced), and the sequence check catches anyone who wrote before it lapsed
    redis.call('SET', key, owner, 'PX', ARGV[2])
    return false
  end
  return holder ~= owner
end
for i = 0, n - 1 do
  local op, code, a = ARGV[3 + 4*i], ARGV[4 + 4*i], ARGV[5 + 4*i]
  local s = st(code)
  if op == 'create' then
    if s == 'live' or s == 'aside' then return 'exists:' .. code end
    status[code], length[code] = 'live', 1
  elseif op == 'append' then
    if s ~= 'live' then return 'notlive:' .. code end
    if fenced(code) then return 'lease:' .. code end
    if tonumber(a) ~= length[code] then return 'seq:' .. code .. ':' .. a .. ':' .. length[code] end
    length[code] = length[code] + 1
  elseif op == 'close' then
    if s and fenced(code) then return 'lease:' .. code end
    if s then status[code] = 'closed' end
  elseif op == 'aside' then
    if s == 'live' then status[code] = 'aside' end
  end
end
for i = 0, n - 1 do
  local op, code, a, b = ARGV[3 + 4*i], ARGV[4 + 4*i], ARGV[5 + 4*i], ARGV[6 + 4*i]
  local room, events = 'companion:room:' .. code, 'companion:room:' .. code .. ':events'
  local s = redis.call('HGET', room, 'status')
  if op == 'create' then
    redis.call('DEL', events, room)
    redis.call('RPUSH', events, b)
    redis.call('HSET', room, 'status', 'live')
    redis.call('SADD', 'companion:live', code)
    redis.call('SREM', 'companion:aside', code)
  elseif op == 'append' then
    redis.call('RPUSH', events, b)
  elseif op == 'close' then
    if s then
      redis.call('HSET', room, 'status', 'closed')
      redis.call('HDEL', room, 'reason')
      redis.call('SREM', 'companion:live', code)
      redis.call('SREM', 'companion:aside', code)
    end
  elseif op == 'aside' then
    if s == 'live' then
      redis.call('HSET', room, 'status', 'aside', 'reason', b)
      redis.call('SREM', 'companion:live', code)
      redis.call('SADD', 'companion:aside', code)
    end
  end
end
return ''
"""

_PUT_BACK = """
local room = 'companion:room:' .. ARGV[1]
if redis.call('HGET', room, 'status') ~= 'aside' then return 0 end
redis.call('HSET', room, 'status', 'live')
redis.call('HDEL', room, 'reason')
redis.call('SREM', 'companion:aside', ARGV[1])
redis.call('SADD', 'companion:live', ARGV[1])
return 1
"""


def connect(url: str) -> redis.Redis:
    """A client of the Redis server at ``url`` that answered a ping; StoreError if none does."""
    try:
        client: redis.Redis = redis.Redis.from_url(url, decode_responses=True)
        client.ping()
    except (redis.RedisError, ValueError) as exc:
        raise StoreError(f"cannot use the Redis server {url}: {exc}") from exc
    return client


class RedisStore:
    """Room logs in Redis, shared by every process that points at the same server.

    ``owner``: this process' id; when given, appends to and closes of a room are refused
    (``StoreConflict``) while ``companion:lease:<code>`` names another process — a process that
    lost a room can never write to its log. None: no fencing (one process, tests, tools).
    """

    def __init__(self, url: str, owner: str | None = None) -> None:
        self._redis = connect(url)
        self.owner = owner
        self._batch = self._redis.register_script(_BATCH)
        self._put_back = self._redis.register_script(_PUT_BACK)
        #: between begin() and commit(): the held writes, and each touched room's (status,
        #: length) as they will be once the held writes are applied
        self._holding = False
        self._held: list[tuple[str, str, str, str]] = []
        self._seen: dict[str, tuple[str | None, int]] = {}

    # -- writes -----------------------------------------------------------------------------

    def _state(self, code: str) -> tuple[str | None, int]:
        """The room's status and log length, counting the writes held so far."""
        if code not in self._seen:
            try:
                pipe = self._redis.pipeline(transaction=False)
                pipe.hget(room_key(code), "status")
                pipe.llen(events_key(code))
                status, length = pipe.execute()
            except redis.RedisError as exc:
                raise StoreError(f"could not read room {code}: {exc}") from exc
            self._seen[code] = (status, int(length))
        return self._seen[code]

    def _write(self, op: str, code: str, arg: str = "", body: str = "") -> None:
        """Hold the write (between begin and commit) or send it now."""
        self._held.append((op, code, arg, body))
        if not self._holding:
            self._flush(f"{op} room {code}")

    def _flush(self, what: str) -> None:
        held, self._held, self._seen = self._held, [], {}
        if not held:
            return
        argv: list[str] = [self.owner or "", str(LEASE_MS)]
        for write in held:
            argv.extend(write)
        try:
            refusal = self._batch(args=argv)
        except redis.RedisError as exc:
            raise StoreError(f"could not {what}: {exc}") from exc
        if refusal:
            raise _refusal(refusal)

    def create(self, code: str, event: Mapping[str, Any]) -> None:
        status, _ = self._state(code)
        if status in ("live", "aside"):
            if not self._holding:
                self._seen.pop(code, None)
            raise StoreConflict(f"room {code} exists already")
        self._seen[code] = ("live", 1)
        self._write("create", code, "0", dumps(event))

    def append(self, code: str, seq: int, event: Mapping[str, Any]) -> None:
        status, length = self._state(code)
        if not self._holding:
            self._seen.pop(code, None)
        if status != "live":
            raise StoreConflict(f"room {code} is not live")
        if seq != length:
            raise StoreConflict(f"room {code}: event {seq} is not the next one ({length})")
        if self._holding:
            self._seen[code] = ("live", length + 1)
        self._write("append", code, str(seq), dumps(event))

    def close_room(self, code: str) -> None:
        if self._holding:
            self._seen[code] = ("closed", self._state(code)[1])
        self._write("close", code)

    def set_aside(self, code: str, reason: str) -> None:
        if self._holding:
            status, length = self._state(code)
            self._seen[code] = ("aside" if status == "live" else status, length)
        self._write("aside", code, "", reason)

    def put_back(self, code: str) -> bool:
        try:
            return bool(self._put_back(args=[code]))
        except redis.RedisError as exc:
            raise StoreError(f"could not put room {code} back: {exc}") from exc

    def begin(self) -> None:
        """Group commit: the writes until ``commit()`` go to Redis in one script call (one
        fsync with ``appendfsync always``). Each write still checks and refuses on its own."""
        self._holding = True

    def commit(self, release: Callable[[], None] | None = None) -> None:
        """Send every held write at once; StoreError (and none of them is stored) if Redis
        failed or refused any of them (another process wrote to the room meanwhile).
        ``release()`` is called only after that: the held writes are not closed to others."""
        self._holding = False
        try:
            self._flush("store the last events")
        finally:
            if release is not None:
                release()

    # -- reads ------------------------------------------------------------------------------

    def events(self, code: str) -> tuple[dict[str, Any], ...]:
        try:
            bodies = self._redis.lrange(events_key(code), 0, -1)
        except redis.RedisError as exc:
            raise StoreError(f"could not read room {code}: {exc}") from exc
        return tuple(json.loads(body) for body in bodies)

    def live_room(self, code: str) -> StoredRoom | None:
        """One live room with its log, or None if it is not live (closed, set aside, never
        created). A log that is not JSON any more is set aside here, like in live_rooms()."""
        try:
            pipe = self._redis.pipeline(transaction=True)
            pipe.hget(room_key(code), "status")
            pipe.lrange(events_key(code), 0, -1)
            status, bodies = pipe.execute()
        except redis.RedisError as exc:
            raise StoreError(f"could not read room {code}: {exc}") from exc
        if status != "live":
            return None
        events = []
        for seq, body in enumerate(bodies):
            try:
                events.append(json.loads(body))
            except ValueError as exc:
                reason = f"event {seq} is not readable JSON: {exc}"
                log.error("room %s set aside: %s", code, reason)
                self.set_aside(code, reason)
                return None
        return StoredRoom(code, tuple(events))

    def live_rooms(self) -> list[StoredRoom]:
        try:
            codes = sorted(decoded(code) for code in self._redis.smembers(LIVE))
        except redis.RedisError as exc:
            raise StoreError(f"could not list the rooms: {exc}") from exc
        return [room for code in codes if (room := self.live_room(code)) is not None]

    def aside_rooms(self) -> list[AsideRoom]:
        try:
            rooms = []
            for code in sorted(decoded(code) for code in self._redis.smembers(ASIDE)):
                reason = decoded(self._redis.hget(room_key(code), "reason") or "")
                first = self._redis.lindex(events_key(code), 0)
                rooms.append(
                    AsideRoom(code, game_of(None if first is None else decoded(first)), reason)
                )
        except redis.RedisError as exc:
            raise StoreError(f"could not list the set-aside rooms: {exc}") from exc
        return rooms

    def close(self) -> None:
        self._redis.close()


def decoded(value: str | bytes) -> str:
    """A reply of the client as the text it is: ``connect`` asks for text replies
    (``decode_responses=True``), but the client's types (and a client made otherwise) allow
    bytes, which never equal a ``str``.

    >>> decoded(b"p1"), decoded("p1")
    ('p1', 'p1')
    """
    return value.decode() if isinstance(value, bytes) else value


def _refusal(reason: str) -> StoreConflict:
    """The batch script's refusal as the error the SQLite store would raise."""
    kind, code, *rest = reason.split(":")
    if kind == "exists":
        return StoreConflict(f"room {code} exists already")
    if kind == "notlive":
        return StoreConflict(f"room {code} is not live")
    if kind == "lease":
        return StoreConflict(f"room {code} is owned by another process")
    return StoreConflict(f"room {code}: event {rest[0]} is not the next one ({rest[1]})")
