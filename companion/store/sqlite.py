"""The SQLite store: one file, WAL journal, an append-only event table per room."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

from companion.store.base import StoredRoom

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    closed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    code TEXT NOT NULL,
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (code, seq)
);
"""


class StoreError(RuntimeError):
    """The store could not durably record an event."""


class SqliteStore:
    """Room logs in a SQLite file.

    ``synchronous=FULL`` makes each append durable before it returns, so an acknowledged
    action survives a crash of the process or of the machine.

    >>> store = SqliteStore(":memory:")
    >>> store.append("BCDF", 0, {"kind": "create"})
    >>> store.append("BCDF", 1, {"kind": "join", "name": "Sofia"})
    >>> [room.events[-1]["name"] for room in store.live_rooms()]
    ['Sofia']
    >>> store.close_room("BCDF"); store.live_rooms()
    []
    """

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)

    def append(self, code: str, seq: int, event: dict[str, Any]) -> None:
        body = json.dumps(event, separators=(",", ":"))
        with self._lock:
            try:
                self._db.execute("BEGIN")
                if seq == 0:
                    self._db.execute(
                        "INSERT OR REPLACE INTO rooms (code, closed) VALUES (?, 0)", (code,)
                    )
                    self._db.execute("DELETE FROM events WHERE code = ?", (code,))
                self._db.execute(
                    "INSERT INTO events (code, seq, body) VALUES (?, ?, ?)", (code, seq, body)
                )
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                self._db.execute("ROLLBACK")
                raise StoreError(f"could not store event {seq} of room {code}: {exc}") from exc

    def close_room(self, code: str) -> None:
        with self._lock:
            self._db.execute("UPDATE rooms SET closed = 1 WHERE code = ?", (code,))

    def live_rooms(self) -> list[StoredRoom]:
        with self._lock:
            codes = [r[0] for r in self._db.execute("SELECT code FROM rooms WHERE closed = 0")]
            return [
                StoredRoom(
                    code,
                    tuple(
                        json.loads(body)
                        for (body,) in self._db.execute(
                            "SELECT body FROM events WHERE code = ? ORDER BY seq", (code,)
                        )
                    ),
                )
                for code in codes
            ]

    def close(self) -> None:
        with self._lock:
            self._db.close()
