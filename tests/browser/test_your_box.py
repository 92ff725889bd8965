"""Your box on the TV (issue 22, "Done when"): the host enters a Witchcraft box (a 6×6 board,
other altar spaces) and a Čarodějnice! juror list on the TV, a refused value is shown at its
field and nothing is stored, both boxes are exported as files, the same browser offers each box
again for the next room of its game, a fresh browser imports the files (a file of another game
refused, nothing changed), starts, and no placeholder mark is left on the values entered, on the
TV and on the phones. The box screen is photographed at 1920×1080 in English and in Czech."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.a11y import assert_accessible
from tests.browser.conftest import calm, close_all, seat_phones, settled, tv_context
from tests.browser.game_night import translated
from tests.support import LiveServer, Peer, http_json

pytestmark = pytest.mark.browser

#: the jurors of the host's own box, as typed on the TV (none of them a placeholder's name)
JURORS = ["Agáta", "Bohdana", "Cecílie", "Dorota", "Eliška", "Františka", "Gita", "Hedvika"]
#: the Witchcraft board of the host's box, and where its altars stand
WIDTH, HEIGHT = 6, 6
ALTARS = ["b2", "e2", "b5", "e5"]


def declarations(server: LiveServer, game: str) -> list[dict[str, Any]]:
    """The game's box as GET /api/games lists it."""
    games = {g["id"]: g for g in http_json("GET", server.url + "/api/games")[1]}
    box: list[dict[str, Any]] = games[game]["box"]
    return box


def new_room(server: LiveServer, game: str) -> dict[str, Any]:
    status, room = http_json("POST", server.url + "/api/rooms", {"game": game})
    assert status == 201, room
    return dict(room)


def open_tv(context: Any, server: LiveServer, game: str) -> tuple[Any, dict[str, Any]]:
    """A new room of ``game`` on a TV page of ``context``, in its lobby (with reduced motion:
    the test checks no motion, and the box screen is there at once)."""
    room = new_room(server, game)
    (tv,) = calm(context.new_page())
    tv.goto(f"{server.url}/host/{room['code']}#{room['host_token']}")
    tv.wait_for_selector("#btn-box")
    return tv, room


def open_box(tv: Any) -> None:
    tv.click("#btn-box")
    tv.wait_for_selector("#box-screen:not([hidden]) #box-title")


def save_box(tv: Any) -> None:
    tv.click("#btn-box-save")
    tv.wait_for_selector("#box-screen", state="hidden")


def export_box(tv: Any, folder: Path, game: str) -> Path:
    """Export: the browser downloads ``<game>-box.json``; its content is returned as a file."""
    with tv.expect_download() as download:
        tv.click("#btn-box-export")
    assert download.value.suggested_filename == f"{game}-box.json"
    path = folder / download.value.suggested_filename
    download.value.save_as(path)
    return path


def import_box(tv: Any, path: Path) -> str:
    """Import ``path`` on the box screen; the screen's status line then."""
    before = tv.locator("#box-screen .box-status").inner_text()
    tv.set_input_files("#box-screen input[type=file]", str(path))
    tv.wait_for_function(
        "(before) => { const s = document.querySelector('#box-screen .box-status');"
        " return !s.hidden && s.textContent !== before; }",
        arg=before,
    )
    status: str = tv.locator("#box-screen .box-status").inner_text()
    return status


def marks(page: Any, selector: str) -> int:
    """How many placeholder marks the page shows inside ``selector`` (the box screen's, and the
    games' own: Čarodějnice!'s ``.cj-ph``)."""
    count: int = page.locator(f"{selector} :is(.box-ph, .cj-ph):visible").count()
    return count


def placeholders_left(tv: Any) -> str:
    """The lobby's line under Your box ("12 values are still placeholders"), '' when none."""
    left = tv.locator("#box-entry .box-left")
    return str(left.inner_text()) if left.count() else ""


def join_phones(
    browser: Any, server: LiveServer, room: dict[str, Any], names: list[str]
) -> list[Any]:
    """The players join over Socket.IO (the joining screen is not what this test checks), then
    their phones take their seats in the lobby (with reduced motion)."""
    tokens = []
    for name in names:
        peer = Peer(server.url, name)
        try:
            ack = peer.call("join", {"code": room["code"], "name": name})
        finally:
            peer.close()
        assert ack["ok"], ack
        tokens.append(ack["token"])
    return seat_phones(browser, room, tokens, "lobby", motion=False)


