"""The locked section and its group commit (docs/architecture.md, "The event log and replay").

Every public method of the room service runs as one section under one lock: the store's
transaction begins with it, and at its end one commit (one fsync) makes every event recorded in
it durable — before the caller may send an ack or a view, and before the race verdicts decided
in it are released. The lock is let go as soon as the store has closed that transaction to
later writes, while the disk works: a press, a clock sample or a section that writes nothing
runs meanwhile, and a section that writes waits for the store (its events go into the next
transaction, durable after these). If that commit fails, the rooms the section changed are
rebuilt from their stored logs under the lock again (so nothing changed), the held verdicts
are answered ``internal``, and StoreError reaches the caller.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from companion.engine import ErrorCode
from companion.rooms.errors import RoomError
from companion.rooms.messages import Pending
from companion.store import Store, StoreError


class Section:
    def __init__(self, store: Store, rebuild: Callable[[str], None]) -> None:
        """``rebuild(code)`` brings a room back to its stored log after a failed commit."""
        self.store = store
        self._rebuild = rebuild
        #: serialises every change; a caller that records nothing (a clock sample) may hold it
        #: without a section
        self.lock = threading.RLock()
        self._depth = 0  # nesting of sections: only the outermost one commits
        #: rooms changed in the current section, and race verdicts held until its commit
        self._touched: set[str] = set()
        self._verdicts: list[tuple[Pending, dict[str, Any]]] = []

    @contextmanager
    def __call__(self) -> Iterator[None]:
        """One section: ``with section(): …``."""
        self.lock.acquire()
        outer = self._depth == 0
        try:
            if outer:
                self.store.begin()
            self._depth += 1
        except BaseException:
            self.lock.release()
            raise
        try:
            yield
        finally:
            self._depth -= 1
            if outer:
                self._end()  # lets the lock go
            else:
                self.lock.release()

    def touch(self, code: str) -> None:
        """Room ``code`` changed in this section (rebuilt if the commit fails)."""
        self._touched.add(code)

    def hold(self, pending: Pending, ack: dict[str, Any]) -> None:
        """Answer ``pending`` with ``ack`` once this section's events are durable."""
        self._verdicts.append((pending, ack))

    def _end(self) -> None:
        """Commit the outermost section, letting the lock go while the disk works."""
        touched, verdicts = self._touched, self._verdicts
        self._touched, self._verdicts = set(), []
        held = True

        def release() -> None:
            nonlocal held
            if held:
                held = False
                self.lock.release()

        try:
            self.store.commit(release)
        except StoreError:
            release()
            with self.lock:
                for code in touched:
                    self._rebuild(code)
            failed = RoomError(ErrorCode.INTERNAL, "Your press could not be recorded.").as_ack()
            for pending, _ in verdicts:
                pending.resolve(failed)
            raise
        finally:
            release()
        for pending, ack in verdicts:
            pending.resolve(ack)
