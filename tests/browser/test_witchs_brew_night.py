"""Witch's Brew in real Chromium: a TV and four phones play a whole set with a contested role."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import close_all, open_table, press, visible
from tests.support import LiveServer

pytestmark = pytest.mark.browser

NAMES = ["Anna", "Ben", "Cleo", "Dora"]
ROLES = ["witch", "wizard", "druid", "alchemist", "fortune_teller"]


def test_a_set_of_role_calls(browser: Any, server: LiveServer, artifacts: Path) -> None:
    room = server.create_room("witchs-brew", seed=3)
    tv, phones = open_table(browser, server, room, NAMES, shots="witchs-brew")
    tv.click("#btn-start")

    # Everyone secretly picks the same five roles, so every role called is contested.
    for page in phones:
        page.wait_for_selector("#wb-grid button[data-role]")
        for role in ROLES:
            page.click(f'#wb-grid button[data-role="{role}"]')
        assert page.locator("#wb-count").inner_text().strip().startswith("5")
        page.click("#wb-select")
    tv.wait_for_selector("#wb-role, #wb-due", timeout=10_000)
    assert tv.locator("#wb-players").inner_text().count("5 cards") == 4

    contested = False
    claim_shown = '#wb-chain li[data-answer="claim"], #wb-last-chain li[data-answer="claim"]'
    end = time.monotonic() + 150
    while time.monotonic() < end and "Set 2" not in tv.locator("#wb-set").inner_text():
        for seat, page in enumerate(phones):
            if visible(page, "#wb-play button[data-play]"):
                press(page, "#wb-play button[data-play]")
            elif visible(page, "#wb-claim"):
                # Odd seats contest the role; even seats say "So be it!".
                press(page, "#wb-claim" if seat % 2 else "#wb-so-be-it")
            if not contested and tv.locator(claim_shown).count():
                contested = True
                tv.screenshot(path=str(artifacts / "witchs-brew-tv-1920x1080.png"))
        time.sleep(0.1)
    assert "Set 2" in tv.locator("#wb-set").inner_text(), "the first set did not end"
    assert contested, "the TV never showed a contested role"
    phones[0].screenshot(path=str(artifacts / "witchs-brew-phone-390x844.png"))
    close_all(tv, *phones)


def test_the_tv_skips_a_player_who_left_during_the_selection(
    browser: Any, server: LiveServer
) -> None:
    room = server.create_room("witchs-brew", seed=5)
    tv, phones = open_table(browser, server, room, NAMES[:3])
    tv.click("#btn-start")
    for page in phones[:2]:
        page.wait_for_selector("#wb-grid button[data-role]")
        for role in ROLES:
            page.click(f'#wb-grid button[data-role="{role}"]')
        page.click("#wb-select")
    phones[2].context.close()  # Cleo leaves before choosing
    tv.wait_for_selector("#wb-skip-2", timeout=15_000)
    tv.click("#wb-skip-2")
    tv.click("#wb-skip-2")  # two presses: a skip cannot happen by a stray tap
    tv.wait_for_selector('#wb-tv[data-phase="trick"]', timeout=10_000)
    close_all(tv, *phones[:2])
