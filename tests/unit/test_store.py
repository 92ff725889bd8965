"""The store contract, over both stores (a SQLite file, a real redis-server): a write that does
not fit changes nothing."""

from __future__ import annotations

import json
import select
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.games.registry import GAMES
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.rooms import service as service_module
from companion.store import SqliteStore, Store, StoreConflict, StoredRoom, StoreError, default_path
from companion.store.kernel_fsync import kernel_fsync
from companion.store.redis import RedisStore


def create(code: str = "BCDF", **extra: Any) -> dict[str, Any]:
    return {"kind": "create", "game": "buzzer", "seed": 1, "host_token": "h", "at": 0, **extra}


def join(name: str, at: float = 1) -> dict[str, Any]:
    return {"kind": "join", "name": name, "token": f"t-{name}", "at": at}


Opener = Callable[[], Store]


def logs(open_store: Opener) -> dict[str, list[dict[str, Any]]]:
    """Every live room's log, read by a fresh store on the same data (what a restart sees)."""
    store = open_store()
    try:
        return {room.code: list(room.events) for room in store.live_rooms()}
    finally:
        store.close()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


@pytest.fixture(params=["sqlite", "sqlite-kernel-fsync", "redis"])
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> Opener:
    """Opens a store on the same data each time: the same SQLite file (made durable by
    SQLite's fsync or the kernel's), or the same Redis server (a real redis-server, emptied
    for the test) — the contract is the same for all."""
    path = tmp_path / "rooms.sqlite3"
    if request.param == "sqlite":
        return lambda: SqliteStore(path)
    if request.param == "sqlite-kernel-fsync":
        fsync = kernel_fsync(lambda fd: select.select([fd], [], []))
        assert fsync is not None, "this Linux machine has kernel AIO"
        return lambda: SqliteStore(path, fsync=fsync)
    url = request.getfixturevalue("redis_url")
    return lambda: RedisStore(url)


def test_a_colliding_create_never_erases_a_live_room(open_store: Opener) -> None:
    store = open_store()
    store.create("BCDF", create(host_token="first"))
    store.append("BCDF", 1, join("Anna"))
    with pytest.raises(StoreConflict, match="BCDF exists"):
        store.create("BCDF", create(host_token="intruder"))
    # another process on the same data is refused the same way
    other = open_store()
    with pytest.raises(StoreConflict):
        other.create("BCDF", create(host_token="intruder"))
    other.close()
    store.close()
    assert logs(open_store) == {"BCDF": [create(host_token="first"), join("Anna")]}


@pytest.mark.parametrize("seq", [0, 1, 3, -1], ids=["zero", "taken", "gap", "negative"])
def test_an_append_at_a_wrong_sequence_number_is_refused(open_store: Opener, seq: int) -> None:
    store = open_store()
    store.create("BCDF", create())
    store.append("BCDF", 1, join("Anna"))
    with pytest.raises(StoreConflict, match="not the next one"):
        store.append("BCDF", seq, join("Mallory"))
    store.append("BCDF", 2, join("Ben"))  # the right number still works
    store.close()
    assert logs(open_store) == {"BCDF": [create(), join("Anna"), join("Ben")]}


def test_appends_to_a_room_that_is_not_live_are_refused(open_store: Opener) -> None:
    store = open_store()
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


def test_the_code_of_a_closed_room_can_be_used_again(open_store: Opener) -> None:
    store = open_store()
    store.create("BCDF", create(host_token="old"))
    store.append("BCDF", 1, join("Anna"))
    store.close_room("BCDF")
    store.create("BCDF", create(host_token="new"))
    store.append("BCDF", 1, join("Ben"))
    store.close()
    assert logs(open_store) == {"BCDF": [create(host_token="new"), join("Ben")]}


