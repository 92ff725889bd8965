"""Prompts and endings in real Chromium (docs/pages.md, "Prompts and endings"): each phone shows
its ``you.prompt`` above the game; after the host's End the TV shows the ending (headline,
podium, Rematch and the other games) and each phone its place in the first person, then the podium.
Screenshots: test-artifacts/ending-*.png."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from companion.engine.text import english
from tests.browser.a11y import assert_accessible
from tests.browser.conftest import (
    HOLD_INCOMING,
    SETTLED,
    close_all,
    open_seats,
    open_table,
    open_tv,
    phone_context,
    settled,
    shown,
    tv_context,
)
from tests.browser.every_game import layout_faults
from tests.integration.test_witchs_brew_live import PhoneBot
from tests.support import LiveServer, Peer, seated

pytestmark = pytest.mark.browser
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)
# The pages ask for reduced motion (``motion=False``): no test here checks motion, and the
# celebration would only pace the waits for a settled screen.

NAMES = ["Sofia", "Ben"]
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}


def test_a_round_then_the_hosts_end_shows_the_ending_everywhere(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    room = server.create_room("buzzer", options={"random_delay": False, "countdown": 0})
    tv, phones = open_table(browser, server, room, NAMES, motion=False)
    spy = Peer(server.url, "spy")
    assert spy.call("watch", {"code": room["code"]})["ok"]
    tv.click("#btn-start")
    for page in phones:
        # the kit's prompt, first in the game's area: the same place in every game
        page.wait_for_selector("#game > .kit-prompt:first-child", state="visible")
        assert page.locator(".kit-prompt").inner_text().strip()
    tv.click("#btn-arm")
    for page in phones:
        page.wait_for_selector('#btn-buzz[data-state="open"]')
    phones[1].locator("#btn-buzz").tap()
    phones[1].wait_for_selector('#btn-buzz[data-state="ranked"]')
    phones[0].locator("#btn-buzz").tap()
    phones[0].wait_for_selector('#btn-buzz[data-state="ranked"]')
    phones[0].screenshot(path=str(artifacts / "ending-phone-prompt-390x844.png"))

    tv.click("#btn-end")
    tv.click("#btn-end")
    tv.wait_for_selector('body[data-status="over"]')
    outcome = spy.wait_view(lambda v: v["room"]["status"] == "over")["game"]["outcome"]
    assert outcome["reason"] == "ended"
    tv.wait_for_selector(".kit-ending", state="visible")
    assert tv.locator(".kit-ending-headline").inner_text() == english(outcome["text"])
    assert tv.locator(".kit-ending-next button").inner_text().strip() == "↻ Rematch"
    # one Rematch on the TV: under the podium, where the room looks (the bar has none)
    assert tv.locator('button:has-text("Rematch"):visible').count() == 1
    # the TV's next game is the party's (static/js/between.js): every game, this one marked
    tv.wait_for_selector(".kit-ending .next-games")
    assert tv.locator(".kit-ending .next-game").count() == 6
    assert tv.locator('.kit-ending .next-game.current[data-game="buzzer"]').count() == 1
    places = {p["seat"]: p["place"] for p in outcome["ranking"] or ()}
    assert tv.locator(".kit-podium").count() == (1 if places else 0)
    for seat, place in places.items():
        where = ".kit-step" if place <= 3 else ".kit-ending-rest"
        on_tv = tv.locator(f'{where} .kit-ending-entry[data-seat="{seat}"]')
        assert NAMES[seat] in on_tv.inner_text()
    tv.screenshot(path=str(artifacts / "ending-tv-1920x1080.png"))
    assert_accessible(tv, "the TV's ending")
    for seat, page in enumerate(phones):
        page.wait_for_selector(".kit-ending", state="visible")
        assert not page.locator(".kit-prompt").is_visible()  # the ending says it all now
        mine = page.locator(".kit-ending-mine")
        if seat in places:
            expected = "You win!" if places[seat] == 1 else f"You are {ORDINALS[places[seat]]}"
            assert mine.inner_text() == expected
        else:
            assert mine.count() == 0
        assert page.locator(".kit-ending-next").count() == 0  # the host's, not a player's
        page.screenshot(path=str(artifacts / f"ending-phone-{seat}-390x844.png"))
    assert_accessible(phones[0], "a phone's ending")
    spy.sio.disconnect()
    close_all(tv, *phones)


#: a ranking as the kit gets it: a tie for 2nd, and two seats below the podium
RANKING = [
    {"seat": 2, "place": 1, "score": 12},
    {"seat": 0, "place": 2, "score": 9},
    {"seat": 3, "place": 2, "score": 9},
    {"seat": 1, "place": 4, "score": 4},
    {"seat": 4, "place": 5, "score": 0.5},
]
NAMES_5 = ["Sofia", "Ben", "Cleo", "Dana", "Emanuela Wolkenstein"]
COLOURS = ["orange", "sky", "green", "yellow", "purple"]

#: draws the kit's ending for a synthetic view into a fresh element of the page
DRAW = """async ([side, seat, ranking, names, colours]) => {
  await (await import('/static/js/kit.js')).loadLanguage();
  const { makeEnding } = await import('/static/js/ending.js');
  const players = names.map((name, k) => ({
    seat: k, name, avatar: { shape: 'star', colour: colours[k] }, connected: true, gone: false,
  }));
  const room = { status: 'over', host: side === 'tv', players };
  const outcome = {
    reason: 'rules', text: { template: 'The game is over.' }, ranking,
  };
  const game = { outcome, you: { place: ranking.find((p) => p.seat === seat)?.place ?? null } };
  const ctx = { view: { room, game }, room, game, seat, lang: 'en' };
  const ending = makeEnding(side);
  const holder = document.createElement('section');
  holder.id = 'kit-ending-test';
  holder.className = side === 'tv' ? 'tv-game' : 'phone-game';
  holder.style.cssText = side === 'tv'
    ? 'position: fixed; inset: 0; z-index: 50;'
    : 'position: fixed; inset: 0; z-index: 50; display: flex; flex-direction: column; '
      + 'background: #10131a';
  holder.append(ending.el);
  document.body.append(holder);
  ending.draw(ctx, true);
}"""


@pytest.mark.parametrize("side", ["tv", "phone"])
def test_the_podium_puts_places_on_steps_and_the_rest_below(
    browser: Any, server: LiveServer, artifacts: Path, side: str
) -> None:
    room = server.create_room("buzzer")
    page = (tv_context if side == "tv" else phone_context)(browser, motion=False).new_page()
    page.goto(room["join_url"])
    page.wait_for_selector("#name")
    page.evaluate(DRAW, [side, 3 if side == "phone" else None, RANKING, NAMES_5, COLOURS])
    page.wait_for_selector("#kit-ending-test .kit-podium")
    steps = page.locator(".kit-step")
    assert steps.evaluate_all("els => els.map((e) => e.dataset.place)") == ["2", "1"]
    second = page.locator('.kit-step[data-place="2"] .kit-ending-name').all_inner_texts()
    assert second == ["Sofia", "Dana"]  # tied: one step
    rest = page.locator(".kit-ending-rest li").all_inner_texts()
    assert [r.split()[0] for r in rest] == ["4th", "5th"] and "0.5" in rest[1]
    # the first step stands highest, in the middle: measured once the steps have risen (the
    # celebration animates them)
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
    boxes = [
        page.locator(f'.kit-step[data-place="{p}"] .kit-step-block').bounding_box() for p in (1, 2)
    ]
    assert boxes[0] and boxes[1] and boxes[0]["height"] > boxes[1]["height"]
    assert boxes[0]["x"] > boxes[1]["x"]
    if side == "phone":
        assert page.locator(".kit-ending-mine").inner_text() == "You are 2nd"
    else:
        assert page.locator(".kit-ending-next button").count() == 1
    size = "1920x1080" if side == "tv" else "390x844"
    page.screenshot(path=str(artifacts / f"ending-podium-{side}-{size}.png"))
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "mine", "fourth"),
    [("cs", "Jsi na 2. místě", "4."), ("it", "Sei in 2ª posizione", "4ª")],
)
def test_a_phone_says_its_place_in_its_language(
    browser: Any, server: LiveServer, lang: str, mine: str, fourth: str
) -> None:
    room = server.create_room("buzzer")
    context = phone_context(browser, motion=False)
    context.add_cookies([{"name": "lang", "value": lang, "url": server.url}])
    page = context.new_page()
    page.goto(room["join_url"])
    page.wait_for_selector("#name")
    page.evaluate(DRAW, ["phone", 3, RANKING, NAMES_5, COLOURS])
    page.wait_for_selector("#kit-ending-test .kit-podium")
    assert page.locator(".kit-ending-mine").inner_text() == mine
    assert page.locator(".kit-ending-rest .kit-ending-place").first.inner_text() == fourth
    context.close()


# ---- one ending per screen: every game leaves the headline, the place and the podium to the kit --

#: how many visible elements of the page say exactly ``text`` (the innermost one of a nest)
SAYING = """(text) => [...document.querySelectorAll('body *')].filter((el) => {
  if (!el.checkVisibility({ visibilityProperty: true })) return false;
  const own = (el.innerText || '').trim();
  return own === text && ![...el.children].some((c) => (c.innerText || '').trim() === text);
}).length"""


def saying(page: Any, text: str) -> int:
    count: int = page.evaluate(SAYING, text)
    return count


def end_game(tv: Any) -> None:
    """The host's End, pressed twice: the second press once the first has armed it, and at once
    (a busy machine must not let the 3 s confirmation lapse while a click waits for the button).
    Pressed once the game's screen is mounted: a mount forgets an armed press."""
    tv.wait_for_selector("#game .kit-ending", state="attached")
    tv.click("#btn-end")
    tv.wait_for_selector("#btn-end.confirming")
    tv.locator("#btn-end").dispatch_event("click")
    tv.wait_for_selector('body[data-status="over"]')


