"""What the room layer hands back to the transport: acks and messages to send."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Outbound:
    """Send ``event`` with ``payload`` to the connection ``to``."""

    to: str
    event: str
    payload: dict[str, Any]


class Pending:
    """An ack decided later: a race press is answered when its race settles.

    Whoever answers the press says what to do with the ack (``then``) and goes on: no thread
    waits for it (one waiting per press, with its timeout, was 2-3 % of the server's work in
    speed rounds). Every press is resolved: by its race's section once durable, or failed with
    it (companion/rooms/section.py), or closed with its room.

    >>> pending, seen = Pending(), []
    >>> pending.then(seen.append); seen
    []
    >>> pending.resolve({"ok": True}); seen
    [{'ok': True}]
    >>> pending.then(seen.append); seen  # after the verdict: answered at once
    [{'ok': True}, {'ok': True}]
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ack: dict[str, Any] | None = None
        self._answers: list[Callable[[dict[str, Any]], None]] = []

    def resolve(self, ack: dict[str, Any]) -> None:
        """The verdict: every answer waiting for it gets it (answers must not raise)."""
        with self._lock:
            self._ack = ack
            answers, self._answers = self._answers, []
        for answer in answers:
            answer(ack)

    def then(self, answer: Callable[[dict[str, Any]], None]) -> None:
        """Call ``answer`` with the ack once it is decided (at once if it is)."""
        with self._lock:
            ack = self._ack
            if ack is None:
                self._answers.append(answer)
                return
        answer(ack)

    def wait(self, timeout: float) -> dict[str, Any] | None:
        """The ack, or None if the race did not settle within ``timeout`` seconds (for callers
        that must return the ack: Flask-SocketIO's handlers, tests)."""
        done = threading.Event()
        self.then(lambda _: done.set())
        done.wait(timeout)
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
