"""The locked section (companion/rooms/section.py): one commit per outermost section, verdicts
released only after it, and a failed commit rebuilds what the section changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rooms.messages import Pending
from companion.rooms.section import Section
from companion.store import StoreError
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
