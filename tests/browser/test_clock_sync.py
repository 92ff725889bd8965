"""One clock protocol in real Chromium (issue 25, item 2): a page's clock is the offset the
server's clock probes tell it (docs/protocol.md, ``clock``), and no page polls ``time`` any more.
Two phones whose own clocks are far apart (``performance.now()`` moved by +1,000,000 ms on one
and −5,000 ms on the other before any of the page's scripts run) count the buzzer's countdown
down to the same moment: both pages share the machine's real clock (``Date.now()``), so the
moments each records can be compared directly."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, close_all, phone_context, tv_context
from tests.support import LiveServer

# timing: it compares two pages' moments to tens of ms, so it runs alone after the parallel run
# (scripts/test), never beside a busy Chromium on the other core
pytestmark = [pytest.mark.browser, pytest.mark.timing]

#: each phone's own clock, moved this far (ms) from the machine's before the page's scripts run
SHIFTS = {"Anna": 1_000_000, "Ben": -5_000}
SHIFT = """(() => {
  const now = performance.now.bind(performance);
  performance.now = () => now() + %d;
})();"""

COUNTDOWN_S = 5
#: the two pages' estimates of the server clock, read at the same instant, agree this well (ms):
#: on the loopback the server's estimate of each is good to half its best round trip (a few ms);
#: the rest is room for a busy machine's scheduling of the probes' answers
ESTIMATES_AGREE_MS = 50
#: the moments the two countdowns reach 0 agree this well (ms): the estimates' agreement above
#: plus how late each page's 1 ms timer runs on a busy machine (a frame or two)
ENDS_AGREE_MS = 100

#: started in a page: resolves when the kit's countdown to ``until`` (game time) reaches 0, with
#: ``Date.now()`` then, and the median of the page's predictions of that moment on the real clock
#: (``Date.now()`` + the time left, read together, every millisecond until then)
WATCH_END = """async (until) => {
  const kit = await import('/static/js/kit.js');
  window.__end = new Promise((resolve) => {
    const predicted = [];
    const poll = () => {
      const left = kit.secondsLeft(until);
      if (left === 0) {
        predicted.sort((a, b) => a - b);
        resolve({ ended: Date.now(), predicted: predicted[predicted.length >> 1] ?? null,
                  samples: predicted.length });
        return;
      }
      predicted.push(Date.now() + left * 1000);
      setTimeout(poll, 1);
    };
    poll();
  });
}"""

#: the page's clock, as client.js keeps it: server time minus performance.now()
PAGE_OFFSET = """async () => {
  const client = await import('/static/js/client.js');
  return client.serverNow() - performance.now();
}"""

#: a Socket.IO event frame: 42, an optional ack id, then ["name", …]
EVENT = re.compile(r'^42\d*\["(?P<name>[^"]+)"')


def test_two_phones_with_far_apart_clocks_end_the_countdown_together(
    browser: Any, server: LiveServer
) -> None:
    room = server.create_room(options={"random_delay": False, "countdown": COUNTDOWN_S})
    tv = tv_context(browser).new_page()
    tv.goto(f"{server.url}/host/{room['code']}#{room['host_token']}")
    tv.wait_for_selector("#room-code")
    phones: list[Any] = []
    sent: dict[str, list[str]] = {}
    received: dict[str, list[str]] = {}
    try:
        for name, shift in SHIFTS.items():
            context = phone_context(browser)
            context.add_init_script(SHIFT % shift)
            page = context.new_page()
            sent[name], received[name] = [], []
            page.on("websocket", lambda ws, name=name: watch(ws, sent[name], received[name]))
            page.goto(f"{server.url}/j/{room['code']}")
            page.fill("#name", name)
            page.click("#btn-join")
            page.wait_for_selector("#screen-lobby", state="visible")
            phones.append(page)
        # the shift is in place: the page's clock is far from the machine's
        for page, shift in zip(phones, SHIFTS.values(), strict=True):
            drift = page.evaluate("() => performance.now() - (Date.now() - performance.timeOrigin)")
            assert abs(drift - shift) < 1_000, drift
        tv.wait_for_function(
            "() => document.querySelectorAll('#players li[data-seat] .dot.connected').length === 2"
        )
        tv.click("#btn-start")
        tv.wait_for_selector("#btn-arm:not([disabled])")
        tv.click("#btn-arm")
        for page in phones:
            until = float(page.wait_for_selector("[data-until]").get_attribute("data-until"))
            page.evaluate(WATCH_END, until)
        ARTIFACTS.mkdir(exist_ok=True)
        phones[0].screenshot(path=str(ARTIFACTS / "clock-sync-countdown-phone-390x844.png"))
        tv.screenshot(path=str(ARTIFACTS / "clock-sync-countdown-tv-1920x1080.png"))
        ends = [page.evaluate("() => window.__end") for page in phones]
        for page in phones:
            page.wait_for_selector('#btn-buzz[data-state="open"]')
        offsets = [page.evaluate(PAGE_OFFSET) for page in phones]
    finally:
        close_all(tv, *phones)
    anna, ben = ends
    assert anna["samples"] > 0 and ben["samples"] > 0, ends  # watched before the end
    assert abs(anna["predicted"] - ben["predicted"]) <= ESTIMATES_AGREE_MS, ends
    assert abs(anna["ended"] - ben["ended"]) <= ENDS_AGREE_MS, ends
    for name, offset in zip(SHIFTS, offsets, strict=True):
        # the page's clock is an offset a probe told it (not a guess of its own); it asked no
        # `time`
        told = [p["offset"] for f in received[name] if (p := probe(f)) and p.get("offset")]
        assert told and min(abs(offset - t) for t in told) < 1, (name, offset, told[-3:])
        names = {m["name"] for frame in sent[name] if (m := EVENT.match(frame))}
        assert "time" not in names and "join" in names, (name, names)


def watch(ws: Any, sent: list[str], received: list[str]) -> None:
    """Keep every text frame the page's socket sends and receives."""
    ws.on("framesent", lambda payload: sent.append(payload) if isinstance(payload, str) else None)
    ws.on(
        "framereceived",
        lambda payload: received.append(payload) if isinstance(payload, str) else None,
    )


def probe(frame: str) -> dict[str, Any] | None:
    """The payload of a ``clock`` probe frame, else None."""
    match = EVENT.match(frame)
    if match is None or match["name"] != "clock":
        return None
    payload: list[Any] = json.loads(frame[frame.index("[") :])
    return payload[1] if len(payload) > 1 and isinstance(payload[1], dict) else None
