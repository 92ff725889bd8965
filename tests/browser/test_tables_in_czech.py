"""Witchcraft and Witch & Bitch played in Czech in real Chromium: the host makes Czech the room's
language on the TV, the phones follow, and the names from the games' data files (tiles, spells,
scenario titles) and the sentences the views build (the move list, a set-up page with its
counts) read in Czech on the TV and on the phones. Screenshots: test-artifacts/cs-*.png."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from companion.games.witch_and_bitch.scenarios import SCENARIOS
from companion.games.witchcraft import WITCHCRAFT, turns
from companion.games.witchcraft.geometry import name
from companion.web.i18n import TRANSLATIONS
from tests.browser.conftest import close_all, open_table, settled, visible
from tests.browser.test_motion_sound_keys import PLAYED
from tests.browser.test_witch_and_bitch_night import next_until, roll_for_first, wait_step
from tests.browser.test_witchcraft_night import confirm
from tests.support import LiveServer, wait_until

pytestmark = pytest.mark.browser
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)


@cache
def czech() -> dict[str, str]:
    """The Czech catalogue: what the pages must show for an English text."""
    with (TRANSLATIONS / "cs" / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return {m.id: m.string for m in read_po(source) if isinstance(m.id, str) and m.id}


def cs(english: str, **params: object) -> str:
    text = czech()[english]
    assert text, f"no Czech for {english!r}"
    return text.format(**params) if params else text


def shot(page: Any, path: Path) -> None:
    """A screenshot once what just changed has finished moving (for the eye, not a check)."""
    settled(page).screenshot(path=str(path))


def room_in_czech(tv: Any) -> None:
    """The host picks Czech on the TV: the room's language, which the phones follow."""
    tv.click('.tv-bar .lang-switch button[data-lang="cs"]')
    tv.wait_for_function("() => document.documentElement.lang === 'cs'")


def test_witchcraft_in_czech(browser: Any, server: LiveServer, artifacts: Path) -> None:
    seed = 3
    room = server.create_room("witchcraft", seed=seed)
    tv, phones = open_table(browser, server, room, ["Ann", "Ben"])
    room_in_czech(tv)
    for page in phones:
        page.wait_for_function("() => document.documentElement.lang === 'cs'")
    tv.click("#btn-start")
    tv.wait_for_selector("#wc-tv .wc-board")
    state = WITCHCRAFT.setup(["Ann", "Ben"], {}, seed)

    for _ in range(4):  # four wizards placed, from the phones
        seat = state.decider
        assert seat is not None
        page = phones[seat]
        tile = state.players[seat].to_place[0].spec.name
        page.wait_for_selector("#wc-next")
        assert cs(tile) in page.locator("#wc-next").inner_text()  # a data name, in Czech
        choice = turns.choices(state)[0]
        page.wait_for_function(
            f"() => document.querySelector('#wc-phone')?.dataset.ply === '{state.ply}'"
            " && document.querySelector('#wc-phone').dataset.deciding === 'yes'",
        )
        page.click(f'[data-tap="{choice.at[0]},{choice.at[1]}"]')  # type: ignore[index]
        if visible(page, '#wc-choices [data-i="0"]'):
            page.click('#wc-choices [data-i="0"]')
        label = cs(
            "Place the {tile} on {cell} facing {side}",
            tile=cs(tile),
            cell=name(choice.at, state.kit.height),  # type: ignore[arg-type]
            side=choice.facing.word.upper(),  # type: ignore[union-attr]
        )
        assert page.locator("#wc-confirm").inner_text() == cs("Confirm: {label}", label=label)
        if _ == 3:
            shot(page, artifacts / "cs-witchcraft-phone-390x844.png")
        confirm(page, tv, state)
        state = WITCHCRAFT.apply(state, seat, {"type": "choose", "option": 0}, 0)
        # the move list on the TV: the built sentence in Czech, the tile's name in Czech
        line = cs(
            "places the {tile} on {cell} facing {side}",
            tile=cs(tile),
            cell=name(choice.at, state.kit.height),  # type: ignore[arg-type]
            side=choice.facing.word.upper(),  # type: ignore[union-attr]
        )
        tv.wait_for_function(
            "(line) => document.querySelector('#wc-moves li')?.innerText.includes(line)",
            arg=line,
        )
    shot(tv, artifacts / "cs-witchcraft-tv-1920x1080.png")
    # the key moments are heard: every move on the TV, a decision that became yours on a phone
    assert tv.evaluate(PLAYED).count("tap") >= 3
    assert all("claim" in page.evaluate(PLAYED) for page in phones)

    # a resignation: the result, a sentence with the players' names, in Czech on every screen
    phones[1].locator("#wc-resign").click()
    phones[1].locator("#wc-resign").click()
    tv.wait_for_function("() => document.querySelector('#wc-tv')?.dataset.phase === 'over'")
    over = cs("{who} ({guild}) wins: {loser} resigned.", who="Ann", guild=cs("red"), loser="Ben")
    # said once on the TV: the kit's ending headline (the move list and the head leave it out)
    assert tv.locator(".kit-ending-headline").inner_text() == over
    assert over not in tv.locator("#wc-pending").inner_text()
    # the winner's phone reads it in the first person (the kit's place), not in this sentence
    phones[0].wait_for_selector("#wc-resign", state="detached")
    assert phones[0].locator("#wc-result").count() == 0
    shot(tv, artifacts / "cs-witchcraft-tv-over-1920x1080.png")
    close_all(tv, *phones)


