"""Layout holds in every language (issue 21, item 6): for every registered game's lobby and
first play screen, in English, Italian and Czech, on the TV (1920×1080) and on phones 360 and
430 px wide, no label sticks out of its box, no text is cut by an ellipsis (names are shown
whole), no button of a row wraps under the row's name and no word is broken across two lines
without a hyphen. Screenshots of each game's TV and a phone in Italian and Czech go to
test-artifacts/layout-<game>-<moment>-<lang>-<device>.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import SETTLED
from tests.browser.every_game import GAME_IDS, NAMES, Table, layout_faults, wait_translated
from tests.support import LiveServer

pytestmark = pytest.mark.browser

#: the phones' widths: the narrowest phone in use, and a large one
WIDTHS = [360, 430, 430]


def device(page: Any) -> str:
    width = page.viewport_size["width"]
    return "tv-1920x1080" if width == 1920 else f"phone-{width}"


def test_every_game_keeps_its_layout_in_every_language(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    table = Table(browser, WIDTHS)
    faults: list[str] = []
    try:
        for game_id in GAME_IDS:
            room = table.open(server, game_id)
            skip = [*NAMES, room["code"]]
            for moment, langs in (("lobby", ("en", "it", "cs")), ("play", ("cs", "it", "en"))):
                if moment == "play":
                    table.start(game_id)
                for lang in langs:
                    table.speak(game_id, lang)
                    for page in table.pages(game_id):
                        if lang != "en":
                            wait_translated(page, lang, skip)
                        page.wait_for_function(SETTLED)
                        where = f"{game_id} {moment} {lang} {device(page)}"
                        faults += [f"{where}: {fault}" for fault in layout_faults(page)]
                        if lang != "en" and page in table.pages(game_id)[:2]:
                            shot = f"layout-{game_id}-{moment}-{lang}-{device(page)}.png"
                            page.screenshot(path=str(artifacts / shot))
    finally:
        table.close()
    assert not faults, "layout faults:\n" + "\n".join(faults)
