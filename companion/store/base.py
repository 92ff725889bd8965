"""The store interface the room layer writes through."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class StoredRoom:
    """A live room as persisted: its code and its whole event log, in order."""

    code: str
    events: tuple[dict[str, Any], ...]


class Store(Protocol):
    def append(self, code: str, seq: int, event: dict[str, Any]) -> None:
        """Durably append ``event`` as number ``seq`` of room ``code`` (0 creates the room)."""
        ...

    def close_room(self, code: str) -> None:
        """Mark the room finished for good: it will not be rebuilt on start."""
        ...

    def live_rooms(self) -> list[StoredRoom]:
        """Every room not closed, with its log, for rebuilding after a restart."""
        ...

    def close(self) -> None: ...
