"""What the room layer hands back to the transport: acks and messages to send."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Outbound:
    """Send ``event`` with ``payload`` to the connection ``to``."""

    to: str
    event: str
    payload: dict[str, Any]


class Pending:
    """An ack decided later: a race press is answered when its race settles."""

    def __init__(self) -> None:
        self._done = threading.Event()
        self._ack: dict[str, Any] | None = None

    def resolve(self, ack: dict[str, Any]) -> None:
        self._ack = ack
        self._done.set()

    def wait(self, timeout: float) -> dict[str, Any] | None:
        """The ack, or None if the race did not settle within ``timeout`` seconds."""
        self._done.wait(timeout)
        return self._ack


@dataclass(frozen=True)
class Reply:
    """The ack for the request and everything to send because of it.

    When ``pending`` is set, ``ack`` is not the answer yet: the transport waits for
    ``pending`` (a race press waits for the verdict of the settle window).
    """

    ack: dict[str, Any]
    out: list[Outbound] = field(default_factory=list)
    pending: Pending | None = None
