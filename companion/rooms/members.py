"""Which connection is in which room, as what; and the messages for a room's connections.

A connection is bound to at most one room and one role (the table, a seat by its token, or a
spectator). Every accepted change is followed by a fresh ``view`` for every connection of the
room (``broadcast``), numbered by the room's view version.
"""

from __future__ import annotations

from typing import Any

from companion.engine import ErrorCode
from companion.rooms.errors import RoomError
from companion.rooms.messages import Outbound
from companion.rooms.room import Room
from companion.rooms.views import Binding, Role, build_views


class Members:
    def __init__(self) -> None:
        self._bindings: dict[str, Binding] = {}  # connection id -> what it is in which room
        self._members: dict[str, set[str]] = {}  # room code -> connection ids
        self._versions: dict[str, int] = {}  # room code -> the version of its last view

    # -- rooms ---------------------------------------------------------------------------

    def open(self, code: str, version: int) -> None:
        """A room is loaded: nobody in it yet; its views continue from ``version``."""
        self._members[code] = set()
        self._versions[code] = version

    def close(self, code: str) -> list[str]:
        """Forget a room; returns the connections that were in it (now unbound)."""
        conns = list(self._members.pop(code, set()))
        for conn in conns:
            self._bindings.pop(conn, None)
        self._versions.pop(code, None)
        return conns

    # -- connections ---------------------------------------------------------------------

    def binding(self, conn: str) -> Binding | None:
        return self._bindings.get(conn)

    def unbound(self, conn: str) -> None:
        """RoomError unless ``conn`` is in no room yet."""
        if conn in self._bindings:
            raise RoomError(ErrorCode.BAD_REQUEST, "This connection is already in a room.")

    def bind(self, conn: str, binding: Binding) -> None:
        self._bindings[conn] = binding
        self._members[binding.code].add(conn)

    def unbind(self, conn: str) -> Binding | None:
        """Take ``conn`` out of its room; returns what it was there, if anything."""
        binding = self._bindings.pop(conn, None)
        if binding is not None:
            self._members.get(binding.code, set()).discard(conn)
        return binding

    def of(self, code: str) -> list[str]:
        """The room's connections, in a stable order."""
        return sorted(self._members[code])

    def with_token(self, code: str, token: str) -> list[str]:
        """The connections that hold the seat of ``token``."""
        return [c for c in self._members[code] if self._bindings[c].token == token]

    def hosts(self, code: str) -> list[str]:
        return [c for c in self._members[code] if self._bindings[c].role is Role.HOST]

    def seated(self, code: str) -> list[tuple[str, Binding]]:
        """The room's connections that hold a seat, with their bindings."""
        return [(c, b) for c in self._members[code] if (b := self._bindings[c]).token is not None]

    def online(self, code: str) -> set[str]:
        """The tokens of the seats that have a connection."""
        return {b.token for _, b in self.seated(code) if b.token is not None}

    def count(self, code: str, role: Role) -> int:
        return sum(1 for c in self._members[code] if self._bindings[c].role is role)

    # -- messages ------------------------------------------------------------------------

    def broadcast(self, room: Room, *, now: float, join_url: str) -> list[Outbound]:
        """A fresh ``view`` for every connection of the room, each built for its own seat."""
        self._versions[room.code] += 1
        conns = self.of(room.code)
        # one pass over the room's connections for everything the views need of them (every
        # change of every room comes here)
        bindings = {conn: self._bindings[conn] for conn in conns}
        online: set[str] = set()
        hosts = spectators = 0
        for binding in bindings.values():
            if binding.token is not None:
                online.add(binding.token)
            if binding.role is Role.HOST:
                hosts += 1
            elif binding.role is Role.SPECTATOR:
                spectators += 1
        views = build_views(
            room,
            bindings,
            version=self._versions[room.code],
            now=now,
            join_url=join_url,
            online=online,
            host_connected=hosts > 0,
            spectators=spectators,
        )
        return [Outbound(conn, "view", views[conn]) for conn in conns]

    def notify(self, code: str, note: dict[str, Any]) -> list[Outbound]:
        """The same ``note`` for every connection of the room."""
        return [Outbound(conn, "note", note) for conn in self.of(code)]
