"""Browser fixtures: Debian's Chromium driven by Playwright (its own browser download is not used).

When the browser tests cannot run (no Chromium, no zbar, no Playwright) they are skipped on a
developer machine, and fail when ``CI=true``: CI must never go green without them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import ROOT

#: Debian's headless build of Chromium (package chromium-headless-shell, from the same source as
#: its chromium package: the same Blink and V8): what Playwright itself runs headless by default.
#: The tests spent half their CPU on the full browser's compositor (167 against 81 CPU seconds
#: for three test files); ``CHROMIUM=/usr/bin/chromium`` runs them in the full browser.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
#: the full browser (Debian's chromium package), for what the headless build refuses: a Screen
#: Wake Lock (``full_browser``)
FULL_CHROMIUM = os.environ.get("FULL_CHROMIUM", "/usr/bin/chromium")
CHROMIUM = os.environ.get(
    "CHROMIUM", HEADLESS_SHELL if os.path.exists(HEADLESS_SHELL) else FULL_CHROMIUM
)
ARTIFACTS = ROOT / "test-artifacts"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--autoplay-policy=no-user-gesture-required",
]


def _unavailable(chromium: str = CHROMIUM) -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed"
    if not Path(chromium).exists():
        package = "chromium-headless-shell" if chromium == HEADLESS_SHELL else "chromium"
        return f"no Chromium at {chromium} (apt-get install -y {package})"
    if shutil.which("zbarimg") is None:
        return "zbarimg is missing (apt-get install -y zbar-tools)"
    return None


def _require(executable: str) -> None:
    """Skip the test without this browser; fail it in CI."""
    reason = _unavailable(executable)
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests must run in CI: {reason}")
        pytest.skip(reason)


def _launch(executable: str) -> Iterator[Any]:
    _require(executable)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    yield from _launch(CHROMIUM)


@pytest.fixture(scope="session")
def full_browser(browser: Any) -> Iterator[Any]:
    """The full Chromium, for a test of what the headless build refuses (it denies every
    Screen Wake Lock): launched only on a worker that runs such a test."""
    if CHROMIUM == FULL_CHROMIUM:
        yield browser
        return
    _require(FULL_CHROMIUM)
    # Playwright's sync API runs one driver per thread: the second browser shares it.
    chromium = browser.browser_type.launch(executable_path=FULL_CHROMIUM, args=ARGS)
    yield chromium
    chromium.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A browser test that fails leaves a screenshot of every page it still had open in
    ``test-artifacts/failed-<test>-<n>.png``: what the screens showed when the wait ran out."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    funcargs = getattr(item, "funcargs", {})
    browsers = {id(b): b for key in ("browser", "full_browser") if (b := funcargs.get(key))}
    if report.when != "call" or not report.failed or not browsers:
        return
    ARTIFACTS.mkdir(exist_ok=True)
    name = "".join(c if c.isalnum() else "-" for c in item.name)[:80]
    pages = [page for b in browsers.values() for context in b.contexts for page in context.pages]
    for n, page in enumerate(pages):
        try:
            page.screenshot(path=str(ARTIFACTS / f"failed-{name}-{n}.png"), timeout=5000)
        except Exception as exc:  # a closed or hung page: the failure itself matters more
            report.sections.append(("screenshot", f"page {n} ({page.url}): {exc}"))


#: uncaught exceptions in any page of the current test ("page url: message")
PAGE_ERRORS: list[str] = []


@pytest.fixture(autouse=True)
def no_page_errors() -> Iterator[None]:
    """Every browser test fails on an uncaught exception in one of its pages."""
    PAGE_ERRORS.clear()
    yield
    assert not PAGE_ERRORS, "uncaught errors in the pages:\n" + "\n".join(PAGE_ERRORS)


# The pages run under the server's Content-Security-Policy (no eval): a wait_for_function
# predicate must be a function ("() => …"), which Playwright runs without evaluating a string.
def _watch(context: Any) -> Any:
    context.on("weberror", lambda e: PAGE_ERRORS.append(f"{e.page and e.page.url}: {e.error}"))
    # Whatever the Content-Security-Policy blocks in our pages is a bug too.
    context.on(
        "console",
        lambda m: (
            PAGE_ERRORS.append(f"{m.location.get('url')}: {m.text}")
            if m.type == "error" and "Content Security Policy" in m.text
            else None
        ),
    )
    return context


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def _settings(offline_shell: bool, motion: bool) -> dict[str, Any]:
    """A context's options: the service worker (the offline shell) only where a test checks
    it, since its install fetches the whole shell again in every new context and it copies each
    later request (a page works the same without it: a classic load); reduced motion where the
    test checks no motion, so that what a test waits for is not paced by an animation."""
    return {
        "service_workers": "allow" if offline_shell else "block",
        "reduced_motion": "no-preference" if motion else "reduce",
    }


def tv_context(browser: Any, *, offline_shell: bool = False, motion: bool = True) -> Any:
    """A TV's browser (1920×1080). ``offline_shell``: with the service worker; ``motion``
    False: the device asks for reduced motion."""
    return _watch(
        browser.new_context(
            viewport={"width": 1920, "height": 1080}, **_settings(offline_shell, motion)
        )
    )


def phone_context(
    browser: Any, *, width: int = 390, offline_shell: bool = False, motion: bool = True
) -> Any:
    """A phone's browser (``width``×844, touch); the options as for ``tv_context``."""
    return _watch(
        browser.new_context(
            viewport={"width": width, "height": 844},
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            **_settings(offline_shell, motion),
        )
    )


