"""The six phases of a round, what each one records, and a new mission after a success."""

from __future__ import annotations

import pytest

from companion.engine import IllegalAction
from companion.games.carodejnice import Phase
from companion.games.carodejnice.cards import box
from tests.unit.carodejnice.helpers import GAME, act, at_resolve, fail, in_round, one_round


def test_a_round_walks_the_six_phases_in_order() -> None:
    state = in_round(1)
    seen = [state.phase.number]
    state = act(state, "done")
    seen.append(state.phase.number)
    state = act(state, "accept", mission=state.laid_out[1])
    seen.append(state.phase.number)
    state = act(state, "done")
    seen.append(state.phase.number)
    state = act(state, "resolve", strength=20, juror=0)
    seen.append(state.phase.number)
    state = act(state, "decide", trial=False)
    seen.append(state.phase.number)
    state = act(state, "cleanup", witch=True)
    assert seen == [1, 2, 3, 4, 5, 6]
    assert (state.phase, state.round) == (Phase.WITCHES, 2)


def test_only_a_laid_out_mission_can_be_accepted() -> None:
    state = act(in_round(1), "done")
    with pytest.raises(IllegalAction, match="not laid out"):
        act(state, "accept", mission=state.deck[0])


def test_strength_spent_on_challenges_does_not_count_toward_the_difficulty() -> None:
    state = at_resolve(in_round(1))
    won = act(state, "resolve", strength=10, spent=4, difficulty=6, juror=0)
    lost = act(state, "resolve", strength=10, spent=5, difficulty=6)
    assert won.last is not None and won.last.success
    assert lost.last is not None and not lost.last.success and len(lost.failed) == 1


def test_more_strength_than_there_is_cannot_be_spent() -> None:
    with pytest.raises(IllegalAction, match="cannot spend"):
        act(at_resolve(in_round(1)), "resolve", strength=3, spent=4)


def test_a_success_needs_the_juror_whose_conviction_rises() -> None:
    with pytest.raises(IllegalAction, match="choose the juror"):
        act(at_resolve(in_round(1)), "resolve", strength=30)


def test_servants_kept_are_counted() -> None:
    state = act(at_resolve(in_round(1)), "resolve", strength=30, juror=1, servants=2)
    assert state.servants == 2 and GAME.view(state, 0)["counters"]["servants"] == 2


def test_after_a_success_the_top_mission_is_revealed_with_its_challenges() -> None:
    state = in_round(3)
    top = state.deck[0]
    before = state.challenge_deck
    state = one_round(state)
    assert state.revealed == top and top in state.laid_out and len(state.laid_out) == 3
    assert state.challenge_deck == before - box().mission(top).challenges
    assert GAME.view(state, 0)["missions"]["revealed"]["id"] == top


def test_after_a_failure_no_mission_is_revealed() -> None:
    state = one_round(in_round(3), win=False)
    assert state.revealed is None and len(state.laid_out) == 2 and len(state.deck) == 6


def test_each_phase_says_what_it_records() -> None:
    state = in_round(1)
    assert GAME.view(state, 0)["record"] == ["done"]
    assert GAME.view(act(state, "done"), 0)["record"] == ["accept"]
    assert GAME.view(at_resolve(state), 0)["record"] == ["resolve"]
    assert GAME.view(fail(at_resolve(state)), 0)["record"] == ["decide"]


def test_a_tale_has_tracks_and_no_jurors() -> None:
    state = act(GAME.setup(("Anna",), {"scenario": 4}, 1), "ready")
    view = GAME.view(state, 0)
    assert view["jurors"] == [] and view["mode"] == "tale" and view["tale"]["number"] == 4
    assert view["record"] == ["done", "track", "finish"]
    with pytest.raises(IllegalAction, match="tale"):
        act(state, "decide", trial=True)
    tracks = view["tale"]["tracks"]
    state = act(state, "track", index=0, delta=tracks[0]["max"])
    assert state.phase is Phase.OVER and state.won is (tracks[0]["goal"] == "win")


def test_a_tale_steps_through_the_six_phases_and_can_be_ended_by_hand() -> None:
    state = act(GAME.setup(("Anna",), {"scenario": 1}, 1), "ready")
    for _ in range(6):
        state = act(state, "done")
    assert (state.phase, state.round) == (Phase.WITCHES, 2)
    state = act(state, "finish", won=False)
    assert GAME.view(state, 0)["result"] == {"kind": "tale", "won": False}
