"""A tap is never lost to a view that arrives mid-tap. Every screen draws itself afresh for each
view; a click is a press and a release on the same button, so a redraw between the two would
replace the button under the finger and the click would go nowhere (the host taps "+1" for Anna
just as Ben's press reaches the TV). The kit holds the drawing until the tap's click is done."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import open_table
from tests.support import LiveServer, Peer

pytestmark = pytest.mark.browser
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)

#: counts the views the TV's socket receives (drawn or not)
COUNT_VIEWS = (
    "async () => { window.__views = 0; (await import('/static/js/client.js')).connect()"
    ".on('view', () => { window.__views += 1; }); }"
)
ANNA_AWARD = '#ranking li[data-seat="0"] button[data-award]'


def anna_pressed_first(browser: Any, server: LiveServer) -> tuple[Any, Any]:
    """A buzzer round that Anna has pressed and Ben has not: the TV offers "+1" for Anna."""
    room = server.create_room("buzzer", options={"random_delay": False, "countdown": 0})
    tv, (anna, ben) = open_table(browser, server, room, ["Anna", "Ben"])
    tv.click("#btn-start")
    tv.wait_for_selector("#btn-arm:not([disabled])")
    tv.click("#btn-arm")
    for page in (anna, ben):
        page.wait_for_selector('#btn-buzz[data-state="open"]')
    anna.click("#btn-buzz")
    tv.wait_for_selector(ANNA_AWARD)
    return tv, ben


def test_a_tap_on_the_tv_survives_a_view_that_arrives_between_press_and_release(
    browser: Any, server: LiveServer
) -> None:
    tv, ben = anna_pressed_first(browser, server)
    tv.evaluate(COUNT_VIEWS)

    # The host's finger goes down on Anna's "+1" …
    tv.locator(ANNA_AWARD).hover()  # where the button stands once its entrance is done
    tv.mouse.down()
    # … Ben's press reaches the TV while it is down (a view that redraws the ranking) …
    ben.click("#btn-buzz")
    tv.wait_for_function("() => window.__views > 0")
    tv.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)))")
    # … and the finger comes up: the tap counts, and Ben's press is drawn after it.
    tv.mouse.up()
    tv.wait_for_selector('#ranking li[data-seat="0"] .bz-awarded')
    tv.wait_for_selector('#ranking li[data-seat="1"]')
    assert tv.locator('#ranking li[data-seat="1"] .bz-awarded').count() == 0  # Ben's is his own


def test_a_finger_resting_on_a_button_does_not_freeze_the_screen(
    browser: Any, server: LiveServer
) -> None:
    tv, ben = anna_pressed_first(browser, server)
    tv.locator(ANNA_AWARD).hover()  # where the button stands once its entrance is done
    tv.mouse.down()
    ben.click("#btn-buzz")
    # still pressed: the view waits for the tap a moment only, then is drawn
    tv.wait_for_selector('#ranking li[data-seat="1"]')
    tv.mouse.move(5, 5)  # the finger slides off the button: no tap
    tv.mouse.up()
    assert tv.locator(ANNA_AWARD).count() == 1


def test_a_tap_in_the_lobby_survives_a_player_joining_between_press_and_release(
    browser: Any, server: LiveServer
) -> None:
    """The host taps ▲ to seat Ben before Anna just as Cleo's phone joins (the list of players
    is drawn afresh)."""
    room = server.create_room("buzzer")
    tv, _ = open_table(browser, server, room, ["Anna", "Ben"])
    tv.evaluate(COUNT_VIEWS)
    tv.locator('#players li[data-seat="1"] button.seat-up').hover()
    tv.mouse.down()
    cleo = Peer(server.url, "Cleo")
    try:
        assert cleo.call("join", {"code": room["code"], "name": "Cleo"})["ok"]
        tv.wait_for_function("() => window.__views > 0")
        tv.mouse.up()
        tv.wait_for_function(
            "() => [...document.querySelectorAll('#players li[data-seat] .name')]"
            ".map((e) => e.textContent).join() === 'Ben,Anna,Cleo'"
        )
    finally:
        cleo.close()
