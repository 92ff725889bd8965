"""The TV by keyboard alone, the synthesized sound set with a mute per device, and reduced motion
(the TV's phase transition is cut to nothing when the device asks for less motion)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import close_all, open_table, phone_context, tv_context
from tests.support import LiveServer, Peer, seated

pytestmark = pytest.mark.browser
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)

PLAYED = "async () => (await import('/static/js/sound.js')).played.map((c) => c.name)"
#: every element put on the page with an animation class, as "class:seat" (its data-seat); a
#: MutationObserver sees it even when a quick redraw replaces it before its animation starts
WATCH_ANIMATIONS = """
window.__anims = [];
new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (!(n instanceof Element)) continue;
    for (const el of [n, ...n.querySelectorAll('.kit-pop, .kit-reveal')]) {
      for (const cls of ['kit-pop', 'kit-reveal']) {
        if (el.classList.contains(cls)) window.__anims.push(`${cls}:${el.dataset.seat ?? ''}`);
      }
    }
  }
}).observe(document, { childList: true, subtree: true });
"""
#: a request answered by the server: what it sent the page before has arrived, and is drawn
ROUND_TRIP = "async () => { await (await import('/static/js/client.js')).emit('time', {}); }"
SOUNDED = "async () => (await import('/static/js/sound.js')).played.filter((c) => c.sounded).length"


def tab_to(page: Any, element_id: str, limit: int = 60) -> None:
    """Press Tab until ``element_id`` has the focus (fails if it is never reached)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.id") == element_id:
            return
    raise AssertionError(f"#{element_id} is never reached with Tab")


def focus_ring(page: Any) -> str:
    return page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return `${s.outlineStyle} ${s.outlineWidth}`; }"
    )


