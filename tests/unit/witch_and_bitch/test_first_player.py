"""First player: everyone rolls the d20, highest starts, ties re-rolled; the token passes left
every round."""

from __future__ import annotations

import pytest

from companion.engine import Illegal
from companion.games.witch_and_bitch import Step

from .helpers import GAME, NAMES, act, in_round, new, past_setup, to_step


def test_the_highest_d20_becomes_first_player() -> None:
    state = past_setup(new(players=3))
    assert state.step is Step.FIRST_ROLL
    for seat, value in ((0, 7), (1, 15), (2, 3)):
        state = act(state, seat, "first_roll", value=value)
    assert state.first == 1 and state.step is Step.DRAFT
    assert [(r.die.value, r.value, r.by) for r in state.rolls] == [
        ("d20", 7, 0),
        ("d20", 15, 1),
        ("d20", 3, 2),
    ]


def test_a_tie_is_rolled_again_by_the_tied_players_only() -> None:
    state = past_setup(new(players=3))
    for seat, value in ((0, 12), (1, 12), (2, 3)):
        state = act(state, seat, "first_roll", value=value)
    assert state.step is Step.FIRST_ROLL and state.rollers == (0, 1)
    with pytest.raises(Illegal, match="tied"):
        act(state, 2, "first_roll", value=20)
    state = act(act(state, 0, "first_roll", value=4), 1, "first_roll", value=9)
    assert state.first == 1


def test_the_app_may_roll_for_everyone() -> None:
    state = act(past_setup(new(players=4)), None, "next")
    assert state.step in (Step.DRAFT, Step.FIRST_ROLL)  # a tie waits for the tied players
    assert len(state.rolls) == 4


def test_a_player_rolls_once() -> None:
    state = act(past_setup(new(players=2)), 0, "first_roll", value=5)
    with pytest.raises(Illegal, match="already"):
        act(state, 0, "first_roll", value=5)


def test_the_table_may_choose_who_starts_instead() -> None:
    state = GAME.setup(NAMES[:3], {"scenario": 1}, 1, first=2)
    state = past_setup(state)
    assert state.step is Step.DRAFT and state.first == 2 and state.rolls == ()


def test_the_first_player_token_passes_left_every_round() -> None:
    state = in_round(players=3, first=2)
    assert state.round == 1 and state.first == 2
    state = to_step(act(to_step(state, Step.ACTIVATION), None, "next"), Step.TURNS)
    assert state.round == 2 and state.first == 0 and state.current == 0
    state = to_step(act(to_step(state, Step.ACTIVATION), None, "next"), Step.TURNS)
    assert state.first == 1


def test_turns_go_clockwise_from_the_first_player_with_three_actions() -> None:
    state = in_round(players=3, first=1)
    assert state.order == (1, 2, 0)
    for _ in range(3):
        state = act(state, 1, "action")
    with pytest.raises(Illegal, match="3 actions"):
        act(state, 1, "action")
    state = act(state, 1, "next")
    assert state.current == 2


def test_a_player_who_left_is_rolled_drafted_and_passed_for() -> None:
    state = GAME.seat_left(past_setup(new(players=3)), 1, 0.0)
    assert 1 in dict(state.first_rolls)  # the app rolled for her
    state = act(act(state, 0, "first_roll", value=20), 2, "first_roll", value=2)
    while state.step is Step.DRAFT:
        seat = state.current
        assert seat is not None and seat != 1
        state = act(state, seat, "pick", spell=GAME.view(state, seat)["you"]["draftable"][0])
    assert len(state.witches[1].spells) == 2
    state = to_step(state, Step.TURNS)
    assert 1 not in state.order
