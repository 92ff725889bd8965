"""The store interface the room layer writes through, and its errors."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol


class StoreError(RuntimeError):
    """The store could not durably record an event; nothing was recorded."""


class StoreConflict(StoreError):
    """The write contradicts what is stored (a taken room code, a sequence number that is not
    the next one, a room that is not live); nothing was changed."""


@dataclass(frozen=True)
class StoredRoom:
    """A live room as persisted: its code and its whole event log, in order."""

    code: str
    events: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class AsideRoom:
    """A room whose log no longer replays: kept in the store, never loaded."""

    code: str
    #: the game named by its create event (None if even that could not be read)
    game: str | None
    reason: str


class Store(Protocol):
    def create(self, code: str, event: Mapping[str, Any]) -> None:
        """Durably start room ``code`` with ``event`` as its number 0.

        Raises StoreConflict, changing nothing, if ``code`` is held by a live or set-aside room
        (the code of a closed room may be reused: its finished log is dropped).
        """
        ...

    def append(self, code: str, seq: int, event: Mapping[str, Any]) -> None:
        """Durably append ``event`` as number ``seq`` of the live room ``code``.

        Raises StoreConflict, changing nothing, unless ``seq`` is the last stored number + 1.
        """
        ...

    def close_room(self, code: str) -> None:
        """Mark the room finished for good: it will not be rebuilt on start."""
        ...

    def set_aside(self, code: str, reason: str) -> None:
        """Keep the room and its log but stop rebuilding it on start (its log no longer replays)."""
        ...

    def put_back(self, code: str) -> bool:
        """Make a set-aside room live again, to be replayed on the next start; False if it is
        not set aside."""
        ...

    def live_rooms(self) -> list[StoredRoom]:
        """Every room neither closed nor set aside, with its log, for rebuilding after a restart."""
        ...

    def live_room(self, code: str) -> StoredRoom | None:
        """One live room with its log (for loading a single room on demand, as a process of a
        cluster does when it takes a room over); None if the room is not live."""
        ...

    def aside_rooms(self) -> list[AsideRoom]:
        """Every set-aside room, with why."""
        ...

    def begin(self) -> None:
        """Hold the following writes in one transaction until ``commit()`` (group commit)."""
        ...

    def commit(self, release: Callable[[], None] | None = None) -> None:
        """Make every write since ``begin()`` durable at once; StoreError (and none of them is
        stored) if that failed. Nothing to do when there was none.

        ``release()``, if given, is called once, as soon as no later write can join this
        commit (later writes wait for it to end): the caller may let others work while the
        disk does. At the latest it is called before ``commit`` returns."""
        ...

    def events(self, code: str) -> tuple[dict[str, Any], ...]:
        """The stored log of one room, in order (empty if there is none)."""
        ...

    def close(self) -> None: ...


def game_of(create_body: str | None) -> str | None:
    """The game a stored create event names, or None if it cannot be read (for set-aside rooms,
    whose log may be damaged).

    >>> game_of('{"type": "create", "game": "buzzer"}'), game_of("{oops"), game_of(None)
    ('buzzer', None, None)
    """
    try:
        game = json.loads(create_body or "null").get("game")
    except (ValueError, AttributeError):
        return None
    return game if isinstance(game, str) else None