def assert_one_ending(page: Any, outcome: dict[str, Any], place: int | None, what: str) -> None:
    """The outcome's sentence once on the screen, "You win!" once on the winner's phone (and
    nowhere else), the podium where the game ranks, and the ending on screen."""
    page.wait_for_selector(".kit-ending", state="visible")
    sentence = english(outcome["text"])
    assert saying(page, sentence) == 1, f"{what}: {sentence!r} not said exactly once"
    assert saying(page, "You win!") == (1 if place == 1 else 0), what
    assert page.locator(".kit-podium").is_visible() == bool(outcome["ranking"]), what


#: whether the kit's ending covers the middle of the TV's game area
COVERS_THE_GAME = """() => {
  const area = document.getElementById('game').getBoundingClientRect();
  const hit = document.elementFromPoint(area.left + area.width / 2, area.top + area.height / 2);
  return !!hit?.closest('.kit-ending');
}"""


def show_the_table(tv: Any, artifacts: Path, game: str, ranked: bool) -> None:
    """The TV's ending covers the game's final screen; "Show the table" folds it into a bar at
    the foot of the screen, whose headline stays readable across the room, and shows the game;
    "Show the podium" brings it back. The buzzer keeps no screen of its own at the end: no
    button there."""
    if game == "buzzer":
        assert not tv.locator(".kit-ending-peek").is_visible()
        return
    assert tv.evaluate(COVERS_THE_GAME)
    tv.click(".kit-ending-peek")
    tv.wait_for_selector(".kit-ending-folded")
    tv.wait_for_function(SETTLED)
    assert not tv.evaluate(COVERS_THE_GAME), "the folded ending still hides the game"
    headline = tv.locator(".kit-ending-headline")
    assert headline.is_visible()
    size = headline.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 40, f"the folded headline is {size}px: too small for a room"
    assert not tv.locator(".kit-podium").is_visible()
    back = "Show the podium" if ranked else "Show the result"  # a game ended without a ranking
    assert tv.locator(".kit-ending-peek").inner_text() == back
    tv.screenshot(path=str(artifacts / f"ending-{game}-tv-table-1920x1080.png"))
    tv.click(".kit-ending-peek")
    tv.wait_for_selector(".kit-ending:not(.kit-ending-folded)")
    assert tv.evaluate(COVERS_THE_GAME)
    assert tv.locator(".kit-ending-peek").inner_text() == "Show the table"


