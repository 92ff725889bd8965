"""Translations: the Flask-Babel catalogues translate the server's pages and are served as JSON
to the page kit; the compiled catalogues say what their sources say; every translatable string of
the code has its Italian and Czech translation; the pages show no English text outside t(); the
host's room language reaches every view and survives a restart."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from companion import i18n_bundles
from companion.engine import Illegal, IllegalAction
from companion.games.registry import GAMES
from companion.i18n_bundles import SHELL, extracted, message_key
from companion.i18n_extract import built_sentences, data_texts
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.store import SqliteStore
from companion.web import create_app
from companion.web.help import help_for, translated_help
from companion.web.i18n import TRANSLATIONS, languages
from tests.conformance import checks
from tests.support import ROOT


@pytest.fixture
def http(tmp_path: Path):  # type: ignore[no-untyped-def]
    app, _ = create_app({"DB_PATH": tmp_path / "db.sqlite3", "ASYNC_MODE": "threading"})
    return app.test_client()


def test_the_czech_catalogue_is_served_to_the_pages(http) -> None:  # type: ignore[no-untyped-def]
    answer = http.get("/api/i18n/cs.json")
    body = answer.get_json()
    assert answer.status_code == 200 and body["lang"] == "cs"
    assert body["languages"] == ["en", "cs", "it"]
    assert body["messages"]["Start the game"] == "Začít hru"
    assert body["messages"]["Round {n} · phase {p} of 6"] == "Kolo {n} · fáze {p} ze 6"
    assert body["plurals"]["{n} point"] == ["{n} bod", "{n} body", "{n} bodů"]


def test_the_italian_catalogue_is_served_too(http) -> None:  # type: ignore[no-untyped-def]
    body = http.get("/api/i18n/it.json").get_json()
    assert body["lang"] == "it" and body["messages"]["Start the game"] == "Inizia la partita"
    assert '<html lang="it">' in http.get("/", headers={"Accept-Language": "it-IT,it"}).text


def test_english_needs_no_catalogue_and_an_unknown_language_is_a_json_404(http) -> None:  # type: ignore[no-untyped-def]
    assert http.get("/api/i18n/en.json").get_json()["messages"] == {}
    answer = http.get("/api/i18n/xx.json")
    assert answer.status_code == 404 and answer.get_json()["ok"] is False


# -- the bundles: each page downloads only its strings -------------------------------------------

#: a game page's strings, the shell's and its game's together: bytes of JSON, without gzip
BUNDLE_BUDGET = 40_000

TRANSLATED = [lang for lang in languages() if lang != "en"]


@pytest.fixture(scope="module")
def found() -> list[tuple[str, str]]:
    """Every extracted ``(message, source)`` of the repository, as scripts/i18n sees them."""
    return list(extracted(ROOT))


def test_the_bundle_index_is_fresh_and_covers_the_whole_catalogue(
    found: list[tuple[str, str]],
) -> None:
    """companion/translations/bundles.json is written by scripts/i18n from the sources as they
    are: run it after adding, moving or removing a string."""
    with (TRANSLATIONS / "messages.pot").open("rb") as source:
        template = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(source) if m.id}
    packages, titles = i18n_bundles.registered()
    committed = i18n_bundles.read()
    assert committed == i18n_bundles.index(found, packages, titles), (
        "companion/translations/bundles.json is out of date: run scripts/i18n"
    )
    assert set(committed) == template
    assert set(committed.values()) <= {SHELL, *GAMES}
    assert committed["Start the game"] == SHELL  # the phone's lobby
    assert committed["Only the table can do that."] == SHELL  # the engine's refusal
    assert committed["Buzzer (speed rounds)"] == SHELL  # a title: the home page lists it
    assert committed["Only the table awards points."] == "buzzer"  # a declared refusal
    assert committed["Tailwind"] == "wicked-witches-way"  # a data file's name
    assert committed["{n} raven left"] == "witchs-brew"  # a plural of the page module


def test_no_two_messages_share_a_key() -> None:
    """A served bundle keys a translation by message_key(English): two texts with one key would
    show one's translation for the other."""
    by_key: dict[str, list[str]] = {}
    for message in i18n_bundles.read():
        by_key.setdefault(message_key(message), []).append(message)
    assert [texts for texts in by_key.values() if len(texts) > 1] == []


