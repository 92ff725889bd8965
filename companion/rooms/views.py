"""The ``view`` message each connection receives, built for its own role and seat."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.rooms.party import standings
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
    #: a seat that also holds the host key (a solo game run from one phone): it may send the
    #: host's commands too
    hosting: bool = False

    @property
    def may_host(self) -> bool:
        return self.role is Role.HOST or self.hosting


def seat_of(room: Room, binding: Binding) -> Player | None:
    if binding.role is not Role.PLAYER or binding.token is None:
        return None
    return room.player_by_token(binding.token)


def game_view(
    room: Room, seat: int | None, table: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    """The game's part of a view for ``seat`` (None: the table): its ``view`` with the prompt
    and, once over, the outcome (``room.ended`` says why the room ended it); None in the lobby.
    A seat that sits out this game watches: the table's view (``table`` if it is built
    already), and ``you.sitting_out``."""
    if room.state is None:
        return None
    if seat is not None and room.players[seat].sitting_out:
        if table is None:
            table = room.game.present(room.state, None, room.ended)
        return {**table, "you": {"sitting_out": True}}
    return room.game.present(room.state, seat, room.ended)


def seats_view(room: Room, online: set[str]) -> list[dict[str, Any]]:
    """``view.room.players``: every seat, as the pages draw it (``online``: the tokens of the
    seats with a live connection)."""
    return [
        {
            "seat": p.seat,
            "name": p.name,
            "connected": p.token in online,
            "gone": p.gone,
            "avatar": p.avatar.as_json(),
            "sitting_out": p.sitting_out,
        }
        for p in room.players
    ]


def build_views(
    room: Room,
    bindings: Mapping[str, Binding],
    *,
    version: int,
    now: float,
    join_url: str,
    online: set[str],
    host_connected: bool,
    spectators: int,
) -> dict[str, dict[str, Any]]:
    """The ``view`` payload for each connection in ``bindings`` (docs/protocol.md, ``view``).

    Built per audience, not per connection: the room part once, the table view once (the host
    and spectators share it) and each seat's view once, however many sockets show it. Seat
    secrets come only from ``game_view(room, seat)`` for that connection's own seat.
    """
    shared = {
        "code": room.code,
        "game": room.game.id,
        "title": room.game.title,
        "status": room.status.value,
        "game_number": room.game_number,
        "players": seats_view(room, online),
        "host_connected": host_connected,
        "locked": room.locked,
        "seats": room.game.seats_for(room.options),
        "first": room.first_seat(),
        "spectators": spectators,
        "options": dict(room.options),
        "lang": room.lang,
        "join_url": join_url,
        # the game's times are game time: the pages count down on it (docs/protocol.md)
        "clock": room.clock(),
        # the night's scoreboard: every finished game of the room (companion/rooms/night.py)
        "night": [standing.as_json() for standing in standings(room)],
        # the game's last settled race, shared: no press in it holds a seat's secret
        "race": room.history.race(),
    }
    game_views: dict[int | None, dict[str, Any] | None] = {}
    out: dict[str, dict[str, Any]] = {}
    for conn, binding in bindings.items():
        player = seat_of(room, binding)
        seat = player.seat if player is not None else None
        if seat not in game_views:
            if seat is not None and room.players[seat].sitting_out and None not in game_views:
                game_views[None] = game_view(room, None)  # what a seat sitting out watches
            game_views[seat] = game_view(room, seat, game_views.get(None))
        out[conn] = {
            "v": version,
            "now": now,
            "room": {
                **shared,
                "seat": seat,
                "role": binding.role.value,
                "host": binding.may_host,
            },
            "game": game_views[seat],
        }
    return out
