"""What both benchmarks share: running rooms side by side, percentiles, the report header."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any


def in_parallel(target: Callable[..., None], arguments: Sequence[tuple[Any, ...]]) -> None:
    """Run ``target(*args)`` for every args tuple, each in its own thread, and wait for all."""
    threads = [threading.Thread(target=target, args=args) for args in arguments]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def header(module: str, detail: str) -> None:
    """The command that produced the figures and the machine they come from."""
    print(f"command: python -m {module} " + " ".join(sys.argv[1:]))
    print(f"machine: {os.cpu_count()} cores; {detail}")
