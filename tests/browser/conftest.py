"""Browser fixtures: Debian's Chromium driven by Playwright (its own browser download is not used).

When the browser tests cannot run (no Chromium, no zbar, no Playwright) they are skipped on a
developer machine, and fail when ``CI=true``: CI must never go green without them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import ROOT

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--autoplay-policy=no-user-gesture-required",
]


def _unavailable() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install -y chromium)"
    if shutil.which("zbarimg") is None:
        return "zbarimg is missing (apt-get install -y zbar-tools)"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    reason = _unavailable()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests must run in CI: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def tv_context(browser: Any) -> Any:
    return browser.new_context(viewport={"width": 1920, "height": 1080})


def phone_context(browser: Any) -> Any:
    return browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )


def visible(page: Any, selector: str) -> bool:
    found = page.locator(selector)
    return found.count() > 0 and found.first.is_visible()


def press(page: Any, selector: str, tap: bool = False) -> bool:
    """Click (or tap) if the control is still there: screens re-render as views arrive, and a
    control that just went away is not an error (someone else acted first)."""
    from playwright.sync_api import Error

    target = page.locator(selector).first
    try:
        target.tap(timeout=1500) if tap else target.click(timeout=1500)
    except Error:
        return False
    return True


def open_table(
    browser: Any, server: Any, room: dict[str, Any], names: list[str]
) -> tuple[Any, list[Any]]:
    """The room's TV page (1920×1080) and one phone page (390×844) per name, joined and shown
    as connected on the TV. The caller closes them with ``close_all``."""
    tv = tv_context(browser).new_page()
    tv.goto(f"{server.url}/host/{room['code']}#{room['host_token']}")
    tv.wait_for_selector("#room-code")
    phones = []
    for name in names:
        page = phone_context(browser).new_page()
        page.goto(room["join_url"])
        # A friend who scans the code sees the name field and the button without scrolling.
        box = page.locator("#btn-join").bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844, "join button below the fold"
        page.fill("#name", name)
        page.click("#btn-join")
        page.wait_for_selector("#screen-lobby", state="visible")
        phones.append(page)
    connected = "document.querySelectorAll('#players li[data-seat] .dot.connected').length"
    tv.wait_for_function(f"{connected} === {len(names)}")
    return tv, phones


def close_all(*pages: Any) -> None:
    for page in pages:
        page.context.close()
