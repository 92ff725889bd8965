"""Start-up benchmark (not a test): how long a new room takes to show its QR code on the TV, and
a phone that opens the join link to show its lobby, in real Chromium against a live server.

    python -m bench.startup [--trials 10] [--game buzzer]

Each trial starts from fresh browser profiles (no cache, no service worker: a first visit):

- TV: the home page is open; from the click on the game's Create button to the TV page showing
  the room's QR code (its SVG loaded and drawn).
- phone: from opening the join URL to the lobby showing this phone's seat, less the moment the
  player spends typing: (join form ready to type, measured from the navigation's start) + (Join
  pressed → lobby with the seat in view).

The pages stamp these moments themselves (an init script, the page's own clock), so the figures
hold no Playwright round trip. The browser runs on the same machine as the server.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

from bench.common import header, percentile
from tests.browser.conftest import ARGS
from tests.support import LiveServer

#: Stamps (ms) in sessionStorage, which lives on across the home → TV page navigation of a tab:
#: the Create click (epoch ms), the QR drawn (epoch ms), the join form ready and the lobby shown
#: (ms since the page's navigation started), the Join press (same clock).
STAMPS = """
(() => {
  const stamp = (key, value) => {
    if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, String(value));
  };
  const now = () => performance.now();
  const epoch = () => performance.timeOrigin + performance.now();
  const shown = (el) => !!el && !el.closest('[hidden]') && el.getBoundingClientRect().height > 0;
  const inView = (el) => {
    if (!shown(el)) return false;
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  };
  // a frame after the condition holds: what the page changed has been painted
  const after = (key, clock) => requestAnimationFrame(() => stamp(key, clock()));
  const check = () => {
    const qr = document.getElementById('qr');
    if (qr && qr.complete && qr.naturalWidth > 0 && shown(qr)) after('qr', epoch);
    const form = document.getElementById('btn-join');
    if (shown(form) && !form.disabled) after('ready', now);
    if (inView(document.querySelector('#screen-lobby #lobby-players li.me'))) after('lobby', now);
  };
  document.addEventListener('click', (event) => {
    if (event.target.closest && event.target.closest('button[data-game]')) stamp('create', epoch());
  }, true);
  document.addEventListener('submit', (event) => {
    if (event.target.id === 'join-form') stamp('join', now());
  }, true);
  document.addEventListener('load', check, true);  // the QR image: load events do not bubble
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true,
  });
})();
"""


def stamps(page: Any, *keys: str, timeout: float = 30_000) -> list[float]:
    """The page's stamps for ``keys``, once all are set."""
    found = page.wait_for_function(
        "(keys) => keys.every((k) => sessionStorage.getItem(k) !== null)"
        " && keys.map((k) => Number(sessionStorage.getItem(k)))",
        arg=list(keys),
        timeout=timeout,
    )
    values: list[float] = found.json_value()
    return values


def trial(browser: Any, server: LiveServer, game: str) -> tuple[float, float, float, float]:
    """One room created on a TV and joined by one phone: create → QR, join link → lobby, and
    the latter's two parts (link → form ready, Join → lobby)."""
    tv = browser.new_context(viewport={"width": 1920, "height": 1080})
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
        has_touch=True,
    )  # fmt: skip
    try:
        tv.add_init_script(STAMPS)
        phone.add_init_script(STAMPS)
        page = tv.new_page()
        page.goto(server.url + "/")
        page.click(f'button[data-game="{game}"]')
        created, qr = stamps(page, "create", "qr")
        code = page.locator("#room-code").inner_text().strip()
        mobile = phone.new_page()
        mobile.goto(f"{server.url}/j/{code}", wait_until="commit")
        mobile.fill("#name", "Anna")
        mobile.click("#btn-join")
        ready, joined, lobby = stamps(mobile, "ready", "join", "lobby")
        return qr - created, ready + (lobby - joined), ready, lobby - joined
    finally:
        tv.close()
        phone.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--game", default="buzzer")
    parser.add_argument("--async-mode", default="eventlet")
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    if chromium is None:
        parser.error("no chromium on PATH (Debian: apt-get install chromium)")

    from playwright.sync_api import sync_playwright

    samples: dict[str, list[float]] = {
        "TV: Create -> QR code shown": [],
        "phone: join link -> lobby": [],
        "  of which link -> form ready": [],
        "  of which Join -> lobby": [],
    }
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp) / "bench.sqlite3", async_mode=args.async_mode)
        try:
            server.start()  # inside the try: a server too slow to answer is still stopped
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=ARGS)
                try:
                    for _ in range(args.trials):
                        figures = trial(browser, server, args.game)
                        for key, value in zip(samples, figures, strict=True):
                            samples[key].append(value)
                finally:
                    browser.close()
        finally:
            server.stop()

    load = "/".join(f"{x:.1f}" for x in os.getloadavg())
    header(
        "bench.startup",
        f"load average {load} (1/5/15 min) at the end; server async mode {args.async_mode}; "
        "Chromium on the same machine",
    )
    print(f"{args.trials} trials, game {args.game}, fresh browser profiles (first visit):")
    for kind, values in samples.items():
        print(
            f"  {kind:<30} median {statistics.median(values):.0f} ms   "
            f"p90 {percentile(values, 0.9):.0f} ms   max {max(values):.0f} ms"
        )


if __name__ == "__main__":
    main()
