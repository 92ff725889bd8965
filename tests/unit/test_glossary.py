"""The glossaries (docs/glossary-<lang>.md) say which word each concept takes in a language and
which words it replaced; the catalogues must use those words (issue 26)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from companion import i18n_bundles
from companion.web.i18n import TRANSLATIONS
from tests.support import ROOT

LANGUAGES = ("cs", "it")
#: a Markdown table row: | cell | cell | … |
ROW = re.compile(r"^\|(.+)\|\s*$")


@dataclass(frozen=True)
class Entry:
    """One row of a glossary: the concept, the beginnings of the words it takes (``forms``) and
    of the words it no longer takes (``avoid``), the bundle those must stay out of, and the
    English msgids whose translation must use one of the forms."""

    concept: str
    forms: tuple[str, ...]
    avoid: tuple[str, ...]
    game: str
    msgids: tuple[str, ...]


def words(cell: str) -> tuple[str, ...]:
    """The comma-separated words of a cell.

    >>> words("zvládnut, nezvládnut"), words("")
    (('zvládnut', 'nezvládnut'), ())
    """
    return tuple(w.strip() for w in cell.split(",") if w.strip())


def glossary(lang: str) -> list[Entry]:
    """The rows of ``docs/glossary-<lang>.md``'s table (the header and the rule left out)."""
    rows = []
    for line in (ROOT / "docs" / f"glossary-{lang}.md").read_text().splitlines():
        match = ROW.match(line)
        if not match:
            continue
        cells = [c.strip() for c in match.group(1).split("|")]
        if cells[0] in ("Concept", "---"):
            continue
        concept, _, _, forms, avoid, game, checked = cells
        msgids = tuple(re.findall(r"`([^`]+)`", checked))
        rows.append(Entry(concept, words(forms), words(avoid), game, msgids))
    return rows


def begins_a_word(start: str, text: str, *, ignore_case: bool) -> bool:
    """Whether a word of ``text`` begins with ``start``.

    >>> begins_a_word("zvládnut", "Mise je zvládnutá", ignore_case=True)
    True
    >>> begins_a_word("PE", "Non hai cadaveri da 4 EXP.", ignore_case=False)
    False
    """
    flags = re.IGNORECASE if ignore_case else 0
    return re.search(rf"(?<!\w){re.escape(start)}", text, flags) is not None


def uses(word: str, text: str) -> bool:
    """``word`` as a whole word, or as the beginning of one when it ends with "…" (case matters).

    >>> uses("PE", "Death is PERMANENT"), uses("PE", "+4 PE"), uses("sad…", "do sady 2")
    (False, True, True)
    """
    if word.endswith("…"):
        return begins_a_word(word[:-1], text, ignore_case=False)
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


def catalogue(lang: str) -> Catalog:
    path = Path(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po")
    with path.open("rb") as source:
        return read_po(source)


def translation(po: Catalog, msgid: str) -> str:
    message = po.get(msgid)
    assert message is not None, f"{msgid!r} is not in the catalogue"
    text = message.string
    return " ".join(text) if isinstance(text, (list, tuple)) else str(text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_is_a_table_of_concepts_with_their_words(lang: str) -> None:
    entries = glossary(lang)
    assert len(entries) >= 10
    assert all(e.forms or e.avoid for e in entries)
    games = {i18n_bundles.SHELL, "all", *i18n_bundles.read().values()}
    assert [e.game for e in entries if e.game not in games] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogue_uses_the_glossarys_words_where_it_says(lang: str) -> None:
    po = catalogue(lang)
    missing = [
        (e.concept, msgid, translation(po, msgid))
        for e in glossary(lang)
        for msgid in e.msgids
        if not any(begins_a_word(f, translation(po, msgid), ignore_case=True) for f in e.forms)
    ]
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_words_the_glossary_replaced_are_gone_from_the_games_strings(lang: str) -> None:
    po = catalogue(lang)
    index = i18n_bundles.read()
    left = []
    for entry in glossary(lang):
        for message in po:
            if not message.id:
                continue
            key = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
            if entry.game != "all" and index.get(key, i18n_bundles.SHELL) != entry.game:
                continue
            text = translation(po, key)
            left += [(entry.concept, key, w) for w in entry.avoid if uses(w, text)]
    assert left == []
