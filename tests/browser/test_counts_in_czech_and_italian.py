"""Counts in Czech and Italian in real Chromium (issue 26): the buzzer's counter, the full-room
refusal and Witch's Brew's end read right with 1, 2 and 5 as the count — the Czech forms of 1,
of 2–4 and of 5+ ("stiskl 1/6", "stiskli 2/6", "stisklo 5/6"), the Italian singular and plural
("1 su 6 ha premuto", "2 su 6 hanno premuto"). The other players are socket.io clients of the
same live server; each check reads one screen in both languages in turn. Screenshots:
test-artifacts/counts-*.png."""

from __future__ import annotations

import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from companion.web.i18n import TRANSLATIONS
from tests.browser.conftest import close_all, open_tv, phone_context, settled
from tests.integration.test_witchs_brew_live import PhoneBot
from tests.support import LiveServer, Peer

pytestmark = pytest.mark.browser
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)
# The pages ask for reduced motion (``motion=False``): the checks read still screens.

LANGUAGES = ("cs", "it")


@cache
def catalogue(lang: str) -> dict[str, Any]:
    """English singular → the translation (a string, or every plural form in order)."""
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return {
            (m.id[0] if isinstance(m.id, (list, tuple)) else m.id): m.string
            for m in read_po(source)
            if m.id
        }


def form(lang: str, n: int) -> int:
    """The index of the plural form for ``n`` (the catalogues' Plural-Forms)."""
    if lang == "cs":
        return 0 if n == 1 else 1 if 2 <= n <= 4 else 2
    return 0 if n == 1 else 1


def plural(lang: str, english: str, n: int, **params: object) -> str:
    forms = catalogue(lang)[english]
    assert isinstance(forms, (list, tuple)), f"{english!r} is not a plural entry"
    return str(forms[form(lang, n)]).format(n=n, **params)


def said(lang: str, english: str, **params: object) -> str:
    return str(catalogue(lang)[english]).format(**params)


def phone_in(browser: Any, server: LiveServer, lang: str) -> Any:
    """A phone page whose player chose ``lang`` (the kit's cookie)."""
    context = phone_context(browser, motion=False)
    context.add_cookies([{"name": "lang", "value": lang, "url": server.url}])
    return context.new_page()


def shot(page: Any, path: Path) -> None:
    settled(page).screenshot(path=str(path))


def host(server: LiveServer, peers: list[Peer], room: dict[str, Any]) -> Peer:
    tv = Peer(server.url, "tv")
    peers.append(tv)
    assert tv.call("host", {"code": room["code"], "host_token": room["host_token"]})["ok"]
    return tv


def join(server: LiveServer, peers: list[Peer], room: dict[str, Any], name: str) -> Peer:
    phone = Peer(server.url, name)
    peers.append(phone)
    ack = phone.call("join", {"code": room["code"], "name": name})
    assert ack["ok"], ack
    phone.token = ack["token"]  # a press is signed with it
    return phone


#: each game whose room fills with 1, 2 and 5 seats
FULL_ROOMS = (("carodejnice", 1), ("witchcraft", 2), ("witch-and-bitch", 5))


def test_the_full_room_refusal_names_its_seats(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path
) -> None:
    """One phone per language goes from full room to full room."""
    pages = {lang: phone_in(browser, server, lang) for lang in LANGUAGES}
    for game, seats in FULL_ROOMS:
        full_room_refused(server, peers, artifacts, pages, game, seats)
    close_all(*pages.values())


def full_room_refused(
    server: LiveServer,
    peers: list[Peer],
    artifacts: Path,
    pages: dict[str, Any],
    game: str,
    seats: int,
) -> None:
    room = server.create_room(game)
    host(server, peers, room)
    for k in range(seats):
        join(server, peers, room, f"P{k + 1}")
    for lang, page in pages.items():
        page.goto(room["join_url"])
        page.fill("#name", "Zoe")
        page.click("#btn-join")
        refusal = said(lang, "The room is full (seats: {seats}).", seats=seats)
        page.wait_for_function(
            "text => document.querySelector('#join-error')?.textContent === text", arg=refusal
        )
        assert page.locator("#join-error").is_visible()
        shot(page, artifacts / f"counts-room-full-{seats}-{lang}-390x844.png")


def phone_speaks(page: Any, lang: str) -> None:
    """The player switches the phone to ``lang`` with the top bar's one button (it cycles the
    languages)."""
    for _ in range(3):
        if page.evaluate("() => document.documentElement.lang") == lang:
            return
        before = page.evaluate("() => document.documentElement.lang")
        page.click(".me-bar .lang-cycle")
        page.wait_for_function("was => document.documentElement.lang !== was", arg=before)
    assert page.evaluate("() => document.documentElement.lang") == lang


