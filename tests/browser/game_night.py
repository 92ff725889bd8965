"""The steps every game-night browser test takes (issue 21, "Done when"): the host's undo seen
on every screen, the room's language switched from the TV, and the game's own ending checked
and photographed on the TV and on each phone."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from companion.web.i18n import TRANSLATIONS
from tests.browser.conftest import settled

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}

#: whether the page's toast shows ``note`` now
TOAST_SAYS = (
    "(note) => { const toast = document.querySelector('#toast');"
    " return !!toast && !toast.hidden && toast.textContent === note; }"
)


def host_undo(tv: Any, phones: list[Any], note: str) -> None:
    """The host presses Undo twice on the TV; the TV and every phone show ``note``
    ("Undone: Anna's corpse — +3 XP.", in English)."""
    tv.click("#btn-undo")
    tv.click("#btn-undo")  # pressed twice: sure
    for page in (tv, *phones):
        page.wait_for_function(TOAST_SAYS, arg=note, timeout=15_000)


def room_language(tv: Any, lang: str) -> None:
    """The host switches the room's language from the TV's one-button switch (in play it
    cycles EN → CS → IT); the phones that chose none follow the room."""
    for _ in range(3):
        before = tv.evaluate("() => document.documentElement.lang")
        if before == lang:
            return
        tv.click(".tv-bar .lang-cycle")
        tv.wait_for_function("(b) => document.documentElement.lang !== b", arg=before)
    assert tv.evaluate("() => document.documentElement.lang") == lang


@cache
def catalogue(lang: str) -> dict[str, str]:
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return {
            m.id: m.string
            for m in read_po(source)
            if isinstance(m.id, str) and m.id and isinstance(m.string, str)
        }


def translated(lang: str, english: str) -> str:
    """What a page in ``lang`` shows for the English text (from the catalogue, not the code)."""
    text = catalogue(lang)[english]
    assert text, f"no {lang} translation for {english!r}"
    return text


def wait_text(page: Any, selector: str, wanted: str) -> None:
    """Until the element's text contains ``wanted``."""
    page.wait_for_function(
        "([s, w]) => (document.querySelector(s)?.textContent ?? '').includes(w)",
        arg=[selector, wanted],
        timeout=15_000,
    )


def assert_ending(
    tv: Any,
    phones: list[Any],
    headline: str,
    places: dict[int, int] | None,
    artifacts: Path,
    name: str,
) -> None:
    """The game's own ending on every screen: on the TV the kit's headline (the outcome's
    English text) and, with a ranking, its podium naming each seat; on each phone its place in
    the first person (none without a ranking) and no prompt asking it to act. Screenshots of
    each end screen go to ``artifacts/<name>-…-end-….png``."""
    tv.wait_for_selector(".kit-ending", state="visible", timeout=15_000)
    settled(tv).screenshot(path=str(artifacts / f"{name}-tv-end-1920x1080.png"))
    assert tv.locator(".kit-ending-headline").inner_text() == headline
    assert tv.locator(".kit-podium").count() == (1 if places else 0)
    for seat, place in (places or {}).items():
        where = ".kit-step" if place <= 3 else ".kit-ending-rest"
        entry = tv.locator(f'{where} .kit-ending-entry[data-seat="{seat}"]')
        assert entry.get_attribute("data-place") == str(place), (seat, entry.inner_text())
    for seat, page in enumerate(phones):
        page.wait_for_selector(".kit-ending", state="visible", timeout=15_000)
        mine = page.locator(".kit-ending-mine")
        if places is None:
            assert mine.count() == 0
        else:
            place = places[seat]
            assert mine.inner_text() == ("You win!" if place == 1 else f"You are {ORDINALS[place]}")
        prompt = page.locator(".kit-prompt")
        assert (
            prompt.count() == 0
            or not prompt.is_visible()
            or prompt.get_attribute("data-kind") == "wait"
        ), "a phone is told to act after the end"
        page.evaluate("window.scrollTo(0, 0)")
        settled(page).screenshot(path=str(artifacts / f"{name}-phone-{seat}-end-390x844.png"))
