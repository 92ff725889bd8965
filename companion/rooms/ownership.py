"""Room ownership in a cluster (docs/architecture.md, "Several processes").

Several processes share one store; each room is served by the one process that holds its lease.
A process loads a room when it first takes its lease (replaying it from the shared log), and
drops it — without writing anything — when the lease is lost or handed over.
"""

from __future__ import annotations

import logging
from typing import Protocol

from companion.engine import ErrorCode
from companion.engine.text import N_
from companion.rooms.errors import RoomError
from companion.rooms.live import LiveRooms
from companion.rooms.restore import Restorer
from companion.rooms.room import Room

log = logging.getLogger(__name__)

#: what a client hears when another process still holds the room (retry: it is moving here)
MOVING = N_("This room is moving to another server: try again in a moment.")


class Leases(Protocol):
    """Room ownership when several processes share one store (companion/web/cluster.py)."""

    def acquire(self, code: str) -> bool:
        """Take (or keep) the room's lease for this process; False if another process holds
        it."""
        ...


class Ownership:
    """The rooms this process takes over and gives up (``leases`` None: a process on its own,
    which loads every live room at start and takes over none)."""

    def __init__(self, leases: Leases | None, live: LiveRooms, restorer: Restorer) -> None:
        self.leases = leases
        self.live = live
        self.restorer = restorer

    def take_over(self, code: str) -> Room | None:
        """Take the room's lease and load it from the shared log; None if there is no such
        live room (or no cluster). RoomError ``unavailable`` if another process holds the
        lease."""
        store = self.live.store
        if self.leases is None or store.live_room(code) is None:
            return None
        if not self.leases.acquire(code):
            raise RoomError(ErrorCode.UNAVAILABLE, MOVING)
        stored = store.live_room(code)  # read again: the last owner may have written
        if stored is None or (room := self.restorer.load(stored)) is None:
            return None
        self.live.add(room)
        log.info("room %s taken over: replayed %d events", code, len(stored.events))
        return room

    def drop(self, codes: list[str]) -> list[str]:
        """Forget rooms this process no longer owns (their lease was lost): waiting race presses
        are answered ``unavailable``, nothing is written. Returns the connections that were in
        them, for the web layer to drop (they reconnect, and reach the new owner)."""
        conns: list[str] = []
        for code in codes:
            if code not in self.live.rooms:
                continue
            for entry in self.live.races.cancel(code):
                entry.pending.resolve(RoomError(ErrorCode.UNAVAILABLE, MOVING).as_ack())
            conns += self.live.forget(code)
        return conns
