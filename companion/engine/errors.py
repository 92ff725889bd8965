"""Errors a game raises when the rules forbid an action."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid right now; nothing changes and the sender is told why.

    ``code`` is one of the protocol's error codes (``illegal``, ``not_your_turn``,
    ``too_late``, ``bad_request``, ``forbidden``); ``message`` is a sentence a player can read.

    >>> e = IllegalAction("not_your_turn", "Wait for your turn.")
    >>> (e.code, e.message)
    ('not_your_turn', 'Wait for your turn.')
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
