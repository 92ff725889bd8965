"""Rooms rebuilt from their stored logs, and the rooms whose log no longer replays, set aside
(docs/architecture.md, "The event log and replay").

A room is its create event replayed with every later event, in order, through the same
``Room.prepare`` live play uses. A log the rules (or the games) no longer accept is kept in the
store, marked with the reason, listed on /healthz and never loaded again until
``companion put-back``; every other room loads as usual.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine import ErrorCode, Game
from companion.rooms.errors import RoomError
from companion.rooms.events import parse, parse_create
from companion.rooms.room import Room
from companion.store import AsideRoom, Store, StoredRoom, StoreError

log = logging.getLogger(__name__)


class Unreplayable(Exception):
    """A stored log stopped replaying at event ``seq`` (0: the create event)."""

    def __init__(self, seq: int, cause: Exception) -> None:
        super().__init__(f"event {seq}: {cause}")
        self.seq = seq
        self.cause = cause


def replay(
    code: str,
    game: Game[Any],
    events: Sequence[Mapping[str, Any]],
    games: Mapping[str, Game[Any]] | None = None,
) -> Room:
    """The room ``events`` (a stored log, create event first) make; Unreplayable if one of them
    is refused. ``game``: the one the create event names; ``games``: every game the room may
    switch to (None: none)."""
    seq = 0
    try:
        room = Room(code, game, parse_create(events[0]), games)
        for event in events[1:]:
            seq += 1
            room.prepare(parse(event))()
    except Exception as exc:
        raise Unreplayable(seq, exc) from exc
    return room


class Restorer:
    """Loads rooms from the store for one process; keeps the list of rooms set aside."""

    def __init__(self, store: Store, games: Mapping[str, Game[Any]]) -> None:
        self.store = store
        self.games = games
        #: rooms whose log no longer replays: kept in the store, never loaded
        self.aside: list[AsideRoom] = store.aside_rooms()

    def live_rooms(self) -> list[Room]:
        """Every live room of the store, replayed (those that no longer replay set aside)."""
        rooms = []
        for stored in self.store.live_rooms():
            if (room := self.load(stored)) is not None:
                rooms.append(room)
                log.info("room %s rebuilt from %d events", room.code, len(stored.events))
        return rooms

    def load(self, stored: StoredRoom) -> Room | None:
        """The room replayed from its log; None (and the room set aside) if it does not
        replay."""
        try:
            create = stored.events[0]
            game = self.games.get(create["game"])
            if game is None:
                raise RoomError(
                    ErrorCode.UNKNOWN_GAME, "The game {game} is gone.", game=repr(create["game"])
                )
            return replay(stored.code, game, stored.events, self.games)
        except Unreplayable as failed:
            self.set_aside(stored, failed.seq, failed.cause)
        except Exception as exc:  # event 0 is missing, damaged or names a game that is gone
            self.set_aside(stored, 0, exc)
        return None

    def set_aside(self, stored: StoredRoom, seq: int, exc: Exception) -> None:
        """Keep a room whose log stopped replaying at event ``seq`` out of play, and say why."""
        events = stored.events
        create = events[0] if events and isinstance(events[0], Mapping) else {}
        event = events[seq] if seq < len(events) else None
        kind = event.get("kind") if isinstance(event, Mapping) else None
        game_id = create.get("game") if isinstance(create.get("game"), str) else None
        game = self.games.get(game_id) if game_id is not None else None
        recorded = create.get("rules", "none")  # logs from before versions were recorded
        current = getattr(game, "rules_version", 1) if game is not None else "none"
        why = (
            f"{exc.code}: {exc.message}"
            if isinstance(exc, RoomError)
            else f"{type(exc).__name__}: {exc}"
        )
        reason = (
            f"event {seq} ({kind}) no longer replays: {why} "
            f"(rules version: {recorded} recorded, {current} now)"
        )
        log.error(
            "room %s set aside, not loaded: event %d (%s) no longer replays: %s; "
            "rules version recorded %s, current %s",
            stored.code, seq, kind, why, recorded, current,
            exc_info=not isinstance(exc, RoomError),
        )  # fmt: skip
        try:
            self.store.set_aside(stored.code, reason)
        except StoreError:
            log.exception("room %s could not be marked as set aside; it stays out", stored.code)
        self.aside.append(AsideRoom(stored.code, game_id, reason))
