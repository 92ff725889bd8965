"""Witch & Bitch in real Chromium: a TV and three phones, from the scenario pick in the lobby
(scenario 2, The Return of Wanna) through the set-up walkthrough, the d20 for first player, the
snake draft and the starting Enemies, two rounds, to the scenario's own end: in round 2 a Witch
collects two Objects, Wanna escapes onto the map, and a good Witch's two spells from her phone
kill her: the Witches win. The secret Witch or Bitch card shows on its own phone only, also
after a reload, until the Bitch reveals herself from her phone (press twice) and the TV
announces her. The host undoes a corpse and switches the room to Czech and Italian midway.
Screenshots of the TV (1920x1080) and a phone (390x844) at each stage and of every end screen.

Three tests from the same seed, each short: the first plays on the screens to the reveal; the
other two play round 1 over Socket.IO clients (``over_sockets``) and open the screens where
their checks begin (docs/tests.md, "Sockets for the middles")."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.browser.a11y import assert_accessible
from tests.browser.conftest import (
    calm,
    close_all,
    open_seats,
    open_table,
    press,
    settled,
    shown,
    visible,
)
from tests.browser.game_night import (
    assert_ending,
    host_undo,
    room_language,
    translated,
    wait_text,
)
from tests.support import LiveServer, Peer, seated, wait_until

pytestmark = pytest.mark.browser

#: the tests make their own rooms: one server for the module (tests/conftest.py)
SHARE_SERVER = True

NAMES = ["Anna", "Ben", "Cleo"]
#: Anna's panel on the TV
ANNA_ON_TV = "document.querySelector('#wab-witches li[data-seat=\"0\"]')"


def step(tv: Any) -> str:
    return str(tv.locator("#wab-tv").get_attribute("data-step"))


def wait_step(tv: Any, *steps: str, timeout: float = 20_000) -> None:
    wanted = " || ".join(f"s === '{s}'" for s in steps)
    tv.wait_for_function(
        f"() => {{ const e = document.querySelector('#wab-tv'); const s = e && e.dataset.step;"
        f" return {wanted}; }}",
        timeout=timeout,
    )


def next_until(tv: Any, *steps: str) -> None:
    """Press the TV's Next until one of ``steps``."""
    end = time.monotonic() + 60
    while time.monotonic() < end and step(tv) not in steps:
        before = tv.locator("#wab-tv").get_attribute("data-key")
        tv.click("#wab-next")
        tv.wait_for_function(f"() => document.querySelector('#wab-tv').dataset.key !== '{before}'")
    assert step(tv) in steps, step(tv)


def open_tool(page: Any, tool: str) -> None:
    """Open one of the phone's tools (its tab toggles: pressed again, it closes)."""
    if not visible(page, f'#wab-tab-{tool}[aria-pressed="true"]'):
        page.click(f"#wab-tab-{tool}")
    page.wait_for_selector(f'#wab-tab-{tool}[aria-pressed="true"]')


def roll_for_first(tv: Any, phones: list[Any]) -> None:
    """Every phone rolls its d20 for the first player (again after a tie) until the TV moves on."""
    end = time.monotonic() + 60
    roll = "#wab-first-roll:not([disabled])"
    while time.monotonic() < end and step(tv) == "first-roll":
        for page in phones:
            if shown(page, roll):  # one round trip per phone
                press(page, roll)
        time.sleep(0.1)


