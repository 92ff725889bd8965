"""Learning new Spells: the cost table on the back of the rulebook, corpses spent, excess lost,
8 Spells at most, the order from the first player."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine import Illegal, NotYourTurn
from companion.games.witch_and_bitch import Step
from companion.games.witch_and_bitch.witches import Witch, cheapest, learn, learning_cost

from .helpers import act, in_round, to_step, with_corpses


@pytest.mark.parametrize(("known", "cost"), [(2, 4), (3, 6), (4, 8), (5, 10), (6, 12), (7, 14)])
def test_learning_costs_4_6_8_10_12_14_xp_by_spells_known(known: int, cost: int) -> None:
    assert learning_cost(known) == cost


def test_a_witch_with_8_spells_learns_no_more() -> None:
    assert learning_cost(8) is None
    witch = Witch("topaz", corpses=(20,), spells=("fire-1",) * 8)
    with pytest.raises(ValueError, match="at most 8"):
        learn(witch, "ice-1")


def test_learning_spends_corpses_and_the_excess_is_lost() -> None:
    witch = Witch("topaz", corpses=(3, 3, 1), spells=("fire-1", "ice-1"))
    learned = learn(witch, "light-1")  # 4 XP: 3 + 1 wastes nothing
    assert learned.corpses == (3,)
    assert learned.spells == ("fire-1", "ice-1", "light-1")
    wasteful = learn(Witch("topaz", corpses=(5,), spells=("fire-1", "ice-1")), "light-1")
    assert wasteful.corpses == ()  # 5 XP for a 4-XP Spell: the extra 1 is lost


def test_learning_without_enough_xp_is_refused() -> None:
    assert cheapest((1, 2), 4) is None
    with pytest.raises(ValueError, match="needs 4 XP"):
        learn(Witch("topaz", corpses=(1, 2), spells=("fire-1", "ice-1")), "light-1")


def test_learning_happens_in_step_4_in_order_from_the_first_player() -> None:
    state = with_corpses(with_corpses(in_round(players=3, first=1), 1, 4), 2, 4)
    with pytest.raises(Illegal, match="step 4"):
        act(state, 1, "learn", spell="fire-1")
    state = to_step(state, Step.LEARNING)
    assert state.current == 1  # seat 0 has no corpses: passed over
    with pytest.raises(NotYourTurn, match="Ben learns first"):
        act(state, 2, "learn", spell="fire-2a")
    state = act(state, 1, "learn", spell="lightning-2a")
    assert state.witches[1].spells[-1] == "lightning-2a" and state.witches[1].corpses == ()
    assert state.current == 2
    state = act(state, 2, "learn", spell="darkness-2b")
    assert state.step is Step.DESTINY  # everybody who could has learned


def test_one_spell_per_witch_per_round() -> None:
    state = to_step(with_corpses(in_round(players=3, first=0), 0, 4, 6), Step.LEARNING)
    state = act(state, 0, "learn", spell="fire-2a")
    assert state.step is Step.DESTINY
    assert state.witches[0].corpses == (6,)


def test_a_witch_cannot_learn_a_spell_she_may_not_follow() -> None:
    state = to_step(with_corpses(in_round(players=3, first=0), 0, 8), Step.LEARNING)
    with pytest.raises(Illegal, match="School, level or branch"):
        act(state, 0, "learn", spell="fire-3a")
    state = state.with_witch(1, replace(state.witches[1], spells=("fire-2a", "lightning-1")))
    with pytest.raises(Illegal, match="taken"):
        act(state, 0, "learn", spell="fire-2a")
