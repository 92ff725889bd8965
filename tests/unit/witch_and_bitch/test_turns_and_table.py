"""The table's part and the turn order: only the current Witch ends her turn, the Rom, the
questions the app cannot see, scenario 6's permanent death, views for every screen."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine import Forbidden, Illegal, NotYourTurn
from companion.games.witch_and_bitch import Step

from .helpers import GAME, act, in_round, new, past_setup, to_step, with_corpses


def test_only_the_current_witch_or_the_table_ends_a_turn() -> None:
    state = in_round(players=3, first=0)
    with pytest.raises(NotYourTurn, match="Only Anna"):
        act(state, 1, "next")
    assert act(state, 0, "next").current == 1
    assert act(state, None, "next").current == 1


def test_a_phone_does_not_skip_the_roll_for_first_player() -> None:
    with pytest.raises(Illegal, match="Roll your d20"):
        act(past_setup(new(players=3)), 0, "next")


def test_an_object_is_collected_in_her_own_turn() -> None:
    with pytest.raises(NotYourTurn, match="own turn"):
        act(in_round(players=3, first=0), 1, "object")


def test_a_witch_may_decline_to_learn_and_keeps_her_corpses() -> None:
    state = with_corpses(in_round(players=3, first=0), 2, 2, 2)
    state = to_step(state, Step.LEARNING)
    assert state.current == 2
    state = act(state, 2, "next")  # "Not now": she keeps her corpses
    assert state.step is Step.DESTINY and state.witches[2].corpses == (2, 2)


def test_scenario_6_death_is_permanent_after_the_fifth_object() -> None:
    state = replace(in_round(scenario=6, players=2), objects=4)
    assert not state.permanent
    state = act(state, 0, "object")
    assert state.permanent and state.antagonist_portal is None


def test_the_table_says_the_antagonist_is_dead_only_when_it_is_on_the_map() -> None:
    with pytest.raises(Illegal, match="not on the map"):
        act(in_round(1, 2), None, "verdict", event="antagonist-dead")


def test_a_rom_killed_by_an_enemy_gives_no_corpse() -> None:
    state = act(in_round(4, 3), None, "rom")
    assert state.rom_killed == 1 and all(w.corpses == () for w in state.witches)
    with pytest.raises(Illegal, match="no Rom"):
        act(in_round(1, 3), None, "rom")


def test_rounds_only_actions_wait_for_the_first_round() -> None:
    with pytest.raises(Illegal, match="first round"):
        act(new(1, 2), 0, "corpse", xp=2)


def test_the_table_cannot_reveal_a_card() -> None:
    with pytest.raises(Forbidden):
        act(new(2, 3), None, "reveal")


def test_a_finished_game_refuses_everything() -> None:
    state = act(
        replace(in_round(1, 2), antagonist_portal=1), None, "verdict", event="antagonist-dead"
    )
    assert GAME.is_over(state)
    with pytest.raises(Illegal, match="over"):
        act(state, None, "next")


def test_the_table_view_never_holds_you_and_a_seat_view_shows_its_options() -> None:
    state = past_setup(new(1, 2))
    assert "you" not in GAME.view(state, None)
    state = act(act(state, 0, "first_roll", value=20), 1, "first_roll", value=1)
    mine = GAME.view(state, 0)["you"]
    assert mine["my_turn"] and "fire-1" in mine["draftable"]
    assert GAME.view(state, 1)["you"]["draftable"] == []


def test_the_view_marks_placeholders() -> None:
    view = GAME.view(in_round(1, 2), None)
    assert view["witches"][0]["witch_card"]["placeholder"] is True
    spells = {s["id"]: s for w in view["witches"] for s in w["spells"]}
    assert spells["fire-1"]["placeholder"] is False
    view = GAME.view(to_step(in_round(1, 2), Step.DESTINY), None)
    assert view["destiny"]["colour"] == "green" and view["destiny"]["placeholder"] is True
