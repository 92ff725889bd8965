"""Phones never look empty: where a game's phone would leave its middle bare, the kit's status
card says the player's standing, what to do next and what happens at the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import close_all, open_table
from tests.support import LiveServer

pytestmark = pytest.mark.browser
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)

CARD = "() => { const c = document.querySelector('.kit-status'); return c && !c.hidden; }"


def rows(page: Any) -> dict[str, str]:
    return page.evaluate(
        "() => Object.fromEntries(['you', 'next', 'table'].map((k) => [k,"
        " document.querySelector(`.kit-status-${k}:not([hidden]) .kit-status-text`)"
        "?.textContent ?? '']))"
    )


@pytest.mark.parametrize(
    ("game", "names", "options"),
    [
        ("buzzer", ["Anna", "Ben"], {"random_delay": False, "countdown": 0}),
        ("wicked-witches-way", ["Anna", "Ben"], {}),
        # Witch's Brew's phone has no status card any more: the kit's prompt says what to do
    ],
)
def test_the_phone_says_you_next_and_the_table(
    browser: Any, server: LiveServer, artifacts: Path, game: str, names: list[str], options: Any
) -> None:
    room = server.create_room(game, seed=3, options=options)
    tv, phones = open_table(browser, server, room, names, motion=False)  # texts, not motion
    tv.click("#btn-start")
    for phone in phones:
        phone.wait_for_function(CARD)
        said = rows(phone)
        # what to do now is the kit's prompt (you.prompt); a game may still add a "next" line
        assert said["you"] and said["table"], f"{game}: an empty line in the status card: {said}"
        assert "you rolls" not in said["table"], said
    phones[0].screenshot(path=str(artifacts / f"status-{game}-phone-390x844.png"))
    # The top bar (avatar, name, language, room code, sound, Leave) leaves a short name whole.
    bar = phones[0].evaluate(
        "() => { const n = document.getElementById('me-name'); return {text: n.textContent,"
        " shown: n.clientWidth, needs: n.scrollWidth, bar: [...document.querySelectorAll("
        "'#me > *')].map((e) => [e.className || e.id,"
        " Math.round(e.getBoundingClientRect().width)])}; }"
    )
    assert bar["text"] == names[0] and bar["needs"] <= bar["shown"], bar
    if game == "buzzer":
        # The card follows the round: who was fastest, how many pressed.
        tv.click("#btn-arm")
        phones[1].wait_for_selector('#btn-buzz[data-state="open"]')
        phones[1].locator("#btn-buzz").tap()
        phones[0].wait_for_function(
            "() => document.querySelector('.kit-status-table .kit-status-text')"
            ".textContent.includes('Ben is fastest so far')"
        )
        assert "1 of 2" in rows(phones[0])["table"]
        phones[0].screenshot(path=str(artifacts / "status-buzzer-round-phone-390x844.png"))
    close_all(tv, *phones)
