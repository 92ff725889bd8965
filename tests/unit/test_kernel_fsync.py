"""The kernel's fsync (companion/store/kernel_fsync.py): each commit that wrote waits for one
fsync of the SQLite log, done by the kernel and waited for through the loop's own wait; a
failure is a StoreError; where it cannot work SQLite's own fsync stays."""

from __future__ import annotations

import os
import select
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.rooms.messages import Pending
from companion.rooms.section import Section
from companion.store import SqliteStore, StoreError
from companion.store import sqlite as sqlite_module
from companion.store.kernel_fsync import KernelFsync, kernel_fsync


def create(code: str) -> dict[str, object]:
    return {"kind": "create", "game": "buzzer", "seed": 1, "host_token": "h", "at": 0.0}


def wait_readable(fd: int) -> None:
    """What a green wait does, for a test without a hub: block until ``fd`` is readable."""
    select.select([fd], [], [])


class RecordingFsync:
    """The real kernel fsync, recording which file each call synced and how many events a
    fresh connection could read at that moment (so: after SQLite's commit or before it)."""

    def __init__(self, db: Path) -> None:
        self.db, self.real = db, kernel_fsync(wait_readable)
        assert self.real is not None, "this Linux machine has kernel AIO"
        self.calls: list[tuple[str, int]] = []
        self.fail = False

    def __call__(self, fd: int) -> None:
        with sqlite3.connect(self.db) as reader:
            try:
                (events,) = reader.execute("SELECT COUNT(*) FROM events").fetchone()
            except sqlite3.OperationalError:  # the schema is not there yet
                events = -1
        self.calls.append((os.readlink(f"/proc/self/fd/{fd}"), events))
        if self.fail:
            raise OSError("fsync failed: Input/output error")
        assert self.real is not None
        self.real(fd)


def test_each_commit_that_wrote_waits_for_one_kernel_fsync_of_the_log_after_it(
    tmp_path: Path,
) -> None:
    db = tmp_path / "db.sqlite3"
    fsync = RecordingFsync(db)
    store = SqliteStore(db, fsync=fsync)
    assert store.fsync == "kernel"
    fsync.calls.clear()  # the one at start, that tried it
    store.begin()
    store.create("BCDF", create("BCDF"))
    store.append("BCDF", 1, {"kind": "join", "name": "Ann"})
    assert fsync.calls == []  # nothing is synced before the commit
    store.commit()
    assert fsync.calls == [(f"{db}-wal", 2)]  # once, the log, with both events committed
    store.begin()
    store.commit()  # wrote nothing: nothing to wait for
    assert len(fsync.calls) == 1
    store.append("BCDF", 2, {"kind": "join", "name": "Ben"})  # a write on its own
    assert fsync.calls[1:] == [(f"{db}-wal", 3)]
    store.close()
    assert [e["kind"] for e in SqliteStore(db).events("BCDF")] == ["create", "join", "join"]


def test_the_wait_for_the_kernel_goes_through_the_given_wait(tmp_path: Path) -> None:
    waited: list[int] = []

    def wait(fd: int) -> None:
        waited.append(fd)
        wait_readable(fd)

    fsync = KernelFsync(wait)
    with (tmp_path / "file").open("wb") as file:
        file.write(b"made durable")
        file.flush()
        fsync(file.fileno())
    assert waited, "the fsync blocked inside instead of waiting on the loop"


def test_a_failed_kernel_fsync_is_a_store_error_and_the_verdict_is_not_given(
    tmp_path: Path,
) -> None:
    db = tmp_path / "db.sqlite3"
    fsync = RecordingFsync(db)
    store = SqliteStore(db, fsync=fsync)
    rebuilt: list[str] = []
    section, pending = Section(store, rebuild=rebuilt.append), Pending()
    fsync.fail = True
    with pytest.raises(StoreError, match="could not make the last events durable"), section():
        store.create("BCDF", create("BCDF"))
        section.touch("BCDF")
        section.hold(pending, {"ok": True})
    assert pending.wait(0) == {
        "ok": False,
        "error": {"code": "internal", "message": "Your press could not be recorded."},
    }
    assert rebuilt == ["BCDF"]  # from what SQLite holds: nothing was acknowledged


def test_a_kernel_fsync_that_fails_at_start_leaves_sqlite_s_own(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    fsync = RecordingFsync(db)
    fsync.fail = True
    ran: list[Callable[[], Any]] = []

    def run_blocking(f: Callable[[], Any]) -> Any:
        ran.append(f)
        return f()

    store = SqliteStore(db, run_blocking=run_blocking, fsync=fsync)
    assert store.fsync == "sqlite" and len(fsync.calls) == 1  # tried once, at start
    store.begin()
    store.create("BCDF", create("BCDF"))
    store.commit()
    assert len(ran) == 1 and len(fsync.calls) == 1  # the commit waited in run_blocking
    assert [e["kind"] for e in SqliteStore(db).events("BCDF")] == ["create"]


def test_a_long_log_is_folded_into_the_database_where_it_blocks_nobody(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "db.sqlite3"
    ran: list[Callable[[], Any]] = []

    def run_blocking(f: Callable[[], Any]) -> Any:
        ran.append(f)
        return f()

    store = SqliteStore(db, run_blocking=run_blocking, fsync=RecordingFsync(db))
    store.create("BCDF", create("BCDF"))
    assert ran == [] and Path(f"{db}-wal").stat().st_size > 0  # short: left in the log
    monkeypatch.setattr(sqlite_module, "CHECKPOINT_BYTES", 0)
    store.append("BCDF", 1, {"kind": "join", "name": "Ann"})
    assert len(ran) == 1 and Path(f"{db}-wal").stat().st_size == 0  # folded, log emptied
    store.close()
    assert [e["kind"] for e in SqliteStore(db).events("BCDF")] == ["create", "join"]


def test_without_a_kernel_fsync_the_store_keeps_sqlite_s_own(tmp_path: Path) -> None:
    assert SqliteStore(tmp_path / "db.sqlite3").fsync == "sqlite"
    assert SqliteStore(":memory:", fsync=RecordingFsync(tmp_path / "x")).fsync == "sqlite"