def test_the_buzzer_counter_agrees_with_1_2_and_5_presses(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path
) -> None:
    """Each round's counter read in both languages: the phone opens in the first (its
    player's cookie), then its player switches it with the top bar's button."""
    room = server.create_room("buzzer", options={"random_delay": False, "countdown": 0})
    tv = host(server, peers, room)
    page = phone_in(browser, server, LANGUAGES[0])
    page.goto(room["join_url"])
    page.fill("#name", "Zoe")
    page.click("#btn-join")
    page.wait_for_selector("#screen-lobby", state="visible")
    others = [join(server, peers, room, name) for name in ("Ann", "Ben", "Cleo", "Dan", "Eve")]
    assert tv.call("room", {"type": "start"})["ok"]
    for number, k in enumerate((1, 2, 5), start=1):  # a round each: Ann first, k of six press
        assert tv.call("act", {"type": "arm"})["ok"]
        tv.wait_view(lambda v, r=number: v["game"]["round"] == r and v["game"]["status"] == "open")
        for phone in others[:k]:
            assert phone.press("buzz")["ok"]
        for lang in LANGUAGES:
            phone_speaks(page, lang)
            counters = [
                plural(lang, english, k, name="Ann", total=6)
                for english in (
                    "{name} is fastest so far · {n} of {total} pressed",
                    "{name} was fastest · {n} of {total} pressed",
                )
            ]
            page.wait_for_function(
                "texts => texts.some((text) => document.body.innerText.includes(text))",
                arg=counters,
            )
            shot(page, artifacts / f"counts-buzzer-{k}-of-6-{lang}-390x844.png")
        tv.wait_view(
            lambda v, r=number: (
                v["game"]["round"] == r and v["game"]["status"] not in ("armed", "open", "pressed")
            )
        )
    close_all(page)


def tv_speaks(tv: Any, lang: str) -> None:
    """The host switches the TV to ``lang`` with the bar's one button (in play it names the
    language and cycles to the next)."""
    for _ in range(3):
        if tv.evaluate("() => document.documentElement.lang") == lang:
            return
        before = tv.evaluate("() => document.documentElement.lang")
        tv.click(".tv-bar .lang-cycle")
        tv.wait_for_function("was => document.documentElement.lang !== was", arg=before)
    assert tv.evaluate("() => document.documentElement.lang") == lang


def play_until(bots: list[PhoneBot], done: Any, what: str) -> dict[str, Any]:
    """The bots play until their table view satisfies ``done`` (the limit only guards against
    hanging)."""
    end = time.monotonic() + 120
    while time.monotonic() < end:
        game = bots[0].peer.latest()["game"]
        if game and done(game):
            return dict(game)
        for bot in bots:
            bot.step()
        time.sleep(0.03)
    raise AssertionError(f"the bots did not reach {what}")


@pytest.mark.parametrize("sets", [1, 2, 5])
def test_witchs_brew_ends_after_1_2_and_5_sets_in_czech_and_italian(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path, sets: int
) -> None:
    """The ravens all go in the last set (the TV takes them): the end names the four ravens
    ("Všichni 4 havrani" in the form of 2–4) and the sets played. The sets before are played
    over Socket.IO clients; the TV opens once the last set's first card is played."""
    room = server.create_room("witchs-brew", seed=5)
    table = host(server, peers, room)
    bots = [
        PhoneBot(join(server, peers, room, name), seat, last_set=sets - 1)
        for seat, name in enumerate(("Ann", "Ben", "Cleo"))
    ]
    assert table.call("room", {"type": "start"})["ok"]
    if sets > 1:  # the sets before the last one go by without a raven
        play_until(bots, lambda g: g["set"] == sets, f"set {sets}")
    for bot in bots:
        bot.last_set = None
    # a raven counts for the set before until this set's first card is played
    play_until(bots, lambda g: g["raven_set"] == sets, f"the first card of set {sets}")
    table.close()  # the TV page hosts from here
    tv = open_tv(browser, server, room, motion=False)
    tv.wait_for_selector("#wb-tv")
    for left in (3, 2, 1, 0):  # the raven button asks twice
        tv.wait_for_function("() => !document.querySelector('#wb-raven')?.disabled")
        tv.click("#wb-raven")
        tv.click("#wb-raven")
        bots[0].peer.wait_view(lambda v, left=left: v["game"]["ravens_left"] == left)
    final = play_until(bots, lambda g: g["phase"] == "scoring", "the end")
    assert final["set"] == sets and final["ravens_left"] == 0
    tv.wait_for_selector('#wb-tv[data-phase="scoring"]')
    for lang in LANGUAGES:
        tv_speaks(tv, lang)
        played = plural(lang, "{n} set", sets)
        facts = plural(lang, "The {n} raven is gone · {x} played", 4, x=played)
        tv.wait_for_function(
            "text => document.querySelector('#wb-over-facts')?.textContent === text", arg=facts
        )
        shot(tv, artifacts / f"counts-witchs-brew-end-{sets}-sets-{lang}-1920x1080.png")
    close_all(tv)