def test_scenario_2_from_the_pick_to_round_2(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    """From the scenario's pick to the Bitch's reveal in round 1 on the screens (the next
    tests play on from there)."""
    room = server.create_room("witch-and-bitch", seed=4)
    tv, phones = open_table(browser, server, room, NAMES, shots="witch-and-bitch")
    calm(tv, *phones)

    # The scenario is picked in the lobby.
    tv.evaluate(  # the TV's own socket: what the server confirms
        "async () => (await import('/static/js/client.js')).connect()"
        ".on('view', (view) => { window.__options = view.room.options; })"
    )
    tv.fill("#opt-scenario", "2")
    tv.dispatch_event("#opt-scenario", "change")
    tv.wait_for_function("() => window.__options?.scenario === 2")  # the server has it
    tv.click("#btn-start")
    wait_step(tv, "setup")
    assert "The Return of Wanna" in tv.locator("#wab-head").inner_text()
    tv.screenshot(path=str(artifacts / "witch-and-bitch-tv-setup-1920x1080.png"))

    # Each phone holds its card, hidden until its owner taps it; the TV holds none.
    cards = []
    for page in phones:
        page.wait_for_selector("#wab-card")
        page.click("#wab-card")
        page.wait_for_selector('#wab-card[data-shown="yes"]')
        cards.append(page.locator("#wab-card .wab-secret-title").inner_text().strip())
    assert sorted(cards) == ["BITCH", "WITCH", "WITCH"], cards
    bitch = cards.index("BITCH")
    phones[bitch].screenshot(path=str(artifacts / "witch-and-bitch-phone-card-390x844.png"))
    assert not visible(tv, "#wab-bitch")
    assert not any(name in tv.locator("#wab-stage").inner_text() for name in NAMES)
    witch = next(k for k, c in enumerate(cards) if c == "WITCH")
    assert not visible(phones[witch], "#wab-reveal")  # a Witch never reveals her card

    # Set-up pages, then everyone rolls the d20 on the phone (ties roll again).
    next_until(tv, "first-roll")
    phones[0].click("#wab-first-roll")
    tv.wait_for_function(
        "() => document.querySelectorAll('#wab-rollers .wab-die-wait').length === 2"
    )
    settled(tv).screenshot(path=str(artifacts / "witch-and-bitch-tv-first-roll-1920x1080.png"))
    roll_for_first(tv, phones)
    wait_step(tv, "draft")
    assert tv.locator("#wab-big-die svg").count() == 1

    # The snake draft: whoever's turn it is takes the first Spell offered.
    end = time.monotonic() + 60
    drafted = False
    while time.monotonic() < end and step(tv) == "draft":
        for page in phones:
            if shown(page, "#wab-draft button"):
                if not drafted:
                    page.screenshot(path=str(artifacts / "witch-and-bitch-phone-draft-390x844.png"))
                    tv.screenshot(path=str(artifacts / "witch-and-bitch-tv-draft-1920x1080.png"))
                    drafted = True
                press(page, "#wab-draft button")
        time.sleep(0.1)
    wait_step(tv, "enemies")
    tv.click("#wab-next")  # Generate Enemies
    tv.wait_for_selector("#wab-spawn-board")
    tv.screenshot(path=str(artifacts / "witch-and-bitch-tv-enemies-1920x1080.png"))
    next_until(tv, "turns")
    assert tv.locator("#wab-stepper .wab-st-now").get_attribute("data-step") == "turns"

    # Turns: each Witch uses an action and ends her turn on her phone.
    end = time.monotonic() + 60
    shot = False
    while time.monotonic() < end and step(tv) == "turns":
        for page in phones:
            if shown(page, "#wab-end-turn"):
                if not shot:
                    press(page, "#wab-action")
                    page.wait_for_function(
                        "() => /2 left/.test(document.querySelector('#wab-action').textContent)"
                    )
                    page.screenshot(path=str(artifacts / "witch-and-bitch-phone-turn-390x844.png"))
                    assert_accessible(page, "witch-and-bitch-phone-turn")
                    tv.screenshot(path=str(artifacts / "witch-and-bitch-tv-turns-1920x1080.png"))
                    assert_accessible(tv, "witch-and-bitch-tv-turns")
                    shot = True
                press(page, "#wab-end-turn")
        time.sleep(0.1)

    # The Bitch's phone reloads mid-game: the same seat comes back, her card still her secret.
    phones[bitch].reload()
    phones[bitch].wait_for_selector("#wab-card")
    assert phones[bitch].locator("#me-name").inner_text() == NAMES[bitch]
    phones[bitch].click("#wab-card")
    phones[bitch].wait_for_selector('#wab-card[data-shown="yes"]')
    assert phones[bitch].locator("#wab-card .wab-secret-title").inner_text().strip() == "BITCH"

    # The Bitch reveals herself (press twice); the TV announces her.
    phones[bitch].click("#wab-reveal")
    phones[bitch].click("#wab-reveal")
    tv.wait_for_selector("#wab-bitch")
    assert NAMES[bitch] in tv.locator("#wab-bitch").inner_text()
    close_all(tv, *phones)


def test_scenario_2_corpses_attacks_and_the_dark_forces_of_round_1(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path
) -> None:
    """Round 1 played over sockets to the end of the Witches' turns (the same seed and scenario
    as the test before, the Bitch revealed); the screens take over: a corpse undone, the
    attack helper, the Destiny card with the table's d4s, the Enemies' attack, round 2."""
    room, bitch = over_sockets(server, peers, lambda game: game["step"] in ("learning", "destiny"))
    tv, phones = open_seats(browser, server, room, [peer.token for peer in peers[1:]])
    calm(tv, *phones)
    tv.wait_for_selector("#wab-bitch")

    # Anna killed an Enemy: its 3-XP corpse, on her phone and on the TV.
    anna = phones[0]
    anna.click("#wab-tab-corpses")
    anna.click('#wab-tool-corpses [data-xp="3"]')
    tv.wait_for_function(f"() => /XP 3/.test({ANNA_ON_TV}.textContent)")
    anna.wait_for_selector("#wab-tool-corpses [data-give]")
    anna.screenshot(path=str(artifacts / "witch-and-bitch-phone-corpses-390x844.png"))
    # A slip: the host undoes it; every screen names it and Anna's XP is back to 0; she takes
    # it again.
    host_undo(tv, phones, "Undone: Anna's corpse — +3 XP.")
    tv.wait_for_function(f"() => /XP 0/.test({ANNA_ON_TV}.textContent)")
    anna.click('#wab-tool-corpses [data-xp="3"]')
    tv.wait_for_function(f"() => /XP 3/.test({ANNA_ON_TV}.textContent)")

    # A phone's attack helper: d20 + bonus against an Enemy's Defense, shown on the TV.
    anna.click("#wab-tab-attack")
    anna.wait_for_selector("#wab-attack")
    anna.click("#wab-track")  # optional: the TV keeps this Enemy's health (3, Defense 15)
    tv.wait_for_selector('#wab-tracked [data-enemy="1"]')
    assert "3/3" in tv.locator("#wab-tracked").inner_text()
    anna.fill("#wab-real", "12")
    anna.click("#wab-attack")
    tv.wait_for_function(
        "() => /Anna/.test(document.querySelector('#wab-rolled').textContent)"
        " && /12 \\+ 10 = 22 vs 15: hit/.test(document.querySelector('#wab-rolled').textContent)"
    )
    # The same on the tracked Enemy: 2 Damage of its 3.
    anna.click('#wab-tool-attack [data-target="tracked"]')
    anna.fill("#wab-real", "15")
    anna.click("#wab-attack")
    tv.wait_for_function(
        "() => /#1 1\\/3/.test(document.querySelector('#wab-tracked').textContent)"
    )

    next_until(tv, "destiny")
    tv.wait_for_selector("#wab-destiny")
    assert "Green" in tv.locator("#wab-destiny").inner_text()
    # The table rolled its own d4s: 1, 4, 1 (the rulebook's example).
    tv.fill("#wab-real-d4", "1 4 1")
    tv.click("#wab-spawn-btn")
    tv.wait_for_selector("#wab-spawn-board")
    tv.wait_for_function(
        "() => document.querySelector('#wab-spawn-board [data-portal=\"1\"]')"
        ".textContent.includes('+2')"
    )
    assert "+1" in tv.locator('#wab-spawn-board [data-portal="4"]').inner_text()
    settled(tv).screenshot(path=str(artifacts / "witch-and-bitch-tv-destiny-1920x1080.png"))
    next_until(tv, "activation")
    # The first player rolls an Enemy's attack on the TV (Enemy attack +5, 1 Damage).
    # (a revealed Bitch is never attacked: she has no button)
    assert not visible(tv, f'#wab-enemy-attack [data-attack="{bitch}"]')
    tv.locator("#wab-enemy-attack [data-attack]").first.click()
    tv.wait_for_function(
        "() => /enemy attack/.test(document.querySelector('#wab-rolled').textContent)"
    )
    settled(tv).screenshot(path=str(artifacts / "witch-and-bitch-tv-activation-1920x1080.png"))
    assert_accessible(tv, "witch-and-bitch-tv-activation")
    tv.click("#wab-next")
    tv.wait_for_selector('#wab-tv[data-round="2"]')
    assert "Round 2" in tv.locator("#wab-round").inner_text()
    phones[0].evaluate("window.scrollTo(0, 0)")
    settled(tv).screenshot(path=str(artifacts / "witch-and-bitch-tv-1920x1080.png"))  # dice landed
    phones[0].screenshot(path=str(artifacts / "witch-and-bitch-phone-390x844.png"))
    close_all(tv, *phones)


def test_scenario_2_round_2_to_wannas_death(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path
) -> None:
    """Round 1 played over sockets (the same seed and scenario, the Bitch revealed); the
    screens open at round 2's first-player token and play to Wanna's death."""
    room, bitch = over_sockets(server, peers, lambda game: game["round"] >= 2)
    witch = next(seat for seat in range(len(NAMES)) if seat != bitch)
    tv, phones = open_seats(browser, server, room, [peer.token for peer in peers[1:]])
    calm(tv, *phones)
    tv.wait_for_selector('#wab-tv[data-round="2"]')

    # Each phone says what to do now in the server's words (you.prompt): round 2 begins with
    # the first-player token, a step the TV leads.
    follow = "Follow the TV, then press Next."
    for page in phones:
        page.wait_for_selector("#game > .kit-prompt")
        assert page.locator(".kit-prompt").inner_text() == follow
    # The host switches the room to Czech, then Italian: the TV and every phone follow.
    for lang, playing in (("cs", "Hraje se"), ("it", "In gioco")):
        room_language(tv, lang)
        wait_text(tv, "#status-chip", playing)
        for page in phones:
            wait_text(page, ".kit-prompt", translated(lang, follow))
        if lang == "it":
            tv.screenshot(path=str(artifacts / "witch-and-bitch-tv-italian-1920x1080.png"))
            phones[0].screenshot(path=str(artifacts / "witch-and-bitch-phone-italian-390x844.png"))
    room_language(tv, "en")
    for page in phones:
        wait_text(page, ".kit-prompt", follow)

    # Round 2's turns: the current Witch collects two Objects; the table's d4 for the second
    # reads 1, below the 2 Objects collected: Wanna escapes onto Portal 1 (the errata's roll).
    next_until(tv, "turns")
    # (the TV's key names the current Witch's seat: step|round|page|current|…)
    current = phones[int(str(tv.locator("#wab-tv").get_attribute("data-key")).split("|")[3])]
    current.wait_for_selector("#wab-object")
    current.click("#wab-object")
    wait_text(tv, "#wab-objects", "Objects 1/")
    open_tool(current, "attack")  # the real die's field is in the tools
    current.fill("#wab-real", "1")
    current.click("#wab-object")
    wait_text(tv, "#wab-objects", "Objects 2/")
    tv.wait_for_selector("#wab-verdict")  # "Is Wanna dead?": she is on the map

    # A good Witch attacks Wanna from her phone (Defense 15, Health 15 with three players):
    # two spells of 10 Damage, the table's d20 showing 20 each time. Wanna dies: the Witches win.
    hunter = phones[witch]
    open_tool(hunter, "attack")
    hunter.click('#wab-tool-attack [data-target="antagonist"]')
    for _ in range(8):  # Damage 2 → 10
        hunter.click('[data-field="damage"] button >> nth=1')
    hunter.wait_for_function("() => document.querySelector('#wab-damage').textContent === '10'")
    for hits in (1, 2):
        hunter.fill("#wab-real", "20")
        hunter.click("#wab-attack")
        if hits == 1:
            tv.wait_for_function(
                "() => /20 \\+ 10 = 30 vs 15: hit/.test(document.querySelector('#wab-rolled')"
                ".textContent)"
            )
    wait_step(tv, "over")
    # two sides, two places: the good Witches share the 1st, the Bitch is 2nd
    places = {seat: 1 if seat != bitch else 2 for seat in range(len(NAMES))}
    assert_ending(
        tv, phones, artifacts, "witch-and-bitch", "Wanna Marchi is dead: the Witches win!", places
    )
    assert NAMES[bitch] in tv.locator("#game").inner_text()  # the TV still names the Bitch
    close_all(tv, *phones)


def over_sockets(
    server: LiveServer, peers: list[Peer], until: Callable[[dict[str, Any]], bool]
) -> tuple[dict[str, Any], int]:
    """Scenario 2 (seed 4) from the start over Socket.IO clients until the table's game view
    holds ``until``, as the screens would play it: the table presses Next through the steps it
    leads (and lets the app generate the Enemies), each seat rolls its d20, drafts the first
    Spell offered and ends its turn, and the Bitch reveals herself. Returns the room and the
    Bitch's seat; ``peers`` holds the TV and then the phones, each phone with its seat's
    ``token``, all closed: the pages take the seats from there."""
    room, tv, phones = seated(
        server, peers, NAMES, game="witch-and-bitch", seed=4, options={"scenario": 2}
    )
    assert tv.call("room", {"type": "start"})["ok"]
    everyone = [tv, *phones]
    for peer in everyone:
        peer.wait_view(lambda view: view["game"] is not None)

    def newer(than: int) -> bool:
        return all(peer.latest()["v"] > than for peer in everyone)

    bitch = -1
    while not until(game := tv.latest()["game"]):
        v = max(peer.latest()["v"] for peer in everyone)
        for seat, phone in enumerate(phones):
            you = phone.latest()["game"]["you"]
            if you.get("card") == "bitch":
                bitch = seat
            if you.get("may_reveal"):
                act(phone, type="reveal")
                break
            mine = game["current"] == seat
            if game["step"] == "first-roll":
                rolls = game["first_roll"]
                if seat in rolls["rollers"] and seat not in [r["seat"] for r in rolls["rolled"]]:
                    act(phone, type="first_roll")
                    break
            elif game["step"] == "draft" and mine:
                act(phone, type="pick", spell=you["draftable"][0])
                break
            elif game["step"] == "turns" and mine:
                act(phone, type="next")
                break
        else:
            if game["step"] == "destiny" and not game["spawned"]:
                act(tv, type="spawn")
            act(tv, type="next")
        # every screen has what the last action changed before the next one is chosen
        wait_until(partial(newer, v), what="the next view")
    assert bitch >= 0 and tv.latest()["game"]["bitch"] == bitch
    for peer in everyone:
        peer.close()
    return room, bitch


def act(peer: Peer, **action: Any) -> None:
    ack = peer.call("act", action)
    assert ack["ok"], (action, ack)
