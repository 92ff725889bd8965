"""A room's status (``view.room.status``): its own module, so that the room's helpers (undo,
the party's games) can use it without importing the room."""

from __future__ import annotations

import enum


class Status(enum.StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    PAUSED = "paused"
    OVER = "over"
