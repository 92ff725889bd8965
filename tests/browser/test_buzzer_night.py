"""A game night in real Chromium: a TV and three phones that join through the TV's QR code."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import (
    HOLD_INCOMING,
    calm,
    close_all,
    end_and_rematch,
    open_seats,
    open_table,
    phone_context,
    tv_context,
)
from tests.browser.game_night import (
    assert_ending,
    host_undo,
    room_language,
    translated,
    wait_text,
)
from tests.support import LiveServer, Peer, http_json, seated

pytestmark = pytest.mark.browser

#: the tests make their own rooms: one server for the module (tests/conftest.py)
SHARE_SERVER = True

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
    """A whole buzzer night: the TV creates the room from the home page, three phones join
    through its QR code, and three rounds are played with points given on the TV; Cleo's phone
    reloads mid-round, a wrong point is undone, the room plays a round in Czech. The table
    plays to 2 points (the option "Points to win"): the award that gives Ben his second point
    ends the game by its rule, with the podium of points on every screen."""
    tv_ctx = tv_context(browser)
    (tv,) = calm(tv_ctx.new_page())
    tv.goto(server.url + "/")
    tv.click('button[data-game="buzzer"]')
    tv.wait_for_url(re.compile(r"/host/[A-Z]{6}$"))
    code = tv.locator("#room-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z]{6}", code)
    assert "#" not in tv.url  # the host key left the address bar

    join_url = decode_qr(tv, tmp_path)
    assert join_url == f"{server.url}/j/{code}"

    # A short night, as a table may choose in the lobby: no random delay, no countdown, and
    # the first to 2 points wins.
    tv.uncheck("#opt-random_delay")
    for option, value in (("countdown", "0"), ("target", "2")):
        tv.fill(f"#opt-{option}", value)
        tv.locator(f"#opt-{option}").blur()  # the form sends a number field when it is left
    # The three scan the code at once (the pages load side by side), then each types a name.
    phones = [calm(phone_context(browser).new_page())[0] for _ in NAMES]
    for page in phones:
        page.goto(join_url, wait_until="commit")
    for page, name in zip(phones, NAMES, strict=True):
        page.fill("#name", name)
        page.click("#btn-join")
        page.wait_for_selector("#screen-lobby", state="visible")
    sofia, ben, cleo = phones

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
    wait_text(tv, "#bz-target", "Points to win: 2")  # the lobby's option holds in the game

    def arm() -> None:
        tv.wait_for_selector("#btn-arm:not([disabled])")
        tv.click("#btn-arm")
        for page in phones:
            page.wait_for_selector('#btn-buzz[data-state="open"]')

    def award(seat: int) -> None:
        tv.click(f'#ranking li[data-seat="{seat}"] button[data-award]')
        tv.wait_for_selector(f'#ranking li[data-seat="{seat}"] .bz-awarded')

    def scores(wanted: dict[str, str]) -> None:
        """Until the TV's scoreboard reads ``wanted`` (points by seat)."""
        tv.wait_for_function(
            """(wanted) => JSON.stringify(Object.fromEntries([...document.querySelectorAll(
                 '#scores li')].map((li) => [li.dataset.seat, li.querySelector('.points')
                 .textContent]))) === JSON.stringify(wanted)""",
            arg=wanted,
        )

    # Round 1: Ben presses first, then Sofia and Cleo.
    arm()
    for page in (ben, sofia, cleo):
        page.locator("#btn-buzz").tap()
    ben.wait_for_selector('#btn-buzz[data-state="ranked"]')
    tv.wait_for_selector("#btn-arm:not([disabled])")  # the round closed
    ranking = tv.locator("#ranking li").all_inner_texts()
    assert "Ben" in ranking[0] and "Sofia" in ranking[1], ranking
    assert re.search(r"\+\d+ ms", ranking[1])  # the margin is shown
    assert "1" in ben.locator("#btn-buzz").inner_text()

    # Ben's phone reloads between rounds: same seat, no typing, the same private view (his
    # place in the round, the prompt to wait).
    ben.reload()
    ben.wait_for_selector('#btn-buzz[data-state="ranked"]')
    assert "1" in ben.locator("#btn-buzz").inner_text()
    assert ben.locator("#me-name").inner_text().strip() == NAMES[1]
    wait_text(ben, ".kit-prompt", "Round 1 is over: look at the TV.")
    tv.wait_for_function(
        "() => document.querySelectorAll('#players li[data-seat] .dot.connected').length === 3"
    )
    summary = http_json("GET", f"{server.url}/api/rooms/{code}")[1]
    assert [p["name"] for p in summary["players"]] == NAMES
    award(1)  # Ben was fastest
    tv.screenshot(path=str(artifacts / "tv-1920x1080.png"))
    ben.screenshot(path=str(artifacts / "phone-390x844.png"))

    # Round 2 after the reload: the reloaded phone wins it. The host gives Cleo her point,
    # then one to Sofia by mistake, and undoes it: every screen says which point went back.
    arm()
    for page in (cleo, sofia, ben):
        page.locator("#btn-buzz").tap()
    tv.wait_for_selector("#btn-arm:not([disabled])")  # the round closed
    assert "Cleo" in tv.locator("#ranking li").first.inner_text()
    award(2)
    award(0)
    scores({"0": "1", "1": "1", "2": "1"})
    tv.click("#btn-undo")
    tv.click("#btn-undo")  # pressed twice: sure
    for page in (tv, *phones):
        wait_text(page, "#toast", "Undone: +1 for Sofia.")
    scores({"0": "0", "1": "1", "2": "1"})
    tv.wait_for_selector('#ranking li[data-seat="0"] button[data-award]')  # hers to give again
    # Cleo's point stays given: no second +1 for her this round
    assert tv.locator('#ranking li[data-seat="2"] .bz-awarded').count() == 1
    assert tv.locator('#ranking li[data-seat="2"] button[data-award]').count() == 0

    # The host switches the room to Czech between rounds: the TV and the phones follow.
    room_language(tv, "cs")
    wait_text(tv, "#btn-arm", translated("cs", "Arm next round"))
    for page in phones:
        wait_text(
            page,
            ".kit-prompt",
            translated("cs", "Round {round} is over: look at the TV.", round=2),
        )
    tv.screenshot(path=str(artifacts / "buzzer-tv-cs-1920x1080.png"))
    cleo.screenshot(path=str(artifacts / "buzzer-phone-cs-390x844.png"))
    # Round 3 in Czech: Ben first again.
    arm()
    wait_text(sofia, ".kit-prompt", translated("cs", "Press!"))
    for page in (ben, cleo, sofia):
        page.locator("#btn-buzz").tap()
    tv.wait_for_selector("#btn-arm:not([disabled])")  # the round closed
    assert "Ben" in tv.locator("#ranking li").first.inner_text()
    # A point for Sofia given in Czech: its toast follows the room back to English (a toast is
    # a text like every other), then the host takes the point back.
    tv.click('#ranking li[data-seat="0"] button[data-award]')
    wait_text(tv, "#toast", translated("cs", "+1 for {who} (Undo takes it back)", who="Sofia"))
    room_language(tv, "en")
    wait_text(tv, "#toast", "+1 for Sofia (Undo takes it back)")
    wait_text(tv, "#btn-arm", "Arm next round")
    host_undo(tv, phones, "Undone: +1 for Sofia.")
    scores({"0": "0", "1": "1", "2": "1"})

    # Ben's second point ends the game by its rule: Ben 2, Cleo 1, Sofia 0, on the podium of
    # every screen.
    tv.click('#ranking li[data-seat="1"] button[data-award]')
    places = assert_ending(tv, phones, artifacts, "buzzer", "Ben wins the game")
    assert places == {1: 1, 2: 2, 0: 3}
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


