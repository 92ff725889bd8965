"""Every HTTP error is JSON ``{ok: false, error: {code, message}}``, whatever raised it: a
refusal of the room layer, an unknown path or method, a body too large, a database that cannot
write (a full disk), or a bug."""

from __future__ import annotations

import logging

from flask import Flask, Response, jsonify
from werkzeug.exceptions import HTTPException

from companion.engine import ErrorCode
from companion.rooms import RoomError
from companion.store import StoreError

log = logging.getLogger(__name__)

#: what a client is told when the database refuses a write
STORE_FAILED = "The server could not save that (its disk may be full); nothing changed."
_STATUS = {
    ErrorCode.UNKNOWN_ROOM: 404,
    ErrorCode.RATE_LIMITED: 429,
    ErrorCode.INTERNAL: 500,
    ErrorCode.UNAVAILABLE: 503,
}
_HTTP_MESSAGES = {
    404: "There is no such page.",
    405: "That method is not allowed here.",
    413: "That request is too large.",
}


def answer(code: ErrorCode, message: str, status: int) -> tuple[Response, int]:
    return jsonify(RoomError(code, message).as_ack()), status


def register(app: Flask) -> None:
    @app.errorhandler(RoomError)
    def room_error(exc: RoomError) -> tuple[Response, int]:
        response, status = answer(exc.code, exc.message, _STATUS.get(exc.code, 400))
        if exc.code is ErrorCode.UNAVAILABLE:
            response.headers["Retry-After"] = "1"  # the room is moving to this process
        return response, status

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> tuple[Response, int]:
        status = exc.code or 500
        code = ErrorCode.INTERNAL if status >= 500 else ErrorCode.BAD_REQUEST
        message = _HTTP_MESSAGES.get(status, exc.name)
        return answer(code, message, status)

    @app.errorhandler(StoreError)
    def store_error(exc: StoreError) -> tuple[Response, int]:
        log.error("%s", exc)
        return answer(ErrorCode.INTERNAL, STORE_FAILED, 503)

    @app.errorhandler(Exception)
    def internal(exc: Exception) -> tuple[Response, int]:
        log.exception("request failed")
        return answer(
            ErrorCode.INTERNAL, "Something went wrong on the server; nothing changed.", 500
        )
