"""What the room layer hands back to the transport: acks and messages to send."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any


class Layered(dict[str, Any]):
    """A dict made of a part several messages share (``base``) and a few keys of its own
    (``own``): equal to their union and used as it. The transport encodes ``base`` once for
    every message of a broadcast that shares it (docs/architecture.md, "Capacity"); neither
    part may change afterwards.

    >>> shared = {"code": "BCDF", "players": []}
    >>> room = Layered(shared, {"seat": 1})
    >>> room == {"code": "BCDF", "players": [], "seat": 1}, room.base is shared
    (True, True)
    """

    __slots__ = ("base", "own")

    def __init__(self, base: dict[str, Any], own: dict[str, Any]) -> None:
        super().__init__(base)
        self.update(own)
        self.base = base
        self.own = own


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
