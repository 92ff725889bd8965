"""Set-up as the rulebook orders it: three jurors on 1 with two faith cards each, the act-1
missions laid out, act 3 at the bottom of the mission deck with act 2 above, 20 general + 15
tied challenges, and each laid-out mission's challenges dealt."""

from __future__ import annotations

import pytest

from companion.games.carodejnice.cards import box, parse_jurors, read_data
from companion.games.carodejnice.state import Phase
from tests.unit.carodejnice.helpers import GAME, act, new


def test_three_of_the_eight_jurors_are_chosen_at_random() -> None:
    chosen = {tuple(j.key for j in new(seed).jurors) for seed in range(40)}
    assert all(len(set(keys)) == 3 for keys in chosen)
    assert len({k for keys in chosen for k in keys}) == 8  # every juror can be drawn
    assert len(chosen) > 10


def test_every_conviction_marker_starts_on_1() -> None:
    assert [j.conviction for j in new(5).jurors] == [1, 1, 1]


def test_each_juror_has_two_faith_values_from_1_to_6() -> None:
    values = [f for seed in range(60) for j in new(seed).jurors for f in j.faith]
    assert all(len(j.faith) == 2 for j in new(3).jurors)
    assert set(values) == {1, 2, 3, 4, 5, 6}


def test_the_faith_values_come_from_the_seed_and_replay_alike() -> None:
    assert new(11).jurors == new(11).jurors
    assert any(new(s).jurors != new(11).jurors for s in range(12, 20))


def test_the_act_1_missions_of_the_chosen_jurors_are_laid_out() -> None:
    state = new(4)
    assert [box().mission(m).act for m in state.laid_out] == [1, 1, 1]
    assert [box().mission(m).juror for m in state.laid_out] == [j.key for j in state.jurors]


def test_the_mission_deck_has_act_3_at_the_bottom_and_act_2_above() -> None:
    for seed in range(10):
        state = new(seed)
        deck = [box().mission(m) for m in state.deck]  # from the top
        assert [m.act for m in deck] == [2, 2, 2, 3, 3, 3]
        assert {m.juror for m in deck[:3]} == {j.key for j in state.jurors}
        assert {m.juror for m in deck[3:]} == {j.key for j in state.jurors}


def test_20_general_and_15_tied_challenges_are_shuffled_and_dealt_to_each_mission() -> None:
    state = new(2)
    dealt = dict(state.challenges)
    assert set(dealt) == set(state.laid_out)
    assert all(dealt[m] == box().mission(m).challenges for m in state.laid_out)
    assert state.challenge_deck == 35 - sum(dealt.values())


def test_the_checklist_names_the_jurors_the_missions_and_the_deck_order() -> None:
    state = new(9)
    steps = {s["step"]: s for s in GAME.view(state, 0)["setup"]}
    assert list(steps) == [
        "jurors", "faith", "laid_out", "deck", "challenges", "townsfolk", "witches", "curses",
    ]  # fmt: skip
    assert steps["jurors"]["jurors"] == [j.name for j in state.jurors]
    assert steps["deck"]["act3"] == [box().mission(m).name for m in state.deck[3:]]
    assert steps["deck"]["act2"] == [box().mission(m).name for m in state.deck[:3]]
    assert (steps["challenges"]["general"], steps["challenges"]["tied"]) == (20, 15)


def test_the_round_starts_only_when_the_set_up_is_done() -> None:
    state = new(1)
    assert state.phase is Phase.SETUP
    state = act(state, "ready")
    assert (state.phase, state.round) == (Phase.WITCHES, 1)


def test_the_placeholder_names_and_numbers_are_marked_as_such() -> None:
    view = GAME.view(new(1), 0)
    assert view["placeholder"] is True  # until someone types in the printed cards
    tale = GAME.view(GAME.setup(("Anna",), {"scenario": 2}, 1), 0)["tale"]
    assert tale["placeholder"] is True


def test_a_data_file_without_the_three_acts_is_refused() -> None:
    doc = read_data("jurors.json")
    doc["jurors"][3]["missions"].pop()
    with pytest.raises(ValueError, match="one mission for each act"):
        parse_jurors(doc)
