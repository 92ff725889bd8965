"""Wicked Witches Way in real Chromium: a TV and three phones play to the score screen, through
the lid race, composing, the reveal and a private Black Magic choice."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import close_all, end_and_rematch, open_table, press, visible
from tests.integration.test_wicked_witches_way_live import valid_by_colour
from tests.support import LiveServer

pytestmark = pytest.mark.browser

NAMES = ["Anna", "Ben", "Cleo"]


def test_a_whole_game_on_tv_and_phones(browser: Any, server: LiveServer, artifacts: Path) -> None:
    room = server.create_room("wicked-witches-way", seed=11, options={"fog_seconds": 2})
    tv, phones = open_table(browser, server, room, NAMES, shots="www")
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


#: Records whether the TV ever draws a pawn off the start while the room is playing (set up
#: after the first game ended: only the new game's screens count).
WATCH_PAWNS = """
() => {
  window.__offStart = [];
  new MutationObserver(() => {
    if (document.body.dataset.status !== 'playing') return;
    for (const pawn of document.querySelectorAll('#www-board .www-pawn')) {
      const space = pawn.closest('.www-cell')?.dataset.space;
      if (space !== '0') window.__offStart.push(`${pawn.dataset.witch} on ${space}`);
    }
  }).observe(document.getElementById('game'), { childList: true, subtree: true });
}
"""


def test_a_rematch_during_turn_1_starts_afresh(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    """The first game ends during its turn 1 (lid closed by Anna, Ben too late, Anna moved);
    the rematch's turn 1 shows none of it: pawns on the start, lid buttons ready, no formula."""
    room = server.create_room(
        "wicked-witches-way", seed=11, options={"physical_deck": True, "fog_seconds": 2}
    )
    tv, (anna, ben, cleo) = open_table(browser, server, room, NAMES)
    tv.click("#btn-start")
    tv.click("#www-roll")
    tv.wait_for_selector("#www-dice .www-die")
    dice = [
        {"symbol": d.get_attribute("data-symbol"), "color": d.get_attribute("data-color")}
        for d in tv.locator("#www-dice .www-die").all()
    ]
    orange = valid_by_colour(dice)["orange"]
    assert orange, "seed 11 must roll a valid orange symbol"
    anna.locator("#www-close-lid").tap()
    press(ben, "#www-close-lid", tap=True)  # too late, if the lid is not closed already
    anna.wait_for_selector('#www-lid-verdict:has-text("You closed the lid")')
    ben.wait_for_selector('#www-close-lid[data-state="lost"], #www-lid-verdict')
    tv.wait_for_selector('#www-closer:has-text("Anna")')
    for page in (anna, cleo):
        for symbol in orange:
            page.click(f'#www-cards [data-symbol="{symbol}"]')
        page.click("#www-lock")
    ben.click("#www-lock")  # an empty formula
    # Anna closed the lid, so she applies first: with the physical deck she is asked about spells.
    anna.click("#www-apply", timeout=15_000)
    anna.wait_for_selector("#www-done")
    tv.wait_for_function(
        "() => document.querySelector('#www-board [data-seat=\"0\"]')"
        "?.closest('.www-cell')?.dataset.space !== '0'",
        timeout=15_000,
    )
    assert tv.locator("#www-title").inner_text().startswith("Turn 1")

    end_and_rematch(tv, before_rematch=WATCH_PAWNS)
    tv.wait_for_selector('#www-title:has-text("Turn 1 · Roll the dice")')
    tv.click("#www-roll")
    tv.wait_for_selector("#www-dice .www-die")
    assert tv.evaluate("window.__offStart") == [], "the TV drew the last game's pawn positions"
    for page in (anna, ben):
        page.wait_for_selector('#www-close-lid[data-state="ready"]')
    tv.click("#www-close-lid")
    tv.wait_for_selector('#www-closer:has-text("The table closed the lid")')
    assert tv.locator("#www-margins").inner_text().strip() == ""
    cleo.wait_for_selector("#www-cards")
    assert cleo.locator("#www-cards .in-a, #www-cards .in-b").count() == 0
    tv.screenshot(path=str(artifacts / "www-tv-rematch-1920x1080.png"))
    close_all(tv, anna, ben, cleo)
