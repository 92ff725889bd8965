"""One source per fact: the server's reference data holds every card, symbol, witch and track
fact the pages show (``GET /api/games/wicked-witches-way/reference``), the catalogues translate
its words, and no page module restates them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from babel.messages.pofile import read_po

from companion.games.wicked_witches_way import WITCHES
from companion.games.wicked_witches_way.black_magic import DECK, SPELLS, kind_of, spell_of
from companion.games.wicked_witches_way.dice import DICE_COUNT
from companion.games.wicked_witches_way.symbols import SYMBOLS
from companion.games.wicked_witches_way.track import FINISH, LOWEST, NOVICE_STARTS, PENALTY
from companion.web import create_app
from companion.web.i18n import TRANSLATIONS
from tests.support import ROOT
from tests.unit.wicked_witches_way.helpers import GAME

PAGES = sorted((ROOT / "static" / "games" / "wicked-witches-way").glob("*.js"))


def words() -> list[str]:
    """Every name and text of the reference that people read."""
    ref = GAME.reference()
    out = [card[key] for card in ref["spells"].values() for key in ("name", "text")]
    out += [symbol["name"] for symbol in ref["symbols"]]
    return out + [color["name"] for color in ref["colors"]]


def test_the_reference_has_every_card_of_the_deck_with_its_words_and_timing() -> None:
    spells = GAME.reference()["spells"]
    in_deck = Counter(kind_of(card) for card in DECK if spell_of(card) is not None)
    assert {kind: card["count"] for kind, card in spells.items()} == dict(in_deck)
    for spell, info in SPELLS.items():
        assert spells[spell.value] == {
            "name": info.name,
            "text": info.text,
            "timing": info.timing.value,
            "count": info.count,
        }
    assert spells["blockade"]["text"] == (
        "No player can pass you this turn. Play it after your movement."
    )
    # the acrobatics cards' points are the room's box: in the views, not in the reference
    assert "acrobatics" not in GAME.reference()


def test_the_reference_has_the_symbols_witches_dice_and_track() -> None:
    ref = GAME.reference()
    assert [s["id"] for s in ref["symbols"]] == [s.value for s in SYMBOLS]
    assert [s["name"] for s in ref["symbols"]][4] == "Spider web"
    assert [c["id"] for c in ref["colors"]] == ["orange", "black"]
    assert ref["witches"] == list(WITCHES) and ref["dice"] == DICE_COUNT == 9
    assert (ref["track"]["lowest"], ref["track"]["finish"], ref["track"]["penalty"]) == (
        LOWEST,
        FINISH,
        PENALTY,
    )
    assert ref["novice_starts"] == list(NOVICE_STARTS)
    assert ref["levels"] == ["normal", "novice", "expert"]
    assert ref["decree_seconds"] == {"normal": 10, "expert": 5}


def test_the_reference_is_served_once_over_http(tmp_path: Path) -> None:
    app, _ = create_app({"DB_PATH": tmp_path / "db.sqlite3", "ASYNC_MODE": "threading"})
    answer = app.test_client().get("/api/games/wicked-witches-way/reference")
    assert answer.status_code == 200 and answer.get_json() == GAME.reference()


def test_every_word_of_the_reference_is_in_the_catalogues_and_translated() -> None:
    """scripts/i18n extracts them (they are marked N_ where they are written)."""
    for lang in ("it", "cs"):
        with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as source:
            known = {m.id: m.string for m in read_po(source) if m.id}
        assert [w for w in words() if not known.get(w)] == [], lang


def test_no_page_module_restates_a_card_symbol_or_witch() -> None:
    """The pages read the reference (common.js book(ctx)): a card's name or text, a symbol's
    name or a witch written in a page as a string would be a second source that can drift (it
    did: "Nobody may pass you this turn." against the server's wording)."""
    ref = GAME.reference()
    colors = {color["name"] for color in ref["colors"]}  # the colours' names are their ids
    facts = [w for w in words() if w not in colors] + ref["witches"]
    assert PAGES
    for page in PAGES:
        source = page.read_text("utf-8")
        quoted = [fact for fact in facts if f"'{fact}'" in source or f'"{fact}"' in source]
        assert quoted == [], page.name
        # nor a text's first words inside a longer string
        assert [t for t in facts if len(t) > 20 and t[:20] in source] == [], page.name
