"""What the room layer hands back to the transport: acks and messages to send."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Outbound:
    """Send ``event`` with ``payload`` to the connection ``to``."""

    to: str
    event: str
    payload: dict[str, Any]


@dataclass(frozen=True)
class Reply:
    """The ack for the request and everything to send because of it."""

    ack: dict[str, Any]
    out: list[Outbound] = field(default_factory=list)