#: each game to its end: the seats, and how the end comes (the host's End, or a resignation)
ENDINGS = {
    "buzzer": (["Sofia", "Ben", "Cleo"], "end"),
    "witch-and-bitch": (["Anna", "Ben", "Cleo"], "end"),
    "witchcraft": (["Anna", "Ben"], "resign"),
    "wicked-witches-way": (["Anna", "Ben", "Cleo"], "end"),
    "carodejnice": (["Anna"], "end"),
    "witchs-brew": (["Anna", "Ben", "Cleo"], "end"),
}


def started_over_sockets(
    server: LiveServer, peers: list[Peer], game: str, names: list[str]
) -> dict[str, Any]:
    """A room of ``game`` started over Socket.IO clients (the pages check only its end); in
    the buzzer a round in which Ben is fastest and the table gives him the point. The clients
    are closed: the pages take the seats over (``peers`` holds the TV, then the phones, each
    with its seat's ``token``)."""
    options = {"random_delay": False, "countdown": 0} if game == "buzzer" else {}
    room, host, players = seated(server, peers, names, game=game, options=options)
    assert host.call("room", {"type": "start"})["ok"]
    if game == "buzzer":
        assert host.call("act", {"type": "arm"})["ok"]
        host.wait_view(lambda v: v["game"]["status"] == "open")
        assert players[1].press("buzz")["ok"]
        host.wait_view(lambda v: [p["seat"] for p in v["game"]["ranking"]] == [1])
        assert host.call("act", {"type": "award", "seat": 1, "points": 1})["ok"]
        host.wait_view(lambda v: v["game"]["awarded"] == [1])
    for peer in (host, *players):
        peer.close()
    return dict(room)


