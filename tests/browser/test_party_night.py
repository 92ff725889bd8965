"""A whole night in one room (issue 23, Done when): a TV and three phones play a buzzer game to its
end, switch to Wicked Witches Way, play a turn, the host ends it, switch to Witch's Brew; no
phone reloads, rescans or rejoins; the night's scoreboard counts both finished games; a server
restart in the middle keeps the night. Then a two-player game: the host picks who plays, the
third watches; and the champion screen ends the night."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import close_all, open_seats, press, settled, shown
from tests.browser.game_night import translated, wait_text
from tests.support import LiveServer, Peer, seated

pytestmark = pytest.mark.browser

NAMES = ["Sofia", "Ben", "Cleo"]
#: set on each phone's window once: a reload (or a new page) would lose it
MARK = "window.__night = 'the same page'"
MARKED = "() => window.__night"
#: the page's own socket (static/js/client.js) retries a lost server every 0.5 s
RETRY_SOON = """() => import('/static/js/client.js').then(
  (client) => { client.connect().io.reconnectionDelay(500).reconnectionDelayMax(500); })"""


def night_on_tv(tv: Any) -> list[dict[str, Any]]:
    """The TV's night table, row by row: name, games, wins, points (as the TV draws them)."""
    rows: list[dict[str, Any]] = tv.eval_on_selector_all(
        "#between .night-table tbody tr, .kit-ending .night-table tbody tr",
        """(rows) => rows.map((tr) => {
          const cells = [...tr.querySelectorAll('td.num')].map((td) => Number(td.textContent));
          return { name: tr.querySelector('.night-who').textContent.trim(), games: cells[0],
                   wins: cells[1], points: cells[2], place: Number(tr.dataset.place) };
        })""",
    )
    return rows


def speak(tv: Any, lang: str) -> None:
    """The host picks the room's language on the TV's bar (the lobby's row of languages)."""
    tv.click(f'.tv-bar .lang-switch button[data-lang="{lang}"]')
    tv.wait_for_selector(f"html[lang={lang}]")


def switch(tv: Any, phones: list[Any], game_id: str, title: str) -> None:
    """The host picks ``game_id`` on the TV; every screen lands in its lobby, titled."""
    tv.click(f'button.next-game[data-game="{game_id}"]:visible')
    tv.wait_for_selector("body[data-status=lobby]")
    wait_text(tv, ".game-name", title)
    for page in phones:
        page.wait_for_selector("#screen-lobby", state="visible")
        wait_text(page, "#screen-lobby .phone-title", title)


