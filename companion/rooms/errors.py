"""The one error type of the room layer: a protocol error code and a readable sentence."""

from __future__ import annotations

from typing import Any

from companion.engine import ErrorCode


class RoomError(Exception):
    """A request the room refuses; nothing changed.

    >>> RoomError(ErrorCode.ROOM_FULL, "The room is full.").as_ack()
    {'ok': False, 'error': {'code': 'room_full', 'message': 'The room is full.'}}
    """

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = ErrorCode(code)
        self.message = message

    def as_ack(self) -> dict[str, Any]:
        return {"ok": False, "error": {"code": self.code.value, "message": self.message}}
