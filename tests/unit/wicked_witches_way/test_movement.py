"""Phases 3–4: resolution order, verdicts and movement, the penalty, the curse, the finish."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine import IllegalAction
from companion.engine.text import english
from companion.games.wicked_witches_way.black_magic import kind_of
from companion.games.wicked_witches_way.state import Phase, Step
from tests.unit.wicked_witches_way.helpers import (
    GAME,
    ORANGE3,
    T0,
    at_positions,
    closed,
    dice,
    new,
    position,
    result_of,
    rolled,
    settle,
    turn,
    with_hand,
    write,
)


def test_incomplete_formula_moves_as_many_spaces_as_cards() -> None:
    state = settle(turn(new(), ORANGE3, 0, {1: ["ear", "star"]}))
    assert position(state, 1) == 2
    result = result_of(state, 1)
    assert (result["verdict"], result["color"], result["moved"], result["bonus"]) == (
        "incomplete", "orange", 2, None,
    )  # fmt: skip


def test_perfect_orange_formula_moves_its_cards_plus_two() -> None:
    state = settle(turn(new(), ORANGE3, 0, {1: ["ear", "star", "eye"]}))
    assert position(state, 1) == 5
    result = result_of(state, 1)
    assert (result["verdict"], result["bonus"], result["from"], result["to"]) == (
        "perfect", "orange", 0, 5,
    )  # fmt: skip


def test_perfect_black_formula_draws_as_many_cards_as_symbols_to_keep_one() -> None:
    state = turn(new(), ORANGE3, 0, {2: ["spider", "web"]})
    assert (state.current, state.step) == (2, Step.KEEP)
    assert position(state, 2) == 2
    choice = state.keep_choice
    assert choice is not None and len(choice) == 2
    you = GAME.view(state, 2)["you"]
    assert [c["id"] for c in you["keep_choice"]] == list(choice)
    assert "keep" in you["prompts"]
    pile_before = len(state.draw_pile)
    state = GAME.apply(state, 2, {"type": "keep", "card": choice[1]}, T0)
    assert state.witches[2].hand == (choice[1],)
    assert len(state.draw_pile) == pile_before + 1 and choice[0] in state.draw_pile
    assert GAME.view(state, None)["witches"][2]["hand_size"] == 1


def test_the_cards_not_kept_are_shuffled_back_into_the_draw_pile_with_the_seed() -> None:
    state = turn(new(), ORANGE3, 0, {2: ["spider", "web"]})
    assert state.keep_choice is not None
    a = GAME.apply(state, 2, {"type": "keep", "card": state.keep_choice[0]}, T0)
    b = GAME.apply(state, 2, {"type": "keep", "card": state.keep_choice[0]}, T0)
    assert a.draw_pile == b.draw_pile
    assert sorted(a.draw_pile) == sorted((*state.draw_pile, state.keep_choice[1]))


def test_keep_must_name_a_drawn_card_and_only_the_drawer_keeps() -> None:
    state = turn(new(), ORANGE3, 0, {2: ["spider", "web"]})
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 2, {"type": "keep", "card": "tailwind#9"}, T0)
    assert err.value.code == "bad_request"
    assert state.keep_choice is not None
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, {"type": "keep", "card": state.keep_choice[0]}, T0)
    assert err.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 2, {"type": "pass"}, T0)
    assert err.value.code == "illegal"


def test_while_a_keep_choice_is_pending_the_game_waits_for_it() -> None:
    state = at_positions(new(), {2: 1})
    state = turn(state, ORANGE3, 0, {2: ["spider", "web"], 1: ["ear"]})
    view = GAME.view(state, None)
    assert (view["phase"], view["current"], view["step"]) == ("resolve", 2, "keep")
    assert [r["seat"] for r in view["results"]] == [0, 2]


def test_a_single_card_draw_is_kept_without_asking() -> None:
    faces = dice(orange=["ear", "star"], black=["web"])
    state = settle(turn(new(), faces, 0, {1: ["web"]}))
    assert len(state.witches[1].hand) == 1


def test_black_bonus_with_the_physical_deck_just_says_draw_n_keep_one() -> None:
    state = turn(new(physical_deck=True), ORANGE3, 0, {2: ["spider", "web"]})
    state = settle(state)
    assert "draws 2 Black Magic cards to keep one" in english(result_of(state, 2)["text"])
    assert state.witches[2].hand == ()


def test_the_draw_pile_is_refilled_from_the_discard_when_it_runs_out() -> None:
    base = replace(new(), draw_pile=("tailwind#1",), discard=("tailwind#2", "blockade#1"))
    state = turn(base, ORANGE3, 0, {2: ["spider", "web"]})
    assert state.keep_choice is not None and len(state.keep_choice) == 2
    assert state.discard == ()
    assert "The discard is shuffled into the Black Magic draw pile." in state.log


def test_forbidden_formula_falls_off_the_broomstick_and_does_not_move() -> None:
    state = settle(turn(new(), ORANGE3, 0, {1: ["ear", "skull"], 0: ["ear"]}))
    assert position(state, 1) == 0
    result = result_of(state, 1)
    assert (result["verdict"], result["moved"], result["penalty"]) == ("forbidden", 0, False)
    assert "falls off her broomstick" in english(result["text"])


def test_lid_closer_with_invalid_formula_goes_back_two() -> None:
    state = at_positions(new(), {1: 6})
    state = settle(turn(state, ORANGE3, 1, {1: ["skull"]}))
    assert position(state, 1) == 4
    result = result_of(state, 1)
    assert result["penalty"] and result["moved"] == -2
    assert english(result["text"]).startswith(
        "Skull shows in both colours — Renée falls off her broomstick and, having closed the lid,"
        " goes back 2"
    )


def test_lid_closer_with_an_empty_formula_goes_back_two() -> None:
    state = settle(turn(at_positions(new(), {0: 3}), ORANGE3, 0, {0: []}))
    assert position(state, 0) == 1 and result_of(state, 0)["penalty"]


def test_lid_closer_with_a_valid_formula_moves_normally() -> None:
    state = settle(turn(new(), ORANGE3, 0, {0: ["ear"]}))
    assert position(state, 0) == 1 and not result_of(state, 0)["penalty"]


def test_empty_formula_moves_nothing_for_the_others() -> None:
    state = settle(turn(at_positions(new(), {2: 4}), ORANGE3, 0, {0: ["ear"]}))
    assert position(state, 2) == 4
    assert result_of(state, 2)["verdict"] == "empty" and not result_of(state, 2)["penalty"]


def test_a_witch_never_goes_below_minus_two() -> None:
    state = settle(turn(at_positions(new(), {0: -1}), ORANGE3, 0, {0: ["skull"]}))
    assert position(state, 0) == -2 and result_of(state, 0)["moved"] == -1


def test_crossing_22_finishes_her_on_the_finish_space() -> None:
    state = at_positions(new(), {1: 21, 2: 22})
    state = settle(turn(state, ORANGE3, 0, {0: ["ear"], 1: ["ear", "star"], 2: ["ear"]}))
    view = GAME.view(state, None)
    assert [w["position"] for w in view["witches"]] == [1, 23, 23]
    assert [w["finished_rank"] for w in view["witches"]] == [None, 2, 1]
    assert "crosses the finish (1st)" in english(result_of(state, 2)["text"])


def test_landing_on_22_is_not_finishing() -> None:
    state = settle(turn(at_positions(new(), {1: 20}), ORANGE3, 0, {0: ["ear"], 1: ["ear", "star"]}))
    assert position(state, 1) == 22 and state.witches[1].finished_rank is None
    assert state.phase is Phase.ROLL


def test_resolution_order_is_lid_closer_then_leader_first_ties_in_seat_order_after_closer() -> None:
    state = at_positions(new(players=6), {0: 5, 1: 2, 2: 5, 3: 9, 4: 2, 5: 5})
    state = write(closed(rolled(state, ORANGE3), 4), {k: [] for k in range(6)})
    # Sofia (4) closed; then Germaine on 9; then 5, 0, 2 on space 5 in seat order after Sofia;
    # then Renée on 2. Results are listed in the order the formulas were applied.
    assert [r["seat"] for r in GAME.view(state, None)["results"]] == [4, 3, 5, 0, 2, 1]


def test_when_the_table_closed_the_lid_ties_go_in_seat_order() -> None:
    state = at_positions(new(players=4), {0: 1, 1: 3, 2: 1, 3: 1})
    state = write(closed(rolled(state, ORANGE3), None), {k: [] for k in range(4)})
    assert [r["seat"] for r in GAME.view(state, None)["results"]] == [1, 0, 2, 3]


def test_results_are_listed_as_the_formulas_are_applied() -> None:
    """Issue 10: every formula is now revealed when the reveal begins (``formulas``); the
    results still come one witch at a time, in order."""
    state = with_hand(new(), 1, "tailwind#1")
    state = turn(state, ORANGE3, 0, {0: ["ear"], 1: ["star"], 2: ["eye"]})
    view = GAME.view(state, None)
    assert [f["cards"] for f in view["formulas"]] == [["ear"], ["star"], ["eye"]]
    assert (view["phase"], view["current"], view["step"]) == ("resolve", 1, "after")
    assert [r["seat"] for r in view["results"]] == [0, 1]
    assert view["dice"] == ORANGE3
    assert view["valid"] == {"orange": ["ear", "star", "eye"], "black": ["spider", "web"]}
    assert view["order"] == [0, 1, 2]


def test_the_curse_goes_on_the_leaders_space_at_the_end_of_the_turn() -> None:
    state = settle(turn(new(), ORANGE3, 0, {0: ["ear"], 1: ["ear", "star"], 2: ["star", "eye"]}))
    assert GAME.view(state, None)["curse"] == 2
    assert "The curse goes on space 2." in state.log


def test_the_curse_cancels_the_perfect_bonus_on_the_cursed_space() -> None:
    state = replace(at_positions(new(), {1: 4, 2: 4}), curse=4)
    state = settle(turn(state, ORANGE3, 0, {0: ["ear"], 1: ["ear", "star", "eye"]}))
    assert position(state, 1) == 7
    result = result_of(state, 1)
    assert (result["verdict"], result["bonus"], result["bonus_cancelled"]) == (
        "perfect", None, "curse",
    )  # fmt: skip


def test_the_curse_cancels_the_black_bonus_too() -> None:
    state = replace(at_positions(new(), {2: 4}), curse=4)
    state = settle(turn(state, ORANGE3, 0, {0: ["ear"], 2: ["spider", "web"]}))
    assert state.witches[2].hand == () and position(state, 2) == 6


def test_the_curse_is_judged_where_she_stands_before_moving() -> None:
    state = replace(at_positions(new(), {1: 1}), curse=4)
    state = settle(turn(state, ORANGE3, 0, {0: ["ear"], 1: ["ear", "star", "eye"]}))
    assert position(state, 1) == 6 and result_of(state, 1)["bonus"] == "orange"


def test_expert_never_gets_the_perfect_bonus() -> None:
    state = GAME.apply(new(), None, {"type": "handicap", "seat": 1, "level": "expert"}, T0)
    state = GAME.apply(state, None, {"type": "handicap", "seat": 2, "level": "expert"}, T0)
    state = settle(turn(state, ORANGE3, 0, {0: ["ear"], 1: ["ear", "star", "eye"],
                                            2: ["spider", "web"]}))  # fmt: skip
    assert position(state, 1) == 3 and result_of(state, 1)["bonus_cancelled"] == "expert"
    assert state.witches[2].hand == () and result_of(state, 2)["bonus_cancelled"] == "expert"


def test_the_last_turns_dice_and_results_stay_on_show_until_the_next_roll() -> None:
    state = settle(turn(new(), ORANGE3, 0, {0: ["ear"]}))
    view = GAME.view(state, None)
    assert view["phase"] == "roll" and view["dice"] == ORANGE3 and len(view["results"]) == 3
    state = rolled(state, dice(orange=["cloud"]), T0 + 60_000)
    assert GAME.view(state, None)["results"] == []


def test_a_kept_card_can_be_cast_after_her_movement_the_same_turn() -> None:
    state = replace(new(), draw_pile=("tailwind#1", "blockade#1", "attraction#1"))
    state = turn(state, ORANGE3, 0, {0: ["ear"], 2: ["spider", "web"]})
    state = GAME.apply(state, 2, {"type": "keep", "card": "tailwind#1"}, T0)
    assert (state.current, state.step) == (2, Step.AFTER)
    assert "after" in GAME.view(state, 2)["you"]["prompts"]
    assert sorted(kind_of(c) for c in state.draw_pile) == ["attraction", "blockade"]
