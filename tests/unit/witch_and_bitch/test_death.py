"""Death of a Witch: at 10 Damage; corpses and Rewards lost; Spells lost by the table
(0/0/-1/-1/-2/-2/-3), highest level first; back at the next Witches' Phase unless permanent."""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources

import pytest

from companion.engine import Illegal
from companion.games.witch_and_bitch import Step
from companion.games.witch_and_bitch.spells import catalogue
from companion.games.witch_and_bitch.witches import (
    HEALTH,
    Witch,
    cards,
    die,
    losing,
    spells_lost,
    to_lose,
)

from .helpers import GAME, act, in_round, to_step, with_corpses


@pytest.mark.parametrize(
    ("known", "lost"), [(2, 0), (3, 0), (4, 1), (5, 1), (6, 2), (7, 2), (8, 3)]
)
def test_spell_losses_on_death_0_0_1_1_2_2_3_by_spells_known(known: int, lost: int) -> None:
    assert spells_lost(known) == lost


def test_spells_are_lost_from_the_highest_level_first() -> None:
    spells = ("fire-1", "ice-1", "fire-2a", "fire-3b", "light-2b", "light-1")  # 6: lose 2
    assert losing(spells) == (("fire-3b",), ("fire-2a", "light-2b"), 1)
    dead = die(Witch("topaz", spells=spells, corpses=(2, 3), rewards=2), permanent=False)
    assert dead.spells == ("fire-1", "ice-1", "fire-2a", "light-2b", "light-1")
    assert dead.losing == 1 and to_lose(dead) == ("fire-2a", "light-2b")


def test_she_must_always_choose_them_starting_from_those_of_the_highest_level() -> None:
    """The player chooses which Spell is lost among the highest-level ones (her decision)."""
    state = in_round(players=3)
    spells = ("fire-1", "ice-1", "fire-2a", "ice-2b")  # 4 known: lose 1 of the two level-2
    state = state.with_witch(1, replace(state.witches[1], spells=spells))
    state = act(state, None, "damage", seat=1, amount=10)
    assert state.witches[1].spells == spells and state.witches[1].losing == 1
    listed = [c for c in GAME.choices(state, 1) if c["type"] == "lose"]
    assert listed == [{"type": "lose", "spell": "fire-2a"}, {"type": "lose", "spell": "ice-2b"}]
    assert GAME.view(state, None)["witches"][1]["losing"] == 1
    with pytest.raises(Illegal, match="does not know"):
        act(state, 1, "lose", spell="fire-1")  # not of the highest level
    with pytest.raises(Illegal):
        act(state, 2, "lose", spell="fire-2a")  # another seat, who owes nothing
    state = act(state, 1, "lose", spell="ice-2b")
    assert state.witches[1].spells == ("fire-1", "ice-1", "fire-2a")
    assert state.witches[1].losing == 0
    assert not [c for c in GAME.choices(state, 1) if c["type"] == "lose"]


def test_no_choice_when_the_highest_level_spells_all_go() -> None:
    state = in_round(players=3)
    spells = ("fire-1", "ice-1", "fire-2a", "light-1")  # lose 1: the only level-2 one
    state = state.with_witch(1, replace(state.witches[1], spells=spells))
    state = act(state, None, "damage", seat=1, amount=10)
    assert state.witches[1].spells == ("fire-1", "ice-1", "light-1")
    assert state.witches[1].losing == 0
    assert not [c for c in GAME.choices(state, 1) if c["type"] == "lose"]


