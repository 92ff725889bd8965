"""Helpers for the browser tests that walk every registered game in every language: one table
(a TV and a few phones) whose pages are reused from game to game, the room's language switched
from the TV, the English texts that have a translation (read from the .po catalogues) and the
layout faults a page shows (text sticking out, cut by an ellipsis, broken inside a word, a
button pushed under the name of its row)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from babel.messages.pofile import read_po

from companion.games.registry import GAMES
from tests.browser.conftest import phone_context, tv_context
from tests.browser.game_night import room_language
from tests.support import ROOT, LiveServer

#: every registered game, by id
GAME_IDS = list(GAMES)
#: the players' names: none of them is a message id; Cleo's has an emoji (shown whole)
NAMES = ["Anna", "Cleo 🧙‍♀️", "Benedetta"]

PLACEHOLDER = re.compile(r"\{\w+\}")


def js_escape(text: str) -> str:
    """``text`` as a literal inside a JavaScript regular expression (Python's re.escape
    escapes characters that a JavaScript pattern refuses to see escaped)."""
    return re.sub(r"[.*+?^${}()|[\]\\/]", lambda m: "\\" + m.group(0), text)


@dataclass(frozen=True)
class Catalogue:
    """The English texts of one language's catalogue that it translates into something else:
    ``exact`` the texts without placeholders, ``patterns`` the templates as anchored patterns
    (a placeholder matches any text); a template whose fixed words have fewer than four
    letters would match nearly anything and is left out."""

    exact: list[str] = field(default_factory=list)
    patterns: list[str] = field(default_factory=list)


@cache
def catalogue(lang: str) -> Catalogue:
    path = ROOT / "companion" / "translations" / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as source:
        po = read_po(source, locale=lang)
    exact: set[str] = set()
    patterns: set[str] = set()
    for message in po:
        if not message.id or message.fuzzy:
            continue
        ids = [str(text) for text in (message.id if message.pluralizable else [message.id])]
        given = message.string if isinstance(message.string, tuple | list) else [message.string]
        strings = [str(text or "") for text in given]
        if not any(s.strip() for s in strings):
            continue
        for english in ids:
            english = english.strip()
            if not english or english in strings:
                continue  # untranslated, or the same word in both languages
            if not PLACEHOLDER.search(english):
                exact.add(english)
                continue
            fixed = PLACEHOLDER.sub("", english)
            if sum(ch.isalpha() for ch in fixed) < 4:
                continue
            parts = [js_escape(part) for part in PLACEHOLDER.split(english)]
            patterns.add("^" + ".+?".join(parts) + "$")
    return Catalogue(sorted(exact), sorted(patterns))


#: keeps a language's catalogue in the page (``window.__english[lang]``), its templates compiled:
#: a check while the page follows a switch runs at every frame, and sending the catalogue
#: (1,400 texts, 600 templates) and compiling it each time took ten times the check
KEEP_CATALOGUE = """({lang, exact, patterns}) => {
  window.__english = window.__english || {};
  window.__english[lang] = { known: new Set(exact), templates: patterns.map((p) => new RegExp(p)) };
}"""

#: the visible texts of a page that are one of the catalogue's English texts: every text node
#: whose element is rendered (and a select's chosen option), spaces folded; null when the page
#: does not keep the language's catalogue (a page loaded since it was given)
ENGLISH_LEFT = """
({lang, skip}) => {
  const kept = window.__english?.[lang];
  if (!kept) return null;
  const { known, templates } = kept;
  const found = new Set();
  const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.replace(/\\s+/g, ' ').trim();
    let el = node.parentElement;
    if (!text || !el || skip.includes(text)) continue;
    if (el.closest('script, style, template, noscript')) continue;
    if (el.tagName === 'OPTION') {
      if (!el.selected) continue;
      el = el.closest('select');
    }
    if (!el || !shown(el)) continue;
    if (known.has(text) || templates.some((re) => re.test(text))) found.add(text);
  }
  return [...found];
}
"""


def keep_catalogue(page: Any, lang: str) -> None:
    """Give the page ``lang``'s catalogue, unless it keeps it already."""
    if not page.evaluate("(lang) => !!window.__english?.[lang]", lang):
        known = catalogue(lang)
        page.evaluate(KEEP_CATALOGUE, {"lang": lang, **vars(known)})


def english_left(page: Any, lang: str, skip: list[str]) -> list[str]:
    """The visible English texts of ``page`` that ``lang`` translates (none once the page
    speaks ``lang``)."""
    for _ in range(3):  # the page may load again between the two steps
        keep_catalogue(page, lang)
        found: list[str] | None = page.evaluate(ENGLISH_LEFT, {"lang": lang, "skip": skip})
        if found is not None:
            return found
    raise AssertionError(f"{page.url} does not keep the {lang} catalogue")


