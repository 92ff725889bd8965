"""The SQLite store: one file, WAL journal, an append-only event table per room."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from companion.jsontext import dumps
from companion.store.base import AsideRoom, StoreConflict, StoredRoom, StoreError, game_of
from companion.store.kernel_fsync import Fsync
from companion.store.wal import aside_name, copy_aside, wal_damage

log = logging.getLogger(__name__)

#: A room is live (closed = 0, aside_reason NULL), set aside (closed = 0, aside_reason set: its
#: log no longer replays; kept, not loaded) or closed (closed = 1: finished, its code reusable).
_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY,
        closed INTEGER NOT NULL DEFAULT 0,
        aside_reason TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS events (
        code TEXT NOT NULL,
        seq INTEGER NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (code, seq)
    )""",
)
#: an event appended if its room is live and its number is the next one (else nothing)
_APPEND = """INSERT INTO events (code, seq, body) SELECT ?1, ?2, ?3
    WHERE EXISTS (SELECT 1 FROM rooms WHERE code = ?1 AND closed = 0 AND aside_reason IS NULL)
    AND ?2 = (SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE code = ?1)"""
#: columns added to ``rooms`` after the first release, for files created before them
_ADDED_COLUMNS = {"aside_reason": "TEXT"}
SCHEMA_VERSION = 2
#: the first bytes of every SQLite database file
SQLITE_HEADER = b"SQLite format 3\x00"
#: what SQLite says when a file is damaged or is not a database at all
_DAMAGED = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}
#: with the kernel's fsync, a write-ahead log longer than this is folded into the database file
#: (SQLite's own automatic checkpoint, off then, would do it in place: at ~1000 pages)
CHECKPOINT_BYTES = 4 * 1024 * 1024
#: runs a function that waits for the disk where that blocks nobody else; returns its result
RunBlocking = Callable[[Callable[[], Any]], Any]


@dataclass(frozen=True)
class DamagedLog:
    """A write-ahead log found damaged at start: why, and where the files were copied."""

    reason: str
    copy: str


class CorruptDatabase(StoreError):
    """The file cannot be read as a database: damaged, or not a SQLite file at all."""

    def __init__(self, message: str, damaged_sqlite: bool) -> None:
        super().__init__(message)
        #: True for a SQLite database that is damaged; False for a file that never was one
        self.damaged_sqlite = damaged_sqlite


def move_aside(path: str | Path) -> Path:
    """Rename a damaged database (and its -wal and -shm files) to ``<name>.corrupt-<time>``,
    keeping it for inspection; returns the new name of the database file."""
    path = Path(path)
    target = aside_name(path)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            extra.rename(target.with_name(target.name + suffix))
    path.rename(target)
    return target


def default_path() -> Path:
    """Where the database lives unless ``--db`` says otherwise: the user's data folder
    (``~/.local/share/companion/companion.sqlite3`` on Linux). Computing it creates nothing."""
    return (platformdirs.user_data_path("companion") / "companion.sqlite3").resolve()


