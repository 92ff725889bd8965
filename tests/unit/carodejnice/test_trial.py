"""The trial: a juror is convinced when her conviction reaches the sum of her faith values; the
number convinced gives the degree, and two convinced is a draw counted innocent."""

from __future__ import annotations

import pytest

from companion.engine import IllegalAction
from companion.games.carodejnice import Degree, Phase, TrialCause
from companion.games.carodejnice.cards import box
from companion.games.carodejnice.trial import degree
from tests.unit.carodejnice.helpers import (
    GAME,
    act,
    at_resolve,
    in_round,
    one_round,
    succeed,
    with_jurors,
)


def tried(state):  # type: ignore[no-untyped-def]
    """Phase 1 → a won mission → phase 5, choosing the trial."""
    return act(succeed(at_resolve(state), juror=0, value=0), "decide", trial=True)


def test_a_juror_is_convinced_when_conviction_reaches_the_sum_of_her_faith() -> None:
    state = with_jurors(in_round(1), (7, (3, 4)), (6, (3, 4)), (12, (6, 6)))
    view = GAME.view(tried(state), 0)
    assert [j["convinced"] for j in view["jurors"]] == [True, False, True]
    assert [j["sum"] for j in view["jurors"]] == [7, 7, 12]
    assert [j["faith"] for j in view["jurors"]] == [[3, 4], [3, 4], [6, 6]]


@pytest.mark.parametrize(
    ("convictions", "expected", "innocent"),
    [
        ((9, 9, 9), "triumph", True),
        ((9, 9, 1), "draw", True),
        ((9, 1, 1), "defeat", False),
        ((1, 1, 1), "rout", False),
    ],
)
def test_the_degree_table_by_the_number_convinced(
    convictions: tuple[int, int, int], expected: str, innocent: bool
) -> None:
    state = with_jurors(in_round(1), *((c, (4, 5)) for c in convictions))
    outcome = GAME.view(tried(state), 0)["result"]
    assert outcome["degree"] == expected and outcome["innocent"] is innocent
    assert outcome["convinced"] == sum(c >= 9 for c in convictions)


def test_two_convinced_jurors_are_a_draw_counted_innocent() -> None:
    assert degree(2) is Degree.DRAW and Degree.DRAW.innocent
    assert not Degree.DEFEAT.innocent


def test_the_trial_can_be_chosen_in_phase_5_only() -> None:
    state = in_round(1)
    with pytest.raises(IllegalAction, match="Phase 1"):
        act(state, "decide", trial=True)
    state = tried(state)
    assert (state.phase, state.trial) == (Phase.OVER, TrialCause.CHOSEN)


def test_a_card_can_call_the_trial_in_any_phase_of_a_round() -> None:
    state = act(act(in_round(1), "done"), "card", effect="trial")
    assert state.trial is TrialCause.CARD and GAME.view(state, 0)["jurors"][0]["faith"]


def test_the_trial_is_forced_when_no_mission_is_left() -> None:
    state = in_round(2)
    # Fail once and win the rest: the failed mission is never replaced.
    state = one_round(state, win=False)
    for _ in range(20):
        if state.phase is Phase.OVER:
            break
        state = one_round(state)
    assert state.trial is TrialCause.NO_MISSIONS
    assert not state.laid_out and not state.deck


def test_a_success_raises_the_chosen_juror_by_the_mission_value() -> None:
    state = in_round(1)
    value = box().mission(state.laid_out[0]).value
    state = succeed(at_resolve(state), juror=2)
    assert [j.conviction for j in state.jurors] == [1, 1, 1 + value]


def test_conviction_never_passes_the_end_of_the_track() -> None:
    state = with_jurors(in_round(1), (11, (1, 1)), (1, (1, 1)), (1, (1, 1)))
    state = succeed(at_resolve(state), juror=0, value=5)
    assert state.jurors[0].conviction == box().conviction_max