def visible(page: Any, selector: str) -> bool:
    found = page.locator(selector)
    return found.count() > 0 and found.first.is_visible()


#: true once every animation on the page that ends has ended (a looping one never does)
SETTLED = (
    "() => document.getAnimations().every((a) => a.playState !== 'running'"
    " || a.effect.getComputedTiming().endTime === Infinity)"
)


def settled(page: Any) -> Any:
    """The page once what just changed has stopped moving (a die landed, a card turned, a
    lid closed): for a screenshot, or a contrast check that a half faded-in text would fail."""
    page.wait_for_function(SETTLED)
    return page


def shown(page: Any, *selectors: str) -> list[str]:
    """Those of ``selectors`` whose first match the page shows now, asked in one round trip
    (``visible`` takes two per selector: a loop watching four pages is slow with it)."""
    found: list[str] = page.evaluate(
        """(selectors) => selectors.filter((selector) => {
          const element = document.querySelector(selector);
          const box = element?.getBoundingClientRect();
          return !!box && box.width > 0 && box.height > 0
            && getComputedStyle(element).visibility !== 'hidden';
        })""",
        list(selectors),
    )
    return found


def press(page: Any, selector: str, tap: bool = False) -> bool:
    """Click (or tap) if the control is still there: screens re-render as views arrive, and a
    control that just went away is not an error (someone else acted first)."""
    from playwright.sync_api import Error

    target = page.locator(selector).first
    try:
        target.tap(timeout=1500) if tap else target.click(timeout=1500)
    except Error:
        return False
    return True


#: A slow network on demand: while ``window.__hold`` is true the page's WebSockets deliver
#: nothing (``window.__held`` lists what came meanwhile); ``window.__release()`` hands over what
#: was held back, in order. What the page sends still goes out at once.
HOLD_INCOMING = """
(() => {
  const Native = window.WebSocket;
  const setter = Object.getOwnPropertyDescriptor(Native.prototype, 'onmessage').set;
  const held = [];
  window.__hold = false;
  window.__held = [];
  window.__release = () => {
    window.__hold = false;
    window.__held = [];
    while (held.length) held.shift()();
  };
  class Held extends Native {
    set onmessage(handler) {
      setter.call(this, (event) => {
        if (window.__hold || held.length) {
          window.__held.push(event.data);
          held.push(() => handler.call(this, event));
        } else handler.call(this, event);
      });
    }
  }
  window.WebSocket = Held;
})();
"""


def open_tv(
    browser: Any,
    server: Any,
    room: dict[str, Any],
    script: str | None = None,
    *,
    offline_shell: bool = False,
    motion: bool = True,
    wait: bool = True,
) -> Any:
    """The room's TV page (1920×1080, running ``script`` first if given), hosting: its room
    code shown; ``offline_shell`` and ``motion`` as for ``tv_context``. ``wait`` False: the
    page is still loading (the caller waits for ``#room-code``)."""
    context = tv_context(browser, offline_shell=offline_shell, motion=motion)
    if script:
        context.add_init_script(script)
    tv = context.new_page()
    url = f"{server.url}/host/{room['code']}#{room['host_token']}"
    tv.goto(url, wait_until="load" if wait else "commit")
    if wait:
        tv.wait_for_selector("#room-code")
    return tv