class SqliteStore:
    """Room logs in a SQLite file.

    Each write is durable before it returns (``synchronous=FULL``, or with ``fsync`` the
    kernel's fsync of the log after each commit), so an acknowledged action survives a crash
    of the process or of the machine. Every write checks what is
    stored first and changes nothing when it does not fit:

    >>> store = SqliteStore(":memory:")
    >>> store.create("BCDF", {"kind": "create", "game": "buzzer"})
    >>> store.append("BCDF", 1, {"kind": "join", "name": "Sofia"})
    >>> [room.events[-1]["name"] for room in store.live_rooms()]
    ['Sofia']
    >>> store.create("BCDF", {"kind": "create", "game": "buzzer"})
    Traceback (most recent call last):
    companion.store.base.StoreConflict: room BCDF exists already
    >>> store.append("BCDF", 3, {"kind": "leave", "seat": 0})
    Traceback (most recent call last):
    companion.store.base.StoreConflict: room BCDF: event 3 is not the next one (2)
    >>> store.set_aside("BCDF", "event 1: no such seat"); store.live_rooms()
    []
    >>> store.aside_rooms()
    [AsideRoom(code='BCDF', game='buzzer', reason='event 1: no such seat')]
    >>> store.put_back("BCDF"), [room.code for room in store.live_rooms()]
    (True, ['BCDF'])
    >>> store.close_room("BCDF"); store.live_rooms()
    []
    """

    def __init__(
        self, path: str | Path, run_blocking: RunBlocking | None = None, fsync: Fsync | None = None
    ) -> None:
        """Open (or create) the file. Raises ``CorruptDatabase`` if it cannot be read as a
        database, and ``StoreError`` if it cannot be opened or written (a folder that cannot
        be created, a read-only file, a full disk); a message, never a half-open store.

        ``run_blocking(f)`` runs ``f`` where waiting for the disk blocks nobody else (under
        eventlet: a native thread) and returns its result; by default ``f`` just runs.

        ``fsync(fd)`` (``kernel_fsync``) makes each commit durable instead of SQLite
        (``_sync_by``); ``run_blocking`` is then left the log's checkpoints."""
        self._run_blocking = run_blocking or (lambda f: f())
        self._log: _SyncedLog | None = None  # see _sync_by
        #: between begin() and commit(): writes join one open transaction (group commit)
        self._holding = False
        #: a write joined it since the last commit began
        self._held_writes = False
        #: set when the write-ahead log could not be fully recovered (``/healthz`` shows it)
        self.damaged_log: DamagedLog | None = None
        if str(path) != ":memory:":
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                message = f"cannot create the folder for the database {path}: {exc}"
                raise StoreError(message) from exc
            self.damaged_log = _keep_a_damaged_log(Path(path))
        try:
            self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the database {path}: {exc}") from exc
        self._lock = threading.Lock()
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            (verdict,) = self._db.execute("PRAGMA quick_check(1)").fetchone()
            if verdict != "ok":
                raise sqlite3.DatabaseError(f"damaged: {verdict}")
            if self.damaged_log is not None:
                # what was replayed goes into the main file and the log starts afresh, so the
                # next start does not find (and copy) the same damage again
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            with self._write("set up the database"):
                for statement in _SCHEMA:
                    self._db.execute(statement)
                self._migrate()
            self._sync_by(path, fsync)
        except (sqlite3.Error, StoreError) as exc:
            self._db.close()
            cause = exc.__cause__ if isinstance(exc, StoreError) else exc
            name = getattr(cause, "sqlite_errorname", "")
            if name in _DAMAGED or str(cause).startswith("damaged: "):
                raise CorruptDatabase(
                    f"the database {path} is damaged or not a database ({cause})",
                    damaged_sqlite=_starts_with_header(path),
                ) from exc
            if isinstance(exc, StoreError):
                raise
            raise StoreError(f"cannot use the database {path}: {exc}") from exc

    def _sync_by(self, path: str | Path, fsync: Fsync | None) -> None:
        """With ``fsync``, SQLite commits without waiting for the disk (``synchronous=NORMAL``)
        and each commit then waits for ``fsync`` of the log (``_made_durable``): it blocks
        nobody else either, and costs no native thread. If it fails on the log now, SQLite's
        own fsync stays (``synchronous=FULL``)."""
        if fsync is None or str(path) == ":memory:":
            return
        self._log = _SyncedLog.open(Path(path), fsync)
        if self._log is not None:
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA wal_autocheckpoint=0")  # _made_durable does them

    def _migrate(self) -> None:
        """Bring a file made by an older version up to this schema (adds missing columns)."""
        have = {row[1] for row in self._db.execute("PRAGMA table_info(rooms)")}
        for column, kind in _ADDED_COLUMNS.items():
            if column not in have:
                self._db.execute(f"ALTER TABLE rooms ADD COLUMN {column} {kind}")
        self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def _write(self, what: str) -> Iterator[None]:
        """One write transaction: taken before reading, so checks and writes are atomic even
        against another process on the same file; rolled back on any failure. Between
        ``begin()`` and ``commit()`` it is a savepoint inside the held transaction instead."""
        with self._lock:
            if self._holding:
                self._held_writes = True
                with self._savepoint(what):
                    yield
                return
            try:
                self._db.execute("BEGIN IMMEDIATE")
                yield
                self._db.execute("COMMIT")
                self._made_durable()
            except BaseException as exc:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(f"could not {what}: {exc}") from exc
                raise

    @contextmanager
    def _savepoint(self, what: str) -> Iterator[None]:
        try:
            if not self._db.in_transaction:
                self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("SAVEPOINT write")
        except sqlite3.Error as exc:
            raise StoreError(f"could not {what}: {exc}") from exc
        try:
            yield
            self._db.execute("RELEASE write")
        except BaseException as exc:
            self._db.execute("ROLLBACK TO write")
            self._db.execute("RELEASE write")
            if isinstance(exc, sqlite3.Error):
                raise StoreError(f"could not {what}: {exc}") from exc
            raise

    def begin(self) -> None:
        """Group commit: the writes until ``commit()`` join one transaction, made durable by one
        fsync instead of one each. Each write still checks and refuses on its own.

        >>> store = SqliteStore(":memory:")
        >>> store.begin(); store.create("BCDF", {"kind": "create"})
        >>> store.append("BCDF", 1, {"kind": "join"}); store.append("BCDF", 1, {"kind": "join"})
        Traceback (most recent call last):
        companion.store.base.StoreConflict: room BCDF: event 1 is not the next one (2)
        >>> store.commit(); len(store.live_rooms()[0].events)
        2
        """
        self._holding = True

    def commit(self, release: Callable[[], None] | None = None) -> None:
        """Make every write since ``begin()`` durable, with one fsync, waiting for the disk
        through ``run_blocking``. StoreError if that failed: then none of them is stored.
        ``release()`` is called once this store's lock is held: every later write waits for
        it, so it goes into the next transaction, after this one is durable."""
        if not self._held_writes:
            # nothing to make durable: no waiting for another section's commit to end
            self._holding = False
            if release is not None:
                release()
            return
        with self._lock:
            self._holding = self._held_writes = False
            if release is not None:
                release()
            if not self._db.in_transaction:
                return
            try:
                if self._log is None:
                    self._run_blocking(lambda: self._db.execute("COMMIT"))
                else:
                    self._db.execute("COMMIT")  # into the log's file, not yet on the disk
            except sqlite3.Error as exc:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise StoreError(f"could not store the last events: {exc}") from exc
            self._made_durable()

    @property
    def fsync(self) -> str:
        """Who makes the commits durable: ``"kernel"`` (the kernel's fsync of the log after
        each commit) or ``"sqlite"`` (SQLite's own, ``synchronous=FULL``)."""
        return "sqlite" if self._log is None else "kernel"

    def _made_durable(self) -> None:
        """With the kernel's fsync, after a commit: wait for the log to be on the disk, and
        fold a long log into the database file (in ``run_blocking``: it writes and syncs both
        files). A failed fsync is a StoreError although SQLite has the events: nothing was
        acknowledged, and the rooms are rebuilt from what is stored."""
        if self._log is None:
            return
        try:
            size = self._log.sync()
        except OSError as exc:
            raise StoreError(f"could not make the last events durable: {exc}") from exc
        if size > CHECKPOINT_BYTES:
            try:
                self._run_blocking(lambda: self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)"))
            except sqlite3.Error as exc:  # the log is durable all the same: try after the next
                log.warning("could not fold the write-ahead log into the database: %s", exc)

    def events(self, code: str) -> tuple[dict[str, Any], ...]:
        """The stored log of one room (empty if there is none)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT body FROM events WHERE code = ? ORDER BY seq", (code,)
            ).fetchall()
        return tuple(json.loads(body) for (body,) in rows)

    def _live(self, code: str) -> bool:
        row = self._db.execute(
            "SELECT 1 FROM rooms WHERE code = ? AND closed = 0 AND aside_reason IS NULL", (code,)
        ).fetchone()
        return row is not None

    def create(self, code: str, event: Mapping[str, Any]) -> None:
        body = dumps(event)
        with self._write(f"create room {code}"):
            row = self._db.execute("SELECT closed FROM rooms WHERE code = ?", (code,)).fetchone()
            if row is not None and not row[0]:
                raise StoreConflict(f"room {code} exists already")
            if row is not None:  # a closed room: finished for good, its code is free again
                self._db.execute("DELETE FROM events WHERE code = ?", (code,))
                self._db.execute(
                    "UPDATE rooms SET closed = 0, aside_reason = NULL WHERE code = ?", (code,)
                )
            else:
                self._db.execute("INSERT INTO rooms (code) VALUES (?)", (code,))
            self._db.execute("INSERT INTO events (code, seq, body) VALUES (?, 0, ?)", (code, body))

    def append(self, code: str, seq: int, event: Mapping[str, Any]) -> None:
        # One statement writes the event if the room is live and ``seq`` is its next one (it
        # was five: a savepoint and its release, two look-ups and the insert, for every event);
        # only when it wrote nothing do the look-ups run, to say why.
        row = (code, seq, dumps(event))
        with self._lock:
            if self._holding:
                # Inside the held transaction, without a savepoint (SQLite undoes a statement
                # that fails by itself) and without context managers: the most frequent write
                self._held_writes = True
                try:
                    if not self._db.in_transaction:
                        self._db.execute("BEGIN IMMEDIATE")
                    if self._db.execute(_APPEND, row).rowcount == 1:
                        return
                    self._refuse_append(code, seq)
                except sqlite3.Error as exc:
                    raise StoreError(f"could not store event {seq} of room {code}: {exc}") from exc
        with self._write(f"store event {seq} of room {code}"):
            if self._db.execute(_APPEND, row).rowcount != 1:
                self._refuse_append(code, seq)

    def _refuse_append(self, code: str, seq: int) -> None:
        """Why the event ``seq`` of ``code`` was not written: StoreConflict."""
        if not self._live(code):
            raise StoreConflict(f"room {code} is not live")
        (last,) = self._db.execute("SELECT MAX(seq) FROM events WHERE code = ?", (code,)).fetchone()
        expected = -1 if last is None else last + 1
        raise StoreConflict(f"room {code}: event {seq} is not the next one ({expected})")

    def close_room(self, code: str) -> None:
        with self._write(f"close room {code}"):
            self._db.execute("UPDATE rooms SET closed = 1 WHERE code = ?", (code,))

    def set_aside(self, code: str, reason: str) -> None:
        with self._write(f"set room {code} aside"):
            self._db.execute(
                "UPDATE rooms SET aside_reason = ? WHERE code = ? AND closed = 0", (reason, code)
            )

    def put_back(self, code: str) -> bool:
        with self._write(f"put room {code} back"):
            cursor = self._db.execute(
                "UPDATE rooms SET aside_reason = NULL"
                " WHERE code = ? AND closed = 0 AND aside_reason IS NOT NULL",
                (code,),
            )
            return cursor.rowcount == 1

    def live_rooms(self) -> list[StoredRoom]:
        """Every live room with its log. A log that is not even JSON any more is set aside
        here, so one damaged row cannot stop the others from loading."""
        with self._lock:
            codes = [
                code
                for (code,) in self._db.execute(
                    "SELECT code FROM rooms WHERE closed = 0 AND aside_reason IS NULL ORDER BY code"
                )
            ]
        return self.live_rooms_of(codes)

    def live_rooms_of(self, codes: Iterable[str]) -> list[StoredRoom]:
        """The logs of these rooms; one that is not JSON any more is set aside."""
        rooms, damaged = [], []
        with self._lock:
            for code in codes:
                events = []
                rows = self._db.execute(
                    "SELECT seq, body FROM events WHERE code = ? ORDER BY seq", (code,)
                )
                for seq, body in rows:
                    try:
                        events.append(json.loads(body))
                    except ValueError as exc:
                        damaged.append((code, f"event {seq} is not readable JSON: {exc}"))
                        break
                else:
                    rooms.append(StoredRoom(code, tuple(events)))
        for code, reason in damaged:
            log.error("room %s set aside: %s", code, reason)
            self.set_aside(code, reason)
        return rooms

    def live_room(self, code: str) -> StoredRoom | None:
        with self._lock:
            if not self._live(code):
                return None
        for room in self.live_rooms_of((code,)):
            return room
        return None

    def aside_rooms(self) -> list[AsideRoom]:
        with self._lock:
            rows = self._db.execute(
                "SELECT rooms.code, rooms.aside_reason, events.body FROM rooms"
                " LEFT JOIN events ON events.code = rooms.code AND events.seq = 0"
                " WHERE rooms.closed = 0 AND rooms.aside_reason IS NOT NULL ORDER BY rooms.code"
            ).fetchall()
        return [AsideRoom(code, game_of(body), reason) for code, reason, body in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()
            if self._log is not None:
                self._log.close()


class _SyncedLog:
    """The write-ahead log's file (``<db>-wal``), made durable by ``fsync`` after a commit."""

    def __init__(self, path: Path, fsync: Fsync) -> None:
        self._path, self._fsync = path, fsync
        self._fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)

    @classmethod
    def open(cls, database: Path, fsync: Fsync) -> _SyncedLog | None:
        """The database's log, once one fsync of it worked; else None (with a warning)."""
        try:
            synced = cls(database.with_name(database.name + "-wal"), fsync)
        except OSError as exc:
            log.warning("no write-ahead log to sync (%s): SQLite's own fsync instead", exc)
            return None
        try:
            synced.sync()
        except OSError as exc:
            log.warning("the kernel's fsync failed (%s): SQLite's own fsync instead", exc)
            synced.close()
            return None
        return synced

    def sync(self) -> int:
        """fsync the log; its size in bytes. Opens it again if it is another file now (SQLite
        deletes the log when the last connection to the database closes)."""
        now = os.stat(self._path)
        if now.st_ino != os.fstat(self._fd).st_ino:
            os.close(self._fd)
            self._fd = os.open(self._path, os.O_RDONLY | os.O_CLOEXEC)
        self._fsync(self._fd)
        return now.st_size

    def close(self) -> None:
        os.close(self._fd)


def _keep_a_damaged_log(path: Path) -> DamagedLog | None:
    """Before SQLite opens (and so replays) the file: when its write-ahead log would not be
    replayed whole, copy the files aside and say so in one line; SQLite then replays what it
    can. Never silently: a damaged log would lose acknowledged actions without a word."""
    reason = wal_damage(path)
    if reason is None:
        return None
    try:
        copy = copy_aside(path)
    except OSError as exc:
        raise StoreError(f"cannot copy the damaged database {path} aside: {exc}") from exc
    log.error(
        "the database %s cannot be fully recovered (%s): its files were copied to %s "
        "(with -wal and -shm) and the server replays what it can",
        path,
        reason,
        copy,
    )
    return DamagedLog(reason, str(copy))


def _starts_with_header(path: str | Path) -> bool:
    try:
        with open(path, "rb") as file:
            return file.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False