@pytest.mark.parametrize("game", list(ENDINGS))
def test_every_game_says_its_ending_once_on_each_screen(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path, game: str
) -> None:
    names, how = ENDINGS[game]
    room = started_over_sockets(server, peers, game, names)
    tokens = [peer.token for peer in peers[1:]]
    tv, phones = open_seats(browser, server, room, tokens, motion=False)
    spy = Peer(server.url, "spy")
    assert spy.call("watch", {"code": room["code"]})["ok"]
    if game == "buzzer":  # the round is on the TV: Ben awarded
        tv.wait_for_selector("#ranking .bz-awarded")
    if how == "resign":
        resign = phones[1].locator("#wc-resign")
        resign.click()
        phones[1].wait_for_selector("#wc-resign.confirming")
        resign.click()
        tv.wait_for_selector('body[data-status="over"]')
    else:
        end_game(tv)
    view = spy.wait_view(lambda v: v["room"]["status"] == "over")
    outcome = view["game"]["outcome"]
    places = {p["seat"]: p["place"] for p in outcome["ranking"] or ()}
    if game == "buzzer":  # the podium of total points, not the last round
        assert places[1] == 1 and english(outcome["text"]) == "Ben wins the game"
        assert shown(tv, "#bz-status", "#ranking", "#scores") == []
        for page in phones:
            page.wait_for_selector(".kit-ending", state="visible")
            assert shown(page, "#btn-buzz", "#bz-verdict", ".kit-status") == []
    tv.wait_for_function(SETTLED)
    assert_one_ending(tv, outcome, None, f"{game} TV")
    assert shown(tv, "#toast") == [], f"a toast covers the {game} ending"  # the buzzer's +1
    tv.screenshot(path=str(artifacts / f"ending-{game}-tv-1920x1080.png"))
    show_the_table(tv, artifacts, game, bool(outcome["ranking"]))
    for seat, page in enumerate(phones):
        assert_one_ending(page, outcome, places.get(seat), f"{game} phone {seat}")
        page.wait_for_function(SETTLED)
        page.screenshot(path=str(artifacts / f"ending-{game}-phone-{seat}-390x844.png"))
    spy.close()
    close_all(tv, *phones)


def test_the_hosts_end_pressed_while_the_game_screen_loads_is_not_forgotten(
    browser: Any, server: LiveServer, peers: list[Peer]
) -> None:
    """The host presses End once while the TV still loads the game's screen (its reference
    data held back), then again once it is shown: the game ends (the screen's mount forgot the
    first press, and the second only armed the button again)."""
    options = {"random_delay": False, "countdown": 0}
    room, host, _ = seated(server, peers, NAMES, game="buzzer", options=options)
    host.close()  # the TV page hosts
    tv = tv_context(browser, motion=False).new_page()
    tv.goto(f"{server.url}/host/{room['code']}#{room['host_token']}")
    tv.wait_for_function(
        "() => document.querySelectorAll('#players li[data-seat] .dot.connected').length === 2"
    )
    held: list[Any] = []
    # on the context: a page's service worker, where it runs, makes the request
    tv.context.route("**/api/games/buzzer/reference", lambda route: held.append(route))
    tv.click("#btn-start")
    tv.wait_for_selector('body[data-status="playing"]')
    for _ in range(300):  # the request is on its way: wait for it (up to 30 s)
        if held:
            break
        tv.wait_for_timeout(100)
    assert held, "the TV did not ask for the game's reference data"
    assert tv.locator("#game .kit-ending").count() == 0  # not mounted yet
    tv.click("#btn-end")
    tv.wait_for_selector("#btn-end.confirming")
    held[0].continue_()
    tv.wait_for_selector("#game .kit-ending", state="attached")  # the game's screen is here
    tv.locator("#btn-end").dispatch_event("click")  # at once: within the press's 3 s
    tv.wait_for_selector('body[data-status="over"]')
    tv.wait_for_selector(".kit-ending", state="visible")
    close_all(tv)


