"""The reveal (issue 10): every formula revealed together, then the lid opens, then each
formula applied in order on the server clock, with the same moments for every witch whatever
she holds; "I play a spell" holds a moment; the next roll only once the reveal has ended."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.engine import IllegalAction
from companion.games.wicked_witches_way.state import GameState, Phase, Step
from tests.unit.wicked_witches_way.helpers import (
    GAME,
    ORANGE3,
    T0,
    closed,
    new,
    position,
    result_of,
    rolled,
    settle,
    until,
    with_hand,
)

FORMULAS: dict[int, list[str]] = {0: ["ear"], 1: ["eye", "star"], 2: ["spider", "web"]}
WRITTEN = T0 + 2000


def locked(state: GameState, formulas: dict[int, list[str]] = FORMULAS) -> GameState:
    """Roll the rigged dice, Ursule closes the lid, every formula locks at ``WRITTEN``; the
    reveal is left where it starts (no helper plays it on)."""
    state = closed(rolled(state, ORANGE3), 0)
    for seat in state.seats:
        action = {"type": "formula", "cards": formulas.get(seat, [])}
        state = GAME.apply(state, seat, action, WRITTEN)
    return state


def timeline(state: GameState) -> list[GameState]:
    """Every state of the reveal when nobody acts: each step runs out on its deadline (the
    first card drawn is kept when the time to choose runs out)."""
    out = [state]
    while state.phase is Phase.RESOLVE:
        due = GAME.deadline(state)
        assert due is not None
        state = GAME.timeout(state, due)
        out.append(state)
    return out


def steps(states: list[GameState]) -> list[tuple[int | None, str | None]]:
    return [(s.current, None if s.step is None else s.step.value) for s in states]


# -- the order of the reveal ------------------------------------------------------------------


def test_the_reveal_runs_on_the_server_clock_in_the_rulebooks_order() -> None:
    states = timeline(locked(new(pace_seconds=3)))
    # The lid closer first, then the others (all on the start) in seat order after her.
    assert steps(states) == [
        (None, "reveal"), (None, "sort"),
        (0, "apply"), (0, "after"), (1, "apply"), (1, "after"),
        (2, "apply"), (2, "keep"), (2, "after"), (None, None),
    ]  # fmt: skip
    deadlines = [GAME.deadline(s) for s in states]
    # Each step lasts the pace, from when the last formula was locked; the card to keep is
    # waited for longer (the first card is kept when the time runs out).
    assert deadlines[:7] == [WRITTEN + k * 3000 for k in range(1, 8)]
    assert deadlines[7] == WRITTEN + 7 * 3000 + 30_000
    assert states[-1].phase is Phase.ROLL and deadlines[-1] is None


def test_each_result_appears_at_the_end_of_its_witchs_apply_moment_and_only_then() -> None:
    states = timeline(locked(new()))
    counts = [len(GAME.view(s, None)["results"]) for s in states]
    assert counts == [0, 0, 0, 1, 1, 2, 2, 3, 3, 3]
    # Every screen is sent the same view of the table: a seat sees its result with the others.
    for state in states:
        table = GAME.view(state, None)["results"]
        assert all(GAME.view(state, k)["results"] == table for k in state.seats)


def test_the_next_roll_comes_only_when_the_reveal_has_ended() -> None:
    states = timeline(locked(new()))
    for state in states[:-1]:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, state.roller, {"type": "roll"}, T0 + 60_000)
        assert err.value.message == "Wait: the next roll comes when every formula has been applied."
        assert "roll" not in GAME.view(state, state.roller)["you"]["prompts"]
    last = states[-1]
    assert "roll" in GAME.view(last, last.roller)["you"]["prompts"]


def test_pace_option_sets_every_step() -> None:
    state = locked(new(pace_seconds=7))
    assert GAME.deadline(state) == WRITTEN + 7000
    assert {o.id: o for o in GAME.options}["pace_seconds"].default == 4


def test_the_table_may_end_a_step_at_once() -> None:
    state = locked(new())
    state = GAME.apply(state, None, {"type": "pass"}, WRITTEN + 100)
    assert state.step is Step.SORT and GAME.deadline(state) == WRITTEN + 100 + 4000
    state = GAME.apply(state, None, {"type": "pass"}, WRITTEN + 200)
    assert (state.current, state.step) == (0, Step.APPLY)


def test_a_witch_may_end_her_own_moment_but_not_anothers() -> None:
    state = until(locked(new()), 0, Step.APPLY)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, {"type": "pass"}, WRITTEN + 9000)
    assert err.value.code == "not_your_turn"
    state = GAME.apply(state, 0, {"type": "pass"}, WRITTEN + 9000)
    assert (state.current, state.step) == (0, Step.AFTER) and result_of(state, 0)["to"] == 1


# -- no leak: the same moments whatever she holds ------------------------------------------------


def _without_hand(view: dict[str, Any]) -> dict[str, Any]:
    you = {k: v for k, v in view["you"].items() if k not in ("hand", "acrobatics")}
    return {**view, "you": you}


@pytest.mark.parametrize("usable", ["repaired_oversight#1", "tailwind#1", "double_cross#1"])
def test_a_usable_spell_in_hand_shows_in_no_view_and_no_deadline(usable: str) -> None:
    """Two games that differ only in Renée's hand: a spell she could play in one of her
    moments, or an acrobatics card. Every view (hers but for the hand itself) and every
    deadline are the same all through the reveal (issue 10's probe: the spell used to make
    the game stop at her ``apply`` step, the acrobatics card not)."""
    base = new()
    pile = tuple(c for c in base.draw_pile if c not in (usable, "acrobatics_3#1"))
    a = timeline(locked(replace(base.with_witch(1, hand=(usable,)), draw_pile=pile)))
    b = timeline(locked(replace(base.with_witch(1, hand=("acrobatics_3#1",)), draw_pile=pile)))
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        assert GAME.deadline(x) == GAME.deadline(y)
        assert GAME.view(x, None) == GAME.view(y, None)
        assert GAME.view(x, 0) == GAME.view(y, 0) and GAME.view(x, 2) == GAME.view(y, 2)
        assert _without_hand(GAME.view(x, 1)) == _without_hand(GAME.view(y, 1))
    assert steps(a) == steps(b)
    assert (a[4].current, a[4].step) == (1, Step.APPLY)  # her moment, with or without a spell
    assert a[-1].with_witch(1, hand=b[-1].witches[1].hand) == b[-1]


def test_every_witch_gets_both_moments_even_with_no_card_at_all() -> None:
    states = timeline(locked(new(players=4)))
    for seat in range(4):
        mine = [s.step for s in states if s.current == seat]
        assert Step.APPLY in mine and Step.AFTER in mine


# -- "I play a spell" ------------------------------------------------------------------------


def test_i_play_a_spell_holds_her_moment_until_she_chooses() -> None:
    state = until(locked(with_hand(new(), 1, "repaired_oversight#1")), 1, Step.APPLY)
    at = GAME.deadline(state) or 0
    state = GAME.apply(state, 1, {"type": "hold"}, at - 1000)
    view = GAME.view(state, None)
    assert view["holding"] == 1 and GAME.deadline(state) == at - 1000 + 30_000
    assert "Renée plays a spell…" in state.log
    state = GAME.apply(state, 1, {"type": "spell", "card": "repaired_oversight", "add": "ear"}, at)
    assert state.window is not None
    state = GAME.timeout(state, state.window.until)
    # After the spell her moment starts afresh: she may play another, or it runs out.
    assert (state.current, state.step, state.holding) == (1, Step.APPLY, False)
    state = GAME.timeout(state, GAME.deadline(state) or 0)
    # her cards in the rulebook's order, the card added last
    assert result_of(state, 1)["cards"] == ["star", "eye", "ear"]
    assert result_of(state, 1)["verdict"] == "perfect"


def test_i_play_a_spell_then_no_spell_after_all_goes_on() -> None:
    state = until(locked(new()), 0, Step.APPLY)
    state = GAME.apply(state, 0, {"type": "hold"}, WRITTEN + 9000)
    state = GAME.apply(state, 0, {"type": "pass"}, WRITTEN + 9500)
    assert (state.current, state.step, state.holding) == (0, Step.AFTER, False)


def test_i_play_a_spell_is_only_for_the_current_witch_in_her_moment() -> None:
    state = locked(new())
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, {"type": "hold"}, WRITTEN)
    assert err.value.code == "illegal"
    state = until(state, 0, Step.APPLY)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, {"type": "hold"}, WRITTEN + 9000)
    assert err.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, None, {"type": "hold"}, WRITTEN + 9000)
    assert err.value.code == "forbidden"


def test_a_held_moment_that_is_never_answered_goes_on_after_the_time_to_choose() -> None:
    state = until(locked(new()), 0, Step.APPLY)
    state = GAME.apply(state, 0, {"type": "hold"}, WRITTEN + 9000)
    state = GAME.timeout(state, WRITTEN + 9000 + 30_000)
    assert (state.current, state.step) == (0, Step.AFTER)


def test_with_the_physical_deck_nobody_is_asked_unless_she_says_she_plays_a_spell() -> None:
    """Issue 10: every witch used to get two windows to pass a turn. Now the reveal plays to
    the next roll with nobody pressing anything; "I play a spell" is how a witch asks."""
    states = timeline(locked(new(physical_deck=True)))
    assert states[-1].phase is Phase.ROLL
    state = until(locked(new(physical_deck=True)), 2, Step.AFTER)
    at = GAME.deadline(state) or 0
    state = GAME.apply(state, 2, {"type": "hold"}, at - 500)
    state = GAME.apply(state, 2, {"type": "spell", "card": "tailwind"}, at)
    state = GAME.timeout(state, at + 5000)
    # Her perfect black formula took her to 2, level with Renée, ahead of Ursule: 1st place.
    assert position(state, 2) == 2 + 1
    assert "Tailwind" in " ".join(state.log)


def test_a_whole_turn_without_anyone_acting_reaches_the_next_roll() -> None:
    state = settle(locked(new(players=6)))
    assert state.phase is Phase.ROLL and state.turn == 2
