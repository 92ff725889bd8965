"""No page is wider than a small phone (360 px): nothing to scroll sideways, nothing cut off."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support import LiveServer

pytestmark = pytest.mark.browser

WIDE = "() => document.documentElement.scrollWidth"


def test_home_join_and_lobby_fit_a_360_px_phone(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-button")
    assert page.evaluate(WIDE) <= 360, "the home page scrolls sideways"
    page.screenshot(path=str(artifacts / "home-phone-360.png"), full_page=True)
    for game in ("buzzer", "wicked-witches-way", "witchs-brew"):
        room = server.create_room(game)
        page.goto(room["join_url"])
        page.wait_for_selector("#btn-join")
        assert page.evaluate(WIDE) <= 360, f"{game}: the join page scrolls sideways"
        page.fill("#name", "Sofia Wolkenkuckucksheim")
        page.click("#btn-join")
        page.wait_for_selector("#screen-lobby", state="visible")
        assert page.evaluate(WIDE) <= 360, f"{game}: the lobby scrolls sideways"
    context.close()
