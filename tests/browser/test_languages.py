"""Languages in real Chromium: each device speaks its own language (its browser's, or the one
its player picks, remembered), the host's choice on the TV becomes the room's language that
phones without a choice of their own follow, and refusals reach the page translated."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.i18n_bundles import message_key
from tests.browser.conftest import close_all, open_seats, open_table, phone_context, visible
from tests.browser.test_wicked_witches_way_night import dice_on_tv
from tests.integration.test_wicked_witches_way_live import valid_by_colour
from tests.support import LiveServer, Peer, seated, wait_until

pytestmark = pytest.mark.browser
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)
# The pages ask for reduced motion (``motion=False``): the checks read texts, not motion.


def text_of(page: Any, selector: str) -> str:
    return str(page.locator(selector).first.inner_text()).strip()


def wait_text(page: Any, selector: str, wanted: str) -> None:
    """Wait until the element's text contains ``wanted`` (views arrive asynchronously)."""
    page.wait_for_function(
        "([selector, wanted]) => (document.querySelector(selector)?.innerText || '')"
        ".includes(wanted)",
        arg=[selector, wanted],
    )


def started_in_czech(
    browser: Any, server: LiveServer, peers: list[Peer], names: list[str], **room_body: Any
) -> tuple[Any, list[Any]]:
    """A room made Czech by its host and started over Socket.IO clients (the TV's switch in
    the lobby is the Witchcraft test's), then its TV and phones, each back in its seat."""
    room, host, players = seated(server, peers, names, **room_body)
    assert host.call("room", {"type": "language", "lang": "cs"})["ok"]
    assert host.call("room", {"type": "start"})["ok"]
    for peer in (host, *players):
        peer.close()
    tokens = [peer.token for peer in players]
    return open_seats(browser, server, dict(room), tokens, motion=False)


