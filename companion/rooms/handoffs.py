"""Handoff codes: "continue on another phone" (docs/protocol.md, ``handoff``).

The host asks for a seat's code; the TV shows it as a QR code; the device that opens it gets the
seat. A code works once and for three minutes, and each seat has at most one live code. The
seat's own token never leaves its phone and never appears on the TV. Codes live in this
process's memory only: a restart (or a failover) voids them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine import ErrorCode
from companion.rooms.codes import new_token
from companion.rooms.errors import RoomError
from companion.rooms.room import Room

#: how long a "continue on another phone" code works (single use)
HANDOFF_MS = 3 * 60 * 1000


@dataclass(frozen=True)
class Handoff:
    """A seat on its way to another device."""

    room: str
    token: str
    expires_at: float


class Handoffs:
    """The live handoff codes of every room of this process."""

    def __init__(self) -> None:
        self._codes: dict[str, Handoff] = {}  # single-use code -> the seat it hands over

    def issue(self, room: Room, seat: int, now: float, join_url: str) -> dict[str, Any]:
        """A fresh code for ``seat`` (the seat's older code stops working): the host's ack
        ``{ok, handoff, url, expires_at}``."""
        player = room.players[seat] if 0 <= seat < len(room.players) else None
        if player is None or player.gone:
            raise RoomError(ErrorCode.BAD_REQUEST, "There is no such seat.")
        for code, old in list(self._codes.items()):  # one live code per seat; drop stale ones
            if old.expires_at <= now or (old.room == room.code and old.token == player.token):
                del self._codes[code]
        code = new_token()
        expires_at = now + HANDOFF_MS
        self._codes[code] = Handoff(room.code, player.token, expires_at)
        return {"ok": True, "handoff": code, "url": _url(join_url, code), "expires_at": expires_at}

    def redeem(self, code: str, room: Room, now: float) -> str:
        """Use up ``code`` (even when refused): the token of the seat it hands over in
        ``room``, or RoomError ``bad_token``."""
        handoff = self._codes.pop(code, None)
        if handoff is None or handoff.room != room.code or handoff.expires_at <= now:
            raise RoomError(
                ErrorCode.BAD_TOKEN,
                "That code has expired or was used already: ask the host for a new one.",
            )
        return handoff.token

    def url(self, code: str, room: Room, now: float, join_url: str) -> str:
        """The address a live code of ``room`` opens (for its QR code), without using it up;
        RoomError if the code is unknown, used or expired."""
        handoff = self._codes.get(code)
        if handoff is None or handoff.room != room.code or handoff.expires_at <= now:
            raise RoomError(ErrorCode.UNKNOWN_ROOM, "That code has expired or was used.")
        return _url(join_url, code)


def _url(join_url: str, code: str) -> str:
    """The phone page with the code in the fragment, which never reaches a server log."""
    return f"{join_url}#handoff={code}"
