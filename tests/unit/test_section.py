"""The locked section (companion/rooms/section.py): one commit per outermost section, verdicts
released only after it, and a failed commit rebuilds what the section changed."""

from __future__ import annotations

import select
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.rooms.messages import Pending
from companion.rooms.section import Section
from companion.store import SqliteStore, StoreError
from companion.store.kernel_fsync import kernel_fsync
from tests.unit.test_group_commit import CountingStore


def create(code: str) -> dict[str, object]:
    return {"kind": "create", "game": "buzzer", "seed": 1, "host_token": "h", "at": 0.0}


def test_nested_sections_commit_once_at_the_outermost_end(tmp_path: Path) -> None:
    store = CountingStore(tmp_path / "db.sqlite3")
    section = Section(store, rebuild=lambda code: None)
    with section():
        store.create("BCDF", create("BCDF"))
        with section():
            store.create("GHJK", create("GHJK"))
        assert store.commits == 0
    assert store.commits == 1
    assert {room.code for room in store.live_rooms()} == {"BCDF", "GHJK"}


def test_a_verdict_is_released_only_once_its_section_is_durable(tmp_path: Path) -> None:
    store = CountingStore(tmp_path / "db.sqlite3")
    section, pending = Section(store, rebuild=lambda code: None), Pending()
    seen_at_commit: list[object] = []
    store.on_commit.append(lambda: seen_at_commit.append(pending.wait(0)))
    with section():
        store.create("BCDF", create("BCDF"))
        section.hold(pending, {"ok": True, "at": 5.0})
    assert seen_at_commit == [None]
    assert pending.wait(0) == {"ok": True, "at": 5.0}


def test_a_failed_commit_rebuilds_the_touched_rooms_and_fails_the_verdicts(
    tmp_path: Path,
) -> None:
    store = CountingStore(tmp_path / "db.sqlite3")
    rebuilt: list[str] = []
    section, pending = Section(store, rebuild=rebuilt.append), Pending()
    store.fail_next = True
    with pytest.raises(StoreError), section():
        store.create("BCDF", create("BCDF"))
        section.touch("BCDF")
        section.hold(pending, {"ok": True})
    assert rebuilt == ["BCDF"] and store.live_rooms() == []
    assert pending.wait(0) == {
        "ok": False,
        "error": {"code": "internal", "message": "Your press could not be recorded."},
    }
    with section():  # the next section starts clean: nothing touched, nothing held
        pass
    assert rebuilt == ["BCDF"]


class SlowDisk:
    """``run_blocking`` for a store whose disk takes until ``free`` is set: the commit that
    waits for it is held there, ``busy`` says one is."""

    def __init__(self) -> None:
        self.busy, self.free = threading.Event(), threading.Event()

    def __call__(self, f: Callable[[], Any]) -> Any:
        self.busy.set()
        assert self.free.wait(10), "the test never freed the disk"
        return f()


class SlowKernelFsync(SlowDisk):
    """The kernel's fsync on a disk that takes until ``free`` is set (after the one at start,
    where the store tries it)."""

    def __init__(self) -> None:
        super().__init__()
        self.kernel = kernel_fsync(lambda fd: select.select([fd], [], []))
        assert self.kernel is not None, "this Linux machine has kernel AIO"
        self.tried = False

    def __call__(self, fd: int) -> None:  # type: ignore[override]
        if self.tried:
            super().__call__(lambda: None)
        self.tried = True
        assert self.kernel is not None
        self.kernel(fd)


@pytest.mark.parametrize("waits_in", ["a native thread", "the kernel's fsync"])
def test_the_lock_is_let_go_while_the_disk_works_and_later_writes_wait_for_it(
    tmp_path: Path, waits_in: str
) -> None:
    if waits_in == "a native thread":
        disk: SlowDisk = SlowDisk()
        store = SqliteStore(tmp_path / "db.sqlite3", run_blocking=disk)
    else:
        disk = SlowKernelFsync()
        store = SqliteStore(tmp_path / "db.sqlite3", fsync=disk)
        assert store.fsync == "kernel"
    section, pending = Section(store, rebuild=lambda code: None), Pending()

    def first() -> None:
        with section():
            store.create("BCDF", create("BCDF"))
            section.hold(pending, {"ok": True})

    def second() -> None:  # a section that records nothing (a press, a clock sample)
        with section():
            pass

    def third() -> None:  # a section that records the room's next event
        with section():
            store.append("BCDF", 1, {"kind": "join", "name": "Ann", "at": 1.0})

    threads = [threading.Thread(target=f) for f in (first, second, third)]
    threads[0].start()
    assert disk.busy.wait(10)
    threads[1].start()
    threads[1].join(10)
    assert not threads[1].is_alive(), "a section that writes nothing waited for the disk"
    assert pending.wait(0) is None, "a verdict was released before its event was durable"
    threads[2].start()
    threads[2].join(0.2)
    assert threads[2].is_alive(), "a write joined a commit already on its way to the disk"
    disk.free.set()
    for thread in threads:
        thread.join(10)
    assert pending.wait(0) == {"ok": True}
    again = SqliteStore(tmp_path / "db.sqlite3")
    assert [e["kind"] for e in again.events("BCDF")] == ["create", "join"]  # both, in order
