"""The nine Black Magic spells, their moments, and the Magic Fog window."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import IllegalAction
from companion.engine.text import english
from companion.games.wicked_witches_way.state import GameState, Phase, Step
from tests.unit.wicked_witches_way.helpers import (
    GAME,
    ORANGE3,
    T0,
    at_positions,
    closed,
    dice,
    dumped,
    new,
    play_on,
    position,
    result_of,
    rolled,
    settle,
    turn,
    until,
    with_hand,
    write,
)

CAST = T0 + 10_000
FOG_MS = 5_000


def spell(card: str, **extra: Any) -> dict[str, Any]:
    return {"type": "spell", "card": card, **extra}


def caster_after_move(
    positions: dict[int, int],
    hand: tuple[str, ...],
    formulas: dict[int, Any] | None = None,
    players: int = 4,
    **options: Any,
) -> GameState:
    """Seat 0 closed the lid, wrote "ear" (forward 1) and now stands in her after step."""
    state = with_hand(at_positions(new(players=players, **options), positions), 0, *hand)
    state = turn(state, ORANGE3, 0, {0: ["ear"], **(formulas or {})})
    assert (state.current, state.step) == (0, Step.AFTER)
    return state


def cast(state: GameState, seat: int, card: str, **extra: Any) -> GameState:
    """Cast, let the Magic Fog window end without an answer, and play on to the next decision
    (her moment starts afresh after the spell: she may cast another)."""
    state = GAME.apply(state, seat, spell(card, **extra), CAST)
    assert state.window is not None
    return play_on(GAME.timeout(state, state.window.until))


# -- the Magic Fog window ----------------------------------------------------------------------


def test_every_spell_waits_a_magic_fog_window_then_takes_effect() -> None:
    state = caster_after_move({0: 1, 1: 9}, ("tailwind#1",))
    state = GAME.apply(state, 0, spell("tailwind"), CAST)
    view = GAME.view(state, None)
    assert view["window"] == {"kind": "fog", "seat": 0, "card": "tailwind", "until": CAST + FOG_MS}
    assert view["deadline"] == GAME.deadline(state) == CAST + FOG_MS
    assert position(state, 0) == 2
    assert GAME.timeout(state, CAST + FOG_MS - 1) == state
    state = GAME.timeout(state, CAST + FOG_MS)
    assert position(state, 0) == 4 and state.window is None
    assert "tailwind#1" in state.discard


def test_magic_fog_window_lasts_the_same_without_fog_in_any_hand() -> None:
    state = caster_after_move({0: 1}, ("tailwind#1",))
    # Same hand sizes: only the kind of Cunégonde's card differs.
    without = with_hand(state, 2, "double_cross#1")
    with_fog = with_hand(state, 2, "magic_fog#1")
    a = GAME.apply(without, 0, spell("tailwind"), CAST)
    b = GAME.apply(with_fog, 0, spell("tailwind"), CAST)
    assert GAME.deadline(a) == GAME.deadline(b) == CAST + FOG_MS
    assert GAME.view(a, None)["window"] == GAME.view(b, None)["window"]
    assert GAME.view(a, None) == GAME.view(b, None)
    assert GAME.view(a, 1) == GAME.view(b, 1)
    assert GAME.timeout(a, CAST + FOG_MS - 1) == a and GAME.timeout(b, CAST + FOG_MS - 1) == b


def test_fog_seconds_option_sets_the_window() -> None:
    state = caster_after_move({0: 1}, ("tailwind#1",), fog_seconds=12)
    assert GAME.deadline(GAME.apply(state, 0, spell("tailwind"), CAST)) == CAST + 12_000


def test_magic_fog_cancels_the_spell_and_discards_both_cards() -> None:
    state = with_hand(caster_after_move({0: 1, 1: 9}, ("tailwind#1",)), 2, "magic_fog#2")
    state = GAME.apply(state, 0, spell("tailwind"), CAST)
    assert "fog" in GAME.view(state, 2)["you"]["prompts"]
    assert "fog" not in GAME.view(state, 1)["you"]["prompts"]
    state = GAME.apply(state, 2, spell("magic_fog"), CAST + 1000)
    assert state.window is None and position(state, 0) == 2
    assert set(state.discard) >= {"tailwind#1", "magic_fog#2"}
    assert state.witches[2].hand == ()
    spells = GAME.view(state, None)["spells"]
    assert spells[0]["card"] == "tailwind" and spells[0]["fogged_by"] == 2
    assert spells[1]["card"] == "magic_fog"
    assert "Cunégonde's Magic Fog cancels Ursule's Tailwind." in state.log


def test_magic_fog_cannot_be_fogged() -> None:
    state = caster_after_move({0: 1}, ("tailwind#1",))
    state = with_hand(with_hand(state, 2, "magic_fog#1"), 3, "magic_fog#2")
    state = GAME.apply(state, 0, spell("tailwind"), CAST)
    state = GAME.apply(state, 2, spell("magic_fog"), CAST + 1000)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 3, spell("magic_fog"), CAST + 1500)
    assert err.value.code == "illegal"


def test_a_witch_cannot_fog_her_own_spell_nor_without_the_card() -> None:
    state = caster_after_move({0: 1}, ("tailwind#1", "magic_fog#1"))
    state = GAME.apply(state, 0, spell("tailwind"), CAST)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, spell("magic_fog"), CAST + 100)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, spell("magic_fog"), CAST + 100)
    assert "no Magic Fog" in err.value.message


def test_magic_fog_without_a_spell_to_answer_is_illegal() -> None:
    state = with_hand(caster_after_move({0: 1}, ("tailwind#1",)), 2, "magic_fog#1")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 2, spell("magic_fog"), CAST)


def test_nothing_else_happens_while_a_fog_window_is_open() -> None:
    state = caster_after_move({0: 1}, ("tailwind#1", "blockade#1"))
    state = GAME.apply(state, 0, spell("tailwind"), CAST)
    for seat, action in ((0, spell("blockade")), (0, {"type": "pass"}), (None, {"type": "pass"})):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, seat, action, CAST + 100)
        assert "Magic Fog window" in err.value.message


# -- after-movement spells ---------------------------------------------------------------------


def test_attraction_moves_every_other_witch_toward_her_never_past() -> None:
    state = caster_after_move({0: 4, 1: 1, 2: 4, 3: 9}, ("attraction#1",))
    state = cast(state, 0, "attraction", spaces=2)
    assert [w.position for w in state.witches] == [5, 3, 5, 7]
    state = caster_after_move({0: 4, 1: 1, 2: 4, 3: 9}, ("attraction#2",))
    state = cast(state, 0, "attraction", spaces=1)
    assert [w.position for w in state.witches] == [5, 2, 5, 8]


def test_attraction_takes_one_or_two_spaces() -> None:
    state = caster_after_move({0: 4}, ("attraction#1",))
    for spaces in (0, 3, None, "2", True):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 0, spell("attraction", spaces=spaces), CAST)
        assert err.value.code == "bad_request"


def test_blockade_stops_every_later_forward_move_on_her_space() -> None:
    formulas = {1: ["ear", "star", "eye"], 2: ["ear"]}
    state = caster_after_move({0: 3, 1: 2, 2: 6}, ("blockade#1",), formulas, players=3)
    state = cast(state, 0, "blockade")
    state = settle(state)
    # Renée would reach 7 with her perfect formula: the blockade on 4 stops her there.
    assert position(state, 1) == 4 and "(blockade)" in english(result_of(state, 1)["text"])
    # Cunégonde was already ahead of the blockade: she is not stopped.
    assert position(state, 2) == 7


def test_blockade_ends_with_the_turn() -> None:
    state = caster_after_move({0: 3, 1: 2}, ("blockade#1",), players=3)
    state = settle(cast(state, 0, "blockade"))
    assert state.blocks == ()
    state = settle(turn(state, ORANGE3, 1, {1: ["ear", "star", "eye"]}))
    assert position(state, 1) == 7


def test_blockade_does_not_stop_the_blockader_herself() -> None:
    state = caster_after_move({0: 3, 1: 8}, ("blockade#1", "tailwind#1"), players=3)
    state = cast(cast(state, 0, "blockade"), 0, "tailwind")
    assert position(state, 0) == 4 + 2


def test_blockade_stops_a_witch_on_the_blockaders_own_space() -> None:
    formulas = {1: ["ear", "star", "eye"]}
    state = caster_after_move({0: 3, 1: 4}, ("blockade#1",), formulas, players=3)
    state = settle(cast(state, 0, "blockade"))
    assert position(state, 1) == 4 and "(blockade)" in english(result_of(state, 1)["text"])


def test_the_blockade_stays_with_the_blockader_when_she_moves() -> None:
    formulas = {1: ["ear", "star", "eye"]}
    state = caster_after_move({0: 3, 1: 0, 2: 9}, ("blockade#1", "tailwind#1"), formulas, 3)
    state = cast(cast(state, 0, "blockade"), 0, "tailwind")
    assert position(state, 0) == 6  # 4, then 2nd place: +2
    state = settle(state)
    assert position(state, 1) == 5  # perfect (3 + 2) from 0: the blockade on 6 is not reached
    state = caster_after_move({0: 3, 1: 2, 2: 9}, ("blockade#1", "tailwind#1"), formulas, 3)
    state = settle(cast(cast(state, 0, "blockade"), 0, "tailwind"))
    assert position(state, 1) == 6  # 2 + 5 would be 7: stopped on her new space


def test_moving_back_is_never_blocked() -> None:
    state = caster_after_move({0: 3, 1: 9, 2: 9, 3: 0}, ("blockade#1", "bad_spell#1"))
    state = cast(cast(state, 0, "blockade"), 0, "bad_spell")
    assert [position(state, k) for k in (1, 2)] == [6, 6]


def test_bad_spell_sends_the_lead_witch_back_three() -> None:
    state = caster_after_move({0: 2, 1: 8, 2: 8, 3: 1}, ("bad_spell#1",))
    state = cast(state, 0, "bad_spell")
    assert [w.position for w in state.witches] == [3, 5, 5, 1]


def test_bad_spell_cast_by_the_leader_sends_her_back_too_but_not_below_minus_two() -> None:
    state = caster_after_move({0: -1, 1: -2, 2: -2, 3: -2}, ("bad_spell#1",))
    state = cast(state, 0, "bad_spell")
    assert position(state, 0) == -2


def test_tailwind_moves_her_forward_as_many_spaces_as_her_place() -> None:
    state = caster_after_move({0: 2, 1: 9, 2: 9, 3: 1}, ("tailwind#1",))
    state = cast(state, 0, "tailwind")
    assert position(state, 0) == 3 + 3


def test_tailwind_ties_share_the_better_place() -> None:
    state = caster_after_move({0: 2, 1: 9, 2: 3, 3: 3}, ("tailwind#1",))
    state = cast(state, 0, "tailwind")
    assert position(state, 0) == 3 + 2


def test_tailwind_can_carry_her_over_the_finish() -> None:
    state = caster_after_move({0: 21, 1: 22}, ("tailwind#1",))
    state = cast(state, 0, "tailwind")
    assert position(state, 0) == 23 and state.witches[0].finished_rank == 1


def test_she_may_cast_several_spells_then_pass() -> None:
    state = caster_after_move({0: 2, 1: 9}, ("tailwind#1", "tailwind#2"), players=2)
    state = cast(state, 0, "tailwind")
    assert (state.current, state.step) == (0, Step.AFTER)
    state = cast(state, 0, "tailwind")
    assert position(state, 0) == 7
    assert state.current != 0 or state.phase is not Phase.RESOLVE


def test_a_witch_with_no_spell_to_play_still_gets_her_after_moment() -> None:
    """Issue 10: the after step used to be skipped when she held no after-movement spell,
    which told the table what she held. Now it always comes, one step long."""
    state = with_hand(new(players=3), 1, "decree#1")
    state = until(turn(state, ORANGE3, 0, {0: ["ear"], 1: ["ear"]}, play=False), 1, Step.AFTER)
    assert "after" in GAME.view(state, 1)["you"]["prompts"]
    assert settle(state).phase is Phase.ROLL


# -- when spells may be cast -------------------------------------------------------------------


def test_after_spells_are_refused_when_applying_and_apply_spells_after_moving() -> None:
    state = with_hand(new(), 0, "tailwind#1", "repaired_oversight#1")
    state = turn(state, ORANGE3, 0, {0: ["ear"]})
    assert (state.current, state.step) == (0, Step.APPLY)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, spell("tailwind"), CAST)
    assert err.value.message == "Tailwind is played after your movement."
    state = GAME.apply(state, 0, {"type": "pass"}, CAST)
    assert state.step is Step.AFTER
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, spell("repaired_oversight", add="star"), CAST)
    assert err.value.message == "Repaired Oversight is played when you apply your formula."


def test_a_spell_not_in_hand_is_refused() -> None:
    state = caster_after_move({0: 1}, ("tailwind#1",))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, spell("bad_spell"), CAST)
    assert err.value.message == "You hold no Bad Spell card."


def test_only_the_current_witch_casts_or_passes() -> None:
    state = caster_after_move({0: 1}, ("tailwind#1",))
    state = with_hand(state, 1, "tailwind#2")
    for action in (spell("tailwind"), {"type": "pass"}):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 1, action, CAST)
        assert err.value.code == "not_your_turn"
        assert err.value.message == "Wait: Ursule is applying her formula."


def test_unknown_spell_is_a_bad_request() -> None:
    state = caster_after_move({0: 1}, ("tailwind#1",))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, spell("frog_rain"), CAST)
    assert err.value.code == "bad_request"


def test_the_table_may_force_pass_the_current_witch() -> None:
    state = with_hand(new(), 0, "tailwind#1", "repaired_oversight#1")
    state = turn(state, ORANGE3, 0, {0: ["ear"]})
    state = GAME.apply(state, None, {"type": "pass"}, CAST)
    assert result_of(state, 0)["to"] == 1 and state.step is Step.AFTER
    state = GAME.apply(state, None, {"type": "pass"}, CAST)
    # Issue 10: the next witch gets her moment too, spells or not (it used to skip to the roll).
    assert (state.current, state.step) == (1, Step.APPLY)


def test_the_table_pass_keeps_the_first_card_drawn() -> None:
    state = turn(new(), ORANGE3, 0, {2: ["spider", "web"]})
    assert state.keep_choice is not None
    first = state.keep_choice[0]
    state = GAME.apply(state, None, {"type": "pass"}, CAST)
    assert state.witches[2].hand == (first,)


# -- apply-time spells -------------------------------------------------------------------------


def test_the_apply_moment_comes_before_her_formula_is_applied() -> None:
    state = with_hand(new(), 1, "repaired_oversight#1")
    state = turn(state, ORANGE3, 0, {0: ["ear"], 1: ["eye", "star"]})
    view = GAME.view(state, None)
    assert (view["current"], view["step"]) == (1, "apply")
    assert [r["seat"] for r in view["results"]] == [0]
    assert "apply" in GAME.view(state, 1)["you"]["prompts"]


def test_repaired_oversight_adds_a_card_from_her_hand() -> None:
    state = with_hand(new(), 1, "repaired_oversight#1")
    state = turn(state, ORANGE3, 0, {0: ["ear"], 1: ["eye", "star"]})
    state = cast(state, 1, "repaired_oversight", add="ear")
    # her cards in the rulebook's order, the card added last
    assert result_of(state, 1)["cards"] == ["star", "eye", "ear"]
    assert result_of(state, 1)["verdict"] == "perfect" and position(state, 1) == 5


def test_repaired_oversight_cannot_add_a_card_already_in_the_formula() -> None:
    state = with_hand(new(), 1, "repaired_oversight#1")
    state = turn(state, ORANGE3, 0, {0: ["ear"], 1: ["eye", "star"]})
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, spell("repaired_oversight", add="eye"), CAST)
    assert err.value.code == "illegal"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, spell("repaired_oversight", add="toad"), CAST)
    assert err.value.code == "bad_request"


def test_rectification_exchanges_a_card_of_her_formula_for_one_from_her_hand() -> None:
    state = with_hand(new(), 1, "rectification#1")
    state = turn(state, ORANGE3, 0, {0: ["ear"], 1: ["eye", "skull"]})
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, spell("rectification", remove="ear", add="star"), CAST)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, spell("rectification", remove="skull", add="eye"), CAST)
    state = cast(state, 1, "rectification", remove="skull", add="star")
    # the skull (locked in the rulebook's order: skull, eye) exchanged in its place
    assert result_of(state, 1)["cards"] == ["star", "eye"] and position(state, 1) == 2


DOUBLE = dice(orange=["ear", "star"], black=["web"], both=["skull"])


def double_cross(formulas: dict[int, Any], closer: int = 0) -> GameState:
    state = with_hand(new(), 1, "double_cross#1")
    return turn(state, DOUBLE, closer, {0: ["ear"], **formulas})


def test_double_cross_counts_both_formulas_and_both_perfect_bonuses() -> None:
    state = cast(double_cross({1: (["ear", "star"], ["web"])}), 1, "double_cross")
    result = result_of(state, 1)
    assert position(state, 1) == 2 + 2 + 1
    assert (result["verdict"], result["color"], result["bonus"]) == ("perfect", "orange", "orange")
    assert result["second"] == ["web"]
    assert result["second_result"]["verdict"] == "perfect"
    assert result["second_result"]["bonus"] == "black"
    assert len(state.witches[1].hand) == 1  # the one card drawn for a 1-symbol black formula


def test_a_second_formula_is_revealed_with_every_formula() -> None:
    state = with_hand(new(), 1, "double_cross#1")
    state = turn(state, DOUBLE, 0, {0: ["ear"], 1: (["ear", "star"], ["web"])}, play=False)
    assert GAME.view(state, None)["formulas"][1] == {
        "seat": 1, "cards": ["ear", "star"], "second": ["web"],
    }  # fmt: skip


def test_the_second_formula_is_ignored_without_playing_double_cross() -> None:
    state = double_cross({1: (["ear", "star"], ["web"])})
    state = GAME.apply(state, 1, {"type": "pass"}, CAST)
    result = result_of(state, 1)
    assert position(state, 1) == 4 and result["second"] is None
    assert result["second_result"] is None


def test_double_cross_needs_a_second_formula() -> None:
    state = with_hand(new(), 1, "double_cross#1", "tailwind#1")
    state = turn(state, DOUBLE, 0, {0: ["ear"], 1: ["ear"]})
    assert state.step is Step.AFTER  # nothing she could play before: the helper played on
    state = with_hand(new(), 1, "double_cross#1")
    state = until(turn(state, DOUBLE, 0, {1: ["ear"]}, play=False), 1, Step.APPLY)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, spell("double_cross"), CAST)
    assert err.value.message == "You wrote only one formula: Double Cross needs two."


def test_double_cross_closer_goes_back_only_if_neither_formula_is_valid() -> None:
    state = at_positions(with_hand(new(), 1, "double_cross#1"), {1: 5})
    state = cast(turn(state, DOUBLE, 1, {1: (["skull"], ["web"])}), 1, "double_cross")
    assert position(state, 1) == 5 + 1 and not result_of(state, 1)["penalty"]
    state = at_positions(with_hand(new(), 1, "double_cross#1"), {1: 5})
    state = cast(turn(state, DOUBLE, 1, {1: (["skull"], ["cloud"])}), 1, "double_cross")
    assert position(state, 1) == 3 and result_of(state, 1)["penalty"]


def test_double_cross_needs_one_orange_and_one_black_formula() -> None:
    state = cast(double_cross({1: (["ear"], ["star"])}), 1, "double_cross")
    result = result_of(state, 1)
    assert position(state, 1) == 1
    assert result["second_result"]["verdict"] == "forbidden"


def test_the_two_formulas_share_no_symbol() -> None:
    state = with_hand(new(), 1, "double_cross#1")
    state = closed(rolled(state, DOUBLE), 0)
    with pytest.raises(IllegalAction) as err:
        write(state, {1: (["ear"], ["ear", "web"])})
    assert err.value.code == "bad_request"


# -- Decree ------------------------------------------------------------------------------------


def composing(players: int = 3, **options: Any) -> GameState:
    state = with_hand(new(players=players, **options), 2, "decree#1")
    return closed(rolled(state, ORANGE3), 0, T0 + 1000)


def test_decree_only_once_every_other_witch_has_locked() -> None:
    state = composing()
    state = write(state, {0: ["ear"]})
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 2, spell("decree"), CAST)
    assert "Renée" in err.value.message
    assert "decree" not in GAME.view(state, 2)["you"]["prompts"]
    state = write(state, {1: ["ear"]})
    assert "decree" in GAME.view(state, 2)["you"]["prompts"]
    assert GAME.apply(state, 2, spell("decree"), CAST).window is not None


def test_decree_shows_the_dice_to_its_player_for_ten_seconds() -> None:
    state = write(composing(), {0: ["ear"], 1: ["ear"]})
    state = GAME.apply(state, 2, spell("decree"), CAST)
    assert GAME.view(state, None)["witches"][2]["in_decree"]
    assert GAME.view(state, 2)["you"]["decree"] is None
    state = GAME.timeout(state, CAST + FOG_MS)
    you = GAME.view(state, 2)["you"]
    assert you["decree"] == {"dice": ORANGE3, "until": CAST + FOG_MS + 10_000}
    assert GAME.deadline(state) == CAST + FOG_MS + 10_000
    for other in (None, 0, 1):
        view = GAME.view(state, other)
        assert view["dice"] is None and '"symbol"' not in dumped(view)


def test_decree_gives_an_expert_five_seconds() -> None:
    state = with_hand(new(), 2, "decree#1")
    state = GAME.apply(state, None, {"type": "handicap", "seat": 2, "level": "expert"}, T0)
    state = write(closed(rolled(state, ORANGE3), 0), {0: ["ear"], 1: ["ear"]})
    state = GAME.timeout(GAME.apply(state, 2, spell("decree"), CAST), CAST + FOG_MS)
    assert GAME.view(state, 2)["you"]["decree"]["until"] == CAST + FOG_MS + 5_000
    assert "5 seconds" in state.log[-1]


def test_decree_dice_vanish_after_the_look_then_she_writes() -> None:
    state = write(composing(), {0: ["ear"], 1: ["ear"]})
    state = GAME.timeout(GAME.apply(state, 2, spell("decree"), CAST), CAST + FOG_MS)
    state = GAME.timeout(state, CAST + FOG_MS + 10_000)
    assert GAME.view(state, 2)["you"]["decree"] is None
    assert GAME.deadline(state) is None
    assert "formula" in GAME.view(state, 2)["you"]["prompts"]
    state = write(state, {2: ["ear", "star", "eye"]})
    assert state.phase is Phase.ROLL and position(state, 2) == 5


def test_a_fogged_decree_shows_nothing() -> None:
    state = with_hand(write(composing(), {0: ["ear"], 1: ["ear"]}), 0, "magic_fog#1")
    state = GAME.apply(state, 2, spell("decree"), CAST)
    state = GAME.apply(state, 0, spell("magic_fog"), CAST + 1000)
    assert GAME.view(state, 2)["you"]["decree"] is None
    assert not GAME.view(state, None)["witches"][2]["in_decree"]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 2, spell("decree"), CAST + 2000)


def test_she_cannot_lock_while_her_decree_waits_for_its_window() -> None:
    state = GAME.apply(write(composing(), {0: ["ear"], 1: ["ear"]}), 2, spell("decree"), CAST)
    with pytest.raises(IllegalAction):
        write(state, {2: ["ear"]})
    assert "formula" not in GAME.view(state, 2)["you"]["prompts"]


def test_decree_is_not_cut_by_the_compose_timer() -> None:
    state = write(composing(compose_seconds=30), {0: ["ear"], 1: ["ear"]}, T0 + 5000)
    state = GAME.apply(state, 2, spell("decree"), T0 + 25_000)
    state = GAME.timeout(state, T0 + 31_000)
    assert state.phase is Phase.COMPOSE and state.formulas[2] is None
    look_end = T0 + 30_000 + 10_000
    assert GAME.deadline(state) == look_end
    state = GAME.timeout(state, look_end)
    assert GAME.deadline(state) == look_end + 30_000
    state = GAME.timeout(state, look_end + 30_000)
    assert state.phase is not Phase.COMPOSE


# -- the physical deck -------------------------------------------------------------------------


def test_with_the_physical_deck_spells_are_trusted_and_every_witch_gets_her_windows() -> None:
    state = turn(new(physical_deck=True), ORANGE3, 0, {0: ["ear"], 1: ["ear"]})
    assert (state.current, state.step) == (0, Step.APPLY)
    state = GAME.apply(state, 0, {"type": "pass"}, CAST)
    assert (state.current, state.step) == (0, Step.AFTER)
    state = GAME.apply(state, 0, spell("tailwind"), CAST)
    state = GAME.apply(state, 1, spell("magic_fog"), CAST + 100)
    assert GAME.view(state, None)["spells"][0]["fogged_by"] == 1
    assert state.discard == ()
    assert GAME.view(state, 0)["you"]["hand"] == []


def test_a_late_timeout_fires_every_deadline_due_in_time_order() -> None:
    state = write(composing(), {0: ["ear"], 1: ["ear"]})
    state = GAME.apply(state, 2, spell("decree"), CAST)
    state = GAME.timeout(state, CAST + 60_000)
    decree = state.decree_of(2)
    assert decree is not None and decree.until == CAST + FOG_MS + 10_000
    assert GAME.view(state, 2)["you"]["decree"] is None  # the look is over too
    assert GAME.deadline(state) is None


def test_the_resolution_order_is_fixed_when_the_lid_opens() -> None:
    state = caster_after_move({0: 2, 1: 8, 2: 6}, ("bad_spell#1",), players=3)
    assert state.order == (0, 1, 2)
    state = settle(cast(state, 0, "bad_spell"))
    # Renée fell back behind Cunégonde but still applied her formula before her.
    assert [r["seat"] for r in GAME.view(state, None)["results"]] == [0, 1, 2]


def test_a_witch_who_has_just_finished_may_still_cast_after_her_movement() -> None:
    state = caster_after_move({0: 22, 1: 21, 2: 3, 3: 20}, ("attraction#1",))
    assert state.witches[0].finished_rank == 1
    state = cast(state, 0, "attraction", spaces=2)
    # Attraction pulls toward the finish: Renée crosses it too, Germaine stops on 22.
    assert [w.position for w in state.witches] == [23, 23, 5, 22]
    assert state.witches[1].finished_rank == 2


def test_finished_witches_are_untouched_by_attraction_and_bad_spell() -> None:
    state = caster_after_move({0: 22, 1: 9, 2: 9}, ("attraction#1", "bad_spell#1"), players=3)
    state = cast(state, 0, "bad_spell")
    # Ursule crossed the finish: the lead among the witches still racing is on space 9.
    assert [w.position for w in state.witches] == [23, 6, 6]
    state = cast(state, 0, "attraction", spaces=1)
    assert [w.position for w in state.witches] == [23, 7, 7]