def test_set_aside_rooms_stay_stored_and_out_of_the_live_rooms(open_store: Opener) -> None:
    store = open_store()
    store.create("BCDF", create())
    store.create("GHJK", create(game="witchs-brew"))
    store.append("GHJK", 1, join("Anna"))
    store.set_aside("GHJK", "event 1 (join) no longer replays")
    store.close()
    store = open_store()
    assert [room.code for room in store.live_rooms()] == ["BCDF"]
    assert store.live_room("GHJK") is None and store.live_room("ZZZZ") is None
    assert store.live_room("BCDF") == StoredRoom("BCDF", (create(),))
    [aside] = store.aside_rooms()
    assert (aside.code, aside.game, aside.reason) == (
        "GHJK",
        "witchs-brew",
        "event 1 (join) no longer replays",
    )
    assert store.put_back("GHJK") and not store.put_back("GHJK") and not store.put_back("ZZZZ")
    assert logs(open_store)["GHJK"] == [create(game="witchs-brew"), join("Anna")]
    store.close()


def test_group_commit_checks_each_write_and_stores_them_together(open_store: Opener) -> None:
    store = open_store()
    store.begin()
    store.create("BCDF", create())
    store.append("BCDF", 1, join("Anna"))
    with pytest.raises(StoreConflict, match="not the next one"):
        store.append("BCDF", 1, join("Mallory"))
    store.append("BCDF", 2, join("Ben"))
    store.commit()
    store.close()
    assert logs(open_store) == {"BCDF": [create(), join("Anna"), join("Ben")]}


def test_a_redis_group_commit_beaten_by_another_process_stores_none_of_its_writes(
    redis_url: str,
) -> None:
    """Two processes append the same event number: the second to commit changes nothing (a
    room owned by one process at a time never gets here; a lease that lapsed might). SQLite
    cannot get here: its held transaction locks the file."""
    open_store: Opener = lambda: RedisStore(redis_url)  # noqa: E731
    store, other = open_store(), open_store()
    store.create("BCDF", create())
    store.create("GHJK", create())
    store.begin()
    store.append("GHJK", 1, join("Cleo"))
    store.append("BCDF", 1, join("Anna"))
    other.append("BCDF", 1, join("Ben"))
    with pytest.raises(StoreError):
        store.commit()
    store.close(), other.close()
    assert logs(open_store) == {"BCDF": [create(), join("Ben")], "GHJK": [create()]}


def test_a_redis_store_with_an_owner_writes_only_to_rooms_whose_lease_names_it(
    redis_url: str,
) -> None:
    """Fencing: a process whose lease on a room was taken by another can never append to that
    room's log or close it; one whose lease merely lapsed (nobody took it) takes it again."""
    import redis

    raw = redis.Redis.from_url(redis_url)
    mine, theirs = RedisStore(redis_url, owner="p1"), RedisStore(redis_url, owner="p2")
    mine.create("BCDF", create())  # creating needs no lease: the room is new
    raw.set("companion:lease:BCDF", "p1")
    mine.append("BCDF", 1, join("Anna"))
    with pytest.raises(StoreConflict, match="owned by another process"):
        theirs.append("BCDF", 2, join("Mallory"))
    with pytest.raises(StoreConflict, match="owned by another process"):
        theirs.close_room("BCDF")
    raw.delete("companion:lease:BCDF")  # p1 stalled past its lease, nobody took the room:
    mine.append("BCDF", 2, join("Cleo"))  # p1 may go on, and holds the lease again
    assert raw.get("companion:lease:BCDF") == b"p1"
    raw.set("companion:lease:BCDF", "p2")  # p1's lease lapsed and p2 took the room
    theirs.append("BCDF", 3, join("Ben"))
    mine.begin()
    mine.append("BCDF", 4, join("Mallory"))
    with pytest.raises(StoreConflict, match="owned by another process"):
        mine.commit()
    mine.close(), theirs.close(), raw.close()
    assert logs(lambda: RedisStore(redis_url)) == {
        "BCDF": [create(), join("Anna"), join("Cleo"), join("Ben")]
    }


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
    assert logs(lambda: SqliteStore(db))["BCDF"] == [create(), join("Anna"), join("Ben")]
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
    assert logs(lambda: SqliteStore(db))["BCDF"] == [create(host_token="theirs"), join("Anna")]
    assert logs(lambda: SqliteStore(db))["GHJK"][0]["host_token"] == room["host_token"]


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
    assert svc.rooms == {} and logs(lambda: SqliteStore(db)) == {
        "BCDF": [create(host_token="theirs")]
    }