def test_a_whole_night_in_one_room(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path
) -> None:
    # seated over Socket.IO clients (the join screen is the other nights'); the screens take
    # the seats in the lobby, and from then on no phone reloads, rescans or rejoins
    options = {"random_delay": False, "countdown": 0, "target": 1}
    room, _, players = seated(server, peers, NAMES, game="buzzer", options=options)
    for peer in peers:
        peer.close()
    tokens = [player.token for player in players]
    tv, phones = open_seats(browser, server, room, tokens, "lobby", motion=False)
    sofia, ben, cleo = phones
    for page in phones:
        page.evaluate(MARK)

    # A buzzer game to its end: Ben presses first and his point is the one that wins.
    tv.click("#btn-start")
    tv.wait_for_selector("#btn-arm:not([disabled])")
    tv.click("#btn-arm")
    for page in phones:
        page.wait_for_selector('#btn-buzz[data-state="open"]')
    for page in (ben, sofia, cleo):
        page.locator("#btn-buzz").tap()
    tv.click('#ranking li[data-seat="1"] button[data-award]')
    tv.wait_for_selector(".kit-ending:not([hidden]) .night-table")
    assert night_on_tv(tv) == [
        {"name": "Ben", "games": 1, "wins": 1, "points": 3, "place": 1},
        {"name": "Sofia", "games": 1, "wins": 0, "points": 2, "place": 2},
        {"name": "Cleo", "games": 1, "wins": 0, "points": 2, "place": 2},
    ]
    # Every game is offered; none is too big for three (Witchcraft takes 2: the host picks).
    offered = tv.eval_on_selector_all(
        ".kit-ending button.next-game", "(bs) => bs.map((b) => [b.dataset.game, b.disabled])"
    )
    assert len(offered) == 6 and not any(disabled for _, disabled in offered), offered
    settled(tv).screenshot(path=str(artifacts / "party-tv-between-1920x1080.png"))

    # Wicked Witches Way, without a reload anywhere.
    switch(tv, phones, "wicked-witches-way", "Wicked Witches Way")
    assert [n.strip() for n in tv.locator("#players li[data-seat] .name").all_inner_texts()] == (
        NAMES
    )
    sofia.screenshot(path=str(artifacts / "party-phone-lobby-after-switch-390x844.png"))

    # The server restarts in the middle of the night: the room, its game and its night stay.
    # (The pages retry every half second rather than backing off to 5 s as they do on a real
    # night: the test checks what comes back, not the retry pace.)
    for page in (tv, *phones):
        page.evaluate(RETRY_SOON)
    server.stop()
    for page in (tv, *phones):
        page.wait_for_selector("body.offline", state="attached")
    server.start()
    for page in (tv, *phones):
        page.wait_for_selector("body:not(.offline)", state="attached", timeout=30_000)
    tv.wait_for_function(
        "() => document.querySelectorAll('#players li[data-seat] .dot.connected').length === 3",
        timeout=30_000,
    )
    wait_text(tv, ".game-name", "Wicked Witches Way")
    assert [row["points"] for row in night_on_tv(tv)] == [3, 2, 2]
    settled(tv).screenshot(path=str(artifacts / "party-tv-lobby-night-1920x1080.png"))

    # A short turn: the fog and the reveal at their quickest.
    for option in ("fog_seconds", "pace_seconds"):
        tv.fill(f"#opt-{option}", "2")
        tv.locator(f"#opt-{option}").blur()
    tv.wait_for_function(
        "() => document.querySelector('#opt-pace_seconds').value === '2'"
        " && document.querySelector('#opt-fog_seconds').value === '2'"
    )
    tv.click("#btn-start")
    tv.click("#www-roll")
    for page in phones:
        page.wait_for_selector('#www-close-lid[data-state="ready"]')
    sofia.locator("#www-close-lid").tap()
    tv.wait_for_selector('#www-closer:has-text("Sofia")')
    for page in phones:
        page.click("#www-lock")  # an empty formula: nobody moves, the turn goes on
    # The TV's "Go on" ends each step of the reveal, and each witch ends her moments on her
    # phone ("I play a spell", then "No spell: go on") as soon as they show: a table in a hurry.
    hurry = ("#www-table-pass:not([disabled])", "#www-hold", "#www-go-on")
    end = time.monotonic() + 60  # only against hanging
    while time.monotonic() < end and "Turn 2" not in tv.locator("#www-title").inner_text():
        for page in (tv, *phones):
            for control in shown(page, *hurry):
                press(page, control)
        time.sleep(0.05)  # a poll: what the loop waits for is on four pages
    tv.wait_for_selector('#www-title:has-text("Turn 2")')
    tv.click("#btn-end")
    tv.click("#btn-end")
    tv.wait_for_selector(".kit-ending:not([hidden]) .night-table")
    assert [row["games"] for row in night_on_tv(tv)] == [2, 2, 2]

    # Witch's Brew: the night shows both finished games, on the lobby's scoreboard.
    switch(tv, phones, "witchs-brew", "Witch's Brew")
    night = night_on_tv(tv)
    assert sorted(row["name"] for row in night) == sorted(NAMES)
    assert all(row["games"] == 2 for row in night), night
    points = [row["points"] for row in night]
    assert points == sorted(points, reverse=True)
    assert sum(row["points"] for row in night) >= 7 + 3  # two games' places: 3/2/1 (ties share)
    settled(tv).screenshot(path=str(artifacts / "party-tv-lobby-witchs-brew-1920x1080.png"))
    speak(tv, "cs")
    wait_text(tv, ".night-table caption", translated("cs", "Tonight"))
    settled(tv).screenshot(path=str(artifacts / "party-tv-lobby-witchs-brew-cs-1920x1080.png"))
    speak(tv, "en")
    wait_text(tv, ".night-table caption", "Tonight")

    # Witchcraft takes two: the host picks Sofia and Cleo, Ben keeps his seat and watches.
    tv.click('button.next-game[data-game="witchcraft"]:visible')
    tv.wait_for_selector("#who-plays")
    assert tv.is_checked("#plays-0") and tv.is_checked("#plays-1")
    assert tv.is_disabled("#plays-2")  # two are ticked: the third waits for a free place
    tv.click("#plays-1")
    tv.click("#plays-2")
    tv.screenshot(path=str(artifacts / "party-tv-who-plays-1920x1080.png"))
    tv.click("#btn-who-plays")
    tv.wait_for_selector("#who-plays", state="detached")
    wait_text(tv, ".game-name", "Witchcraft")
    # the seats that play come first: Sofia 1, Cleo 2, then Ben, who sits out
    wait_text(tv, '#players li[data-seat="2"] .sits-out', "sits out")
    assert tv.locator('#players li[data-seat="2"] .name').inner_text().strip() == "Ben"
    assert tv.locator("#players .sits-out").count() == 1
    ben.wait_for_selector("#lobby-sit-out", state="visible")
    assert sofia.locator("#lobby-sit-out").is_hidden()
    ben.screenshot(path=str(artifacts / "party-phone-sits-out-390x844.png"))
    # Witchcraft is played by Sofia and Cleo; Ben's phone shows the table as a watcher's.
    tv.click("#btn-start")
    tv.wait_for_selector("#wc-tv")
    ben.wait_for_selector("#game .wc-you", state="visible")
    wait_text(ben, "#game .wc-you", "Watching")
    assert ben.locator(".kit-prompt").is_hidden()  # nothing to do: he watches
    for page in (sofia, cleo):
        page.wait_for_selector("#game .wc-you-red, #game .wc-you-green", state="visible")
    ben.screenshot(path=str(artifacts / "party-phone-sits-out-playing-390x844.png"))
    tv.click("#btn-end")
    tv.click("#btn-end")
    tv.wait_for_selector(".kit-ending:not([hidden]) .night-table")
    tv.click('button.next-game[data-game="witchs-brew"]:visible')  # everyone plays again
    tv.wait_for_selector("body[data-status=lobby]")
    assert tv.locator("#players .sits-out").count() == 0

    # End the night: the champion is the night's leader.
    leader = night_on_tv(tv)[0]["name"]
    tv.click("#between .btn-end-night")
    tv.wait_for_selector("#champion")
    assert leader in tv.locator("#champion .champion-names").inner_text()
    settled(tv).screenshot(path=str(artifacts / "party-tv-champion-1920x1080.png"))
    tv.click("#btn-champion-close")
    speak(tv, "cs")
    tv.click("#between .btn-end-night")
    wait_text(tv, "#champion-title", translated("cs", "Champion of the night"))
    settled(tv).screenshot(path=str(artifacts / "party-tv-champion-cs-1920x1080.png"))

    # No phone reloaded, rescanned or rejoined all night.
    for page in phones:
        assert page.evaluate(MARKED) == "the same page"
        assert page.url == room["join_url"]
    close_all(tv, *phones)