def served_bundle(http, lang: str, name: str) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    answer = http.get(f"/api/i18n/{lang}/{name}.json")
    assert answer.status_code == 200, f"{lang}/{name}"
    body: dict[str, Any] = answer.get_json()
    assert body["lang"] == lang and body["bundle"] == name
    return body


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_page_gets_every_string_its_sources_use_and_no_other_games(  # type: ignore[no-untyped-def]
    http, lang: str, game_id: str, found: list[tuple[str, str]]
) -> None:
    """The shell alone translates every string of the shell's sources (the home page loads
    nothing else); the shell and the game's bundle translate every string of the game's
    package and page modules, each as the whole catalogue does; the game's bundle holds nothing
    the shell or another game shows."""
    shell = served_bundle(http, lang, SHELL)
    game = served_bundle(http, lang, game_id)
    assert shell["languages"] == list(languages()) and "languages" not in game
    whole = http.get(f"/api/i18n/{lang}.json").get_json()
    packages, _ = i18n_bundles.registered()
    missing = []
    for message, source in found:
        bundle = i18n_bundles.bundle_of(source, packages)
        if bundle not in (SHELL, game_id):
            continue
        part = "plurals" if message in whole["plurals"] else "messages"
        wanted = whole[part].get(message)
        has = {**shell[part], **(game[part] if bundle == game_id else {})}
        if wanted is not None and has.get(message_key(message)) != wanted:
            missing.append(f"{source}: {message}")
    assert missing == []
    index = i18n_bundles.read()
    own = {message_key(m) for m, b in index.items() if b == game_id}
    assert set(game["messages"]) | set(game["plurals"]) <= own
    assert set(game["messages"]).isdisjoint(shell["messages"])


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_game_page_downloads_at_most_40_kb_of_strings(http, lang: str) -> None:  # type: ignore[no-untyped-def]
    """The shell plus the heaviest game's bundle, as served (JSON bytes, no gzip)."""
    shell = len(http.get(f"/api/i18n/{lang}/shell.json").data)
    games = {game_id: len(http.get(f"/api/i18n/{lang}/{game_id}.json").data) for game_id in GAMES}
    heaviest = max(games, key=lambda game_id: games[game_id])
    assert shell + games[heaviest] <= BUNDLE_BUDGET, (heaviest, shell, games)


def test_english_bundles_are_empty_and_an_unknown_bundle_is_a_json_404(http) -> None:  # type: ignore[no-untyped-def]
    english = served_bundle(http, "en", SHELL)
    assert english["messages"] == {} and english["languages"] == ["en", "cs", "it"]
    assert served_bundle(http, "en", "buzzer")["messages"] == {}
    for url in ("/api/i18n/cs/chess.json", "/api/i18n/xx/shell.json", "/api/i18n/cs/.json"):
        answer = http.get(url)
        assert answer.status_code == 404 and answer.get_json()["ok"] is False, url


@pytest.mark.parametrize(
    "url", ["/api/i18n/cs.json", "/api/i18n/cs/shell.json", "/api/i18n/it/witchcraft.json"]
)
def test_a_catalogue_answer_is_revalidated_by_its_etag(http, url: str) -> None:  # type: ignore[no-untyped-def]
    first = http.get(url)
    assert first.status_code == 200 and first.headers["ETag"]
    assert "max-age=300" in first.headers["Cache-Control"]
    again = http.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    assert http.get(url, headers={"If-None-Match": '"stale"'}).data == first.data


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
        written = {frozen(m.id): frozen(m.string) for m in read_po(source) if m.id and m.string}
        served = {frozen(m.id): frozen(m.string) for m in read_mo(compiled) if m.id}
    assert served == written, "messages.mo is out of date: run scripts/i18n"


def frozen(text: str | list[str] | tuple[str, ...]) -> str | tuple[str, ...]:
    """A message id or string as a dictionary key (plural ones are lists in a .mo)."""
    return text if isinstance(text, str) else tuple(text)


def translatable() -> set[str]:
    """Every string the code asks to translate, extracted afresh from the sources the way
    scripts/i18n does (so a new string fails the test below until it is translated)."""
    return {message for message, _ in extracted(ROOT)}


def test_the_names_and_texts_of_the_games_data_files_are_extracted_and_ids_are_not() -> None:
    """The data files' words are translated like the code's (companion/i18n_extract.py):
    scripts/i18n puts them into the catalogue through babel.cfg, ids and notes stay out."""
    with (TRANSLATIONS / "messages.pot").open("rb") as source:
        template = {m.id for m in read_po(source) if m.id}
    texts = data_texts(ROOT)
    assert {"Wolf Keeper", "Take 3 red drops.", "Fire Ball"} <= texts
    assert not {"witch", "ability-01", "acrobatics_1", "star", "orange"} & texts
    assert sorted(texts - template) == [], "run scripts/i18n"


def test_the_sentences_actions_and_fields_declare_are_extracted() -> None:
    asked = translatable()
    assert "Only the table awards points." in asked  # buzzer: by_table(..., refusal=...)
    assert "Say which card you kept: its number or its name." in asked  # Field(message=...)


