"""Translations: the Flask-Babel catalogues translate the server's pages and are served as JSON
to the page kit; the compiled catalogues say what their sources say; every string the
Čarodějnice! pages ask for has its Czech translation."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion.web import create_app
from companion.web.i18n import TRANSLATIONS
from tests.support import ROOT


@pytest.fixture
def http(tmp_path: Path):  # type: ignore[no-untyped-def]
    app, _ = create_app({"DB_PATH": tmp_path / "db.sqlite3", "ASYNC_MODE": "threading"})
    return app.test_client()


def test_the_czech_catalogue_is_served_to_the_pages(http) -> None:  # type: ignore[no-untyped-def]
    answer = http.get("/api/i18n/cs.json")
    body = answer.get_json()
    assert answer.status_code == 200 and body["lang"] == "cs"
    assert body["languages"] == ["en", "cs"]
    assert body["messages"]["Start the game"] == "Začít hru"
    assert body["messages"]["Round {n} · phase {p} of 6"] == "Kolo {n} · fáze {p} ze 6"


def test_english_needs_no_catalogue_and_an_unknown_language_is_a_json_404(http) -> None:  # type: ignore[no-untyped-def]
    assert http.get("/api/i18n/en.json").get_json()["messages"] == {}
    answer = http.get("/api/i18n/xx.json")
    assert answer.status_code == 404 and answer.get_json()["ok"] is False


def test_the_server_pages_follow_the_browser_and_the_chosen_language(http) -> None:  # type: ignore[no-untyped-def]
    czech = http.get("/", headers={"Accept-Language": "cs-CZ,cs;q=0.9,en;q=0.5"}).text
    assert '<html lang="cs">' in czech and "hrajte sami na tomto telefonu" in czech
    http.set_cookie("lang", "en")
    english = http.get("/", headers={"Accept-Language": "cs"}).text
    assert '<html lang="en">' in english and "play alone on this phone" in english
    assert '<html lang="cs">' in http.get("/?lang=cs").text


@pytest.mark.parametrize("po", sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po")), ids=str)
def test_each_compiled_catalogue_says_what_its_source_says(po: Path) -> None:
    """The .mo files are committed: run scripts/i18n after editing a .po."""
    with po.open("rb") as source, po.with_suffix(".mo").open("rb") as compiled:
        written = {m.id: m.string for m in read_po(source) if m.id and m.string}
        served = {m.id: m.string for m in read_mo(compiled) if m.id}
    assert served == written, "messages.mo is out of date: run scripts/i18n"


def test_every_text_of_the_carodejnice_pages_has_a_czech_translation() -> None:
    with (TRANSLATIONS / "cs" / "LC_MESSAGES" / "messages.po").open("rb") as source:
        czech = {m.id: m.string for m in read_po(source) if m.id}
    asked = {
        message
        for page in sorted((ROOT / "static" / "games" / "carodejnice").glob("*.js"))
        for _, message, _, _ in extract_from_file("javascript", page, keywords={"t": None})
    }
    assert len(asked) > 50
    assert sorted(m for m in asked if not czech.get(m)) == []
