"""The ``view`` message each connection receives, built for its own role and seat."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from companion.rooms.room import Player, Room


class Role(enum.StrEnum):
    HOST = "host"
    PLAYER = "player"
    SPECTATOR = "spectator"


@dataclass(frozen=True)
class Binding:
    """What a connection is in a room: the table (host), a seat (by token) or a spectator."""

    code: str
    role: Role
    token: str | None = None


def seat_of(room: Room, binding: Binding) -> Player | None:
    if binding.role is not Role.PLAYER or binding.token is None:
        return None
    return room.player_by_token(binding.token)


def build_view(
    room: Room,
    binding: Binding,
    *,
    version: int,
    now: float,
    join_url: str,
    online: set[str],
    host_connected: bool,
    spectators: int,
) -> dict[str, Any]:
    """The whole ``view`` payload for one connection (PROTOCOL.md, server → client).

    ``online`` holds the tokens of seats with a live connection. Seat secrets come only from
    ``game.view(state, seat)`` for this connection's own seat; the host and spectators get the
    public table view.
    """
    player = seat_of(room, binding)
    seat = player.seat if player is not None else None
    return {
        "v": version,
        "now": now,
        "room": {
            "code": room.code,
            "game": room.game.id,
            "title": room.game.title,
            "status": room.status.value,
            "game_number": room.game_number,
            "seat": seat,
            "role": binding.role.value,
            "players": [
                {"seat": p.seat, "name": p.name, "connected": p.token in online, "gone": p.gone}
                for p in room.players
            ],
            "host_connected": host_connected,
            "locked": room.locked,
            "seats": room.game.seats_for(room.options),
            "spectators": spectators,
            "options": dict(room.options),
            "join_url": join_url,
        },
        "game": None if room.state is None else room.game.view(room.state, seat),
    }
