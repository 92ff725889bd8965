"""The SQLite store's contract, on real files: a write that does not fit changes nothing."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.games.registry import GAMES
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.rooms import service as service_module
from companion.store import SqliteStore, StoreConflict, StoreError, default_path


def create(code: str = "BCDF", **extra: Any) -> dict[str, Any]:
    return {"kind": "create", "game": "buzzer", "seed": 1, "host_token": "h", "at": 0, **extra}


def join(name: str, at: float = 1) -> dict[str, Any]:
    return {"kind": "join", "name": name, "token": f"t-{name}", "at": at}


def logs(db: Path) -> dict[str, list[dict[str, Any]]]:
    """Every live room's log, read by a fresh store on the same file (what a restart sees)."""
    store = SqliteStore(db)
    try:
        return {room.code: list(room.events) for room in store.live_rooms()}
    finally:
        store.close()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


def test_a_colliding_create_never_erases_a_live_room(db: Path) -> None:
    store = SqliteStore(db)
    store.create("BCDF", create(host_token="first"))
    store.append("BCDF", 1, join("Anna"))
    with pytest.raises(StoreConflict, match="BCDF exists"):
        store.create("BCDF", create(host_token="intruder"))
    # another process on the same file is refused the same way
    other = SqliteStore(db)
    with pytest.raises(StoreConflict):
        other.create("BCDF", create(host_token="intruder"))
    other.close()
    store.close()
    assert logs(db) == {"BCDF": [create(host_token="first"), join("Anna")]}


@pytest.mark.parametrize("seq", [0, 1, 3, -1], ids=["zero", "taken", "gap", "negative"])
def test_an_append_at_a_wrong_sequence_number_is_refused(db: Path, seq: int) -> None:
    store = SqliteStore(db)
    store.create("BCDF", create())
    store.append("BCDF", 1, join("Anna"))
    with pytest.raises(StoreConflict, match="not the next one"):
        store.append("BCDF", seq, join("Mallory"))
    store.append("BCDF", 2, join("Ben"))  # the right number still works
    store.close()
    assert logs(db) == {"BCDF": [create(), join("Anna"), join("Ben")]}


def test_appends_to_a_room_that_is_not_live_are_refused(db: Path) -> None:
    store = SqliteStore(db)
    with pytest.raises(StoreConflict, match="not live"):
        store.append("GHJK", 1, join("Anna"))  # never created
    store.create("BCDF", create())
    store.set_aside("BCDF", "event 1: no such seat")
    with pytest.raises(StoreConflict, match="not live"):
        store.append("BCDF", 1, join("Anna"))
    with pytest.raises(StoreConflict):  # a set-aside room keeps its code
        store.create("BCDF", create())
    assert store.put_back("BCDF")
    store.close_room("BCDF")
    with pytest.raises(StoreConflict, match="not live"):
        store.append("BCDF", 1, join("Anna"))
    assert issubclass(StoreConflict, StoreError)
    store.close()


def test_the_code_of_a_closed_room_can_be_used_again(db: Path) -> None:
    store = SqliteStore(db)
    store.create("BCDF", create(host_token="old"))
    store.append("BCDF", 1, join("Anna"))
    store.close_room("BCDF")
    store.create("BCDF", create(host_token="new"))
    store.append("BCDF", 1, join("Ben"))
    store.close()
    assert logs(db) == {"BCDF": [create(host_token="new"), join("Ben")]}


def test_set_aside_rooms_stay_in_the_file_and_out_of_the_live_rooms(db: Path) -> None:
    store = SqliteStore(db)
    store.create("BCDF", create())
    store.create("GHJK", create(game="witchs-brew"))
    store.append("GHJK", 1, join("Anna"))
    store.set_aside("GHJK", "event 1 (join) no longer replays")
    store.close()
    store = SqliteStore(db)
    assert [room.code for room in store.live_rooms()] == ["BCDF"]
    [aside] = store.aside_rooms()
    assert (aside.code, aside.game, aside.reason) == (
        "GHJK",
        "witchs-brew",
        "event 1 (join) no longer replays",
    )
    assert store.put_back("GHJK") and not store.put_back("GHJK") and not store.put_back("ZZZZ")
    assert logs(db)["GHJK"] == [create(game="witchs-brew"), join("Anna")]
    store.close()