def test_the_note_of_the_winning_award_does_not_cover_the_ending(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path
) -> None:
    """The buzzer's last award ends the game: its "+1 for Ben (Undo takes it back)" comes with
    the award's ack, after the view that ended the game. The TV's messages are held back until
    both are there, then handed over at once: the ending shows, and no toast over it."""
    options = {"random_delay": False, "countdown": 0, "target": 1}
    room, table, (sofia, ben) = seated(server, peers, NAMES, game="buzzer", options=options)
    assert table.call("room", {"type": "start"})["ok"]
    assert table.call("act", {"type": "arm"})["ok"]
    table.wait_view(lambda v: v["game"]["status"] == "open")
    assert ben.press("buzz")["ok"]
    table.wait_view(lambda v: v["game"]["status"] == "closed")
    tv = open_tv(browser, server, room, script=HOLD_INCOMING)
    award = tv.locator('#ranking button[data-award="1"]')
    award.wait_for()
    tv.evaluate("window.__hold = true")
    award.click()
    # the award's ack (a Socket.IO ack frame, "43…") comes after the view that ends the game
    tv.wait_for_function("() => window.__held.some((frame) => String(frame).startsWith('43'))")
    tv.evaluate("window.__release()")
    tv.wait_for_selector(".kit-ending", state="visible")
    assert tv.locator(".kit-ending-headline").inner_text() == "Ben wins the game"
    assert shown(tv, "#toast") == [], "the award's note covers the ending"
    settled(tv).screenshot(path=str(artifacts / "ending-buzzer-award-tv-1920x1080.png"))
    tv.context.close()


class CountingBot(PhoneBot):
    """A Witch's Brew phone bot that plays the set but leaves its victory points to the TV."""

    def _choose(
        self, game: dict[str, Any], you: dict[str, Any], trick: Any
    ) -> dict[str, Any] | None:
        return None if "points" in you["prompts"] else super()._choose(game, you, trick)


#: what stays inside the TV's game area (nothing cut on the scoring screen)
FITS = """() => {
  const area = document.getElementById('game').getBoundingClientRect();
  const cut = [];
  for (const el of document.querySelectorAll('#wb-tv .wb-over-main, #wb-tv .wb-over-main *')) {
    if (!el.checkVisibility()) continue;
    const box = el.getBoundingClientRect();
    const out = box.bottom > area.bottom + 0.5 || box.right > area.right + 0.5
      || box.left < area.left - 0.5;
    if (out) cut.push(`${el.id || el.className || el.tagName} outside the game area`);
    if (el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'visible')
      cut.push(`${el.id || el.className || el.tagName} cuts its content`);
  }
  return cut;
}"""

