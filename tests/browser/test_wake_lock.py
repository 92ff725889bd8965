"""Screens stay on: a phone holds a Screen Wake Lock while its seat is in a game (not in the
lobby, not after the end) and takes it again when the page is visible again; the TV holds one
while it shows a room.

The full Chromium grants the lock to a headless page (the headless build denies every one, so
these tests run in ``full_browser``); an init script wraps ``navigator.wakeLock.request``
to log every request, its answer and every release (by the page or by the browser). Headless
Chromium never hides a page, so the test hides it as the browser does when a phone's screen goes
off: ``document.visibilityState`` reads "hidden", the browser releases the lock, and
``visibilitychange`` fires; then the page is shown again the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import close_all, open_table, phone_context, tv_context
from tests.support import LiveServer

pytestmark = pytest.mark.browser
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)
# The pages ask for reduced motion (``motion=False``): the locks are checked, not motion.

#: window.__wake: "request", "granted" / "refused <name>", "release" (the page let go),
#: "released" (the lock ended, whoever ended it); window.__visibility fakes the page's visibility
WAKE_LOG = """
(() => {
  window.__wake = [];
  window.__visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { get: () => window.__visibility });
  Object.defineProperty(document, 'hidden', { get: () => window.__visibility !== 'visible' });
  const api = navigator.wakeLock;
  if (!api) {
    window.__wake.push('absent');
    return;
  }
  const request = api.request.bind(api);
  api.request = async (type) => {
    window.__wake.push('request');
    try {
      const lock = await request(type);
      window.__wake.push('granted');
      window.__lock = lock;
      const release = lock.release.bind(lock);
      window.__browserRelease = release;
      lock.addEventListener('release', () => window.__wake.push('released'));
      lock.release = () => {
        window.__wake.push('release');
        return release();
      };
      return lock;
    } catch (err) {
      window.__wake.push(`refused ${err.name}`);
      throw err;
    }
  };
})();
"""

#: the page goes out of sight as when the phone's screen turns off: the browser drops the lock
HIDE = """async () => {
  window.__visibility = 'hidden';
  if (window.__lock && !window.__lock.released) await window.__browserRelease();
  document.dispatchEvent(new Event('visibilitychange'));
}"""
SHOW = """() => {
  window.__visibility = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def log(page: Any) -> list[str]:
    entries: list[str] = page.evaluate("() => window.__wake")
    return entries


def held(page: Any) -> bool:
    """The page holds a lock now."""
    return bool(page.evaluate("() => !!window.__lock && !window.__lock.released"))


def wait_log(page: Any, expected: list[str]) -> None:
    page.wait_for_function("(n) => window.__wake.length >= n", arg=len(expected))
    assert log(page) == expected


def test_phones_hold_the_screen_awake_in_play_and_the_tv_while_it_shows_the_room(
    full_browser: Any, server: LiveServer, artifacts: Path
) -> None:
    room = server.create_room("buzzer", options={"random_delay": False})
    tv_watch = tv_context(full_browser, motion=False)
    tv_watch.add_init_script(WAKE_LOG)
    tv = tv_watch.new_page()
    tv.goto(f"{server.url}/host/{room['code']}#{room['host_token']}")
    tv.wait_for_selector('body[data-status="lobby"]')
    # The TV's lock from the first view on: a room on the TV must not go dark in the lobby.
    wait_log(tv, ["request", "granted"])
    assert held(tv)

    phones = []
    for name in ("Anna", "Ben"):
        context = phone_context(full_browser, motion=False)
        context.add_init_script(WAKE_LOG)
        phone = context.new_page()
        phone.goto(room["join_url"])
        phone.fill("#name", name)
        phone.click("#btn-join")
        phone.wait_for_selector("#screen-lobby", state="visible")
        # the lobby is drawn: a request would have been sent in the same step
        assert log(phone) == [], "a phone in the lobby asked to keep its screen on"
        phones.append(phone)
    anna, ben = phones
    tv.wait_for_function("() => document.querySelectorAll('#players .dot.connected').length === 2")

    tv.click("#btn-start")
    for phone in phones:
        phone.wait_for_selector('body[data-status="playing"]')
        wait_log(phone, ["request", "granted"])
        assert held(phone)
    anna.screenshot(path=str(artifacts / "wake-lock-phone-playing-390x844.png"))

    # Anna's screen goes off and on again: the browser dropped the lock, the page asks again.
    anna.evaluate(HIDE)
    assert log(anna) == ["request", "granted", "released"] and not held(anna)
    anna.evaluate(SHOW)
    wait_log(anna, ["request", "granted", "released", "request", "granted"])
    assert held(anna)
    # Shown again while the lock is held: nothing more is asked (a request would be logged
    # before the event's dispatch returns: the page asks within its visibilitychange handler).
    ben.evaluate(SHOW)
    assert log(ben) == ["request", "granted"]

    # The end: every phone lets its screen sleep again; the TV still shows the room.
    tv.click("#btn-end")
    tv.click("#btn-end")
    tv.wait_for_selector('body[data-status="over"]')
    for phone in phones:
        phone.wait_for_selector('body[data-status="over"]')
        phone.wait_for_function("() => window.__wake.at(-1) === 'released'")
        assert log(phone)[-2:] == ["release", "released"] and not held(phone)
    assert held(tv) and log(tv) == ["request", "granted"]
    anna.evaluate(HIDE)
    anna.evaluate(SHOW)  # back in sight after the end: no lock asked for
    ben.screenshot(path=str(artifacts / "wake-lock-phone-over-390x844.png"))
    tv.screenshot(path=str(artifacts / "wake-lock-tv-over-1920x1080.png"))
    assert log(anna)[-1] == "released"

    # Rematch: a game again, a lock again.
    tv.click("#btn-rematch")
    for phone in phones:
        phone.wait_for_selector('body[data-status="playing"]')
        phone.wait_for_function("() => window.__wake.at(-1) === 'granted'")
        assert held(phone)

    # A phone that leaves its seat lets go at once.
    ben.click("#btn-leave")
    ben.click("#btn-leave")
    ben.wait_for_selector("#screen-message", state="visible")
    ben.wait_for_function("() => window.__wake.at(-1) === 'released'")
    assert not held(ben) and held(anna)
    close_all(tv, *phones)


def test_a_browser_without_the_api_plays_on(browser: Any, server: LiveServer) -> None:
    room = server.create_room("buzzer", options={"random_delay": False})
    no_api = "delete Navigator.prototype.wakeLock;"
    tv, (anna,) = open_table(browser, server, room, ["Anna"], phone_script=no_api, motion=False)
    tv.click("#btn-start")
    anna.wait_for_selector('body[data-status="playing"]')
    anna.wait_for_selector("#game:not([hidden])")
    assert anna.evaluate("() => 'wakeLock' in navigator") is False
    close_all(tv, anna)
