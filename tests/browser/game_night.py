"""What every browser game night checks the same way (issue 21): the room's language switched
from the TV mid-game, and the kit's ending (static/js/ending.js) on the TV and on every phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from babel.support import Translations

from tests.browser.conftest import settled
from tests.support import ROOT

#: "2nd" and the rest as the kit writes a place in English (its ordinal rule)
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def in_language(lang: str, english: str, **params: object) -> str:
    """``english`` as the catalogue of ``lang`` has it now (another hand may reword a
    translation: the test reads it rather than repeating it), different from the English."""
    catalogue = Translations.load(str(ROOT / "companion" / "translations"), [lang])
    text = catalogue.gettext(english)
    assert text != english, f"no {lang} translation of {english!r}"
    return text.format(**params) if params else text


def room_language(tv: Any, lang: str) -> None:
    """The host presses the TV's one-button language switch (in play: EN → CS → IT → EN) until
    the room speaks ``lang``; the phones that chose nothing of their own follow."""
    switch = tv.locator(".tv-bar .lang-cycle")
    for _ in range(3):
        if switch.get_attribute("data-lang") == lang:
            return
        following = switch.get_attribute("data-next")
        switch.click()
        # the bar is drawn again in the new language: wait for it before the next look
        tv.wait_for_selector(f'.tv-bar .lang-cycle[data-lang="{following}"]')
    assert switch.get_attribute("data-lang") == lang


def wait_text(page: Any, selector: str, wanted: str, timeout: float = 10_000) -> None:
    """Until the element's text contains ``wanted`` (views and languages arrive asynchronously);
    the text as written, not as styled (a title in capitals by CSS is written in words)."""
    page.wait_for_function(
        "([selector, wanted]) => (document.querySelector(selector)?.textContent || '')"
        ".includes(wanted)",
        arg=[selector, wanted],
        timeout=timeout,
    )


def acting_prompt(page: Any) -> str | None:
    """The phone's prompt if it tells the player to act now (shown, kind ``act``), else None."""
    found: str | None = page.evaluate(
        """() => {
          const prompt = document.querySelector('.kit-prompt');
          return prompt && !prompt.hidden && prompt.dataset.kind === 'act'
            ? prompt.innerText : null;
        }"""
    )
    return found


def assert_kit_ending(
    tv: Any, phones: list[Any], artifacts: Path, prefix: str, headline: str
) -> dict[int, int]:
    """The game's own ending on every screen, in English: the TV shows the outcome's headline
    (containing ``headline``) and the podium; each phone (seat = its index) its place in the
    first person — the same place the TV's podium gives it — and no prompt to act. Saves
    ``<prefix>-tv-end-1920x1080.png`` and ``<prefix>-phone<seat>-end-390x844.png``; returns
    each seat's place."""
    tv.wait_for_selector(".kit-ending:not([hidden]) .kit-podium", timeout=15_000)
    wait_text(tv, ".kit-ending-headline", headline)
    on_podium: dict[str, str] = tv.eval_on_selector_all(
        ".kit-ending .kit-ending-entry",
        "(entries) => Object.fromEntries(entries.map((e) => [e.dataset.seat, e.dataset.place]))",
    )
    settled(tv).screenshot(path=str(artifacts / f"{prefix}-tv-end-1920x1080.png"))
    places: dict[int, int] = {}
    for seat, page in enumerate(phones):
        mine = page.locator(".kit-ending:not([hidden]) .kit-ending-mine")
        mine.wait_for(timeout=15_000)
        place = int(mine.get_attribute("data-place") or 0)
        assert str(place) == on_podium.get(str(seat)), (seat, place, on_podium)
        words = "You win!" if place == 1 else f"You are {ORDINALS.get(place, f'{place}th')}"
        assert mine.inner_text().strip() == words
        wait_text(page, ".kit-ending-headline", headline)
        assert acting_prompt(page) is None, f"seat {seat} is still told to act"
        settled(page).screenshot(path=str(artifacts / f"{prefix}-phone{seat}-end-390x844.png"))
        places[seat] = place
    assert 1 in places.values(), places
    return places
