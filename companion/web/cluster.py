"""Several processes behind nginx (``companion serve --redis URL``): who owns which room.

nginx sends everything about a room to one process, chosen by a consistent hash of its code (the
pages put the code in the Socket.IO handshake as ``?room=<CODE>``, and in the path of the room
pages and ``/api/rooms/<code>``). That alone cannot promise that two processes never serve the
same room (a process nginx thinks dead may still be running), so a room is also **leased**:

- ``SET companion:lease:<code> <process id> NX PX 3000``: the process that needs a room (the
  first request or socket for it) takes its lease, then loads it by replaying its log from the
  shared store (Redis). A process that cannot take the lease waits for it a few seconds
  (``waiting_for_the_lease``), then answers ``unavailable`` (HTTP 503, or the Socket.IO error ack,
  after which the connection is dropped so the client reconnects and asks again); it never
  serves a room whose lease it does not hold.
- The ticker renews every lease this process holds about once a second (one Lua script that
  compares the holder, then ``PEXPIRE``; a lease that lapsed while this process stalled and that
  nobody took is taken again). A lease that could not be renewed (it lapsed and another process
  took it, or Redis was unreachable) drops the room here: its race presses are
  answered with an error and its sockets are dropped; they reconnect and nginx routes them.
- A process that is refused a lease asks for the room (``companion:want:<code>``, expiring with
  the lease time); at its next renewal the holder hands it over: drops it (its sockets
  reconnect, to where nginx routes them) and gives the lease up. So rooms taken over while a
  process was down go back to it when it is up again, and nginx's choice always wins in the end.
- A process that dies stops renewing: after at most the lease time its rooms can be taken by
  whichever process nginx now routes them to, which replays each from the log. Acknowledged
  events are in that log (Redis with ``appendfsync always`` writes them before the ack).
- The store itself is fenced (companion/store/redis.py): a write to a room whose lease names
  another process is refused, so a process that lost a room cannot append to its log.

Creating a room writes its create event only: the creating process does not take the lease
(nginx may route the new code elsewhere); the owner takes it on first use. A closed room's lease
is not given back: it lapses by itself within the lease time.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable
from typing import TypeVar

import redis

from companion.engine import ErrorCode
from companion.rooms import RoomError
from companion.store import StoreError
from companion.store.redis import LEASE_MS, PREFIX, connect, decoded, lease_key


def want_key(code: str) -> str:
    """Set by a process that needs a room whose lease another holds."""
    return f"{PREFIX}want:{code}"


log = logging.getLogger(__name__)
T = TypeVar("T")

#: how often the ticker renews this process' leases
RENEW_SECONDS = 1.0
#: how long a request for a room held elsewhere waits for its lease before it is answered
#: ``unavailable``: long enough for a dead process' lease to lapse, or a live one to hand over
WAIT_SECONDS = LEASE_MS / 1000 + 2.0
#: how often a waiting request tries the lease again
WAIT_STEP_SECONDS = 0.25


def waiting_for_the_lease(
    attempt: Callable[[], T], sleep: Callable[[float], object], clock: Callable[[], float]
) -> T:
    """``attempt()``, tried again while it is refused ``unavailable`` (the room is held by
    another process), for up to WAIT_SECONDS: so a client that reaches a room's new process
    during a failover or a handover is served once the lease moves, without seeing an error.

    >>> from companion.rooms import RoomError
    >>> tries = iter([RoomError(ErrorCode.UNAVAILABLE, "moving"), "served"])
    >>> def attempt():
    ...     outcome = next(tries)
    ...     if isinstance(outcome, Exception):
    ...         raise outcome
    ...     return outcome
    >>> waiting_for_the_lease(attempt, sleep=lambda s: None, clock=lambda: 0.0)
    'served'
    """
    deadline = clock() + WAIT_SECONDS
    while True:
        try:
            return attempt()
        except RoomError as exc:
            if exc.code is not ErrorCode.UNAVAILABLE or clock() >= deadline:
                raise
        sleep(WAIT_STEP_SECONDS)


#: the HTTP header (and /healthz field) that names the process that answered
PROCESS_HEADER = "X-Companion-Process"

#: renew each lease in KEYS that still names ARGV[1] (or that lapsed and nobody took); returns
#: the keys that another process holds now, and those another process asked for (its
#: ``companion:want:<code>``)
_RENEW = """
local lost, wanted = {}, {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if not holder then
    -- lapsed (this process stalled) but nobody took it: nobody else can have written to the
    -- room meanwhile (the store is fenced), so it is still ours to take
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    holder = ARGV[1]
  end
  if holder ~= ARGV[1] then
    table.insert(lost, key)
  else
    local want = redis.call('GET', 'companion:want:' .. string.sub(key, 17))
    if want and want ~= ARGV[1] then
      table.insert(wanted, key)
    end
    redis.call('PEXPIRE', key, ARGV[2])
  end
end
return {lost, wanted}
"""
#: give the lease KEYS[1] up if it still names ARGV[1]
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def process_id(port: int) -> str:
    """A name for this process, unique in the cluster: host, port and pid."""
    return f"{socket.gethostname()}:{port}:{os.getpid()}"


class Leases:
    """The leases of one process (see the module's docstring)."""

    def __init__(self, url: str, owner: str, lease_ms: int = LEASE_MS) -> None:
        self._redis = connect(url)
        self.owner = owner
        self.lease_ms = lease_ms
        self._renew = self._redis.register_script(_RENEW)
        self._release = self._redis.register_script(_RELEASE)

    def acquire(self, code: str) -> bool:
        """Take the room's lease, or keep it if it is ours already; False if another process
        holds it."""
        try:
            key = lease_key(code)
            if self._redis.set(key, self.owner, nx=True, px=self.lease_ms):
                return True
            if self.holder(code) == self.owner:
                return True
            # held elsewhere: ask its holder to give it up (nginx now routes the room here)
            self._redis.set(want_key(code), self.owner, px=self.lease_ms)
            return False
        except redis.RedisError as exc:
            raise StoreError(f"could not take the lease of room {code}: {exc}") from exc

    def renew(self, codes: list[str]) -> tuple[list[str], list[str]]:
        """Renew these leases; returns the codes whose lease is no longer ours, and those that
        another process asked for."""
        if not codes:
            return [], []
        keys = [lease_key(code) for code in codes]
        lost, wanted = self._renew(keys=keys, args=[self.owner, self.lease_ms])
        lost_keys, wanted_keys = {decoded(k) for k in lost}, {decoded(k) for k in wanted}
        pairs = list(zip(codes, keys, strict=True))
        return [c for c, k in pairs if k in lost_keys], [c for c, k in pairs if k in wanted_keys]

    def release(self, code: str) -> None:
        """Give the room's lease up (if it is still ours)."""
        self._release(keys=[lease_key(code)], args=[self.owner])

    def holder(self, code: str) -> str | None:
        """The process that holds the room's lease, if any."""
        holder = self._redis.get(lease_key(code))
        return None if holder is None else decoded(holder)

    def close(self) -> None:
        self._redis.close()


def renewer(
    leases: Leases,
    owned: Callable[[], list[str]],
    drop: Callable[[list[str]], None],
) -> Callable[[], None]:
    """The ticker's renewal step: renew every owned room's lease, drop the rooms whose lease is
    lost. If Redis cannot be reached every room is dropped: without a lease, serving a room
    could mean serving it twice."""

    def renew() -> None:
        codes = owned()
        try:
            lost, wanted = leases.renew(codes)
        except redis.RedisError as exc:
            log.error("could not renew the room leases (%s): dropping %d rooms", exc, len(codes))
            lost, wanted = codes, []
        if lost:
            log.warning("lease lost, room dropped here: %s", ", ".join(lost))
            drop(lost)
        if wanted:
            # nginx routes these rooms to another process now (e.g. this one took them over
            # while it was down, and it is back): hand them over
            log.info("room handed over to the process nginx routes it to: %s", ", ".join(wanted))
            drop(wanted)
            for code in wanted:
                leases.release(code)

    return renew
