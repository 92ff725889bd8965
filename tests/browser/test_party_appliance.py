"""The TV as a party appliance (issue 23, item 4): the Wi-Fi's QR code beside the room's, and
streamer mode. Real Chromium; the codes are read back with zbar, as a phone camera would."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import close_all, open_table, phone_context, tv_context
from tests.browser.game_night import wait_text
from tests.support import LiveServer

pytestmark = pytest.mark.browser

SHARE_SERVER = True

SSID = 'Kavárna; "Čaj"'
PASSWORD = "p@ss:w,rd\\1"
#: every character the format escapes (\ ; , : ") is in the name or the password
WIFI = 'WIFI:T:WPA;S:Kavárna\\; \\"Čaj\\";P:p@ss\\:w\\,rd\\\\1;;'


def decode(page: Any, selector: str, tmp_path: Path) -> str:
    """The text of the QR code at ``selector``, photographed and read by zbar as raw bytes (a
    phone reads a code's bytes as UTF-8; zbar would guess another charset)."""
    shot = tmp_path / "code.png"
    page.locator(selector).screenshot(path=str(shot))
    found = subprocess.run(
        ["zbarimg", "--raw", "--quiet", "-Sbinary", str(shot)], capture_output=True, check=True
    ).stdout
    return found.decode("utf-8").rstrip("\n")


def open_tv(browser: Any, server: LiveServer) -> tuple[Any, dict[str, Any]]:
    room = server.create_room("buzzer")
    tv = tv_context(browser).new_page()
    tv.goto(f"{server.url}/host/{room['code']}#{room['host_token']}")
    tv.wait_for_selector("#status-chip[data-status=lobby]")
    return tv, room


def test_the_wifi_qr_code_stays_in_the_browser(
    browser: Any, server: LiveServer, tmp_path: Path, artifacts: Path
) -> None:
    """The host types the network once; the TV draws its code beside the room's, keeps it
    across a reload, and sends the password to nobody."""
    tv, room = open_tv(browser, server)
    sent: list[str] = []  # everything the TV sends to the server from now on
    tv.on("request", lambda r: sent.append(f"{r.url} {r.post_data or ''}"))
    tv.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(str(f))))
    assert tv.locator("#wifi-figure").is_hidden()

    tv.click("#btn-wifi")
    tv.fill("#wifi-ssid", SSID)
    tv.fill("#wifi-password", "short")  # WPA needs 8 to 63 characters: nothing is kept
    tv.click("#btn-wifi-save")
    tv.wait_for_function(
        "() => document.querySelector('#toast').textContent.includes('8 to 63 characters')"
    )
    assert tv.evaluate("localStorage.getItem('companion.wifi')") is None
    tv.fill("#wifi-password", PASSWORD)
    tv.screenshot(path=str(artifacts / "party-tv-wifi-form-1920x1080.png"))
    tv.click("#btn-wifi-save")
    tv.wait_for_selector("#wifi-qr svg")
    assert tv.locator("#wifi").is_hidden()
    assert tv.locator("#wifi-name").inner_text() == SSID
    assert decode(tv, "#wifi-qr", tmp_path) == WIFI
    assert decode(tv, "#qr", tmp_path) == room["join_url"]  # the room's code beside it still reads
    tv.screenshot(path=str(artifacts / "party-tv-wifi-1920x1080.png"))

    tv.reload()
    tv.wait_for_selector("#wifi-qr svg")
    assert decode(tv, "#wifi-qr", tmp_path) == WIFI
    tv.click(".tv-bar .lang-switch [data-lang=cs]")
    tv.wait_for_selector("html[lang=cs]")
    tv.wait_for_function("() => document.querySelector('#btn-wifi').textContent !== 'Wi-Fi QR'")
    tv.screenshot(path=str(artifacts / "party-tv-wifi-cs-1920x1080.png"))
    leaked = [line for line in sent if "p@ss" in line or "w%2Crd" in line]
    assert sent and not leaked, leaked

    # Forget: the code goes, and the next TV of this browser shows none.
    tv.click("#btn-wifi")
    tv.click("#btn-wifi-forget")
    tv.wait_for_selector("#wifi-figure", state="hidden")
    assert tv.evaluate("localStorage.getItem('companion.wifi')") is None
    close_all(tv)