def test_the_tv_sets_the_room_language_and_a_phone_keeps_its_own(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    room = server.create_room("buzzer")
    tv, (anna, ben) = open_table(browser, server, room, ["Anna", "Ben"], motion=False)
    # English by default: the pages' English texts, unchanged.
    assert text_of(tv, "#btn-start") == "▶ Start game"
    assert text_of(anna, "#lobby-wait-line") == "Waiting for the host to start…"

    # Ben picks Czech on his phone (the one-button switch in the top bar cycles EN → CS).
    ben.click(".me-bar .lang-cycle")
    wait_text(ben, "#lobby-wait-line", "Čeká se, až hostitel začne…")
    assert ben.locator(".me-bar .lang-cycle").inner_text().strip() == "CS"
    # the game's title too (the buzzer's is a description, not a printed game's name)
    assert text_of(ben, "#screen-lobby .phone-title") == "Bzučák (rychlá kola)"
    # The kit finds a translation by the key the server gives its English text in a bundle.
    texts = ["Start the game", "Čarodějnice!", "{who} casts {spell}.", "🧙 “it’s” · ok"]
    keys = ben.evaluate(
        "async (texts) => { const kit = await import('/static/js/kit.js');"
        " return texts.map((text) => kit.messageKey(text)); }",
        texts,
    )
    assert keys == [message_key(text) for text in texts]

    # The host makes Italian the room's language from the TV.
    tv.click('.tv-bar .lang-switch button[data-lang="it"]')
    wait_text(tv, "#btn-start", "▶ Inizia la partita")
    assert "Giocatori" in text_of(tv, ".side-title:has(#player-count)")
    # The game's help follows: the buzzer has an Italian help.it.md.
    wait_text(tv, ".help", "L'host arma un round")
    # Anna chose nothing: her phone follows the room; Ben's stays Czech.
    wait_text(anna, "#lobby-wait-line", "In attesa che l'host inizi…")
    assert text_of(ben, "#lobby-wait-line") == "Čeká se, až hostitel začne…"

    # The game pages too, each in its own language.
    tv.click("#btn-start")
    wait_text(anna, "#bz-verdict", "Aspetta l'host")
    wait_text(ben, "#bz-verdict", "Počkej na hostitele")
    wait_text(tv, "#game", "Pronti quando vuoi")
    tv.screenshot(path=str(artifacts / "languages-buzzer-tv-it-1920x1080.png"))
    anna.screenshot(path=str(artifacts / "languages-buzzer-phone-it-390x844.png"))
    ben.screenshot(path=str(artifacts / "languages-buzzer-phone-cs-390x844.png"))

    # Ben's choice is remembered: a reload keeps Czech although the room is Italian.
    ben.reload()
    wait_text(ben, "#bz-verdict", "Počkej na hostitele")

    # A newcomer with an Italian browser reads the join page and a refusal in Italian: the name
    # is taken (the server sends the English template, the page translates it).
    context = phone_context(browser, motion=False)
    context.set_extra_http_headers({"Accept-Language": "it-IT,it;q=0.9"})
    cleo = context.new_page()
    cleo.goto(room["join_url"])
    assert text_of(cleo, "#btn-join") == "Entra in partita"
    cleo.fill("#name", "Anna")
    cleo.click("#btn-join")
    wait_text(cleo, "#join-error", "La partita è iniziata: puoi guardare.")
    # The host switches the room to Czech mid-game: the TV follows at once.
    # (in play the TV's bar has the one-button switch: IT → EN → CS)
    for _ in range(2):
        tv.click(".tv-bar .lang-cycle")
    wait_text(tv, "#game", "Připraveno, až budeš chtít")
    tv.screenshot(path=str(artifacts / "languages-buzzer-tv-cs-1920x1080.png"))
    # An undo note names the action taken back in each screen's language, the action's name too.
    tv.click("#btn-arm")
    tv.click("#btn-undo")
    tv.click("#btn-undo")  # pressed twice: sure
    wait_text(tv, "#toast", "Vráceno: příprava kola (stůl).")
    wait_text(anna, "#toast", "Vráceno: příprava kola (stůl).")  # she follows the room
    close_all(tv, anna, ben, cleo)


def test_a_phone_switches_language_mid_game_in_witchcraft(
    browser: Any, server: LiveServer, artifacts: Path
) -> None:
    room = server.create_room("witchcraft", seed=7)
    tv, (anna, ben) = open_table(browser, server, room, ["Anna", "Ben"], motion=False)
    tv.click('.tv-bar .lang-switch button[data-lang="cs"]')
    wait_text(tv, "#status-chip", "Čekárna")
    tv.click("#btn-start")
    tv.wait_for_selector("#wc-tv .wc-board")
    wait_text(tv, "#status-chip", "Hraje se")
    # Both phones follow the room into Czech; the guild line is worded on the phone.
    for page in (anna, ben):
        wait_text(page, "#game", "Ty: ")
    # Anna switches to Italian in the middle of the game: her page mounts again in Italian.
    anna.click(".me-bar .lang-cycle")  # the room's CS → next: IT
    wait_text(anna, "#game", "Tu: ")
    assert "Ty: " not in text_of(anna, "#game")
    assert "Ty: " in text_of(ben, "#game")
    anna.screenshot(path=str(artifacts / "languages-witchcraft-phone-it-390x844.png"))
    tv.screenshot(path=str(artifacts / "languages-witchcraft-tv-cs-1920x1080.png"))
    close_all(tv, anna, ben)


def test_wicked_witches_way_in_czech_translates_the_log_results_and_names(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path
) -> None:
    """The room in Czech: the log lines and a witch's result, which the server builds from parts
    (templates with the symbols' and spaces' names inside), read in Czech on the TV and the
    phone; Anna switches to Italian and her result follows at once."""
    options = {"physical_deck": True, "fog_seconds": 2, "pace_seconds": 2}  # the shortest
    tv, (anna, ben) = started_in_czech(
        browser, server, peers, ["Anna", "Ben"], game="wicked-witches-way", seed=11,
        options=options,
    )  # fmt: skip
    tv.wait_for_selector("#www-tv")
    wait_text(tv, "#www-log", "Velký závod začíná!")  # a fixed line of the view
    tv.click("#www-roll")
    tv.wait_for_selector("#www-dice .www-die")
    dice = dice_on_tv(tv)
    orange = valid_by_colour(dice)["orange"]
    anna.locator("#www-close-lid").tap()
    anna.wait_for_selector("#www-cards")
    for symbol in orange:
        anna.click(f'#www-cards [data-symbol="{symbol}"]')
    anna.click("#www-lock")
    ben.click("#www-lock")  # an empty formula
    anna.click("#www-hold")
    anna.click("#www-go-on")
    # her result: "Dokonalá oranžová formule (Oko, Blesk, …) …: Ursule postupuje o 5, na políčko 5."
    wait_text(tv, "#www-last-result", "oranžová formule (")
    result = text_of(tv, "#www-last-result")
    assert "postupuje o" in result and "políčko" in result, result  # her witch moves
    assert "formula" not in result and "moves forward" not in result, result
    wait_text(anna, "#www-my-result", "postupuje o")
    tv.screenshot(path=str(artifacts / "languages-www-tv-cs-1920x1080.png"))
    anna.screenshot(path=str(artifacts / "languages-www-phone-cs-390x844.png"))
    anna.click(".me-bar .lang-cycle")  # the room's CS → next: IT
    wait_text(anna, "#www-my-result", "avanza di")
    # after her move the phone says what she may do, not again what the line above says
    if anna.locator("#www-moment-say").count():
        assert text_of(anna, "#www-moment-say").startswith("Un incantesimo dopo la tua mossa?")
    anna.screenshot(path=str(artifacts / "languages-www-phone-it-390x844.png"))
    close_all(tv, anna, ben)


def test_witchs_brew_in_czech_names_the_roles_from_the_data_file(
    browser: Any, server: LiveServer, peers: list[Peer], artifacts: Path
) -> None:
    """The role names and reminder texts come from the game's data file: in Czech they are
    read in Czech on the phones' role grid and on the TV's reminder, and a refusal that names a
    role is translated with the role's name inside."""
    tv, phones = started_in_czech(
        browser, server, peers, ["Anna", "Ben", "Cleo"], game="witchs-brew", seed=3
    )
    anna = phones[0]
    anna.wait_for_selector("#wb-grid button[data-role]")
    wait_text(anna, "#wb-grid", "Věštkyně")  # Fortune Teller, from data/roles.json
    assert "Fortune Teller" not in text_of(anna, "#wb-grid")
    # Czech names are long single words: each fits its button (no word cut or overflowing)
    assert anna.evaluate(
        "() => [...document.querySelectorAll('#wb-grid button')]"
        ".every((b) => b.scrollWidth <= b.clientWidth)"
    )
    anna.screenshot(path=str(artifacts / "languages-witchs-brew-phone-cs-390x844.png"))
    for page in phones:
        page.wait_for_selector("#wb-grid button[data-role]")
        for role in ("witch", "wizard", "druid", "alchemist", "fortune_teller"):
            page.click(f'#wb-grid button[data-role="{role}"]')
        page.click("#wb-select")
    tv.wait_for_selector("#wb-role, #wb-due")
    play = "#wb-play button[data-play]"
    leader = wait_until(
        lambda: next((p for p in phones if visible(p, play)), None), 30, "the leader's roles"
    )
    leader.locator("#wb-play button[data-play]").first.click()
    tv.wait_for_selector("#wb-reminder")
    # the TV draws the reminder's headings in capitals (CSS): compare the words, not the case
    reminder = text_of(tv, "#wb-reminder").casefold()
    assert "plná akce" in reminder or "laskavost" in reminder, reminder
    assert not any(w in reminder for w in ("brew a cauldron", "take 3", "give 1")), reminder
    tv.screenshot(path=str(artifacts / "languages-witchs-brew-tv-cs-1920x1080.png"))
    close_all(tv, *phones)
