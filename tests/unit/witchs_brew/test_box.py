"""Witch's Brew's box: the names and texts of the 17 ability cards (Magical Abilities), as the
host enters them from the cards. Each field's bad values are refused (nothing is kept); the
entered names and texts reach the views without the placeholder mark, and a player using the
table's own cards can name hers by the entered name."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import OptionError
from companion.games.witchs_brew.abilities import BOX, abilities
from tests.box_cases import assert_defaults_pass, assert_refused, bad_boxes
from tests.unit.witchs_brew.helpers import GAME, T0, new

BAD = list(bad_boxes(BOX))
NAMED = [{"name": f"Spell {n}", "text": f"What card {n} does."} for n in range(1, 18)]


@pytest.mark.parametrize(("given", "label"), BAD)
def test_each_field_refuses_its_bad_values(given: dict[str, Any], label: str) -> None:
    assert_refused(GAME, given, label, ["Anna", "Ben", "Cleo"])


def test_every_field_is_tried_and_two_cards_may_not_share_a_name() -> None:
    assert {"Ability cards", "Ability card", "Name", "Text"} <= {label for _, label in BAD}
    twice = [*NAMED[:16], {"name": "SPELL  1"}]
    with pytest.raises(OptionError) as refused:
        GAME.checked_options({"box": {"abilities": twice}})
    assert str(refused.value) == "Your box: two ability cards are called spell 1."


def test_the_defaults_are_the_data_files_placeholders() -> None:
    assert_defaults_pass(BOX)
    state = new(3, magical_abilities=True)
    assert state.options.cards == tuple(abilities().values())
    hand = GAME.view(state, state.draft.current if state.draft else 0)["you"]["draft_hand"]
    assert hand and all(card["placeholder"] for card in hand)


def test_entered_cards_reach_the_views_without_the_placeholder_mark() -> None:
    state = new(3, magical_abilities=True, box={"abilities": NAMED})
    assert state.draft is not None and state.draft.current is not None
    hand = GAME.view(state, state.draft.current)["you"]["draft_hand"]
    for card in hand:
        number = abilities()[card["id"]].number
        assert (card["name"], card["placeholder"]) == (f"Spell {number}", False)
        assert card["text"] == f"What card {number}" + " does."


def test_a_player_names_her_own_card_by_its_entered_name() -> None:
    state = new(3, first=0, physical_abilities=True, box={"abilities": NAMED})
    cards = GAME.view(state, None)["draft"]["cards"]
    assert [(c["number"], c["name"], c["placeholder"]) for c in cards][:2] == [
        (1, "Spell 1", False),
        (2, "Spell 2", False),
    ]
    state = GAME.apply(state, 0, {"type": "keep", "card": " spell 7"}, T0)
    mine = GAME.view(state, 0)["you"]["ability"]
    assert (mine["id"], mine["name"], mine["placeholder"]) == ("ability-07", "Spell 7", False)