def test_streamer_mode_hides_the_way_in(
    browser: Any, server: LiveServer, tmp_path: Path, artifacts: Path
) -> None:
    """On, the TV shows neither the room's code, nor its address, nor a QR code, not even in
    the tab's title or for a moment after a reload; a tap shows them for a while."""
    tv, room = open_tv(browser, server)
    code = room["code"]
    tv.evaluate(
        "localStorage.setItem('companion.wifi', JSON.stringify({ssid: 'Party', password: "
        "'12345678'}))"
    )
    tv.reload()
    tv.wait_for_selector("#wifi-qr svg")
    secrets = ["#qr", "#wifi-qr", "#room-code", "#join-url"]

    def hidden() -> bool:
        text = tv.evaluate("document.body.innerText")
        return (
            code not in text
            and code not in tv.title()
            and all(tv.locator(s).is_hidden() for s in secrets)
        )

    assert not hidden()
    tv.click("#btn-streamer")
    assert tv.get_attribute("#btn-streamer", "aria-pressed") == "true"
    assert hidden()
    tv.screenshot(path=str(artifacts / "party-tv-streamer-1920x1080.png"))

    # A reload is hidden from the first paint: the server draws the page so (a cookie).
    tv.goto(f"{server.url}/host/{code}", wait_until="commit")
    tv.wait_for_selector("#room-code", state="attached")
    assert "streamer" in (tv.get_attribute("body", "class") or "")
    assert code not in tv.title()
    tv.wait_for_selector("#status-chip[data-status=lobby]")
    assert hidden()

    # A guest asks for the code: a tap shows everything, which hides again by itself. The
    # page's clock is Playwright's from here: the test moves it on past the page's own timer
    # (it runs at its real pace otherwise) instead of waiting it out.
    tv.clock.install()
    tv.click("#btn-reveal")
    tv.wait_for_selector("#room-code", state="visible")
    assert tv.locator("#qr").is_visible() and tv.locator("#wifi-qr").is_visible()
    assert tv.locator("#room-code").inner_text() == code
    tv.clock.fast_forward(5_000)  # a while: still shown
    assert tv.locator("#room-code").is_visible()
    tv.clock.fast_forward(6_000)
    tv.wait_for_selector("#room-code", state="hidden")
    assert hidden()

    tv.click("#btn-streamer")
    tv.wait_for_selector("#room-code", state="visible")
    assert tv.title().startswith(code)
    assert decode(tv, "#qr", tmp_path) == room["join_url"]
    close_all(tv)


def test_a_spectator_counted_on_the_tv_takes_a_free_seat(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    """Two phones watch: the TV counts them; one takes a seat from the lobby, on its own
    connection, without a reload; a full room offers no seat."""
    room = server.create_room("witchcraft")  # two seats
    tv, (anna,) = open_table(browser, server, room, ["Anna"])
    watchers = []
    for _ in range(2):
        page = phone_context(browser).new_page()
        page.goto(room["join_url"])
        page.click("#btn-watch")
        page.wait_for_selector("#screen-lobby", state="visible")
        watchers.append(page)
    wait_text(tv, "#spectators", "2 watching")
    ben, cleo = watchers
    ben.evaluate("window.__same = true")
    ben.wait_for_selector("#btn-sit", state="visible")
    assert anna.locator("#btn-sit").is_hidden()  # a player has a seat already
    ben.screenshot(path=str(artifacts / "party-phone-take-a-seat-390x844.png"))

    ben.click("#btn-sit")
    ben.fill("#name", "Ben")
    ben.click("#btn-join")
    ben.wait_for_selector("#screen-lobby", state="visible")
    wait_text(ben, "#me-name", "Ben")
    assert ben.evaluate("window.__same") is True
    tv.wait_for_function(
        "() => document.querySelectorAll('#players li[data-seat] .dot.connected').length === 2"
    )
    wait_text(tv, "#spectators", "1 watching")
    # Witchcraft is full now: the other spectator is offered no seat.
    cleo.wait_for_selector("#btn-sit", state="hidden")
    tv.screenshot(path=str(artifacts / "party-tv-watching-1920x1080.png"))
    close_all(tv, anna, ben, cleo)
