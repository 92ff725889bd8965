"""Generate Enemies: the d4 once per player, each naming a Portal; base side until the first
orange Destiny card."""

from __future__ import annotations

import pytest

from companion.engine import BadRequest, Illegal
from companion.games.witch_and_bitch import Step

from .helpers import act, drafted, first_rolled, in_round, new


def test_starting_enemies_roll_the_d4_once_per_player() -> None:
    state = drafted(first_rolled(new(players=3)))
    assert state.step is Step.ENEMIES
    state = act(state, None, "spawn")
    spawned = state.spawns[-1]
    assert len(spawned.portals) == 3 and all(1 <= p <= 4 for p in spawned.portals)
    assert [r.die.value for r in state.rolls[-3:]] == ["d4"] * 3
    assert [r.purpose for r in state.rolls[-3:]] == ["spawn"] * 3


def test_the_rulebook_example_1_4_1_puts_two_enemies_on_portal_1() -> None:
    state = act(drafted(first_rolled(new(players=3))), None, "spawn", values=[1, 4, 1])
    assert state.spawns[-1].to_json()["count"] == {"1": 2, "2": 0, "3": 0, "4": 1}


def test_starting_enemies_are_base_side_up() -> None:
    state = act(drafted(first_rolled(new(players=2))), None, "spawn")
    assert state.spawns[-1].evolved is False


def test_next_at_the_starting_enemies_rolls_them_if_nobody_did() -> None:
    state = act(drafted(first_rolled(new(players=2))), None, "next")
    assert state.step is Step.ENEMIES and len(state.spawns) == 1
    assert act(state, None, "next").step is Step.PASS_TOKEN


def test_entered_spawn_dice_need_one_d4_per_player() -> None:
    state = drafted(first_rolled(new(players=3)))
    with pytest.raises(Illegal, match="one d4 per player"):
        act(state, None, "spawn", values=[1, 2])
    with pytest.raises(BadRequest):
        act(state, None, "spawn", values=[1, 2, 5])


def test_enemies_are_generated_only_at_set_up_and_on_a_destiny_card() -> None:
    with pytest.raises(Illegal, match="Destiny card"):
        act(in_round(), None, "spawn")
