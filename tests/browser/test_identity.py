"""Identity in the browser: the avatar picker on the phone, avatars on the TV, the offline
shell of the installable app, and the weight of the phone page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import close_all, open_table, phone_context, tv_context
from tests.support import LiveServer, wait_until

pytestmark = pytest.mark.browser
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)

#: the phone page's first load, Socket.IO client excluded (docs/hosting.md, "On the phone")
PHONE_BUDGET_BYTES = 150_000


def tv_avatar(tv: Any, seat: int) -> dict[str, str | None]:
    badge = tv.locator(f'#players li[data-seat="{seat}"] .avatar')
    return {key: badge.get_attribute(f"data-{key}") for key in ("shape", "colour")}


def picking(browser: Any, room: dict[str, Any], name: str, shape: str) -> Any:
    """A phone on the room's join page, ``name`` typed in and ``shape`` picked for its avatar."""
    page = phone_context(browser, motion=False).new_page()
    page.goto(room["join_url"])
    page.fill("#name", name)
    page.click("#btn-avatar")
    page.click(f'#join-picker [data-shape="{shape}"]')
    return page


def joined(page: Any, tv: Any, seat: int) -> None:
    """The phone joins: it shows the lobby, and the TV the new seat's avatar."""
    page.click("#btn-join")
    page.wait_for_selector("#screen-lobby", state="visible")
    tv.wait_for_selector(f'#players li[data-seat="{seat}"] .avatar')


def test_a_player_picks_an_avatar_at_join_and_changes_it_in_the_lobby(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    room = server.create_room("buzzer")
    tv, _ = open_table(browser, server, room, [], motion=False)

    anna = picking(browser, room, "Anna", "star")
    anna.click('#join-picker [data-colour="purple"]')
    assert anna.locator("#join-avatar .avatar").get_attribute("data-shape") == "star"
    anna.screenshot(path=str(artifacts / "avatar-picker-join-390x844.png"))
    joined(anna, tv, 0)
    assert tv_avatar(tv, 0) == {"shape": "star", "colour": "purple"}
    # The phone's header shows it too, with the name's initial.
    assert anna.locator("#me-avatar .avatar").get_attribute("data-shape") == "star"
    assert anna.locator("#me-avatar .avatar").get_attribute("data-initial") == "A"

    ben = picking(browser, room, "Ben", "star")
    # Anna's purple star is not offered to Ben.
    ben.wait_for_selector('#join-picker [data-colour="purple"]:disabled')
    joined(ben, tv, 1)
    assert tv_avatar(tv, 1) != tv_avatar(tv, 0)

    # Later, from the lobby: Anna becomes a sky-blue moon; the TV follows.
    anna.click("#btn-lobby-avatar")
    anna.click('#lobby-picker [data-shape="moon"]')
    anna.click('#lobby-picker [data-colour="sky"]')
    tv.wait_for_function(
        """() => document.querySelector('#players li[data-seat="0"] .avatar')
              ?.dataset.shape === 'moon'"""
    )
    wait_until(lambda: tv_avatar(tv, 0) == {"shape": "moon", "colour": "sky"}, 10, "TV avatar")
    anna.screenshot(path=str(artifacts / "avatar-picker-lobby-390x844.png"))
    tv.screenshot(path=str(artifacts / "avatar-tv-lobby-1920x1080.png"))
    close_all(tv, anna, ben)


def test_the_title_screen_shows_the_logo_and_a_motif_per_game(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    tv = tv_context(browser, motion=False).new_page()
    tv.goto(server.url + "/")
    tv.wait_for_selector(".game-button")
    # The logo and the motifs are drawn (SVG from this server), not broken images.
    tv.wait_for_function("() => document.querySelector('.home-logo').naturalWidth > 0")
    buttons = tv.locator(".game-button").count()
    assert tv.locator(".game-button svg.motif use").count() == buttons
    assert tv.locator("h1").text_content() == "Companion"
    tv.screenshot(path=str(artifacts / "home-tv-1920x1080.png"))
    tv.context.close()


def test_offline_the_phone_page_reloads_into_its_reconnecting_screen(
    browser: Any, server: LiveServer
) -> None:
    room = server.create_room("buzzer")
    phone = phone_context(browser, offline_shell=True, motion=False).new_page()
    phone.goto(room["join_url"])
    phone.fill("#name", "Sofia")
    phone.click("#btn-join")
    phone.wait_for_selector("#screen-lobby", state="visible")
    phone.wait_for_function("() => navigator.serviceWorker.controller !== null")
    # The worker keeps the page itself once it runs (activate), and the shell at install.
    kept = "async () => Boolean(await caches.match(location.href.split('#')[0]))"
    wait_until(lambda: phone.evaluate(kept), 20, "the page kept by the service worker")

    phone.context.set_offline(True)
    phone.reload()
    phone.wait_for_selector("#reconnecting", state="visible")
    assert "Reconnecting" in phone.locator("#reconnecting").text_content()
    # The app's own page, not the browser's error page.
    assert phone.locator("link[rel=manifest]").count() == 1
    phone.context.set_offline(False)
    phone.wait_for_selector("#reconnecting", state="hidden", timeout=30000)
    phone.wait_for_selector("#screen-lobby", state="visible")
    close_all(phone)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_phone_page_stays_under_its_size_budget(
    browser: Any, server: LiveServer, lang: str
) -> None:
    """In English and in Czech: a Czech phone downloads the shell's strings and its game's
    (docs/architecture.md, "Languages"), never every game's catalogue."""
    room = server.create_room("buzzer")
    context = phone_context(browser, offline_shell=True)  # its first load counts the worker's
    context.add_cookies([{"name": "lang", "value": lang, "url": server.url}])
    loaded: list[tuple[str, int]] = []

    def weigh(request: Any) -> None:
        sizes = request.sizes()
        # The service worker's one-time copy of the shell counts too (it is on the same Wi-Fi).
        by = "worker" if request.service_worker is not None else "page"
        loaded.append(
            (f"{by} {request.url}", sizes["responseBodySize"] + sizes["responseHeadersSize"])
        )

    context.on("requestfinished", weigh)
    page = context.new_page()
    page.goto(room["join_url"])
    page.wait_for_selector("#btn-join", state="visible")
    page.wait_for_load_state("networkidle")
    counted = [(url, size) for url, size in loaded if "socket.io.min.js" not in url]
    total = sum(size for _, size in counted)
    page_only = sum(size for url, size in counted if url.startswith("page "))
    strings = sum(size for url, size in counted if "/api/i18n/" in url)
    print(f"phone page first load ({lang}) without the Socket.IO client: {total} bytes in all,")
    print(f"{page_only} bytes for the page itself, {total - page_only} for the service worker's")
    print(f"shell copy; {strings} bytes of strings")
    assert total < PHONE_BUDGET_BYTES, sorted(counted, key=lambda item: -item[1])[:8]
    asked = {url.split(" ", 1)[1].removeprefix(server.url) for url, _ in counted if "/i18n/" in url}
    bundles = {f"/api/i18n/{lang}/shell.json"}
    if lang != "en":  # English needs no game's strings: the message ids are English
        bundles.add(f"/api/i18n/{lang}/buzzer.json")
    assert asked == bundles
    context.close()
