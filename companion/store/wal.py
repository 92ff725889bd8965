"""Whether SQLite will recover a database's write-ahead log fully, checked before it opens it.

SQLite replays the ``-wal`` file up to the last commit whose frames all carry the log's salts
and a good running checksum, and drops the rest without a word: a damaged log would lose
acknowledged actions silently, and so would a log beside an empty or missing main file (SQLite
discards it). ``wal_damage`` reads the log as SQLite will (https://www.sqlite.org/fileformat.html,
"The Write-Ahead Log") and says what would be lost; the store then keeps a copy of the files
before opening them (``copy_aside``) and says so.

What is not damage: frames of an older generation after a checkpoint (other salts), the frames
of a transaction that never committed (the process died while writing it: it was never
acknowledged), and a last frame cut short.
"""

from __future__ import annotations

import shutil
import struct
import time
from pathlib import Path

#: the log header's magic: the checksums are computed on little- or big-endian words
_MAGIC = {0x377F0682: "<", 0x377F0683: ">"}
_HEADER_BYTES = 32
_FRAME_HEADER_BYTES = 24


def checksum(data: bytes, seed: tuple[int, int], order: str) -> tuple[int, int]:
    """SQLite's log checksum of ``data`` (a multiple of 8 bytes), continuing from ``seed``.

    >>> checksum(bytes(8), (0, 0), "<"), checksum(b"\\x01" + bytes(7), (0, 0), "<")
    ((0, 0), (1, 1))
    """
    s0, s1 = seed
    for x0, x1 in struct.iter_unpack(f"{order}2I", data):
        s0 = (s0 + x0 + s1) & 0xFFFFFFFF
        s1 = (s1 + x1 + s0) & 0xFFFFFFFF
    return s0, s1


def wal_damage(database: Path) -> str | None:
    """Why the log beside ``database`` cannot be fully recovered, or None when SQLite will
    replay every committed transaction in it (or there is no log)."""
    wal = database.with_name(database.name + "-wal")
    try:
        log = wal.read_bytes()
    except FileNotFoundError:
        return None
    if len(log) < _HEADER_BYTES + _FRAME_HEADER_BYTES:
        return None  # no frame: nothing to lose
    if not database.exists() or database.stat().st_size == 0:
        beside = "no database file" if not database.exists() else "an empty database file"
        return f"a write-ahead log of {len(log)} bytes beside {beside}"
    magic, _version, page_size, _sequence, salt1, salt2, *stored = struct.unpack(
        ">8I", log[:_HEADER_BYTES]
    )
    order = _MAGIC.get(magic)
    if order is None:
        return "the write-ahead log's header is not a SQLite log header"
    if checksum(log[:24], (0, 0), order) != tuple(stored):
        return "the write-ahead log's header fails its checksum"
    frame_bytes = _FRAME_HEADER_BYTES + page_size
    frames = (len(log) - _HEADER_BYTES) // frame_bytes
    chain = (stored[0], stored[1])
    broken: int | None = None  # the frame where SQLite stops reading
    dropped = 0  # frames of this log's generation at or after it
    for number in range(frames):
        at = _HEADER_BYTES + number * frame_bytes
        header = log[at : at + _FRAME_HEADER_BYTES]
        _page, _size, frame_salt1, frame_salt2, sum1, sum2 = struct.unpack(">6I", header)
        current = (frame_salt1, frame_salt2) == (salt1, salt2)
        if broken is None:
            page = log[at + _FRAME_HEADER_BYTES : at + frame_bytes]
            computed = checksum(header[:8] + page, chain, order)
            if current and computed == (sum1, sum2):
                chain = computed
                continue
            broken = number
        # a frame of this generation past the break (damaged salts hide it at the break)
        dropped += current
    if broken is None or dropped == 0:
        return None
    return (
        f"frame {broken + 1} of {frames} in the write-ahead log fails its checksum: "
        f"{dropped} frame(s) from there on are dropped"
    )


def aside_name(database: Path) -> Path:
    """``<name>.corrupt-<date>-<time>``: where a damaged database is kept for inspection."""
    return database.with_name(f"{database.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")


def copy_aside(database: Path) -> Path:
    """Copy the database and its ``-wal`` and ``-shm`` files (those that exist) to
    ``aside_name(database)`` (+ the same suffixes), as they are: returns the main copy's name."""
    target = aside_name(database)
    for suffix in ("", "-wal", "-shm"):
        source = database.with_name(database.name + suffix)
        if source.exists():
            shutil.copy2(source, target.with_name(target.name + suffix))
    return target