def shot(page: Any, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"your-box-{name}-1920x1080.png"))


def enter_jurors(tv: Any) -> None:
    """The eight jurors' names typed into the Čarodějnice! box."""
    assert marks(tv, "#box-sec-jurors") > 0, "the stand-in jurors wear the placeholder mark"
    for i, name in enumerate(JURORS):
        tv.fill(f'[data-path="jurors.{i}.name"] input', name)
    tv.locator('[data-path="jurors.7.name"] input').press("Tab")
    assert marks(tv, "#box-sec-jurors") == 0, "entered jurors still marked"


def refused_at_its_field(tv: Any) -> None:
    """A juror without a name is refused at that juror's field; the room keeps its box."""
    left = placeholders_left(tv)
    tv.fill('[data-path="jurors.1.name"] input', "   ")
    tv.click("#btn-box-save")
    error = tv.locator('[data-path="jurors.1.name"] .box-error')
    error.wait_for()
    assert error.inner_text().startswith("Your box: Juror 2 · Name must be text"), (
        error.inner_text()
    )
    assert tv.locator("#box-screen").is_visible(), "a refused box closed the screen"
    assert placeholders_left(tv) == left, "the refused box was stored"
    tv.fill('[data-path="jurors.1.name"] input', JURORS[1])
    tv.locator('[data-path="jurors.1.name"] input').press("Tab")


def enter_board(tv: Any, defaults: dict[str, Any]) -> None:
    """Witchcraft: the board made 6×6 with the steppers, the altars tapped on its picture, the
    tiles confirmed as they are."""
    for side, size in (("width", WIDTH), ("height", HEIGHT)):
        for _ in range(size - defaults[side]):
            tv.click(f"#box-sec-{side} button[aria-label='One more']")
        assert tv.locator(f"#box-sec-{side} input").input_value() == str(size)
    board = tv.locator("#box-sec-altars .box-board")
    assert board.locator("[data-cell]").count() == WIDTH * HEIGHT
    for cell in defaults["altars"]:
        if cell not in ALTARS:
            board.locator(f'[data-cell="{cell}"]').click()
    for cell in ALTARS:
        if cell not in defaults["altars"]:
            board.locator(f'[data-cell="{cell}"]').click()
    chosen = board.locator('[aria-pressed="true"]').evaluate_all(
        "(cells) => cells.map((c) => c.dataset.cell)"
    )
    assert sorted(chosen) == sorted(ALTARS)
    for field in ("width", "height", "altars"):
        assert marks(tv, f"#box-sec-{field}") == 0, f"{field} entered but still marked"
    # The tiles are as the app has them: "✓ Matches my box" enters them as they are.
    assert marks(tv, "#box-sec-tiles") > 0
    tv.click("#box-sec-tiles .box-section-title .box-confirm")
    assert marks(tv, "#box-screen") == 0, "a value of the whole box entered is still marked"


