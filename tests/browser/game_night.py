"""The steps every game-night browser test takes the same way (issue 21, "Done when"): the
host's undo seen on every screen, the room's language switched from the TV mid-game, and the
game's own ending (the kit's, static/js/ending.js) checked and photographed on the TV and on each
phone."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from companion.web.i18n import TRANSLATIONS
from tests.browser.conftest import settled

#: "2nd" and the rest as the kit writes a place in English (its ordinal rule)
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
        page.wait_for_function(TOAST_SAYS, arg=note)


#: the TV's one-button language switch in its top bar (in play; the lobby has a row of buttons)
TV_CYCLE = ".tv-bar .lang-cycle"


def cycle_language(page: Any, lang: str, switch: str = TV_CYCLE) -> None:
    """Presses the page's one-button language switch ``switch`` (EN → CS → IT → EN) until the
    page speaks ``lang``: the one way every browser test switches a language by its cycle (the
    TV's, which is the room's, or a phone's own, ``#me .lang-cycle``)."""
    for _ in range(3):
        now = page.evaluate("() => document.documentElement.lang")
        if now == lang:
            return
        page.click(switch)
        # the page speaks the next language once all its strings arrived: wait before looking again
        page.wait_for_function("(was) => document.documentElement.lang !== was", arg=now)
    assert page.evaluate("() => document.documentElement.lang") == lang


def room_language(tv: Any, lang: str) -> None:
    """The host presses the TV's language switch until the room speaks ``lang``; the phones
    that chose nothing of their own follow."""
    cycle_language(tv, lang)


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The msgid → msgstr pairs of ``lang``'s catalogue as it is now (another hand may reword a
    translation: the tests read it rather than repeating it)."""
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return {
            m.id: m.string
            for m in read_po(source)
            if isinstance(m.id, str) and m.id and isinstance(m.string, str)
        }


def translated(lang: str, english: str, **params: object) -> str:
    """What a page in ``lang`` shows for the English text (from the catalogue, not the code),
    with ``params`` filled in when given."""
    text = catalogue(lang)[english]
    assert text, f"no {lang} translation for {english!r}"
    return text.format(**params) if params else text


def wait_text(page: Any, selector: str, wanted: str, timeout: float = 15_000) -> None:
    """Until the element's text contains ``wanted`` (views and languages arrive asynchronously);
    the text as written, not as styled (a title in capitals by CSS is written in words)."""
    page.wait_for_function(
        "([selector, wanted]) => (document.querySelector(selector)?.textContent ?? '')"
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


def assert_ending(
    tv: Any,
    phones: list[Any],
    artifacts: Path,
    name: str,
    headline: str,
    places: dict[int, int] | None = None,
    ranked: bool = True,
) -> dict[int, int]:
    """The game's own ending on every screen, in English: the TV shows the kit's headline
    (containing ``headline``) and, when the game is ``ranked``, its podium; each phone (seat = its
    index) its place in the first person — the one the TV's podium gives it, and ``places[seat]``
    when given — or no place without a ranking, and no prompt to act. Saves
    ``<name>-tv-end-1920x1080.png`` and ``<name>-phone-<seat>-end-390x844.png``; returns each
    seat's place (empty without a ranking)."""
    tv.wait_for_selector(".kit-ending:not([hidden])")
    wait_text(tv, ".kit-ending-headline", headline)
    assert tv.locator(".kit-ending .kit-podium").count() == (1 if ranked else 0)
    on_podium: dict[str, str] = tv.eval_on_selector_all(
        ".kit-ending .kit-ending-entry",
        "(entries) => Object.fromEntries(entries.map((e) => [e.dataset.seat, e.dataset.place]))",
    )
    for seat, place in (places or {}).items():
        assert on_podium.get(str(seat)) == str(place), (seat, place, on_podium)
    settled(tv).screenshot(path=str(artifacts / f"{name}-tv-end-1920x1080.png"))
    found: dict[int, int] = {}
    for seat, page in enumerate(phones):
        page.wait_for_selector(".kit-ending:not([hidden])")
        wait_text(page, ".kit-ending-headline", headline)
        mine = page.locator(".kit-ending .kit-ending-mine")
        if not ranked:
            assert mine.count() == 0, f"seat {seat} has a place in a game without a ranking"
        else:
            mine.wait_for()
            place = int(mine.get_attribute("data-place") or 0)
            assert str(place) == on_podium.get(str(seat)), (seat, place, on_podium)
            words = "You win!" if place == 1 else f"You are {ORDINALS[place]}"
            assert mine.inner_text().strip() == words
            found[seat] = place
        assert acting_prompt(page) is None, f"seat {seat} is still told to act"
        page.evaluate("window.scrollTo(0, 0)")
        settled(page).screenshot(path=str(artifacts / f"{name}-phone-{seat}-end-390x844.png"))
    assert not ranked or 1 in found.values(), found
    return found
