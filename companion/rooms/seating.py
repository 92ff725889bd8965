"""Joining a room: as its table (the TV, with the host key), as a seat (new, back with its token,
or handed over with a code) or as a spectator (docs/protocol.md, "Joining, seats and host
commands"). The connection's ack carries its first view; everyone else in the room gets theirs.
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from typing import Any

from companion.engine import ErrorCode
from companion.rooms import validation as check
from companion.rooms.avatars import parse_avatar
from companion.rooms.codes import new_token
from companion.rooms.errors import RoomError
from companion.rooms.events import JoinEvent
from companion.rooms.handoffs import Handoffs
from companion.rooms.live import LiveRooms
from companion.rooms.messages import Outbound, Reply
from companion.rooms.room import Room
from companion.rooms.views import Binding, Role


class Seating:
    def __init__(self, live: LiveRooms, handoffs: Handoffs) -> None:
        self.live = live
        self.handoffs = handoffs

    def host(self, conn: str, room: Room, data: Mapping[str, Any]) -> Reply:
        """``conn`` becomes the room's table, given the host key."""
        check_host_key(room, data)
        return self._bind(conn, room, Binding(room.code, Role.HOST))

    def watch(self, conn: str, room: Room) -> Reply:
        return self._bind(conn, room, Binding(room.code, Role.SPECTATOR))

    def join(self, conn: str, room: Room, data: Mapping[str, Any]) -> Reply:
        """``conn`` takes a seat: back with its ``token``, handed over with a ``handoff`` code,
        or a new one for ``name``."""
        # A seat that also brings the host key hosts from the same connection: a solo game
        # started and played from one phone.
        hosting = "host_token" in data
        if hosting:
            check_host_key(room, data)
        if "token" in data:
            token = check.text(data, "token", check.TOKEN_MAX)
            return self._rejoin(conn, room, token, hosting=hosting)
        if "handoff" in data:
            return self._handed_over(conn, room, check.text(data, "handoff", check.TOKEN_MAX))
        return self._new_seat(conn, room, data, hosting=hosting)

    def sit(self, conn: str, room: Room, binding: Binding, data: Mapping[str, Any]) -> Reply:
        """A spectator takes a free seat in the lobby, on the same connection: as ``join`` for
        ``name`` (and its refusals: the room full, the name taken, the game started)."""
        if binding.role is not Role.SPECTATOR:
            raise RoomError(ErrorCode.BAD_REQUEST, "Only a spectator can take a seat.")
        return self._new_seat(conn, room, data, hosting=False)

    def _new_seat(self, conn: str, room: Room, data: Mapping[str, Any], *, hosting: bool) -> Reply:
        """A new seat for ``data["name"]`` (and its avatar), bound to ``conn``."""
        token = new_token()
        # the name as sent: Room._join checks it before it is stored (and on every replay)
        name: Any = data.get("name")
        event = JoinEvent(kind="join", name=name, token=token, at=self.live.clock())
        if data.get("avatar") is not None:
            event["avatar"] = parse_avatar(data["avatar"]).as_json()
        self.live.record(room, event)
        reply = self._bind(conn, room, Binding(room.code, Role.PLAYER, token, hosting))
        player = room.player_by_token(token)
        assert player is not None
        reply.ack.update(seat=player.seat, token=token)
        return reply

    def _handed_over(self, conn: str, room: Room, code: str) -> Reply:
        """``join`` with a handoff code: the seat it names, on this connection; the TV closes
        its QR code and says where the seat went."""
        token = self.handoffs.redeem(code, room, self.live.clock())
        reply = self._rejoin(conn, room, token)
        player = room.player_by_token(token)
        note = {"kind": "handoff", "seat": player.seat if player else None}
        hosts = self.live.members.hosts(room.code)
        return Reply(reply.ack, reply.out + [Outbound(c, "note", note) for c in hosts])

    def _rejoin(self, conn: str, room: Room, token: str, *, hosting: bool = False) -> Reply:
        player = room.player_by_token(token)
        if player is None or player.gone:
            if token in room.revoked:
                raise RoomError(ErrorCode.BAD_TOKEN, "You were removed from this room.")
            raise RoomError(ErrorCode.BAD_TOKEN, "That seat is not in this room.")
        # The newest connection wins the seat (a refresh, a new tab, a woken phone).
        replaced = self.live.members.with_token(room.code, token)
        out = [Outbound(old, "note", {"kind": "replaced"}) for old in replaced]
        for old in replaced:
            self.live.members.unbind(old)
        reply = self._bind(conn, room, Binding(room.code, Role.PLAYER, token, hosting))
        reply.ack.update(seat=player.seat, token=token)
        return Reply(reply.ack, out + reply.out)

    def _bind(self, conn: str, room: Room, binding: Binding) -> Reply:
        """``conn`` joins ``room``: its ack carries its view, everyone else gets theirs."""
        self.live.members.bind(conn, binding)
        room.last_active = max(room.last_active, self.live.clock())
        self.live.schedule(room)
        out = self.live.broadcast(room)
        mine = next(o for o in out if o.to == conn)
        return Reply({"ok": True, "view": mine.payload}, [o for o in out if o.to != conn])


def check_host_key(room: Room, data: Mapping[str, Any]) -> None:
    """RoomError ``bad_token`` unless ``data["host_token"]`` is the room's host key."""
    token = check.text(data, "host_token", check.TOKEN_MAX)
    # surrogatepass: a lone surrogate from a hostile client is a wrong key, not a crash
    given = token.encode("utf-8", "surrogatepass")
    if not hmac.compare_digest(given, room.host_token.encode()):
        raise RoomError(ErrorCode.BAD_TOKEN, "This is not the host key of that room.")