def test_unless_another_witch_possesses_the_dark_art_of_resurrection() -> None:
    """A permanently dead Witch comes back when another Witch casts Resurrection (the Spell is
    then face down); without it, or on a Witch not dead for good, nothing changes."""
    state = in_round(scenario=5, players=2)
    dark = (*state.witches[0].spells, "darkness-1", "darkness-2a", "darkness-3b")
    artless = state
    state = state.with_witch(0, replace(state.witches[0], spells=dark))
    with pytest.raises(Illegal, match="not dead for good"):
        act(state, 0, "resurrect", seat=1)
    state = act(state, None, "damage", seat=1, amount=10)
    artless = act(artless, None, "damage", seat=1, amount=10)
    assert state.witches[1].out and artless.witches[1].out
    with pytest.raises(Illegal, match="does not know"):
        act(artless, 0, "resurrect", seat=1)
    back = act(state, 0, "resurrect", seat=1)
    assert not back.witches[1].dead and not back.witches[1].out
    assert back.witches[1].damage == 0
    assert "darkness-3b" in back.witches[0].exhausted
    with pytest.raises(Illegal, match="does not know"):
        act(back, 0, "resurrect", seat=1)  # face down: cast already


def test_resurrection_is_named_by_the_rulebook_and_its_level_is_marked_guessed() -> None:
    (art,) = [s for s in catalogue().values() if s.resurrects]
    assert art.name == "Resurrection" and art.known and art.level_guessed
    assert art.to_json()["placeholder"] is False and art.to_json()["level_guessed"] is True


def test_death_loses_all_corpses_and_rewards() -> None:
    dead = die(Witch("topaz", spells=("fire-1", "ice-1"), corpses=(2, 3), rewards=2), False)
    assert (dead.corpses, dead.rewards, dead.dead, dead.out) == ((), 0, True, False)


def test_a_witch_dies_at_10_damage_and_returns_healed_at_the_next_witches_phase() -> None:
    state = with_corpses(in_round(players=3), 1, 2)
    state = act(state, None, "damage", seat=1, amount=9)
    assert not state.witches[1].dead
    state = act(state, None, "damage", seat=1, amount=1)
    assert state.witches[1].dead and state.witches[1].corpses == ()
    with pytest.raises(Illegal, match="dead"):
        act(state, 1, "corpse", xp=2)
    state = to_step(state, Step.ACTIVATION)
    assert state.witches[1].dead
    state = act(state, None, "next")  # round 2: the Witches' Phase begins
    assert state.round == 2 and not state.witches[1].dead
    assert state.witches[1].damage == 0


def test_a_dead_witch_has_no_turn() -> None:
    state = act(in_round(players=3, first=0), None, "damage", seat=1, amount=10)
    state = act(state, None, "next")  # seat 0 ends her turn
    assert state.current == 2


def test_permanent_death_in_scenario_1_after_the_last_object() -> None:
    state = in_round(scenario=1, players=1)
    state = replace(state, objects=4)
    assert not state.permanent
    state = act(state, 0, "object", value=2)
    assert state.permanent and state.antagonist_portal == 2
    state = act(state, None, "damage", seat=0, amount=10)
    assert state.witches[0].out
    assert state.step is Step.OVER  # the only Witch is dead for good: the Witches lose
    assert state.outcome is not None and state.outcome.winners == ()


def test_permanent_death_from_the_start_in_scenarios_3_and_5() -> None:
    assert in_round(scenario=3, players=2).permanent
    assert in_round(scenario=5, players=2).permanent
    assert not in_round(scenario=6, players=2).permanent


def test_a_permanently_dead_witch_does_not_come_back() -> None:
    state = in_round(scenario=5, players=2)
    state = act(state, None, "damage", seat=1, amount=10)
    state = to_step(act(to_step(state, Step.ACTIVATION), None, "next"), Step.TURNS)
    assert state.witches[1].dead and state.witches[1].out
    assert state.order == (0,)


def test_when_a_witch_suffers_damage_equal_to_her_maximum_health_10_hearts_she_dies() -> None:
    """Health 10 is the rulebook's for every Witch card: a fact, not an editable placeholder."""
    assert {card.health for card in cards().values()} == {HEALTH} == {10}
    text = resources.files("companion.games.witch_and_bitch").joinpath("data", "witches.json")
    assert all("health" not in w for w in json.loads(text.read_text("utf-8"))["witches"])
