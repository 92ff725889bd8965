"""The pages travel inside the wheel, so an installed companion serves them without a checkout."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.support import ROOT

pytestmark = pytest.mark.integration


def test_wheel_carries_static_files_and_templates(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("companion-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in (
        "companion/templates/host.html",
        "companion/templates/join.html",
        "companion/templates/home.html",
        "companion/static/vendor/socket.io-client/socket.io.min.js",
        "companion/static/vendor/socket.io-client/LICENSE",
        "companion/static/vendor/qrcode-generator/qrcode.mjs",
        "companion/static/vendor/qrcode-generator/LICENSE",
        "companion/static/games/buzzer/tv.js",
        "companion/static/games/buzzer/phone.js",
        "companion/static/js/client.js",
        "companion/translations/cs/LC_MESSAGES/messages.mo",
        "companion/translations/bundles.json",
        "companion/games/carodejnice/data/jurors.json",
    ):
        assert needed in names, needed


@pytest.mark.parametrize(
    ("folder", "script"),
    [
        ("socket.io-client", "fetch-socketio-client"),
        ("qrcode-generator", "fetch-qrcode-generator"),
    ],
)
def test_vendored_browser_libraries_are_the_unmodified_pinned_builds(
    folder: str, script: str
) -> None:
    vendor = ROOT / "static" / "vendor" / folder
    result = subprocess.run(
        ["sha256sum", "--check", "--quiet", "SHA256SUMS"], cwd=vendor, capture_output=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (vendor / "LICENSE").read_text().count("MIT") >= 1
    text = (ROOT / "scripts" / script).read_text()
    assert f"VERSION={(vendor / 'VERSION').read_text().strip()}" in text
