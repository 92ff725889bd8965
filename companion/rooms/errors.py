"""The one error type of the room layer: a protocol error code and a readable sentence."""

from __future__ import annotations

from typing import Any

from companion.engine import ErrorCode
from companion.engine.errors import plain
from companion.engine.text import english


class RoomError(Exception):
    """A request the room refuses; nothing changed. Like a game's refusal, the message is an
    English template whose variable parts are given apart (``params``), so that a page can
    translate it (docs/protocol.md, "Errors").

    >>> RoomError(ErrorCode.ROOM_FULL, "The room is full.").as_ack()
    {'ok': False, 'error': {'code': 'room_full', 'message': 'The room is full.'}}
    >>> RoomError(ErrorCode.ROOM_FULL, "The room is full (seats: {seats}).", seats=4).as_ack()
    ... # doctest: +NORMALIZE_WHITESPACE
    {'ok': False, 'error': {'code': 'room_full', 'message': 'The room is full (seats: 4).',
     'template': 'The room is full (seats: {seats}).', 'params': {'seats': 4}}}

    A refusal passed on with its parts as JSON (a name to translate, ``{"template": …}``)
    reads the same in English:

    >>> RoomError(ErrorCode.BAD_REQUEST, "{option} is off.", option={"template": "Fog"}).message
    'Fog is off.'
    """

    def __init__(self, code: ErrorCode, message: str, **params: object) -> None:
        self.template = message
        self.params = plain(params)
        words = {k: english(v) if isinstance(v, dict | list) else v for k, v in params.items()}
        self.message = message.format(**words) if params else message
        super().__init__(self.message)
        self.code = ErrorCode(code)

    def as_ack(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code.value, "message": self.message}
        if self.params:
            error.update(template=self.template, params=self.params)
        return {"ok": False, "error": error}
