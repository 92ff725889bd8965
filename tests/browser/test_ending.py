"""Prompts and endings in real Chromium (docs/pages.md, "Prompts and endings"): each phone shows
its ``you.prompt`` above the game; after the host's End the TV shows the ending (headline,
podium, Rematch and Another game) and each phone its place in the first person, then the podium.
Screenshots: test-artifacts/ending-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.engine.text import english
from tests.browser.a11y import assert_accessible
from tests.browser.conftest import close_all, open_table, phone_context, tv_context
from tests.support import LiveServer, Peer

pytestmark = pytest.mark.browser

NAMES = ["Sofia", "Ben"]
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}


def test_a_round_then_the_hosts_end_shows_the_ending_everywhere(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    room = server.create_room("buzzer", options={"random_delay": False, "countdown": 1})
    tv, phones = open_table(browser, server, room, NAMES)
    spy = Peer(server.url, "spy")
    assert spy.call("watch", {"code": room["code"]})["ok"]
    tv.click("#btn-start")
    for page in phones:
        # the kit's prompt, first in the game's area: the same place in every game
        page.wait_for_selector("#game > .kit-prompt:first-child", state="visible")
        assert page.locator(".kit-prompt").inner_text().strip()
    tv.click("#btn-arm")
    for page in phones:
        page.wait_for_selector('#btn-buzz[data-state="open"]', timeout=10_000)
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
    assert tv.locator(".kit-ending-next a").get_attribute("href") == "/"
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
    page = (tv_context if side == "tv" else phone_context)(browser).new_page()
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
    # the first step stands highest, in the middle
    boxes = [
        page.locator(f'.kit-step[data-place="{p}"] .kit-step-block').bounding_box() for p in (1, 2)
    ]
    assert boxes[0] and boxes[1] and boxes[0]["height"] > boxes[1]["height"]
    assert boxes[0]["x"] > boxes[1]["x"]
    if side == "phone":
        assert page.locator(".kit-ending-mine").inner_text() == "You are 2nd"
    else:
        assert page.locator(".kit-ending-next button").count() == 1
    # the picture once the celebration has played
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
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
    context = phone_context(browser)
    context.add_cookies([{"name": "lang", "value": lang, "url": server.url}])
    page = context.new_page()
    page.goto(room["join_url"])
    page.wait_for_selector("#name")
    page.evaluate(DRAW, ["phone", 3, RANKING, NAMES_5, COLOURS])
    page.wait_for_selector("#kit-ending-test .kit-podium")
    assert page.locator(".kit-ending-mine").inner_text() == mine
    assert page.locator(".kit-ending-rest .kit-ending-place").first.inner_text() == fourth
    context.close()