def test_a_seat_sitting_out_watches_and_counts_only_those_who_play(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path
) -> None:
    """Three seats, a game for two: Cleo sits it out. Her phone says she watches, counts the
    two who play (not "3 players"), and in play still says she watches; the TV counts two."""
    room, table, (sofia, ben, cleo) = seated(server, peers, NAMES, game="buzzer")
    assert table.call("room", {"type": "game", "game": "witchcraft", "players": [0, 1]})["ok"]
    sofia.close()
    ben.close()
    tv, (phone,) = open_seats(browser, server, room, [cleo.token], status="lobby")
    phone.wait_for_selector("#lobby-sit-out", state="visible")
    assert phone.locator("#lobby-count").inner_text() == "2 players"
    listed = phone.eval_on_selector_all(
        "#lobby-players li",
        "(items) => items.map((li) => [...li.querySelectorAll('.name, .tag')]"
        ".map((el) => el.textContent).join(' '))",
    )
    assert listed == ["Sofia away", "Ben away", "Cleo you"]  # she, sitting out, listed last
    assert tv.locator("#player-count").inner_text() == "2 / 2"
    settled(phone).screenshot(path=str(artifacts / "party-phone-watching-lobby-390x844.png"))
    settled(tv).screenshot(path=str(artifacts / "party-tv-watching-lobby-1920x1080.png"))

    assert table.call("room", {"type": "start"})["ok"]
    phone.wait_for_selector('body[data-status="playing"]')
    wait_text(phone, "#me-name", "Cleo · Watching")
    settled(phone).screenshot(path=str(artifacts / "party-phone-watching-playing-390x844.png"))
    settled(tv).screenshot(path=str(artifacts / "party-tv-watching-playing-1920x1080.png"))
    close_all(tv, phone)