def test_your_box_entered_exported_and_imported_in_a_fresh_browser(
    browser: Any, server: LiveServer, artifacts: Path, tmp_path: Path
) -> None:
    witchcraft = {f["id"]: f["default"] for f in declarations(server, "witchcraft")}
    first = tv_context(browser)

    # Čarodějnice!: the juror list typed on the TV; a refusal shown at its field.
    tv, _ = open_tv(first, server, "carodejnice")
    open_box(tv)
    assert_accessible(tv, "your box carodejnice")
    # Driven by the keys as well: Tab goes round the dialog, never behind it.
    tv.focus("#btn-box-import")
    tv.keyboard.press("Shift+Tab")
    assert tv.evaluate(
        "() => document.getElementById('box-screen').contains(document.activeElement)"
    )
    enter_jurors(tv)
    refused_at_its_field(tv)
    shot(settled(tv), artifacts, "carodejnice-en")
    jurors_file = export_box(tv, tmp_path, "carodejnice")
    saved = json.loads(jurors_file.read_text(encoding="utf-8"))
    assert saved["game"] == "carodejnice" and saved["version"] == 1
    assert [j["name"] for j in saved["box"]["jurors"]] == JURORS
    save_box(tv)
    # The same TV in Czech: the screen speaks it.
    tv.click('.tv-bar .lang-switch button[data-lang="cs"]')
    tv.wait_for_function("() => document.documentElement.lang === 'cs'")
    open_box(tv)
    title = translated(
        "cs", "Your box · {game}", game=tv.locator(".tv-bar .game-name").inner_text()
    )
    assert tv.locator("#box-title").inner_text() == title
    shot(settled(tv), artifacts, "carodejnice-cs")
    tv.click("#btn-box-close")
    tv.click('.tv-bar .lang-switch button[data-lang="en"]')
    tv.wait_for_function("() => document.documentElement.lang === 'en'")

    # Witchcraft: a 6 by 6 board and other altar spaces.
    wc, _ = open_tv(first, server, "witchcraft")
    open_box(wc)
    enter_board(wc, witchcraft)
    shot(settled(wc), artifacts, "witchcraft-en")
    board_file = export_box(wc, tmp_path, "witchcraft")
    save_box(wc)

    # The next room of a game on this TV offers the box kept from last time.
    again, _ = open_tv(first, server, "carodejnice")
    again.wait_for_selector("#btn-box-reuse")
    before = placeholders_left(again)
    again.click("#btn-box-reuse")
    again.wait_for_selector("#btn-box-reuse", state="detached")
    assert placeholders_left(again) != before
    open_box(again)
    assert [
        again.locator(f'[data-path="jurors.{i}.name"] input').input_value()
        for i in range(len(JURORS))
    ] == JURORS
    first.close()

    # A fresh browser: nothing kept, nothing offered; the files are imported.
    second = tv_context(browser)
    fresh, cj_room = open_tv(second, server, "carodejnice")
    assert fresh.locator("#btn-box-reuse").count() == 0
    open_box(fresh)
    stand_in = fresh.locator('[data-path="jurors.0.name"] input').input_value()
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "carodejnice", "version": 1, "box": {', encoding="utf-8")
    assert import_box(fresh, broken) == "This file is not a box file: nothing changed."
    wrong = import_box(fresh, board_file)
    assert wrong == "This box is for another game (witchcraft): nothing changed.", wrong
    assert fresh.locator('[data-path="jurors.0.name"] input').input_value() == stand_in
    assert "Save" in import_box(fresh, jurors_file)
    assert fresh.locator('[data-path="jurors.0.name"] input').input_value() == JURORS[0]
    save_box(fresh)

    # Started with one phone: the jurors are the box's, and none of them is marked.
    (phone,) = join_phones(browser, server, cj_room, ["Anna"])
    fresh.click("#btn-start")
    # The set-up checklist names the three jurors drawn, then the phone shows them.
    phone.wait_for_selector("#cj-setup li")
    drawn = phone.locator("#cj-setup li").nth(0).inner_text()
    assert sum(name in drawn for name in JURORS) == 3, drawn
    phone.click("#cj-ready")
    for page, where in ((fresh, "#cj-tv-jurors"), (phone, "#cj-jurors")):
        page.wait_for_selector(f"{where} .cj-juror")
        names = page.locator(f"{where} .cj-juror-name").all_inner_texts()
        assert names and all(any(n.startswith(j) for j in JURORS) for n in names), names
        assert marks(page, f"{where} .cj-juror-name") == 0, f"{where}: a juror still marked"

    # Witchcraft in the fresh browser: the board file imported, two phones, the 6 by 6 board.
    board_tv, wc_room = open_tv(second, server, "witchcraft")
    open_box(board_tv)
    import_box(board_tv, board_file)
    assert board_tv.locator("#box-sec-width input").input_value() == str(WIDTH)
    save_box(board_tv)
    players = join_phones(browser, server, wc_room, ["Anna", "Ben"])
    board_tv.click("#btn-start")
    for page in (board_tv, *players):
        page.wait_for_selector(".wc-board")
        # the board's far corner is there, and nothing beyond it
        corner, right, above = (
            f'.wc-board [data-cell="{name}"]'
            for name in (f"{chr(96 + WIDTH)}{HEIGHT}", f"{chr(97 + WIDTH)}1", f"a{HEIGHT + 1}")
        )
        assert page.locator(corner).count() > 0, "the board is smaller than the box's"
        assert page.locator(f"{right}, {above}").count() == 0, "the board is larger than the box's"
        # the whole box is the host's: no screen marks the board or the tiles as placeholders
        assert page.locator(".wc-placeholder:visible").count() == 0, "the board still marked"
    shot(settled(board_tv), artifacts, "witchcraft-tv-playing")
    close_all(phone, *players, board_tv)
