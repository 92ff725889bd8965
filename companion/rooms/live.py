"""The rooms this process holds, and the one way each of them changes.

``record`` is that way: the room checks the event, the store takes it (durable at the end of the
section), then the room changes, and the room goes back on the agenda. Deadlines are events too
(``advance``), never fired past a race press still waiting to settle. The room's connections
and their views are in ``members``, its waiting presses in ``races``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from companion.engine import ErrorCode
from companion.rooms.agenda import Agenda, expiry, next_due
from companion.rooms.config import ServiceConfig
from companion.rooms.errors import RoomError
from companion.rooms.events import RoomEvent, TimeoutEvent
from companion.rooms.members import Members
from companion.rooms.messages import Outbound, Pending
from companion.rooms.races import Races
from companion.rooms.restore import replay
from companion.rooms.room import Room
from companion.rooms.section import Section
from companion.store import Store

log = logging.getLogger(__name__)


class LiveRooms:
    def __init__(self, store: Store, clock: Callable[[], float], config: ServiceConfig) -> None:
        self.store = store
        self.clock = clock
        self.config = config
        self.rooms: dict[str, Room] = {}
        self.members = Members()
        self.agenda = Agenda()
        self.races = Races()
        self.section = Section(store, self.rebuild)

    def add(self, room: Room) -> None:
        self.rooms[room.code] = room
        self.members.open(room.code, room.seq)
        self.schedule(room)

    def forget(self, code: str) -> list[str]:
        """Take a room out of this process (nothing is written); returns its connections."""
        del self.rooms[code]
        self.agenda.forget(code)
        return self.members.close(code)

    # -- changes -------------------------------------------------------------------------

    def record(self, room: Room, event: RoomEvent) -> None:
        """Check, store durably, then apply: the order that makes acks trustworthy."""
        commit = room.prepare(event)
        self.store.append(room.code, room.seq + 1, event)  # durable at the section's end
        commit()
        self.section.touch(room.code)
        self.schedule(room)

    def advance(self, room: Room, until: float) -> None:
        """Apply every game deadline that has passed by the server time ``until``, each as a
        logged ``timeout`` whose ``at`` is the deadline in server time (``Room.deadline``)."""
        while (due := room.deadline()) is not None and due <= until:
            timeout: TimeoutEvent = {"kind": "timeout", "at": due}
            self.record(room, timeout)
            if room.deadline() == due:
                log.error("game %s did not move past its deadline %s", room.game.id, due)
                break

    def catch_up(self, room: Room, now: float) -> None:
        """Fire the room's due deadlines before a change at ``now``: not past a press that is
        still waiting to settle (its verdict fires them in fair order)."""
        self.advance(room, self.races.limit(room.code, now))

    def hold(self, pending: Pending, ack: dict[str, Any]) -> None:
        """Answer a race press with ``ack`` once the section is durable."""
        self.section.hold(pending, ack)

    def schedule(self, room: Room) -> None:
        """Put the room on the agenda for the next moment something may happen to it."""
        buffer = self.races.waiting(room.code)
        verdict_due = None if buffer is None else buffer.due
        self.agenda.put(room.code, next_due(room, self.config, verdict_due))

    def expired(self, room: Room, now: float) -> bool:
        return now - room.last_active > expiry(room, self.config)

    def expire(self, room: Room) -> list[Outbound]:
        """Close an idle room: everyone is told, waiting presses are answered, the store closes
        it and its code may be used again."""
        out = self.notify(room, {"kind": "expired"})
        closed = RoomError(ErrorCode.UNKNOWN_ROOM, "The room has closed.").as_ack()
        for entry in self.races.cancel(room.code):
            self.section.hold(entry.pending, closed)
        for conn in self.members.of(room.code):
            self.members.unbind(conn)
        self.store.close_room(room.code)
        self.forget(room.code)
        return out

    def rebuild(self, code: str) -> None:
        """Bring a room back to its stored log after a commit failed. Its presses still
        waiting for their verdict are answered ``internal``: the race starts again from the log."""
        failed = RoomError(ErrorCode.INTERNAL, "Your press could not be recorded.").as_ack()
        for entry in self.races.cancel(code):
            entry.pending.resolve(failed)
        room = self.rooms.get(code)
        try:
            events = self.store.events(code)
            if room is None:
                return
            if not events:  # created in the failed section: it never existed
                self.forget(code)
                return
            fresh = replay(code, room.party.first_game, events, room.party.games)
        except Exception:
            log.exception("room %s could not be rebuilt after a failed commit", code)
            return
        fresh.last_active = room.last_active
        self.rooms[code] = fresh
        self.schedule(fresh)

    # -- messages ------------------------------------------------------------------------

    def broadcast(self, room: Room) -> list[Outbound]:
        """A fresh ``view`` for every connection of the room, each built for its own seat."""
        return self.members.broadcast(
            room, now=self.clock(), join_url=self.config.join_url(room.code)
        )

    def notify(self, room: Room, note: dict[str, Any]) -> list[Outbound]:
        return self.members.notify(room.code, note)
