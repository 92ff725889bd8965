"""The in-process benchmarks run against the code as it is: they drive the room service and the
transport's delivery through stand-ins, which rot silently when the transport changes (the
broadcast and rounds benches had, once ``emit_here`` wrote its packets itself)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.support import ROOT


@pytest.mark.parametrize("bench", [["bench.broadcast", "1"], ["bench.rounds", "1"]])
def test_an_in_process_bench_runs_to_its_end(bench: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", *bench], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
