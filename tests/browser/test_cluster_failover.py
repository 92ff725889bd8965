"""The real pages through nginx in front of three processes: the process that owns the room is
SIGKILLed, and the TV and the phone find the room again by themselves, in the same seat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.browser.conftest import close_all, phone_context, tv_context
from tests.servers import Cluster
from tests.support import http_json, wait_until

pytestmark = pytest.mark.browser

CONNECTED = "document.querySelectorAll('#players li[data-seat] .dot.connected').length"


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    running = Cluster(tmp_path).start()
    yield running
    running.stop()


def test_pages_reconnect_to_the_new_owner_and_keep_their_seats(
    browser: Any, cluster: Cluster, artifacts: Path
) -> None:
    status, room = http_json(
        "POST", f"{cluster.url}/api/rooms", {"game": "buzzer", "options": {"random_delay": False}}
    )
    assert status == 201, room
    code = room["code"]
    assert room["join_url"] == f"{cluster.url}/j/{code}"

    sockets: list[str] = []
    tv = tv_context(browser, motion=False).new_page()  # reconnection, not motion, is checked
    tv.on("websocket", lambda ws: sockets.append(ws.url))
    tv.goto(f"{cluster.url}/host/{code}#{room['host_token']}")
    tv.wait_for_selector("#room-code")
    phone = phone_context(browser, motion=False).new_page()
    phone.on("websocket", lambda ws: sockets.append(ws.url))
    phone.goto(room["join_url"])
    phone.fill("#name", "Sofia")
    phone.click("#btn-join")
    phone.wait_for_selector("#screen-lobby", state="visible")
    tv.wait_for_function(f"() => {CONNECTED} === 1")
    # the handshake carries the room's code, so nginx routes every socket of it alike
    assert sockets and all(parse_qs(urlparse(url).query)["room"] == [code] for url in sockets)

    owner = cluster.owner(code)
    owner.kill()

    def sofia_back_elsewhere() -> bool:
        status, summary = http_json("GET", f"{cluster.url}/api/rooms/{code}")
        back = status == 200 and summary["players"][0]["connected"]
        return bool(back) and cluster.owner(code) is not owner

    # the phone page reconnects through nginx to another process and resumes its seat
    # (asked twice a second: every request counts against the address the pages share, limits)
    wait_until(sofia_back_elsewhere, 90, "the phone back in its seat on another process", 0.5)
    tv.wait_for_function(f"() => {CONNECTED} === 1", timeout=90_000)

    # and the TV is live there too: starting the game reaches the phone
    # (a command that reaches the room while it is still moving is answered `unavailable`, "try
    # again in a moment": the host presses Start again, as a person would)
    def started() -> bool:
        if http_json("GET", f"{cluster.url}/api/rooms/{code}")[1].get("status") == "playing":
            return True
        if tv.locator("#btn-start").is_enabled():
            tv.click("#btn-start", timeout=30_000)
        return False

    wait_until(started, 90, "the game started on the new owner", 2)
    phone.wait_for_selector("#btn-buzz", state="visible", timeout=60_000)
    summary = http_json("GET", f"{cluster.url}/api/rooms/{code}")[1]
    assert summary["status"] == "playing" and [p["name"] for p in summary["players"]] == ["Sofia"]
    tv.screenshot(path=str(artifacts / "cluster-failover-tv-1920x1080.png"))
    phone.screenshot(path=str(artifacts / "cluster-failover-phone-390x844.png"))
    close_all(tv, phone)
