"""Witch & Bitch's box: each Witch card (Defense, Movement, preferred Schools and their bonus;
the names of the two cards the rulebook does not name), the Spell names the rulebook does not
give, the Destiny texts and scenario 2's Objects. Each field's bad values are refused (nothing is
kept); an entered value reaches the views and loses its placeholder mark; the rulebook's facts
(three Witch names, Health 10, the Spell names it prints) are no box fields."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import OptionError
from companion.games.witch_and_bitch import spells
from companion.games.witch_and_bitch.box import BOX
from companion.games.witch_and_bitch.state import Step
from tests.box_cases import assert_defaults_pass, assert_refused, bad_boxes
from tests.unit.witch_and_bitch.helpers import GAME, in_round, new, to_step

BAD = list(bad_boxes(BOX))
CHANOTIKA = {"defense": 18, "movement": 3, "preferred": ["fire"], "bonus": 3}


@pytest.mark.parametrize(("given", "label"), BAD)
def test_each_field_refuses_its_bad_values(given: dict[str, Any], label: str) -> None:
    assert_refused(GAME, given, label, ["Anna", "Ben", "Cleo"])


def test_every_field_is_tried_and_the_rulebooks_facts_are_no_fields() -> None:
    labels = {label for _, label in BAD}
    assert {"Witch cards", "Chanotika", "Fourth Witch card", "Defense", "Movement"} <= labels
    assert {"Preferred Schools", "Spell names", "Level 2 · b", "Destiny cards", "Green"} <= labels
    assert "Objects in scenario 2 (The Return of Wanna)" in labels
    witches = {f.id: f for f in BOX}["witches"]
    topaz = next(f for f in witches.item if f.id == "topaz")
    assert [f.id for f in topaz.item] == ["defense", "movement", "preferred", "bonus"]
    spell_fields = {f.id: f for f in BOX}["spells"].item
    slots = {f"{school.id}-{slot.id}" for school in spell_fields for slot in school.item}
    assert slots == {s.id for s in spells.catalogue().values() if not s.known}
    with pytest.raises(OptionError, match="no field 'name'"):
        GAME.checked_options({"box": {"witches": {"topaz": {"name": "Opal"}}}})
    with pytest.raises(OptionError, match="no field 'health'"):
        GAME.checked_options({"box": {"witches": {"topaz": {"health": 12}}}})
    with pytest.raises(OptionError, match="no field '1'"):
        GAME.checked_options({"box": {"spells": {"fire": {"1": "Fireball"}}}})


def test_the_defaults_are_the_data_files_placeholders() -> None:
    assert_defaults_pass(BOX)
    view = GAME.view(in_round(1, 2), None)
    assert view["witches"][0]["witch_card"]["placeholder"] is True
    assert view["book"]["spells"]["fire-2b"] == {"name": "Fire II-b", "placeholder": True}


def test_an_entered_witch_card_reaches_the_views_without_the_mark() -> None:
    box = {"witches": {"chanotika": CHANOTIKA, "witch-4": {"name": "Nera"}}}
    state = in_round(1, 2, box=box)
    assert state.witches[0].card == "chanotika"
    witch = GAME.view(state, None)["witches"][0]
    assert (witch["defense"], witch["movement"], witch["health"]) == (18, 3, 10)
    card = witch["witch_card"]
    assert (card["preferred"], card["bonus"], card["placeholder"]) == (["fire"], 3, False)
    cards = {c["id"]: c for c in GAME.view(state, None)["book"]["witches"]}
    assert (cards["witch-4"]["name"], cards["witch-4"]["name_placeholder"]) == ("Nera", False)
    assert cards["witch-4"]["placeholder"] is True  # its numbers are still the placeholders
    assert cards["topaz"]["placeholder"] is True


def test_entered_spell_names_destiny_texts_and_objects_lose_the_mark() -> None:
    box = {
        "spells": {"fire": {"2b": "Ember Crown"}},
        "destiny": {"green": "A storm: every Witch moves 1."},
        "objects": 6,
    }
    view = GAME.view(in_round(1, 2, box=box), None)
    assert view["book"]["spells"]["fire-2b"] == {"name": "Ember Crown", "placeholder": False}
    assert view["book"]["spells"]["fire-3a"]["placeholder"] is True
    view = GAME.view(to_step(in_round(1, 2, box=box), Step.DESTINY), None)
    destiny = view["destiny"]
    assert (destiny["colour"], destiny["placeholder"]) == ("green", False)
    assert destiny["text"] == "A storm: every Witch moves 1."
    objects = GAME.view(new(2, 3, box=box), None)["objects"]
    assert (objects["total"], objects["placeholder"]) == (6, False)
    assert GAME.view(new(2, 3), None)["objects"]["placeholder"] is True
