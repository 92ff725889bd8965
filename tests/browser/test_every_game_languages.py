"""Every game in every language, one test per game on one table (a TV and three phones whose
pages are reused from game to game, tests/browser/every_game.py):

- **The whole screen follows a language switch** (issue 21, item 4): the host switches the
  room to Czech and then to Italian in the lobby and again in play, and no screen keeps a
  visible English text that the language translates — lobby descriptions, help, options and
  every game text alike; the TV and a phone opened again in Italian in the lobby draw before
  the game's strings arrive, then again. The English texts come from the catalogues
  themselves (companion/translations/*/messages.po).
- **Layout holds in every language** (issue 21, item 6): the lobby and the first play screen
  in English, Italian and Czech, on the TV (1920×1080) and on phones 360 and 430 px wide: no
  label sticks out of its box, no text is cut by an ellipsis (names are shown whole), no
  button of a row wraps under the row's name and no word is broken across two lines without
  a hyphen. Screenshots of each game's TV and 360 px phone in Italian and Czech go to
  test-artifacts/layout-<game>-<moment>-<lang>-<device>.png.

Both checks look at the same screens, so one room per game serves both: the lobby in English,
Czech, Italian (and reloaded in Italian), then play in Czech, Italian and English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import SETTLED
from tests.browser.every_game import GAME_IDS, NAMES, Table, layout_faults, wait_translated
from tests.support import LiveServer

pytestmark = pytest.mark.browser
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)

#: the phones' widths: the narrowest phone in use, and a large one
WIDTHS = [360, 430, 430]
#: the languages each moment is seen in, in turn (English first in the lobby: the room's own)
MOMENTS = (("lobby", ("en", "cs", "it")), ("play", ("cs", "it", "en")))


@pytest.fixture(scope="module")
def table(browser: Any) -> Iterator[Table]:
    """The module's one table: a new room per game, on the same pages."""
    shared = Table(browser, WIDTHS)
    yield shared
    shared.close()


def device(page: Any) -> str:
    width = page.viewport_size["width"]
    return "tv-1920x1080" if width == 1920 else f"phone-{width}"


def untranslated(page: Any, lang: str, skip: list[str], where: str) -> list[str]:
    """Each English text still shown on ``page`` once it has had time to follow."""
    return [
        f"{where} {page.url.split('/')[3]}: {text!r}" for text in wait_translated(page, lang, skip)
    ]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_screen_follows_the_room_language_and_keeps_its_layout(
    game_id: str, table: Table, server: LiveServer, artifacts: Path
) -> None:
    room = table.open(server, game_id)
    skip = [*NAMES, room["code"], room["join_url"].split("://")[-1]]
    left: list[str] = []  # English left after a switch
    faults: list[str] = []  # layout faults
    for moment, langs in MOMENTS:
        if moment == "play":
            table.start(game_id)
        for lang in langs:
            table.speak(game_id, lang)
            for page in table.pages(game_id):
                if lang != "en":
                    left += untranslated(page, lang, skip, f"{game_id} {moment} {lang}")
                page.wait_for_function(SETTLED)
                where = f"{game_id} {moment} {lang} {device(page)}"
                faults += [f"{where}: {fault}" for fault in layout_faults(page)]
                if lang != "en" and page in table.pages(game_id)[:2]:
                    shot = f"layout-{game_id}-{moment}-{lang}-{device(page)}.png"
                    page.screenshot(path=str(artifacts / shot))
        if moment == "lobby":
            # Opened again in Italian: the TV (its host's choice) and a phone that follows
            # the room draw before the game's strings arrive, then again.
            for page in table.pages(game_id)[:2]:
                page.reload()
                page.wait_for_selector("#screen-lobby, #room-code", state="visible")
                left += untranslated(page, "it", skip, f"{game_id} lobby reloaded it")
    assert not left, "English left after a switch:\n" + "\n".join(left)
    assert not faults, "layout faults:\n" + "\n".join(faults)
