"""The protocol's error codes, and the exceptions a game raises when it refuses something.

Every refusal carries a code from :class:`ErrorCode` and a sentence a player can read. Games raise
the precise subclass (``Illegal``, ``NotYourTurn``…); the room turns any of them into the error
ack, and nothing changes.
"""

from __future__ import annotations

import enum
from typing import Any

from companion.engine.text import Text, text_json


class ErrorCode(enum.StrEnum):
    """Every error code of the protocol (docs/protocol.md, "Errors")."""

    BAD_REQUEST = "bad_request"
    UNKNOWN_ROOM = "unknown_room"
    UNKNOWN_GAME = "unknown_game"
    BAD_TOKEN = "bad_token"
    FORBIDDEN = "forbidden"
    ROOM_FULL = "room_full"
    NAME_TAKEN = "name_taken"
    GAME_STARTED = "game_started"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL = "illegal"
    TOO_LATE = "too_late"
    RATE_LIMITED = "rate_limited"
    INTERNAL = "internal"
    #: the room is served by another process of a cluster right now (moving after a failover)
    UNAVAILABLE = "unavailable"


class IllegalAction(Exception):
    """An action the rules refuse right now; nothing changes and the sender is told why.

    The message is English and doubles as the key of its translations (docs/architecture.md,
    "Languages"): a message with variable parts is a template with ``{name}`` placeholders and
    the parts as keyword arguments, so that the page can translate the template, then fill it.

    >>> e = IllegalAction(ErrorCode.NOT_YOUR_TURN, "Wait for your turn.")
    >>> (e.code, e.message)
    (<ErrorCode.NOT_YOUR_TURN: 'not_your_turn'>, 'Wait for your turn.')
    >>> e.code == "not_your_turn"
    True
    >>> e = IllegalAction(ErrorCode.ILLEGAL, "Seat {seat} is empty.", seat=3)
    >>> (e.message, e.template, e.params)
    ('Seat 3 is empty.', 'Seat {seat} is empty.', {'seat': 3})
    """

    def __init__(self, code: ErrorCode, message: str, **params: object) -> None:
        if isinstance(message, Text) and not params:  # a sentence made with say()
            params = dict(message.params)
            message = message.template
        self.template = message
        self.params = plain(params)
        self.message = message.format(**params) if params else message
        super().__init__(self.message)
        self.code = ErrorCode(code)


class BadRequest(IllegalAction):
    """The action is malformed: an unknown type, a missing or ill-typed field.

    >>> BadRequest("Say which seat.").code
    <ErrorCode.BAD_REQUEST: 'bad_request'>
    """

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(ErrorCode.BAD_REQUEST, message, **params)


class Illegal(IllegalAction):
    """Well formed, but the rules do not allow it now."""

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(ErrorCode.ILLEGAL, message, **params)


class NotYourTurn(IllegalAction):
    """Someone else must act first."""

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(ErrorCode.NOT_YOUR_TURN, message, **params)


class TooLate(IllegalAction):
    """The moment has passed (a race lost, a trick over)."""

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(ErrorCode.TOO_LATE, message, **params)


class Forbidden(IllegalAction):
    """This sender may never do this (a seat sending a table action, or the other way round)."""

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(ErrorCode.FORBIDDEN, message, **params)


class SetupError(IllegalAction):
    """The game cannot start like this (player count, options); the host's ``start`` is refused.

    >>> SetupError("Six players need the 6th Player expansion.").code
    <ErrorCode.ILLEGAL: 'illegal'>
    """

    def __init__(self, message: str, code: ErrorCode = ErrorCode.ILLEGAL, **params: object) -> None:
        super().__init__(code, message, **params)


def plain(params: dict[str, object]) -> dict[str, Any]:
    """A refusal's parts as JSON: a name to translate (a :class:`Text`) as its template, any
    other value but a plain one as its text. Parts that are JSON already (a refusal passed on
    with its ``params``) stay as they are.

    >>> from companion.engine.text import say
    >>> plain({"option": say("Rounds"), "n": 3, "when": None})
    {'option': {'template': 'Rounds'}, 'n': 3, 'when': 'None'}
    >>> plain(plain({"option": say("Rounds")}))
    {'option': {'template': 'Rounds'}}
    """
    return {
        k: (
            text_json(v)
            if isinstance(v, Text)
            else v
            if isinstance(v, str | int | float | bool | dict | list)
            else str(v)
        )
        for k, v in params.items()
    }
