"""Wicked Witches Way in real Chromium: a TV and three phones play to the score screen, through
the lid race, composing, the reveal and a private Black Magic choice."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import close_all, open_table, press, visible
from tests.integration.test_wicked_witches_way_live import valid_by_colour
from tests.support import LiveServer

pytestmark = pytest.mark.browser

NAMES = ["Anna", "Ben", "Cleo"]


def test_a_whole_game_on_tv_and_phones(browser: Any, server: LiveServer, artifacts: Path) -> None:
    room = server.create_room("wicked-witches-way", seed=11, options={"fog_seconds": 2})
    tv, phones = open_table(browser, server, room, NAMES)
    tv.click("#btn-start")
    tv.wait_for_selector("#www-tv")

    seen = {"look": 0, "compose": 0, "keep": 0, "lid_closed": 0}
    dice: list[dict[str, str]] = []
    plan: dict[int, list[str]] = {}
    end = time.monotonic() + 240
    while time.monotonic() < end and not visible(tv, '#www-tv[data-phase="over"]'):
        phase = tv.locator("#www-tv").get_attribute("data-phase")
        if phase == "look" and visible(tv, "#www-dice .www-die"):
            if not dice:
                seen["look"] += 1
                dice = [
                    {
                        "symbol": d.get_attribute("data-symbol"),
                        "color": d.get_attribute("data-color"),
                    }
                    for d in tv.locator("#www-dice .www-die").all()
                ]
                tv.screenshot(path=str(artifacts / "www-tv-look-1920x1080.png"))
                valid = valid_by_colour(dice)
                # Cleo goes for a perfect black formula (a Black Magic draw), the others orange.
                plan = {0: valid["orange"], 1: valid["orange"], 2: valid["black"]}
            for page in phones[:2]:  # two phones race for the lid
                if visible(page, "#www-close-lid:not([disabled])"):
                    press(page, "#www-close-lid", tap=True)
        for seat, page in enumerate(phones):
            if visible(page, "#www-roll") and press(page, "#www-roll"):
                dice = []
            elif visible(page, "#www-lock") and plan:
                seen["compose"] += 1
                verdict = page.locator("#www-lid-verdict")
                if verdict.count() and "closed the lid" in verdict.first.inner_text(timeout=1000):
                    seen["lid_closed"] += 1  # the phone says who won the lid race
                for symbol in plan[seat]:
                    press(page, f'#www-cards [data-symbol="{symbol}"]')
                press(page, "#www-lock")
            elif visible(page, "#www-keep [data-keep]"):
                seen["keep"] += 1
                page.screenshot(path=str(artifacts / "www-phone-keep-390x844.png"))
                press(page, "#www-keep [data-keep]")
            elif visible(page, "#www-apply"):
                press(page, "#www-apply")
            elif visible(page, "#www-done"):
                press(page, "#www-done")
        time.sleep(0.15)

    tv.wait_for_selector('#www-tv[data-phase="over"]', timeout=30_000)
    tv.wait_for_selector("#www-final tr[data-seat]", timeout=30_000)
    assert tv.locator("#www-final tr[data-seat]").count() == 3
    tv.screenshot(path=str(artifacts / "www-tv-over-1920x1080.png"))
    phones[0].screenshot(path=str(artifacts / "www-phone-over-390x844.png"))
    assert seen["look"] >= 2 and seen["compose"] >= 6 and seen["lid_closed"] >= 1
    assert seen["keep"] >= 1, "nobody chose a Black Magic card"
    close_all(tv, *phones)
