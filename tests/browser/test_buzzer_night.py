"""A game night in real Chromium: a TV and three phones that join through the TV's QR code."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    HOLD_INCOMING,
    close_all,
    end_and_rematch,
    open_table,
    phone_context,
    tv_context,
)
from tests.support import LiveServer, http_json

pytestmark = pytest.mark.browser

NAMES = ["Sofia", "Ben", "Cleo"]


def decode_qr(page: Any, tmp_path: Path) -> str:
    """Photograph the QR code on the TV and decode it with zbar, as a phone camera would."""
    shot = tmp_path / "qr.png"
    page.locator("#qr").screenshot(path=str(shot))
    result = subprocess.run(
        ["zbarimg", "--raw", "--quiet", str(shot)], capture_output=True, text=True, check=True
    )
    return result.stdout.strip()


def test_tv_and_three_phones_play_buzzer(
    browser: Any, server: LiveServer, tmp_path: Path, artifacts: Path
) -> None:
    tv_ctx = tv_context(browser)
    tv = tv_ctx.new_page()
    tv.goto(server.url + "/")
    tv.click('button[data-game="buzzer"]')
    tv.wait_for_url(re.compile(r"/host/[A-Z]{6}$"))
    code = tv.locator("#room-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z]{6}", code)
    assert "#" not in tv.url  # the host key left the address bar

    join_url = decode_qr(tv, tmp_path)
    assert join_url == f"{server.url}/j/{code}"

    # A fixed countdown keeps the test quick; the option is set from the TV.
    tv.uncheck("#opt-random_delay")

    phones = []
    for name in NAMES:
        ctx = phone_context(browser)
        page = ctx.new_page()
        page.goto(join_url)
        page.fill("#name", name)
        page.click("#btn-join")
        page.wait_for_selector("#screen-lobby", state="visible")
        phones.append(page)

    tv.wait_for_function(
        "() => document.querySelectorAll('#players li[data-seat] .dot.connected').length === 3"
    )
    names_on_tv = tv.locator("#players li[data-seat] .name").all_inner_texts()
    assert [n.strip() for n in names_on_tv] == NAMES
    options = http_json("GET", f"{server.url}/api/rooms/{code}")[1]
    assert [p["name"] for p in options["players"]] == NAMES

    tv.click("#btn-start")
    for page in phones:
        page.wait_for_selector("#btn-buzz", state="visible")

    # Round 1: Ben presses first, then Sofia; Cleo waits.
    tv.click("#btn-arm")
    for page in phones:
        page.wait_for_selector('#btn-buzz[data-state="open"]', timeout=15_000)
    phones[1].locator("#btn-buzz").tap()
    phones[1].wait_for_selector('#btn-buzz:not([data-state="open"])')
    phones[0].locator("#btn-buzz").tap()
    tv.wait_for_function("() => document.querySelectorAll('#ranking li').length >= 2")
    ranking = tv.locator("#ranking li").all_inner_texts()
    assert "Ben" in ranking[0] and "Sofia" in ranking[1]
    assert re.search(r"\+\d+ ms", ranking[1])  # the margin is shown
    phones[1].wait_for_selector('#btn-buzz[data-state="ranked"]')
    assert "1" in phones[1].locator("#btn-buzz").inner_text()

    # Cleo's phone reloads mid-game: same seat, no typing.
    phones[2].reload()
    phones[2].wait_for_selector("#btn-buzz", state="visible")
    assert phones[2].locator("#me-name").inner_text().strip() == NAMES[2]
    tv.wait_for_function(
        "() => document.querySelectorAll('#players li[data-seat] .dot.connected').length === 3"
    )
    summary = http_json("GET", f"{server.url}/api/rooms/{code}")[1]
    assert [p["name"] for p in summary["players"]] == NAMES
    phones[2].locator("#btn-buzz").tap()
    tv.wait_for_function("() => document.querySelectorAll('#ranking li').length === 3")
    assert "Cleo" in tv.locator("#ranking li").all_inner_texts()[2]

    tv.screenshot(path=str(artifacts / "tv-1920x1080.png"))
    phones[1].screenshot(path=str(artifacts / "phone-390x844.png"))

    # Round 2 after the reload: the reloaded phone plays on.
    tv.wait_for_selector("#btn-arm:not([disabled])")
    tv.click("#btn-arm")
    phones[2].wait_for_selector('#btn-buzz[data-state="open"]', timeout=15_000)
    phones[2].locator("#btn-buzz").tap()
    tv.wait_for_function(
        "() => document.querySelectorAll('#ranking li').length >= 1 && "
        "document.querySelector('#ranking li').innerText.includes('Cleo')"
    )
    close_all(tv, *phones)


def test_a_name_with_markup_shows_as_text(browser: Any, server: LiveServer) -> None:
    """A name is text wherever it is shown: markup in it is neither run nor rendered."""
    room = server.create_room("buzzer")
    hostile = "<b>Cleo</b><img src=x>"  # 22 characters: within the limit
    tv, (phone,) = open_table(browser, server, room, [hostile])
    assert tv.locator("#players li[data-seat] .name").inner_text().strip() == hostile
    assert phone.locator("#me-name").inner_text().strip() == hostile
    for page in (tv, phone):
        assert page.locator("b", has_text="Cleo").count() == 0
        assert page.locator("img[src='x']").count() == 0
    close_all(tv, phone)


def test_a_rematch_forgets_the_last_games_too_late(browser: Any, server: LiveServer) -> None:
    """Ben's press lands after round 1 closed: "too late". After a rematch, round 1 of the new
    game is a new round: his phone must not show the old game's refusal, and his press counts."""
    room = server.create_room("buzzer", options={"random_delay": False, "countdown": 1})
    tv, (sofia, ben) = open_table(
        browser, server, room, ["Sofia", "Ben"], phone_script=HOLD_INCOMING, shots="buzzer"
    )
    tv.click("#btn-start")
    tv.click("#btn-arm")
    for page in (sofia, ben):
        page.wait_for_selector('#btn-buzz[data-state="open"]', timeout=10_000)
    # Ben's Wi-Fi stalls: his phone still shows GO while the round closes 3 s after Sofia's press.
    ben.evaluate("window.__hold = true")
    sofia.locator("#btn-buzz").tap()
    tv.wait_for_function(
        "() => document.querySelector('#bz-status').textContent.includes('wins')", timeout=10_000
    )
    ben.locator("#btn-buzz").tap()
    # the press reaches the server, which refuses it (the round is over): its ack is held too
    ben.wait_for_function("() => window.__held.some((data) => String(data).startsWith('43'))")
    ben.evaluate("window.__release()")
    ben.wait_for_selector('#btn-buzz[data-state="refused"]')
    assert "over" in ben.locator("#bz-verdict").inner_text()

    end_and_rematch(tv)
    tv.wait_for_selector("#btn-arm:not([disabled])")
    tv.click("#btn-arm")
    # Round 1 again, in a new game: Ben may press like everyone else.
    ben.wait_for_selector('#btn-buzz[data-state="open"]', timeout=10_000)
    assert "over" not in ben.locator("#bz-verdict").inner_text()
    ben.locator("#btn-buzz").tap()
    ben.wait_for_selector('#btn-buzz[data-state="ranked"]')
    # The phone learns its rank from its own answer; the TV from the next view: wait for it.
    tv.wait_for_function("() => document.querySelector('#ranking li')?.textContent.includes('Ben')")
    close_all(tv, sofia, ben)
