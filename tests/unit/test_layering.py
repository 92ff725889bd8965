"""The pure packages never pull in the web stack (docs/architecture.md, "Layers")."""

import subprocess
import sys

from tests.support import ROOT

PURE = ["companion.engine", "companion.games.registry", "companion.timing", "companion.rooms",
        "companion.store"]  # fmt: skip
FORBIDDEN = ["flask", "flask_socketio", "socketio", "engineio", "eventlet", "gevent"]


def test_pure_packages_import_no_web_stack() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {name}\n" for name in PURE)
        + f"print([m for m in {FORBIDDEN!r} if m in sys.modules])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_games_import_nothing_from_rooms_or_store() -> None:
    code = (
        "import sys\nimport companion.games.registry\n"
        "print(sorted(m for m in sys.modules if m.startswith(('companion.rooms', "
        "'companion.store', 'companion.web'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
