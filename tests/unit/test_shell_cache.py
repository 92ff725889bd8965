"""The service worker's shell list keeps up with the shell: a script or stylesheet that every page
loads but the worker does not keep would break the offline "Reconnecting…" screen."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"


def shell_list() -> set[str]:
    source = (STATIC / "js" / "sw.js").read_text(encoding="utf-8")
    block = source[source.index("const SHELL = [") : source.index("];")]
    return set(re.findall(r"'([^']+)'", block))


def test_every_shell_script_and_stylesheet_is_kept_by_the_service_worker() -> None:
    shell = {
        f"/static/{path.relative_to(STATIC).as_posix()}"
        for folder in ("js", "css")
        for path in (STATIC / folder).glob("*.*")
        if path.suffix in {".js", ".css"} and path.name != "sw.js"
    }
    missing = shell - shell_list()
    assert not missing, f"add to SHELL in static/js/sw.js: {sorted(missing)}"


def test_every_file_the_service_worker_keeps_exists() -> None:
    for url in shell_list():
        if url.startswith("/static/"):
            assert (STATIC / url.removeprefix("/static/")).is_file(), url