def test_the_tv_runs_by_keyboard_from_the_lobby_to_a_round(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    room = server.create_room("buzzer", options={"random_delay": False, "countdown": 0})
    tv, (anna,) = open_table(browser, server, room, ["Anna"], motion=False)  # keys, not motion

    tab_to(tv, "btn-start")
    assert focus_ring(tv).startswith("solid"), "the focused Start button shows no focus ring"
    tv.screenshot(path=str(artifacts / "keyboard-tv-lobby-1920x1080.png"))
    tv.keyboard.press("Enter")
    tv.wait_for_selector('body[data-status="playing"]')
    anna.wait_for_selector("#btn-buzz", state="visible")

    tab_to(tv, "btn-arm")
    assert focus_ring(tv).startswith("solid")
    tv.keyboard.press("Space")  # a game action: open the round
    anna.wait_for_selector('#btn-buzz[data-state="open"]')
    anna.locator("#btn-buzz").tap()
    tv.wait_for_function("() => document.querySelectorAll('#ranking li').length === 1")

    # The host's own controls too: End asks twice, both by keyboard.
    tab_to(tv, "btn-end")
    tv.keyboard.press("Enter")
    tv.keyboard.press("Enter")
    tv.wait_for_selector('body[data-status="over"]')
    close_all(tv, anna)


def test_a_phone_can_mute_before_it_joins(browser: Any, server: LiveServer) -> None:
    """The join screen has the mute too, and the choice holds once the phone has a seat: a
    friend who joins in a quiet room hears nothing, not even the join cue."""
    room = server.create_room("buzzer")
    page = phone_context(browser).new_page()
    page.goto(room["join_url"])
    page.click("#btn-mute-join")
    assert page.get_attribute("#btn-mute-join", "aria-pressed") == "false"
    page.fill("#name", "Quiet")
    page.click("#btn-join")
    page.wait_for_selector("#screen-lobby", state="visible")
    assert page.get_attribute("#btn-mute", "aria-pressed") == "false"
    assert "join" in page.evaluate(PLAYED)  # the cue happened (its buzz) ...
    assert page.evaluate(SOUNDED) == 0  # ... without a sound
    close_all(page)


def test_sound_cues_and_a_mute_per_device(browser: Any, server: LiveServer) -> None:
    room = server.create_room("buzzer", options={"random_delay": False, "countdown": 1})
    tv, (anna, ben) = open_table(browser, server, room, ["Anna", "Ben"])
    assert "join" in anna.evaluate(PLAYED)  # the phone that joined
    assert tv.evaluate(PLAYED).count("join") >= 1  # the TV greets a new seat

    # Ben mutes his phone; it stays muted after a reload; Anna's phone and the TV do not.
    ben.click("#btn-mute")
    assert ben.get_attribute("#btn-mute", "aria-pressed") == "false"
    ben.reload()
    ben.wait_for_selector("#btn-mute")
    assert ben.get_attribute("#btn-mute", "aria-pressed") == "false"
    assert anna.get_attribute("#btn-mute", "aria-pressed") == "true"
    assert tv.get_attribute("#btn-mute", "aria-pressed") == "true"

    tv.add_init_script(WATCH_ANIMATIONS)  # for the reload below
    tv.evaluate(WATCH_ANIMATIONS)
    tv.click("#btn-start")
    tv.wait_for_selector("#btn-arm:not([disabled])")
    tv.click("#btn-arm")
    for phone in (anna, ben):
        phone.wait_for_selector('#btn-buzz[data-state="open"]')
        phone.locator("#btn-buzz").tap()
    tv.wait_for_function("() => document.querySelectorAll('#ranking li').length === 2")
    assert "go" in tv.evaluate(PLAYED)  # the round opened with its sound
    assert "tap" in anna.evaluate(PLAYED) and anna.evaluate(SOUNDED) >= 2
    assert "tap" in ben.evaluate(PLAYED) and ben.evaluate(SOUNDED) == 0  # muted: no sound

    # What changed moves: each press popped in on the TV, once; a TV opened afresh shows them still.
    assert sorted(a for a in tv.evaluate("() => window.__anims") if a.startswith("kit-pop")) == [
        "kit-pop:0",
        "kit-pop:1",
    ]
    tv.reload()
    tv.wait_for_function("() => document.querySelectorAll('#ranking li').length === 2")
    tv.evaluate(ROUND_TRIP)  # every view the server sent the TV before has been drawn
    assert not [a for a in tv.evaluate("() => window.__anims") if a.startswith("kit-pop")]

    tv.click("#btn-end")
    tv.click("#btn-end")
    tv.wait_for_selector('body[data-status="over"]')
    tv.wait_for_function(
        "async () => (await import('/static/js/sound.js')).played.some((c) => c.name === 'win')"
    )
    close_all(tv, anna, ben)


def phase_animation(tv: Any) -> float:
    """Seconds the TV's phase transition lasts when the host arms a buzzer round."""
    tv.wait_for_selector("#btn-arm:not([disabled])")
    tv.click("#btn-arm")
    tv.wait_for_selector("#game .kit-phase-in")
    seconds = tv.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('#game .kit-phase-in'))"
        ".animationDuration)"
    )
    return float(seconds)


def test_phase_transitions_are_animated_unless_reduced_motion_is_asked(
    browser: Any, server: LiveServer, peers: list[Peer]
) -> None:
    """A round armed on the TV as it comes, then one armed once the TV asks for reduced
    motion (Anna presses over Socket.IO in between: the round closes)."""
    options = {"random_delay": False, "countdown": 3}
    room, host, (anna,) = seated(server, peers, ["Anna"], game="buzzer", options=options)
    host.close()  # the TV page hosts
    tv = tv_context(browser).new_page()
    tv.goto(f"{server.url}/host/{room['code']}#{room['host_token']}")
    tv.click("#btn-start:not([disabled])")
    assert phase_animation(tv) >= 0.3
    anna.wait_view(lambda v: v["game"]["status"] == "open")
    assert anna.press("buzz")["ok"]
    anna.wait_view(lambda v: v["game"]["status"] == "closed")
    tv.emulate_media(reduced_motion="reduce")
    assert phase_animation(tv) <= 0.01
    close_all(tv)


def test_reduced_motion_cuts_every_animation_and_transition(
    browser: Any, server: LiveServer
) -> None:
    context = tv_context(browser)
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    page.goto(server.url + "/")
    page.wait_for_selector(".game-button")
    durations = page.evaluate(
        "() => [...document.querySelectorAll('*')].flatMap((el) => {"
        " const s = getComputedStyle(el);"
        " return [...s.animationDuration.split(','), ...s.transitionDuration.split(',')]"
        "   .map((d) => parseFloat(d)); })"
    )
    context.close()
    assert max(durations) <= 0.01
