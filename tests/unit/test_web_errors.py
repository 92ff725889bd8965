"""A database that cannot write (a full disk) is a readable `internal` answer, over HTTP (JSON,
503) and over Socket.IO, and nothing changes; in process, with the Flask and Socket.IO test
clients."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.store import SqliteStore, StoreError
from companion.web import create_app


class FullDisk:
    """The store of a full disk: reads work, every write fails."""

    def __init__(self, store: SqliteStore) -> None:
        self.store = store

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def create(self, code: str, event: dict[str, Any]) -> None:
        raise StoreError(f"could not create room {code}: database or disk is full")

    def append(self, code: str, seq: int, event: dict[str, Any]) -> None:
        raise StoreError(f"could not store event {seq} of room {code}: database or disk is full")


def test_a_full_disk_is_a_readable_internal_error_everywhere(tmp_path: Path) -> None:
    app, socketio = create_app({"DB_PATH": tmp_path / "db.sqlite3", "ASYNC_MODE": "threading"})
    http = app.test_client()
    room = http.post("/api/rooms", json={"game": "buzzer"}).get_json()
    service = app.extensions["companion"]
    service.store = FullDisk(service.store)

    answer = http.post("/api/rooms", json={"game": "buzzer"})
    body = answer.get_json()
    assert answer.status_code == 503 and body["error"]["code"] == "internal"
    assert "disk" in body["error"]["message"]

    phone = socketio.test_client(app)
    ack = phone.emit("join", {"code": room["code"], "name": "Anna"}, callback=True)
    assert ack["ok"] is False and ack["error"]["code"] == "internal"
    assert "nothing changed" in ack["error"]["message"]
    assert http.get(f"/api/rooms/{room['code']}").get_json()["players"] == []