def test_a_rematch_forgets_the_last_games_too_late(
    browser: Any, server: LiveServer, peers: list[Peer]
) -> None:
    """Ben's press lands after round 1 closed: "too late". After a rematch, round 1 of the new
    game is a new round: his phone must not show the old game's refusal, and his press counts."""
    # seated over Socket.IO clients; the screens take the seats in the lobby; GO at once (the
    # test checks the rounds, not the countdown)
    options = {"random_delay": False, "countdown": 0}
    room, _, players = seated(server, peers, ["Sofia", "Ben"], game="buzzer", options=options)
    for peer in peers:
        peer.close()
    tokens = [player.token for player in players]
    tv, (sofia, ben) = open_seats(
        browser, server, room, tokens, "lobby", motion=False, phone_script=HOLD_INCOMING
    )
    tv.click("#btn-start")
    tv.click("#btn-arm")
    for page in (sofia, ben):
        page.wait_for_selector('#btn-buzz[data-state="open"]')
    # Ben's Wi-Fi stalls: his phone still shows GO while the round closes 3 s after Sofia's press.
    ben.evaluate("window.__hold = true")
    sofia.locator("#btn-buzz").tap()
    tv.wait_for_function("() => document.querySelector('#bz-status').textContent.includes('wins')")
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
    ben.wait_for_selector('#btn-buzz[data-state="open"]')
    assert "over" not in ben.locator("#bz-verdict").inner_text()
    ben.locator("#btn-buzz").tap()
    ben.wait_for_selector('#btn-buzz[data-state="ranked"]')
    # The phone learns its rank from its own answer; the TV from the next view: wait for it.
    tv.wait_for_function("() => document.querySelector('#ranking li')?.textContent.includes('Ben')")
    close_all(tv, sofia, ben)
