"""The whole screen follows a language switch (issue 21, item 4): for every registered game, a
TV and two phones, the host switches the room to Czech and then to Italian in the lobby and
again in play, and no screen keeps a visible English text that the language translates —
lobby descriptions, help, options and every game text alike. The English texts come from the
catalogues themselves (companion/translations/*/messages.po)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.every_game import GAME_IDS, NAMES, Table, wait_translated
from tests.support import LiveServer

pytestmark = pytest.mark.browser


def untranslated(pages: list[Any], lang: str, skip: list[str], where: str) -> list[str]:
    """Each English text still shown on one of ``pages`` once they have had time to follow."""
    return [
        f"{where} {lang} {page.url.split('/')[3]}: {text!r}"
        for page in pages
        for text in wait_translated(page, lang, skip)
    ]


def test_every_screen_of_every_game_follows_the_room_language(
    browser: Any, server: LiveServer
) -> None:
    table = Table(browser, [390, 390, 390])
    left: list[str] = []
    try:
        for game_id in GAME_IDS:
            room = table.open(server, game_id)
            skip = [*NAMES, room["code"], room["join_url"].split("://")[-1]]
            for moment in ("lobby", "play"):
                if moment == "play":
                    table.start(game_id)
                for lang in ("cs", "it"):
                    table.speak(game_id, lang)
                    left += untranslated(table.pages(game_id), lang, skip, f"{game_id} {moment}")
                if moment == "lobby":
                    # Opened again in Italian: the TV (its host's choice) and a phone that
                    # follows the room draw before the game's strings arrive, then again.
                    for page in table.pages(game_id)[:2]:
                        page.reload()
                        page.wait_for_selector("#screen-lobby, #room-code", state="visible")
                    where = f"{game_id} lobby reloaded"
                    left += untranslated(table.pages(game_id)[:2], "it", skip, where)
    finally:
        table.close()
    assert not left, "English left after a switch:\n" + "\n".join(left)
