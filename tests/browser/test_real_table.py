"""A real table in Chromium: seats put in the order people sit, a name with an emoji, a wrong
+1 taken back with Undo, and a dead phone's seat moved to a spare phone by its QR code."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import calm, close_all, open_seats, phone_context
from tests.browser.game_night import wait_text
from tests.support import LiveServer, Peer, seated

pytestmark = pytest.mark.browser

#: the tests make their own rooms: one server for the module (tests/conftest.py)
SHARE_SERVER = True


def names_on_tv(tv: Any) -> list[str]:
    return [n.strip() for n in tv.locator("#players li[data-seat] .name").all_inner_texts()]


def test_seat_order_undo_and_a_seat_moved_to_a_spare_phone(
    browser: Any, server: LiveServer, peers: list[Peer], tmp_path: Path, artifacts: Path
) -> None:
    # Anna and Ben sit down over Socket.IO clients and their phones take the seats; Sofia types
    # her name with its emoji into her phone's join screen.
    options = {"random_delay": False, "countdown": 0}
    room, _, players = seated(server, peers, ["Anna", "Ben"], game="buzzer", options=options)
    for peer in peers:
        peer.close()
    tokens = [player.token for player in players]
    tv, (anna, ben) = open_seats(browser, server, room, tokens, "lobby", motion=False)
    (sofia,) = calm(phone_context(browser, motion=False).new_page())
    sofia.goto(room["join_url"])
    sofia.fill("#name", "Sofia 🧙‍♀️")
    sofia.click("#btn-join")
    sofia.wait_for_selector("#screen-lobby", state="visible")
    tv.wait_for_selector('#players li[data-seat="2"] .dot.connected')
    assert names_on_tv(tv) == ["Anna", "Ben", "Sofia 🧙‍♀️"]

    # Sofia sits between Anna and Ben: one tap on her ▲ puts her there.
    tv.click('#players button[data-up="2"]')
    tv.wait_for_function(
        "() => [...document.querySelectorAll('#players li[data-seat] .name')]"
        ".map((e) => e.textContent).join('|') === 'Anna|Sofia 🧙‍♀️|Ben'"
    )
    tv.screenshot(path=str(artifacts / "table-tv-lobby-order-1920x1080.png"))
    sofia.wait_for_function(  # her phone follows her to seat 2
        "() => document.querySelector('#lobby-players li.me .name')?.textContent === 'Sofia 🧙‍♀️'"
    )
    assert sofia.locator("#me-name").inner_text() == "Sofia 🧙‍♀️"

    tv.click("#btn-start")
    tv.wait_for_selector("#btn-arm")
    tv.click("#btn-arm")
    ben.wait_for_selector("#btn-buzz")
    tv.wait_for_function("() => document.querySelector('#bz-status').textContent.includes('GO')")
    ben.locator("#btn-buzz").tap()
    tv.wait_for_selector("#ranking button[data-award]")
    tv.click("#ranking button[data-award]")
    tv.wait_for_selector(
        "#ranking .bz-awarded"
    )  # the +1 shows who got it, and cannot be given twice
    assert tv.locator("#ranking button[data-award]").count() == 0
    wait_text(tv, "#toast", "Ben")  # the award's toast follows its answer
    tv.wait_for_function("() => document.querySelector('#scores').textContent.includes('1')")

    # A wrong award: Undo (two presses) takes it back on every screen.
    tv.click("#btn-undo")
    tv.click("#btn-undo")
    toast = "() => document.querySelector('#toast')?.textContent"
    anna.wait_for_function(f'{toast}.includes("Undone: +1 for ")')
    tv.wait_for_selector("#ranking button[data-award]")  # +1 can be given again
    tv.screenshot(path=str(artifacts / "table-tv-undo-1920x1080.png"))

    # Anna's phone dies: the TV moves her seat to a spare phone with a QR code.
    tv.click('#players button[data-handoff="0"]')
    tv.wait_for_selector("#handoff:not([hidden]) #handoff-qr[src]")
    tv.wait_for_function("() => document.querySelector('#handoff-qr').complete")
    tv.screenshot(path=str(artifacts / "table-tv-handoff-1920x1080.png"))
    shot = tmp_path / "handoff.png"
    tv.locator("#handoff-qr").screenshot(path=str(shot))
    url = subprocess.run(
        ["zbarimg", "--raw", "--quiet", str(shot)], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert "#handoff=" in url and room["code"] in url
    (spare,) = calm(phone_context(browser).new_page())
    spare.goto(url)
    spare.wait_for_function("() => document.querySelector('#me-name')?.textContent === 'Anna'")
    assert "#handoff" not in spare.url  # the code leaves the address bar
    tv.wait_for_selector("#handoff", state="hidden")  # the TV puts the QR code away by itself
    anna.wait_for_selector("#screen-message:not([hidden])")
    assert "another screen" in anna.locator("#message-text").inner_text()
    spare.screenshot(path=str(artifacts / "table-phone-handoff-390x844.png"))

    # The point was right after all: give it again, then end the game. Every phone shows its
    # final place and the podium of total points; the TV the podium; nothing of the last round.
    tv.click("#ranking button[data-award]")
    tv.wait_for_selector("#ranking .bz-awarded")
    tv.click("#btn-end")
    tv.click("#btn-end")
    ben.wait_for_function(
        "() => document.querySelector('.kit-ending-mine')?.textContent === 'You win!'"
    )
    sofia.wait_for_function(
        "() => document.querySelector('.kit-ending-mine')?.textContent === 'You are 2nd'"
    )
    winner = sofia.locator('.kit-step[data-place="1"] .kit-ending-entry')
    assert winner.locator(".kit-ending-name").inner_text() == "Ben"
    assert winner.locator(".kit-ending-score").inner_text() == "1"
    assert sofia.locator(".kit-ending-entry").count() == 3
    assert not sofia.locator("#btn-buzz").is_visible()
    assert not sofia.locator("#bz-verdict").is_visible()
    tv.wait_for_function(
        "() => document.querySelector('.kit-ending-headline')?.textContent === 'Ben wins the game'"
    )
    assert not tv.locator("#bz-status").is_visible() and not tv.locator("#ranking").is_visible()
    sofia.screenshot(path=str(artifacts / "table-phone-over-390x844.png"))
    tv.screenshot(path=str(artifacts / "table-tv-over-1920x1080.png"))
    close_all(tv, anna, ben, sofia, spare)


def test_the_host_chooses_who_starts(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path
) -> None:
    # seated over Socket.IO clients; the screens take the seats in the lobby
    room, _, players = seated(server, peers, ["Anna", "Ben", "Cleo"], game="witchs-brew")
    for peer in peers:
        peer.close()
    tokens = [player.token for player in players]
    tv, phones = open_seats(browser, server, room, tokens, "lobby", motion=False)
    tv.click('#players button[data-first="1"]')
    tv.wait_for_selector('#players button[data-first="1"].chosen')
    assert tv.locator("#players button.first-btn.chosen").count() == 1
    tv.screenshot(path=str(artifacts / "table-tv-first-1920x1080.png"))
    tv.click("#btn-start")
    leads = "() => document.body.textContent.includes('{} the first trick')"
    for page, text in ((tv, "Ben leads"), (phones[0], "Ben leads"), (phones[1], "You lead")):
        page.wait_for_function(leads.format(text))
    close_all(tv, *phones)