def test_witch_and_bitch_in_czech(browser: Any, server: LiveServer, artifacts: Path) -> None:
    room = server.create_room("witch-and-bitch", seed=4)
    names = ["Anna", "Ben"]
    tv, phones = open_table(browser, server, room, names)
    room_in_czech(tv)
    tv.click("#btn-start")
    wait_step(tv, "setup")
    scenario = SCENARIOS[1]
    # the scenario's title (the rulebook's words, marked N_) and the first set-up page in Czech
    tv.wait_for_function(
        "(title) => document.querySelector('#wab-head')?.innerText.includes(title)",
        arg=cs(scenario.title),
    )
    assert cs(scenario.setup[0]) in tv.locator("#wab-tv").inner_text()
    # the Destiny deck's page: a template with the scenario's counts filled in
    deck = next(k for k, page in enumerate(scenario.setup) if page.startswith("Destiny deck"))
    for _ in range(deck):
        before = tv.locator("#wab-tv").get_attribute("data-key")
        tv.click("#wab-next")
        tv.wait_for_function(f"() => document.querySelector('#wab-tv').dataset.key !== '{before}'")
    green, orange, red = scenario.deck
    built = cs(
        "Destiny deck: shuffle {green} green, {orange} orange and {red} red cards, each "
        "colour apart; red at the bottom, orange on them, green on top. The app keeps count.",
        green=green,
        orange=orange,
        red=red,
    )
    assert built in tv.locator("#wab-tv").inner_text()
    shot(tv, artifacts / "cs-witch-and-bitch-tv-setup-1920x1080.png")

    # first player, then the draft: the Spells' names (data/spells.json) in Czech on the phones
    next_until(tv, "first-roll")
    roll_for_first(tv, phones)
    wait_step(tv, "draft")
    assert "reveal" in tv.evaluate(PLAYED)  # the d20s landed on the TV
    # the TV shows the draft with the view; the drafter's phone draws it a moment later
    drafter = wait_until(
        lambda: next((p for p in phones if visible(p, "#wab-draft button")), None),
        15,
        "the drafter's phone to offer the Spells",
    )
    offered = drafter.locator("#wab-draft").inner_text()
    assert cs("Fire Ball") in offered and "Fire Ball" not in offered
    drafter.wait_for_function(
        "async () => (await import('/static/js/sound.js')).played.some((c) => c.name === 'claim')"
    )  # the pick became hers: heard and felt
    shot(drafter, artifacts / "cs-witch-and-bitch-phone-390x844.png")
    shot(tv, artifacts / "cs-witch-and-bitch-tv-1920x1080.png")
    close_all(tv, *phones)
