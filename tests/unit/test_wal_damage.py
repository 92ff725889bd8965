"""A write-ahead log SQLite would not replay whole is found before the store opens it: the files
are copied aside, the store says so, and what can be replayed is (issue 24). The logs here are
real: files of a SQLite database copied while its writer still held them, as a crash leaves them."""

from __future__ import annotations

import logging
import shutil
import sqlite3
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.store import SqliteStore
from companion.store.wal import wal_damage

#: bytes of a log header and of a frame header (https://www.sqlite.org/fileformat.html)
HEADER, FRAME_HEADER = 32, 24


@pytest.fixture
def crashed(tmp_path: Path) -> Iterator[Path]:
    """A store's files after 40 acknowledged events, as a SIGKILL leaves them: every event in
    the -wal, none checkpointed into the main file."""
    live = tmp_path / "live" / "party.sqlite3"
    store = SqliteStore(live)
    store._db.execute("PRAGMA wal_autocheckpoint = 0")  # keep every frame in the log
    store.create("BCDFGH", {"kind": "create", "game": "buzzer"})
    for seq in range(1, 41):
        store.append("BCDFGH", seq, {"kind": "award", "seat": 0, "pad": "x" * 500})
    crashed = tmp_path / "party.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        shutil.copy(f"{live}{suffix}", f"{crashed}{suffix}")
    store.close()
    yield crashed


def frames(db: Path) -> tuple[int, int]:
    """The page size and the number of whole frames in the log."""
    log = Path(f"{db}-wal").read_bytes()
    (page_size,) = struct.unpack(">I", log[8:12])
    return page_size, (len(log) - HEADER) // (FRAME_HEADER + page_size)


def damage_frame(db: Path, number: int, at: int = 100) -> None:
    """Flip a byte of frame ``number``'s page (``at`` bytes into it)."""
    page_size, _ = frames(db)
    wal = Path(f"{db}-wal")
    log = bytearray(wal.read_bytes())
    log[HEADER + number * (FRAME_HEADER + page_size) + FRAME_HEADER + at] ^= 0xFF
    wal.write_bytes(bytes(log))


def test_an_intact_log_after_a_crash_is_not_damage_and_replays_whole(crashed) -> None:
    assert wal_damage(crashed) is None
    store = SqliteStore(crashed)
    assert store.damaged_log is None
    assert len(store.events("BCDFGH")) == 41
    assert not list(crashed.parent.glob("*.corrupt-*"))


def test_a_log_cut_in_its_last_frame_or_holding_old_frames_is_not_damage(crashed) -> None:
    page_size, count = frames(crashed)
    wal = Path(f"{crashed}-wal")
    wal.write_bytes(wal.read_bytes()[: -page_size // 2])  # an uncommitted frame cut short
    assert wal_damage(crashed) is None


def test_a_damaged_frame_is_found_copied_aside_said_and_the_rest_replayed(crashed, caplog) -> None:
    _, count = frames(crashed)
    original = {s: Path(f"{crashed}{s}").read_bytes() for s in ("", "-wal")}
    damage_frame(crashed, count // 2)
    damaged_wal = Path(f"{crashed}-wal").read_bytes()
    reason = wal_damage(crashed)
    assert reason is not None and f"frame {count // 2 + 1} of {count}" in reason, reason
    with caplog.at_level(logging.ERROR):
        store = SqliteStore(crashed)
    assert store.damaged_log is not None and store.damaged_log.reason == reason
    [copy] = [
        p
        for p in crashed.parent.glob("party.sqlite3.corrupt-*")
        if p.name[-4:] not in ("-wal", "-shm")
    ]
    assert str(copy) == store.damaged_log.copy
    assert copy.read_bytes() == original[""]
    assert Path(f"{copy}-wal").read_bytes() == damaged_wal
    assert Path(f"{copy}-shm").exists()
    [line] = [
        r.getMessage() for r in caplog.records if "cannot be fully recovered" in r.getMessage()
    ]
    assert str(copy) in line and reason in line
    replayed = len(store.events("BCDFGH"))
    assert 0 < replayed < 41  # what the log holds before the damage
    store.close()
    # the replayed part was checkpointed: the next start finds nothing to copy again
    again = SqliteStore(crashed)
    assert again.damaged_log is None and len(again.events("BCDFGH")) == replayed
    again.close()


def test_damaged_salts_hide_the_later_frames_and_are_found(crashed) -> None:
    page_size, count = frames(crashed)
    wal = Path(f"{crashed}-wal")
    log = bytearray(wal.read_bytes())
    log[HEADER + 3 * (FRAME_HEADER + page_size) + 8] ^= 0x01  # frame 4's first salt
    wal.write_bytes(bytes(log))
    reason = wal_damage(crashed)
    assert reason is not None and f"frame 4 of {count}" in reason, reason


def test_a_log_beside_an_empty_or_missing_main_file_is_damage(crashed) -> None:
    wal = Path(f"{crashed}-wal")
    size = wal.stat().st_size
    crashed.unlink()
    assert wal_damage(crashed) == f"a write-ahead log of {size} bytes beside no database file"
    crashed.write_bytes(b"")
    assert wal_damage(crashed) == f"a write-ahead log of {size} bytes beside an empty database file"
    store = SqliteStore(crashed)
    assert store.damaged_log is not None
    [copy] = [p for p in crashed.parent.glob("party.sqlite3.corrupt-*-wal")]
    assert copy.stat().st_size > 0
    store.close()


def test_a_log_header_that_fails_its_checksum_is_damage(crashed) -> None:
    wal = Path(f"{crashed}-wal")
    log = bytearray(wal.read_bytes())
    log[12] ^= 0x01  # the checkpoint sequence number, covered by the header's checksum
    wal.write_bytes(bytes(log))
    assert "header fails its checksum" in (wal_damage(crashed) or "")


def test_a_database_without_a_log_is_not_damage(tmp_path: Path) -> None:
    db = tmp_path / "plain.sqlite3"
    sqlite3.connect(db).execute("CREATE TABLE t (x)").connection.close()
    assert wal_damage(db) is None