def test_a_log_that_is_not_json_is_set_aside_and_the_others_load(db: Path) -> None:
    store = SqliteStore(db)
    store.create("BCDF", create())
    store.create("GHJK", create())
    store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("INSERT INTO events (code, seq, body) VALUES ('GHJK', 1, '{broken')")
    raw.close()
    store = SqliteStore(db)
    assert [room.code for room in store.live_rooms()] == ["BCDF"]
    [aside] = store.aside_rooms()
    assert aside.code == "GHJK" and "event 1 is not readable JSON" in aside.reason
    store.close()


def test_a_file_made_by_the_first_schema_is_migrated(db: Path) -> None:
    """The schema before set-aside rooms existed: rooms(code, closed) and events."""
    with sqlite3.connect(db) as raw:
        raw.executescript(
            """
            CREATE TABLE rooms (code TEXT PRIMARY KEY, closed INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE events (code TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL,
                                 PRIMARY KEY (code, seq));
            INSERT INTO rooms VALUES ('BCDF', 0), ('GHJK', 1), ('MNPR', 0);
            """
        )
        for code, seq, event in [
            ("BCDF", 0, create()),
            ("BCDF", 1, join("Anna")),
            ("GHJK", 0, create()),
            ("MNPR", 0, create()),
        ]:
            raw.execute("INSERT INTO events VALUES (?, ?, ?)", (code, seq, json.dumps(event)))
    raw.close()
    store = SqliteStore(db)
    assert [room.code for room in store.live_rooms()] == ["BCDF", "MNPR"]
    store.append("BCDF", 2, join("Ben"))
    store.set_aside("MNPR", "rules changed")
    store.close()
    store = SqliteStore(db)  # opening a migrated file again changes nothing
    assert [room.code for room in store.live_rooms()] == ["BCDF"]
    assert [room.code for room in store.aside_rooms()] == ["MNPR"]
    store.close()
    assert logs(db)["BCDF"] == [create(), join("Anna"), join("Ben")]
    with sqlite3.connect(db) as raw:
        columns = [row[1] for row in raw.execute("PRAGMA table_info(rooms)")]
    raw.close()
    assert columns == ["code", "closed", "aside_reason"]


def test_the_default_path_is_an_absolute_file_in_the_user_data_folder() -> None:
    path = default_path()
    assert path.is_absolute() and path.name == "companion.sqlite3"
    assert path.parent.name == "companion"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG applies on Linux")
def test_computing_the_default_path_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "companion" / "companion.sqlite3"
    assert not (tmp_path / "data").exists()


# -- the room service picks another code when the store holds the one it drew ---------------


def test_create_room_picks_another_code_when_the_store_holds_it(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = RoomService(SqliteStore(db), GAMES, lambda: 1000.0, ServiceConfig("http://t"))
    # a room the service does not know of, e.g. written by another process on the same file
    other = SqliteStore(db)
    other.create("BCDF", create(host_token="theirs"))
    other.append("BCDF", 1, join("Anna"))
    other.close()
    drawn = iter(["BCDF", "GHJK"])
    monkeypatch.setattr(service_module, "new_code", lambda taken: next(drawn))
    room = svc.create_room({"game": "buzzer"})
    assert room["code"] == "GHJK"
    assert logs(db)["BCDF"] == [create(host_token="theirs"), join("Anna")]
    assert logs(db)["GHJK"][0]["host_token"] == room["host_token"]


def test_create_room_gives_up_after_a_bounded_number_of_codes(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = RoomService(SqliteStore(db), GAMES, lambda: 1000.0, ServiceConfig("http://t"))
    other = SqliteStore(db)
    other.create("BCDF", create(host_token="theirs"))
    other.close()
    drawn: list[str] = []
    monkeypatch.setattr(service_module, "new_code", lambda taken: drawn.append("BCDF") or "BCDF")
    with pytest.raises(RoomError) as refused:
        svc.create_room({"game": "buzzer"})
    assert refused.value.code == "internal" and "room code" in refused.value.message
    assert len(drawn) == service_module.CREATE_TRIES
    assert svc.rooms == {} and logs(db) == {"BCDF": [create(host_token="theirs")]}
