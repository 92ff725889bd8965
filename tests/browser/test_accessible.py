"""Every page of every game passes axe (no serious or critical violation): home, join, the TV's
lobby, and the TV and phones once the game runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.a11y import axe_violations
from tests.browser.conftest import close_all, open_table, phone_context, settled, tv_context
from tests.support import LiveServer

pytestmark = pytest.mark.browser
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)
# The pages ask for reduced motion (``motion=False``): axe reads the screens once still.

#: each game with the fewest players it starts with
GAMES = {
    "buzzer": ["Anna"],
    "wicked-witches-way": ["Anna", "Ben"],
    "witchs-brew": ["Anna", "Ben", "Cleo"],
    "witch-and-bitch": ["Anna"],
    "witchcraft": ["Anna", "Ben"],
    "carodejnice": ["Anna"],
}

PLAYING = "() => document.body.dataset.status === 'playing'"
DRAWN = "() => (document.querySelector('#game')?.children.length ?? 0) > 0"


def test_the_check_finds_a_nameless_button_and_low_contrast(browser: Any) -> None:
    """The helper can fail: axe runs in the page (offline, from the bundled axe-core)."""
    page = browser.new_page()
    page.set_content(
        '<html lang="en"><head><title>t</title></head><body><main><h1>t</h1>'
        '<button></button><p style="color:#777;background:#888">faint</p></main></body></html>'
    )
    found = "\n".join(axe_violations(page))
    page.close()
    assert "button-name" in found and "color-contrast" in found


def test_home_page_passes_axe(browser: Any, server: LiveServer) -> None:
    for context in (tv_context(browser, motion=False), phone_context(browser, motion=False)):
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector(".game-button")
        assert axe_violations(page) == [], "home"
        context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_every_page_of_the_game_passes_axe(
    browser: Any, server: LiveServer, artifacts: Path, game: str
) -> None:
    room = server.create_room(game, seed=3)
    found: dict[str, list[str]] = {}

    def joining(page: Any) -> None:
        found["join"] = axe_violations(page)

    tv, phones = open_table(browser, server, room, GAMES[game], motion=False, on_join=joining)
    found["TV lobby"] = axe_violations(tv)
    found["phone lobby"] = axe_violations(phones[0])

    tv.click("#btn-start")
    tv.wait_for_function(PLAYING)
    for page in (tv, *phones):
        page.wait_for_function(DRAWN)
    found["TV in play"] = axe_violations(settled(tv))  # contrast once entry animations end
    wide = tv.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 1920, f"{game}: the TV is {wide} px wide in play"
    for seat, phone in enumerate(phones):
        found[f"phone {seat + 1} in play"] = axe_violations(settled(phone))
    tv.screenshot(path=str(artifacts / f"a11y-{game}-tv-1920x1080.png"))
    phones[0].screenshot(path=str(artifacts / f"a11y-{game}-phone-390x844.png"))
    close_all(tv, *phones)

    failing = {where: lines for where, lines in found.items() if lines}
    assert not failing, "\n".join(
        f"axe on {game} {where}:\n  " + "\n  ".join(lines) for where, lines in failing.items()
    )
