"""Data honesty (issue 22, item 4): what the app marks as a placeholder is never given as the
rulebook's, and what the rulebook states is never a box field.

Each game's box (companion/engine/box.py) declares the values the rulebook does not give. Its
doc, ``docs/games/<game>.md``, has a "Your box" section that names every box field (each field
id in backticks) and a "From the rulebook" section with the facts the app fixes. The test fails
when a placeholder value (a box field's default text) or a box field is quoted in "From the
rulebook", when a fact below is missing from "From the rulebook" or is a box field (its id, its
label or a default), or when "Your box" leaves out a field.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from companion.engine import BoxField, BoxKind
from companion.games.registry import GAMES

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"

#: every placeholder (box) field per game, as paths: a record's key after a dot, a list's items
#: as ``[]`` (a record of like records, e.g. the Witch cards, by one of them). Adding or removing
#: a box field changes this list, its doc's "Your box" section and the docs' "From the rulebook"
PLACEHOLDERS: dict[str, set[str]] = {
    "carodejnice": {
        "jurors[].name",
        "jurors[].missions[].name",
        "jurors[].missions[].difficulty",
        "jurors[].missions[].value",
        "jurors[].missions[].challenges",
        "conviction_max",
        "curse_deck",
        "tales[].title",
        "tales[].tracks[].name",
        "tales[].tracks[].start",
        "tales[].tracks[].max",
        "tales[].tracks[].goal",
    },
    "wicked-witches-way": {"dice[][].symbol", "dice[][].color", "acrobatics[]"},
    "witchcraft": {
        "width",
        "height",
        "altars",
        *(f"tiles.{kind}.count" for kind in ("apprentice", "archmage", "golem", "master")),
        *(f"tiles.{kind}.count" for kind in ("monk", "telekinetic", "watchman")),
        *(f"tiles.{kind}.spells" for kind in ("apprentice", "archmage", "golem", "master")),
        *(f"tiles.{kind}.spells" for kind in ("monk", "priest", "telekinetic", "watchman")),
        *(f"tiles.{kind}.shields" for kind in ("archmage", "golem", "watchman")),
    },
    "witchs-brew": {"abilities[].name", "abilities[].text"},
    "witch-and-bitch": {
        "witches.chanotika.defense",
        "witches.chanotika.movement",
        "witches.chanotika.preferred",
        "witches.chanotika.bonus",
        "witches.witch-4.name",
        "witches.witch-5.name",
        "spells.fire.2b",
        "destiny.green",
        "destiny.orange",
        "destiny.red",
        "objects",
    },
}

#: what the rulebook states, in the words "From the rulebook" uses: never a box field
FACTS: dict[str, list[str]] = {
    "carodejnice": ["8 jurors", "3 of them", "acts 1, 2 and 3", "20 general", "5 for each"],
    "wicked-witches-way": ["9 dice", "6 faces", "18 spells", "9 aerial acrobatics cards"],
    "witchs-brew": ["17 ability cards", "3 take effect", "3 once", "11 any number of times"],
    "witch-and-bitch": ["Health 10", "Chanotika", "Topaz", "Travonia", "Resurrection"],
    "witchcraft": [
        "map-tile pairs of 1, 2 and 3 spaces",
        "the Monk, the Prophet and the Telekinetic set aside",
        "9 wizards per guild",
        "shields printed on the Archmage, the Watchman and the Golem",
    ],
}


def leaves(fields: Sequence[BoxField]) -> Iterator[tuple[str, BoxField]]:
    """``(path, field)`` for every value a box holds (records and lists opened)."""
    for field in fields:
        yield from _opened(field, field.id)


def _opened(field: BoxField, path: str) -> Iterator[tuple[str, BoxField]]:
    if field.kind is BoxKind.RECORD:
        for sub in field.item:
            yield from _opened(sub, f"{path}.{sub.id}")
    elif field.kind is BoxKind.LIST:
        yield from _opened(field.item[0], path + "[]")
    else:
        yield path, field


def placeholder_texts(fields: Sequence[BoxField], values: Any = None) -> Iterator[str]:
    """Every placeholder text a box holds by default (a name, a card's text), at any depth."""
    for field in fields:
        value = field.default if values is None else values.get(field.id, field.default)
        if field.kind is BoxKind.TEXT and field.placeholder and isinstance(value, str):
            yield value
        elif field.kind is BoxKind.RECORD:
            yield from placeholder_texts(field.item, value or {})
        elif field.kind is BoxKind.LIST:
            (item,) = field.item
            for element in value or []:
                yield from placeholder_texts((item,), {item.id: element})


def section(doc: str, title: str) -> str:
    """The text of the ``## <title>`` section (up to the next ``## ``), its lines joined."""
    found = re.search(rf"^## {re.escape(title)}[^\n]*\n(.*?)(?=^## |\Z)", doc, re.M | re.S)
    assert found, f"no '## {title}' section"
    return " ".join(found[1].split())


def all_fields(fields: Sequence[BoxField]) -> Iterator[BoxField]:
    for field in fields:
        yield field
        yield from all_fields(field.item)


@pytest.mark.parametrize("game_id", sorted(PLACEHOLDERS))
def test_the_box_holds_exactly_the_listed_placeholders(game_id: str) -> None:
    paths = {path for path, field in leaves(GAMES[game_id].box) if field.placeholder}
    listed = PLACEHOLDERS[game_id]
    # a record of like records (each Witch card, each School) is listed by one of them
    assert listed <= paths
    assert {_generic(p) for p in paths} == {_generic(p) for p in listed}


def _generic(path: str) -> str:
    """A path with the keys of like records left out ("witches.*.defense")."""
    parts = path.split(".")
    if parts[0] in ("witches", "spells") and len(parts) == 3:
        return f"{parts[0]}.*.{parts[2] if parts[0] == 'witches' else '*'}"
    return path


@pytest.mark.parametrize("game_id", sorted(PLACEHOLDERS))
def test_your_box_in_the_doc_names_every_field(game_id: str) -> None:
    doc = (DOCS / f"{game_id}.md").read_text("utf-8")
    box = section(doc, "Your box")
    named = {word for code in re.findall(r"`([^`]+)`", box) for word in re.findall(r"[\w-]+", code)}
    ids = {field.id for field in all_fields(GAMES[game_id].box) if field.kind is not BoxKind.RECORD}
    assert ids - named == set()


@pytest.mark.parametrize("game_id", sorted(PLACEHOLDERS))
def test_no_placeholder_is_quoted_as_from_the_rulebook(game_id: str) -> None:
    doc = (DOCS / f"{game_id}.md").read_text("utf-8")
    facts = section(doc, "From the rulebook")
    box = GAMES[game_id].box
    assert {t for t in placeholder_texts(box) if len(t) > 3 and t in facts} == set()
    assert {path for path, _ in leaves(box) if f"`{path}`" in facts} == set()


@pytest.mark.parametrize("game_id", sorted(PLACEHOLDERS))
def test_every_rulebook_fact_is_stated_and_is_no_box_field(game_id: str) -> None:
    doc = (DOCS / f"{game_id}.md").read_text("utf-8")
    facts = section(doc, "From the rulebook")
    assert [fact for fact in FACTS[game_id] if fact not in facts] == []
    box = GAMES[game_id].box
    words = {field.id for field in all_fields(box)} | set(placeholder_texts(box))
    # a fact may be a record's label (a Witch card by its printed name), never a value to enter
    assert [fact for fact in FACTS[game_id] if fact in words] == []


def test_a_placeholder_in_from_the_rulebook_is_caught() -> None:
    """The check can fail: a section that quotes a placeholder name is refused."""
    fake = section("## From the rulebook\n\nHealth 10; the Witch Four card.\n", "From the rulebook")
    quoted = {t for t in placeholder_texts(GAMES["witch-and-bitch"].box) if t in fake}
    assert quoted == {"Witch Four"}
