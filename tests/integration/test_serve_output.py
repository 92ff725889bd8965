"""What ``companion serve`` prints when it starts: the QR code and the address, and no alarm."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.support import ROOT, free_port

pytestmark = pytest.mark.integration

#: the console script pip installed next to this interpreter (``pip install -e .``)
COMPANION = Path(sys.executable).with_name("companion")
UP = "companion is up: open "


def test_serve_prints_the_qr_and_address_without_eventlets_deprecation_banner(
    tmp_path: Path,
) -> None:
    port = free_port()
    # eventlet leaves its banner out under its own test runner: make sure this is not one
    env = {k: v for k, v in os.environ.items() if k not in ("EVENTLET_TESTS", "PYTHONWARNINGS")}
    proc = subprocess.Popen(
        [str(COMPANION), "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", str(tmp_path / "serve.sqlite3")],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    lines: list[str] = []
    up = threading.Event()

    def read_stdout() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("(async mode:"):  # the last line it prints before serving
                up.set()

    reader = threading.Thread(target=read_stdout, daemon=True)
    reader.start()
    try:
        assert up.wait(60), "no async-mode line within 60 s:\n" + "".join(lines)
    finally:
        proc.terminate()
        try:
            _, stderr = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, stderr = proc.communicate()
        reader.join(5)
    out = "".join(lines)
    address = f"{UP}http://127.0.0.1:{port}/ on the TV"
    assert address in out, out
    # the terminal QR code: rows of block characters above the address line
    qr_rows = [line for line in out[: out.index(UP)].splitlines() if "█" in line]
    assert len(qr_rows) >= 10, out
    assert "(async mode: eventlet;" in out, out
    assert "Eventlet is deprecated" not in stderr, stderr
    assert "EventletDeprecationWarning" not in stderr, stderr