def wait_translated(page: Any, lang: str, skip: list[str], timeout: float = 5000) -> list[str]:
    """Wait until no visible English text is left on ``page`` (a switch re-renders a page
    in steps: its bundle, its help, its game); the texts still English when the time is up."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    keep_catalogue(page, lang)
    try:
        page.wait_for_function(
            f"(arg) => ({ENGLISH_LEFT})(arg)?.length === 0",
            arg={"lang": lang, "skip": skip},
            timeout=timeout,
        )
    except PlaywrightTimeout:
        return english_left(page, lang, skip)
    return []


#: the faults of the page's layout, each "what: text" (docs/pages.md, "Layout in every language")
LAYOUT_FAULTS = """
() => {
  const faults = [];
  const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
    && el.getClientRects().length > 0;
  const say = (el) => (el.innerText || el.textContent || '')
    .replace(/\\s+/g, ' ').trim().slice(0, 60);
  const boxed = (el) => getComputedStyle(el).display !== 'inline' && el.clientWidth > 0;
  // Only what is on the screen's own canvas: a visually hidden text is for screen readers.
  const hiddenText = (el) => el.closest('.visually-hidden, [aria-hidden=true] .visually-hidden');
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    faults.push(`page wider than the screen: ${document.documentElement.scrollWidth}px`);
  }
  const all = [...document.body.querySelectorAll('*')].filter((el) => shown(el) && !hiddenText(el));
  for (const el of all) {
    const style = getComputedStyle(el);
    const text = say(el);
    if (!text) continue;
    // cut by an ellipsis (or a line clamp)
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) {
      faults.push(`cut: ${text}`);
    } else if (style.webkitLineClamp !== 'none' && el.scrollHeight > el.clientHeight + 1) {
      faults.push(`clamped: ${text}`);
    }
    // a label whose text sticks out of its box
    const label = el.matches('button, h1, h2, h3, label, .name, .who-name, .game-name, .chip')
      || el.matches('[class*=title], [class*=name], [class*=step], [class*=label]');
    const sticks = el.scrollWidth > el.clientWidth + 1;
    if (label && boxed(el) && style.textOverflow !== 'ellipsis' && sticks) {
      faults.push(`overflows: ${text}`);
    }
  }
  // a button of a row pushed under the row's name, or out of the row
  for (const row of document.body.querySelectorAll('li')) {
    const name = row.querySelector(':scope > .name, :scope > .who .who-name');
    if (!name || !shown(name)) continue;
    const named = name.getBoundingClientRect();
    const edge = row.getBoundingClientRect();
    for (const button of row.querySelectorAll('button')) {
      if (!shown(button)) continue;
      const box = button.getBoundingClientRect();
      if (box.top >= named.bottom - 2 && box.left < named.right) {
        faults.push(`wrapped under ${say(name)}: ${say(button)}`);
      }
      if (box.right > edge.right + 1 || box.left < edge.left - 1) {
        faults.push(`out of the row of ${say(name)}: ${say(button)}`);
      }
    }
  }
  // a word broken across two lines without a hyphen (a break after a hyphen or slash is one)
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !shown(el) || hiddenText(el) || el.closest('script, style')) continue;
    if (getComputedStyle(el).hyphens === 'auto' && el.lang) continue;
    for (const match of node.nodeValue.matchAll(/[^\\s\\-\\u2010/\\u200b]{2,}/g)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
        .map((r) => Math.round(r.top / 4)));
      if (tops.size > 1) faults.push(`word split: ${match[0]}`);
    }
  }
  return [...new Set(faults)];
}
"""


def layout_faults(page: Any) -> list[str]:
    faults: list[str] = page.evaluate(LAYOUT_FAULTS)
    return faults


def phone_page(browser: Any, width: int) -> Any:
    return phone_context(browser, width=width, motion=False).new_page()


@dataclass
class Table:
    """A TV (1920×1080) and phones of the given widths, reused from room to room."""

    browser: Any
    widths: list[int]
    tv: Any = None
    phones: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.tv = tv_context(self.browser, motion=False).new_page()
        self.phones = [phone_page(self.browser, width) for width in self.widths]

    def open(self, server: LiveServer, game_id: str) -> dict[str, Any]:
        """A new room of ``game_id`` in English: the TV hosts it, as many phones as the game
        seats take a seat (at least two phones are used; a solo game's second one watches)."""
        room = server.create_room(game_id)
        game = GAMES[game_id]
        seats = max(game.min_players, min(2, game.max_players))
        self.tv.context.clear_cookies()  # the host's language choice of the game before
        self.tv.goto(f"{server.url}/host/{room['code']}#{room['host_token']}")
        self.tv.wait_for_selector("#room-code")
        self.tv.wait_for_function("() => document.documentElement.lang === 'en'")
        for page in self.phones[seats:]:
            page.goto("about:blank")
        for n, page in enumerate(self.playing(game_id)):
            page.goto(room["join_url"])
            if n < seats:
                page.fill("#name", NAMES[n])
                page.click("#btn-join")
            else:
                page.click("#btn-watch")
            page.wait_for_selector("#screen-lobby", state="visible")
        seated = "document.querySelectorAll('#players li[data-seat] .dot.connected').length"
        self.tv.wait_for_function(f"() => {seated} === {seats}")
        return room

    def playing(self, game_id: str) -> list[Any]:
        """The phones at this game's table: its seats, and a watcher for a solo game."""
        game = GAMES[game_id]
        return self.phones[: max(2, max(game.min_players, min(2, game.max_players)))]

    def pages(self, game_id: str) -> list[Any]:
        return [self.tv, *self.playing(game_id)]

    def start(self, game_id: str) -> None:
        """The host starts the game; every screen shows its first view of it."""
        self.tv.click("#btn-start")
        for page in self.pages(game_id):
            page.wait_for_selector('body[data-status="playing"]')
            page.wait_for_function("() => document.querySelector('#game')?.childElementCount > 0")

    def speak(self, game_id: str, lang: str) -> None:
        """The host makes ``lang`` the room's language on the TV (the lobby's row of buttons,
        in play the one button that cycles); every phone of the table follows it."""
        tv = self.tv
        if tv.locator(f'.tv-bar .lang-switch button[data-lang="{lang}"]').count():
            tv.click(f'.tv-bar .lang-switch button[data-lang="{lang}"]')
        else:
            room_language(tv, lang)
        for page in self.pages(game_id):
            page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)

    def close(self) -> None:
        for page in [self.tv, *self.phones]:
            page.context.close()