def open_table(
    browser: Any,
    server: Any,
    room: dict[str, Any],
    names: list[str],
    phone_script: str | None = None,
    shots: str | None = None,
    *,
    offline_shell: bool = False,
    motion: bool = True,
    on_join: Callable[[Any], None] | None = None,
) -> tuple[Any, list[Any]]:
    """The room's TV page (1920×1080) and one phone page (390×844) per name, joined and shown
    as connected on the TV (each phone runs ``phone_script`` first, if given). With ``shots``,
    the first phone's join screen and the TV's lobby are saved as ``<shots>-…png``;
    ``on_join`` is called with the first phone on its join screen (a check of that screen);
    ``offline_shell`` and ``motion`` as for ``tv_context``. The caller closes them with
    ``close_all``."""
    tv = open_tv(browser, server, room, offline_shell=offline_shell, motion=motion, wait=False)
    pages = []
    for _ in names:  # everyone scans the code at once: the join pages load side by side
        context = phone_context(browser, offline_shell=offline_shell, motion=motion)
        if phone_script:
            context.add_init_script(phone_script)
        page = context.new_page()
        page.goto(room["join_url"], wait_until="commit")
        pages.append(page)
    tv.wait_for_load_state()  # the TV loaded meanwhile
    tv.wait_for_selector("#room-code")
    phones = []
    for name, page in zip(names, pages, strict=True):  # then each joins in turn
        page.wait_for_load_state()
        # A friend who scans the code sees the name field and the button without scrolling.
        box = page.locator("#btn-join").bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844, "join button below the fold"
        if shots and not phones:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"{shots}-phone-join-390x844.png"))
        if on_join and not phones:
            on_join(page)
        page.fill("#name", name)
        page.click("#btn-join")
        page.wait_for_selector("#screen-lobby", state="visible")
        phones.append(page)
    connected = "document.querySelectorAll('#players li[data-seat] .dot.connected').length"
    tv.wait_for_function(f"() => {connected} === {len(names)}")
    if shots:
        tv.screenshot(path=str(ARTIFACTS / f"{shots}-tv-lobby-1920x1080.png"))
        phones[0].screenshot(path=str(ARTIFACTS / f"{shots}-phone-lobby-390x844.png"))
    return tv, phones


def open_seats(
    browser: Any,
    server: Any,
    room: dict[str, Any],
    tokens: list[str],
    status: str = "playing",
    *,
    motion: bool = True,
    phone_script: str | None = None,
) -> tuple[Any, list[Any]]:
    """The room's TV page and one phone page per seat token, for a game whose first part was
    played over Socket.IO clients (the screens check only what comes after): each phone goes
    back to its seat with its token, as a reloaded phone does, shows the room's ``status``,
    and the TV shows them all connected (``motion`` as for ``tv_context``; each phone runs
    ``phone_script`` first, if given). The caller closes them with ``close_all``."""
    tv = open_tv(browser, server, room, motion=motion)
    phones = seat_phones(browser, room, tokens, status, motion=motion, script=phone_script)
    connected = "document.querySelectorAll('#players li[data-seat] .dot.connected').length"
    tv.wait_for_function(f"() => {connected} === {len(tokens)}")
    return tv, phones


def seat_phones(
    browser: Any,
    room: dict[str, Any],
    tokens: list[str],
    status: str,
    *,
    motion: bool = True,
    script: str | None = None,
) -> list[Any]:
    """One phone page per seat token (taken over Socket.IO), back at its seat as a reloaded
    phone is, showing the room's ``status`` (``motion`` as for ``tv_context``; each page runs
    ``script`` first, if given)."""
    phones = []
    for token in tokens:
        context = phone_context(browser, motion=motion)
        if script:
            context.add_init_script(script)
        key = f"companion.seat.{room['code'].upper()}"  # where the phone page keeps its token
        context.add_init_script(  # (about:blank, the first document, has no storage)
            f"if (location.protocol.startsWith('http')) localStorage.setItem({key!r}, {token!r})"
        )
        page = context.new_page()
        page.goto(room["join_url"], wait_until="commit")  # the phones load side by side
        phones.append(page)
    for page in phones:
        page.wait_for_selector(f'body[data-status="{status}"]')
    return phones


def end_and_rematch(tv: Any, before_rematch: str | None = None) -> None:
    """The host ends the game from the TV (End asks twice), then presses Rematch; the TV runs
    the ``before_rematch`` script in between."""
    tv.click("#btn-end")
    tv.click("#btn-end")
    tv.wait_for_selector('body[data-status="over"]')
    if before_rematch:
        tv.evaluate(before_rematch)
    tv.click("#btn-rematch")
    tv.wait_for_selector('body[data-status="playing"]')


def close_all(*pages: Any) -> None:
    for page in pages:
        page.context.close()


def calm(*pages: Any) -> tuple[Any, ...]:
    """``pages`` from now on ask for reduced motion, as a device may (the pages honour it:
    motion.css cuts every animation to 1 ms, the kit's ending shows without its hold, the TV's
    pawns land without hops): for a test that checks no motion, nothing to wait out before a
    screenshot or a reading, and nothing for a busy machine to draw. Kept across reloads.
    Returns the pages."""
    for page in pages:
        page.emulate_media(reduced_motion="reduce")
    return pages