@pytest.mark.parametrize(
    "module", sorted(p.relative_to(ROOT) for p in (ROOT / "companion").glob("**/*.py")), ids=str
)
def test_no_declared_sentence_is_built_where_it_cannot_be_extracted(module: Path) -> None:
    """A field's ``message``, an action's ``refusal``, a refusal's or a view text's template
    written as an f-string is English in every language: write a template and its parts
    (``Illegal("{name} may not.", name=name)``, ``say(…)``; a field fills ``{low}``, ``{high}``,
    ``{max_items}``)."""
    assert list(built_sentences((ROOT / module).read_text(encoding="utf-8"))) == []


def uncommented(path: Path) -> str:
    """A script without its comments (which quote t() calls as examples)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"^\s*//.*$", "", text, flags=re.M)


def test_the_extraction_finds_every_t_call_of_the_pages() -> None:
    """Babel's JavaScript lexer can lose its way (a regular expression after ``return``…) and
    then silently skips the rest of a file: every ``t('…')`` a plain search finds must have
    been extracted."""
    plain = {
        m.group(1)
        for path in sorted((ROOT / "static").glob("**/*.js"))
        for m in re.finditer(r"\b(?:t|tn|N_)\('([^'\\]*)'", uncommented(path))
    }
    assert len(plain) > 200
    assert sorted(plain - translatable()) == []


@pytest.mark.parametrize("lang", ["it", "cs"])
def test_every_translatable_string_has_a_translation(lang: str) -> None:
    """Fails on any string of the pages, templates, option labels or refusals that the
    language's catalogue lacks: run scripts/i18n and translate the new empty entries."""
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as source:
        known = {
            (m.id[0] if isinstance(m.id, tuple) else m.id): m.string
            for m in read_po(source)
            if m.id
        }
    asked = translatable()
    assert len(asked) > 400
    missing = sorted(m for m in asked if not known.get(m) or not all(known[m]))
    assert missing == [], f"untranslated in {lang}: run scripts/i18n and translate"


@pytest.mark.parametrize("lang", ["it", "cs"])
def test_a_translation_keeps_the_placeholders_of_its_english_text(lang: str) -> None:
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as source:
        wrong = [
            m.id
            for m in read_po(source)
            if m.id and isinstance(m.id, str) and m.string and holes(m.string) != holes(m.id)
        ]
    assert wrong == []


def holes(text: str) -> set[str]:
    """``{name}`` placeholders: ``holes("Seat {n} of {m}") == {"n", "m"}``."""
    return set(re.findall(r"\{(\w+)\}", text))


#: a page's English text outside t(): a literal that starts with a capital letter (or a
#: template literal with words) given as text, a label or a title, or assigned to textContent
UNWRAPPED = re.compile(
    r"""(?:\b(?:text|title|placeholder|sure|'aria-label')\s*:\s*|\.textContent\s*=\s*)"""
    r"""(?:'[A-Z][a-z]+[^']*'|`[^`$]*[A-Za-z]{3,}[^`]*`)"""
)


@pytest.mark.parametrize(
    "page", sorted(p.relative_to(ROOT) for p in (ROOT / "static").glob("**/*.js")), ids=str
)
def test_the_pages_show_no_english_text_outside_t(page: Path) -> None:
    """The robust part of "every text is translated": texts given to an element as its text,
    label or title must go through t(). Other shapes are found by the extraction test above
    only once wrapped; review new pages for them."""
    if "vendor" in page.parts:
        return
    source = (ROOT / page).read_text(encoding="utf-8")
    found = [m.group(0) for m in UNWRAPPED.finditer(source)]
    assert found == []


def test_the_hosts_room_language_reaches_every_view_and_survives_a_restart(
    tmp_path: Path,
) -> None:
    config = ServiceConfig("http://t", languages=("en", "cs", "it"))
    svc = RoomService(SqliteStore(tmp_path / "db.sqlite3"), GAMES, lambda: 1000.0, config)
    made = svc.create_room({"game": "buzzer", "seed": 5})
    code = made["code"]
    svc.host("tv", {"code": code, "host_token": made["host_token"]})
    svc.join("p0", {"code": code, "name": "Anna"})
    assert svc.rooms[code].lang is None
    reply = svc.room_command("tv", {"type": "language", "lang": "it"})
    assert {o.to: o.payload["room"]["lang"] for o in reply.out if o.event == "view"} == {
        "tv": "it",
        "p0": "it",
    }
    with pytest.raises(RoomError) as refused:
        svc.room_command("p0", {"type": "language", "lang": "cs"})
    assert refused.value.code == "forbidden"
    with pytest.raises(RoomError) as unknown:
        svc.room_command("tv", {"type": "language", "lang": "xx"})
    assert unknown.value.as_ack()["error"]["params"] == {"lang": "xx"}
    again = RoomService(SqliteStore(tmp_path / "db.sqlite3"), GAMES, lambda: 1000.0, config)
    assert again.rooms[code].lang == "it"


