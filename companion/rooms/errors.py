"""The one error type of the room layer: a protocol error code and a readable sentence."""

from __future__ import annotations

from typing import Any


class RoomError(Exception):
    """A request the room refuses; nothing changed.

    >>> RoomError("room_full", "The room is full.").as_ack()
    {'ok': False, 'error': {'code': 'room_full', 'message': 'The room is full.'}}
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def as_ack(self) -> dict[str, Any]:
        return {"ok": False, "error": {"code": self.code, "message": self.message}}
