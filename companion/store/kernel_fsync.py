"""An fsync the kernel does on its own while the event loop runs on (Linux's kernel AIO).

The group commit has to wait for the disk before it may acknowledge anything, and no green
thread may block the loop meanwhile. Handing the wait to a native thread (eventlet's
``tpool``) costs a thread wake-up and the interpreter lock passed back and forth several
times per commit: on a virtual machine ~0.3-0.7 ms of CPU each, several times the commit
itself (docs/benchmarks.md, "The disk's native thread, and a packet less"). Kernel AIO
(``io_submit`` with ``IOCB_CMD_FSYNC``, Linux 4.18 and later) runs the fsync in the kernel's
own worker and signals an eventfd when it is done, which the loop watches like any socket:
no thread of ours, no lock passing. caio is the binding (a C extension, typed).

>>> import os, select, tempfile
>>> fsync = kernel_fsync(lambda fd: select.select([fd], [], []))
>>> with tempfile.TemporaryFile() as file:
...     _ = file.write(b"made durable"); file.flush()
...     fsync(file.fileno())
>>> fsync(-1)
Traceback (most recent call last):
OSError: fsync not submitted: The file descriptor specified in the first iocb is invalid [EBADF]
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable
from typing import Protocol

log = logging.getLogger(__name__)

#: waits (green) until a file descriptor is readable: ``eventlet.hubs.trampoline(fd, read=True)``
WaitReadable = Callable[[int], object]


class Fsync(Protocol):
    """Makes a file's written data durable; OSError if the disk failed."""

    def __call__(self, fd: int) -> None: ...


class KernelFsync:
    """fsync through kernel AIO, waiting with ``wait_readable`` on the context's eventfd.
    One fsync at a time (the store's lock serialises its commits)."""

    def __init__(self, wait_readable: WaitReadable) -> None:
        """ImportError without caio's Linux AIO; OSError if the kernel refuses a context."""
        from caio.linux_aio import Context, Operation

        self._operation = Operation
        self._context = Context(max_requests=4)
        self._wait = wait_readable

    def __call__(self, fd: int) -> None:
        done: list[int] = []
        operation = self._operation.fsync(fd)
        operation.set_callback(done.append)
        try:
            self._context.submit(operation)
        except (ValueError, SystemError) as exc:  # caio's words for a refused submission
            raise OSError(f"fsync not submitted: {exc}") from None
        while not done:
            self._wait(self._context.fileno)
            # reads the eventfd's counter; zero when completions coalesced into an earlier
            # wake-up: their events are processed all the same
            with contextlib.suppress(BlockingIOError):
                self._context.poll()
            self._context.process_events()
        try:
            operation.get_value()
        except SystemError as exc:  # the fsync's own error (EIO, ENOSPC, EBADF)
            raise OSError(f"fsync failed: {exc}") from None


def kernel_fsync(wait_readable: WaitReadable) -> Fsync | None:
    """The kernel's fsync where this machine has it, else None (not Linux, caio missing, or
    kernel AIO refused): the store then commits with SQLite's own fsync."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return KernelFsync(wait_readable)
    except (ImportError, OSError, SystemError) as exc:
        log.warning("no kernel AIO for the commits' fsync (%s): SQLite's own fsync instead", exc)
        return None