def test_a_refusal_with_variable_parts_sends_its_template_to_be_translated() -> None:
    error = Illegal("The room is full (seats: {seats}).", seats=4)
    assert error.message == "The room is full (seats: 4)."
    ack = RoomError(error.code, error.template, **error.params).as_ack()["error"]
    assert (ack["template"], ack["params"]) == ("The room is full (seats: {seats}).", {"seats": 4})


def test_a_games_help_comes_in_the_pages_language_where_it_is_translated(http) -> None:  # type: ignore[no-untyped-def]
    code = http.post("/api/rooms", json={"game": "carodejnice"}).get_json()["code"]
    assert "Hra pro jednoho hráče se skutečnými kartami" in http.get(f"/j/{code}?lang=cs").text
    assert "A solo game with the physical cards" in http.get(f"/j/{code}?lang=en").text
    italian = http.get(f"/j/{code}?lang=it").text
    assert "Una partita in solitario con le carte vere" in italian and "Entra in partita" in italian


def test_a_game_without_a_translated_help_shows_the_english_one() -> None:
    # Every game has Italian and Czech help by now: a language none has shows the fallback.
    buzzer = GAMES["buzzer"]
    assert translated_help(buzzer, "de") is None
    assert help_for(buzzer, "de") == help_for(buzzer, "en")
    assert help_for(buzzer, "it") != help_for(buzzer, "en")


@pytest.mark.parametrize(
    "translation", sorted((ROOT / "companion" / "games").glob("*/help.*.md")), ids=str
)
def test_a_translated_help_keeps_the_sections_of_the_english_one(translation: Path) -> None:
    english = translation.with_name("help.md").read_text(encoding="utf-8")
    text = translation.read_text(encoding="utf-8")
    assert text.startswith("# ")
    assert text.count("\n## ") == english.count("\n## ")


# -- the texts the games' views build -----------------------------------------------------------

#: the view keys whose plain strings are sentences for people (other strings are ids or names)
SENTENCE_KEYS = frozenset({"text", "log", "note", "line", "prompt", "doing", "message", "says"})


def untranslated(sent: object, known: set[str], key: str | None = None) -> Iterator[str]:
    """Every text in a view (or a refusal's parts) that no catalogue could translate: a
    template (``{"template", "params"}``, companion/engine/text.py) the extraction does not
    know, or a plain string under a sentence key that is neither extracted nor a data name.

    >>> sorted(untranslated({"log": ["Hi.", {"template": "Ho {x}", "params": {"x": 1}}]}, {"Hi."}))
    ['Ho {x}']
    """
    if isinstance(sent, dict):
        if "template" in sent:
            if sent["template"] not in known:
                yield sent["template"]
            for value in sent.get("params", {}).values():
                yield from untranslated(value, known, "params")
            return
        for k, value in sent.items():
            yield from untranslated(value, known, k)
    elif isinstance(sent, list):
        for value in sent:
            yield from untranslated(value, known, key)
    elif isinstance(sent, str) and key in SENTENCE_KEYS and sent not in known:
        yield sent


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_text_a_games_view_or_refusal_sends_is_a_catalogue_text(game_id: str) -> None:
    """Random legal play (the conformance helpers): every text the views carry, and every
    refusal met on the way, is an extracted template (or a data name) — a sentence built with
    an f-string would be English in every language — of the shell's or this game's bundle, the
    two a game page downloads."""
    known = {m for m, b in i18n_bundles.read().items() if b in (SHELL, game_id)}
    game = GAMES[game_id]
    found: set[str] = set()
    players, options = next(iter(checks.configurations(game)))
    for seed in (1, 2):
        run = checks.play(game, players, options, seed, steps=120)
        rng = random.Random(seed)
        for state in [run.first, *run.states]:
            for seat in [None, *range(players)]:
                found.update(untranslated(game.view(state, seat), known))
            for _ in range(3):  # a declared move, and one broken (the engine's field checks)
                sender, raw = checks.candidate(game, players, rng)
                broken = checks.malformed(game, players, rng, checks.T0)
                if rng.random() < 0.5 and isinstance(broken[1], dict):  # the room checks the rest
                    sender, raw = broken
                try:
                    game.apply(state, sender, raw, checks.T0, seats=players)
                except IllegalAction as refusal:
                    found.update(untranslated(refusal_json(refusal), known))
    assert sorted(found) == []


def refusal_json(refusal: IllegalAction) -> dict[str, object]:
    """The refusal as the error ack sends it (``template`` and ``params``)."""
    ack = RoomError(refusal.code, refusal.template, **refusal.params).as_ack()["error"]
    return {"template": ack.get("template", ack["message"]), "params": ack.get("params", {})}