#: the victory points the table enters: a tie the unused amulets decide, for the win when
#: Anna's and Ben's amulets differ, else Ben and Cleo for 2nd behind Anna
TIE_FOR_FIRST = [15, 15, 9, 7, 5, 3]
TIE_FOR_SECOND = [15, 12, 12, 7, 5, 3]
WB_NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fabrizio"]


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_witchs_brew_counts_the_points_then_ends_once(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path, n: int
) -> None:
    """Phone bots play one set (every raven gone) over sockets; the TV opens on the scoring
    screen, which says it is scoring,
    not "Game over", and fits 1920×1080 whole, and a phone's (390×844) holds its layout, up to
    the 6 players the game allows; the TV enters the points and confirms; then
    the TV and two phones (Anna and Ben: the winner and another place when the amulets break
    their tie) say the ending once, with the amulets' tie-break fact under the podium when the
    amulets decided."""
    options = {"amulets": True, "sixth_player": n == 6}  # a sixth seat is the option's
    room, host, players = seated(
        server, peers, WB_NAMES[:n], game="witchs-brew", seed=7, options=options
    )
    bots = [CountingBot(peer, seat) for seat, peer in enumerate(players)]
    tokens = [peer.token for peer in players]
    assert host.call("room", {"type": "start"})["ok"]
    host.close()  # the TV page hosts from the scoring on
    bots[1].peer.wait_view(lambda v: v["game"] is not None)
    while bots[1].peer.call("act", {"type": "raven"})["ok"]:  # every raven goes in set 1
        pass
    bots[0].peer.wait_view(lambda v: v["game"]["phase"] in ("select", "trick"))
    end = time.monotonic() + 120  # only against hanging: the loop ends with the set
    while time.monotonic() < end and bots[0].peer.latest()["game"]["phase"] != "scoring":
        for bot in bots:
            bot.step()
        time.sleep(0.03)

    tv = tv_context(browser, motion=False).new_page()
    tv.goto(f"{server.url}/host/{room['code']}#{room['host_token']}")
    tv.wait_for_selector('#wb-tv[data-phase="scoring"]')
    tv.wait_for_function(SETTLED)
    # it is scoring, and says so (in whatever case the style writes it)
    assert "game over" not in tv.locator("body").inner_text().lower()
    assert "scores" in tv.locator("#wb-set").inner_text().lower()
    tv.screenshot(path=str(artifacts / f"ending-witchs-brew-{n}p-tv-scoring-1920x1080.png"))
    assert tv.evaluate(FITS) == []
    assert layout_faults(tv) == []
    for selector in ("#wb-tiebreak", "#wb-confirm", "#wb-count-now"):
        assert tv.locator(selector).is_visible(), selector
    unused = {p["seat"]: p["amulets"]["unused"] for p in bots[2].peer.latest()["game"]["players"]}
    points, tied = (TIE_FOR_FIRST, (0, 1)) if unused[0] != unused[1] else (TIE_FOR_SECOND, (1, 2))

    # Anna's and Ben's phones take their seats over from the bots (their tokens)
    phones = []
    for seat in (0, 1):
        bots[seat].peer.close()
        context = phone_context(browser, motion=False)
        context.add_init_script(  # the server's pages only (not the first blank page)
            f"if (location.origin === '{server.url}')"
            f" localStorage.setItem('companion.seat.{room['code']}', '{tokens[seat]}')"
        )
        page = context.new_page()
        page.goto(room["join_url"])
        page.wait_for_selector('#wb-phone[data-phase="scoring"]')
        assert "game over" not in page.locator("body").inner_text().lower()
        phones.append(page)
    phones[1].wait_for_function(SETTLED)
    phones[1].screenshot(path=str(artifacts / f"ending-witchs-brew-{n}p-phone-scoring-390x844.png"))
    assert layout_faults(phones[1]) == []

    for seat in range(n):
        tv.fill(f'input[data-points-seat="{seat}"]', str(points[seat]))
        tv.click(f'button[data-points-send="{seat}"]')
        tv.wait_for_function(
            "([seat, points]) => document.querySelector(`input[data-points-seat='${seat}']`)"
            "?.value === String(points)",
            arg=[seat, points[seat]],
        )
    tv.click("#wb-confirm:not([disabled])")
    tv.wait_for_selector('body[data-status="over"]')
    table = bots[2].peer.wait_view(lambda v: v["room"]["status"] == "over")["game"]
    outcome = table["outcome"]
    places = {p["seat"]: p["place"] for p in outcome["ranking"]}
    winners = [WB_NAMES[seat] for seat, place in places.items() if place == 1]
    assert len(winners) == 1 and english(outcome["text"]) == f"{winners[0]} wins the game"
    decided = unused[tied[0]] != unused[tied[1]]  # the amulets break the tie, or they share
    assert (places[tied[0]] != places[tied[1]]) == decided
    tv.wait_for_function(SETTLED)
    screens = ((tv, None, "TV"), (phones[0], places[0], "Anna"), (phones[1], places[1], "Ben"))
    for page, place, what in screens:
        assert_one_ending(page, outcome, place, f"witch's brew {n}p {what}")
        facts = page.locator(".kit-ending-extra .wb-ending-fact")
        assert facts.count() == (1 if decided else 0), what
        if decided:
            tie = f"Tied on {points[tied[0]]} points: unused amulets decide"
            assert facts.inner_text().startswith(tie), facts.inner_text()
        # no list or headline of the game's own beside the kit's
        assert page.locator("#wb-final, #wb-over").count() == 0, what
    tv.screenshot(path=str(artifacts / f"ending-witchs-brew-{n}p-tv-1920x1080.png"))
    for seat, page in enumerate(phones):
        page.wait_for_function(SETTLED)
        page.screenshot(path=str(artifacts / f"ending-witchs-brew-{n}p-phone-{seat}-390x844.png"))
    close_all(tv, *phones)
