"""The end of the game: when it ends, the scores, the tie-break, acrobatics."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import IllegalAction
from companion.games.wicked_witches_way.black_magic import points_of
from companion.games.wicked_witches_way.state import GameState, Phase
from tests.unit.wicked_witches_way.helpers import (
    GAME,
    T0,
    at_positions,
    dice,
    new,
    settle,
    turn,
    with_hand,
)

ORANGE3 = dice(orange=["ear", "star", "eye"], black=["spider", "web"])


def finale(players: int = 4, **options: Any) -> GameState:
    """Ursule, Renée and Cunégonde cross the finish this turn, in that order; Germaine does not."""
    state = at_positions(new(players=players, **options), {0: 21, 1: 22, 2: 20, 3: 10})
    formulas = {0: ["ear", "star"], 1: ["ear"], 2: ["ear", "star", "eye"], 3: ["ear"]}
    return settle(turn(state, ORANGE3, 0, formulas))


def test_the_game_ends_at_the_end_of_the_turn_in_which_a_witch_crossed_the_finish() -> None:
    state = finale()
    assert state.phase is Phase.OVER and GAME.is_over(state)
    # Germaine, after the finishers in the order, still applied her formula.
    assert state.witches[3].position == 11
    assert GAME.view(state, None)["phase"] == "over"


def test_is_over_only_once_the_game_has_ended() -> None:
    assert not GAME.is_over(new())
    assert not GAME.is_over(settle(turn(new(), ORANGE3, 0, {0: ["ear"]})))


def test_end_scores_25_24_23_then_space_numbers_plus_acrobatics() -> None:
    base = with_hand(new(players=4), 3, "acrobatics_9#1", "acrobatics_7#1")
    state = at_positions(base, {0: 21, 1: 22, 2: 20, 3: 10})
    formulas = {0: ["ear", "star"], 1: ["ear"], 2: ["ear", "star", "eye"], 3: ["ear"]}
    state = settle(turn(state, ORANGE3, 0, formulas))
    final = {row["seat"]: row for row in GAME.view(state, None)["final"]}
    assert [final[k]["place_points"] for k in range(4)] == [25, 24, 23, 11]
    bonus = points_of("acrobatics_9#1") + points_of("acrobatics_7#1")
    assert final[3]["acrobatics"] == bonus and final[3]["total"] == 11 + bonus
    assert [final[k]["total"] for k in range(3)] == [25, 24, 23]
    assert set(final[0]) == {"seat", "name", "witch", "place_points", "acrobatics", "total", "rank"}
    assert GAME.view(state, None)["witches"][3]["score"] == 11 + bonus


def test_third_and_later_finishers_score_23() -> None:
    state = at_positions(new(players=5), {0: 21, 1: 22, 2: 20, 3: 22, 4: 0})
    formulas = {0: ["ear", "star"], 1: ["ear"], 2: ["ear", "star", "eye"], 3: ["ear"]}
    state = settle(turn(state, ORANGE3, 0, formulas))
    final = {row["seat"]: row for row in GAME.view(state, None)["final"]}
    ranks = [state.witches[k].finished_rank or 0 for k in range(4)]
    assert sorted(ranks) == [1, 2, 3, 4]
    assert sorted(final[k]["place_points"] for k in range(4)) == [23, 23, 24, 25]
    assert final[4]["place_points"] == 0


def test_ranking_by_total_and_ties_go_to_the_witch_who_went_furthest() -> None:
    # Renée ends on space 19 with no acrobatics; Germaine ends one space behind her but holds an
    # acrobatics card worth exactly the difference: equal totals, Renée went further.
    extra = points_of("acrobatics_1#1")
    base = with_hand(new(players=4), 3, "acrobatics_1#1")
    state = at_positions(base, {0: 21, 1: 19, 2: 0, 3: 19 - extra - 1})
    state = settle(turn(state, ORANGE3, 0, {0: ["ear", "star"], 3: ["ear"]}))
    assert state.witches[3].position == 19 - extra
    final = GAME.view(state, None)["final"]
    totals = {row["seat"]: row["total"] for row in final}
    assert totals[1] == totals[3] == 19
    assert [row["seat"] for row in final] == [0, 1, 3, 2]
    assert [row["rank"] for row in final] == [1, 2, 3, 4]


def test_witches_tied_in_total_and_distance_share_the_rank() -> None:
    state = at_positions(new(players=3), {0: 21, 1: 5, 2: 5})
    state = settle(turn(state, ORANGE3, 0, {0: ["ear", "star"]}))
    final = GAME.view(state, None)["final"]
    assert [row["rank"] for row in final] == [1, 2, 2]


def test_no_action_after_the_end() -> None:
    state = finale()
    for seat, action in ((None, {"type": "roll", "dice": ORANGE3}), (0, {"type": "pass"})):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, seat, action, T0)
        assert err.value.message == "The game is over."


def test_the_app_counts_acrobatics_itself_with_its_own_deck() -> None:
    with pytest.raises(IllegalAction):
        GAME.apply(finale(), 0, {"type": "acrobatics", "points": 5}, T0)


def test_acrobatics_are_entered_only_at_the_end() -> None:
    with pytest.raises(IllegalAction):
        GAME.apply(new(physical_deck=True), 0, {"type": "acrobatics", "points": 5}, T0)


def test_with_the_physical_deck_each_witch_enters_her_acrobatics_and_then_it_is_over() -> None:
    state = finale(physical_deck=True)
    assert state.phase is Phase.OVER and not GAME.is_over(state)
    view = GAME.view(state, 2)
    assert view["awaiting_acrobatics"] == [0, 1, 2, 3] and "acrobatics" in view["you"]["prompts"]
    state = GAME.apply(state, 2, {"type": "acrobatics", "points": 4}, T0)
    state = GAME.apply(state, 2, {"type": "acrobatics", "points": 3}, T0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 2, {"type": "acrobatics", "seat": 1, "points": 3}, T0)
    assert err.value.code == "forbidden"
    for bad in (-1, 100, "3", True):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 0, {"type": "acrobatics", "points": bad}, T0)
        assert err.value.code == "bad_request"
    for seat in (0, 1, 3):
        state = GAME.apply(state, None, {"type": "acrobatics", "seat": seat, "points": 0}, T0)
    assert GAME.is_over(state)
    final = {row["seat"]: row for row in GAME.view(state, None)["final"]}
    assert final[2]["acrobatics"] == 3 and final[2]["total"] == 23 + 3
