"""A seat that leaves or is removed during the game (issue 9): her witch stays on the track, is
never the roller and is never waited for; the views say she is gone."""

from __future__ import annotations

from companion.games.wicked_witches_way.state import GameState, Phase, Step
from tests.unit.wicked_witches_way.helpers import (
    GAME,
    ORANGE3,
    T0,
    at_positions,
    closed,
    new,
    position,
    result_of,
    rolled,
    settle,
    until,
    with_hand,
    write,
)


def left(state: GameState, seat: int, at: float = T0 + 1500) -> GameState:
    return GAME.seat_left(state, seat, at)


def test_leaving_is_recorded_once_and_shown_as_gone() -> None:
    state = left(new(), 1)
    assert state.gone == (1,) and left(state, 1) == state
    assert [w["gone"] for w in GAME.view(state, None)["witches"]] == [False, True, False]
    assert "player1" not in " ".join(state.log)  # the log names the witch, not the player
    assert "Renée's player has left the table: Renée stays on the track." in state.log
    assert GAME.view(state, 1)["you"]["prompts"] == []


def test_a_witch_who_left_is_never_the_roller() -> None:
    state = new(players=3, seed=4)
    roller = state.roller
    state = left(state, roller)
    assert state.roller != roller and state.phase is Phase.ROLL
    # Later turns too: she stays last (the others move on) but never rolls.
    state = at_positions(state, {roller: -2})
    others = {k: ["ear"] for k in range(3) if k != roller}
    state = settle(write(closed(rolled(state, ORANGE3), None), others))
    assert state.phase is Phase.ROLL and state.roller != roller
    assert position(state, roller) == -2  # she stays where she was (her formula is empty)


def test_a_witch_who_left_cannot_close_the_lid() -> None:
    state = left(rolled(new(), ORANGE3), 2)
    assert not GAME.view(state, 2)["you"]["can_close_lid"]


def test_leaving_mid_compose_gives_her_an_empty_formula_and_the_turn_goes_on() -> None:
    state = write(closed(rolled(new(), ORANGE3), 0), {0: ["ear"], 1: ["eye", "star"]})
    assert state.phase is Phase.COMPOSE
    state = left(state, 2, T0 + 3000)
    assert state.phase is Phase.RESOLVE
    state = settle(state)
    assert result_of(state, 2)["verdict"] == "empty" and position(state, 1) == 2


def test_a_witch_who_left_before_the_lid_closed_writes_nothing_and_is_not_waited_for() -> None:
    state = left(rolled(new(), ORANGE3), 2)
    state = closed(state, 0)
    assert state.formulas[2] is not None and state.formulas[2].cards == ()
    state = write(state, {0: ["ear"], 1: ["ear"]})
    assert state.phase is not Phase.COMPOSE


def test_a_formula_locked_before_leaving_is_still_applied() -> None:
    state = write(closed(rolled(new(), ORANGE3), 0), {2: ["ear", "star", "eye"]})
    state = settle(write(left(state, 2), {0: ["ear"], 1: []}))
    assert position(state, 2) == 5


def test_a_witch_who_left_gets_no_moment_in_the_reveal() -> None:
    state = write(closed(rolled(left(new(), 1), ORANGE3), 0), {0: ["ear"], 2: ["eye"]})
    seen = []
    while state.phase is Phase.RESOLVE:
        seen.append((state.current, state.step))
        state = GAME.timeout(state, GAME.deadline(state) or 0)
    assert (1, Step.APPLY) not in seen and (1, Step.AFTER) not in seen
    assert [r["seat"] for r in GAME.view(state, None)["results"]] == [0, 1, 2]


def test_leaving_in_her_own_moment_ends_it_at_once() -> None:
    state = with_hand(new(), 1, "repaired_oversight#1")
    state = write(closed(rolled(state, ORANGE3), 0), {0: ["ear"], 1: ["eye"], 2: []})
    state = until(state, 1, Step.APPLY)
    state = GAME.apply(state, 1, {"type": "hold"}, GAME.deadline(state) or 0)
    state = left(state, 1, GAME.deadline(state) or 0)
    assert state.current == 2 and result_of(state, 1)["to"] == 1


def test_a_witch_who_left_keeps_the_first_card_drawn_without_being_waited_for() -> None:
    state = write(closed(rolled(new(), ORANGE3), 0), {2: ["spider", "web"]})
    state = write(state, {0: ["ear"], 1: []})
    state = until(state, 2, Step.KEEP)
    assert state.keep_choice is not None
    first = state.keep_choice[0]
    state = left(state, 2, GAME.deadline(state) or 0)
    # She was the last in the order: her card is kept and the turn is over at once.
    assert state.witches[2].hand == (first,) and state.phase is Phase.ROLL


def test_a_decree_ends_when_its_witch_leaves() -> None:
    state = with_hand(new(), 2, "decree#1")
    state = write(closed(rolled(state, ORANGE3), 0), {0: ["ear"], 1: ["ear"]})
    state = GAME.apply(state, 2, {"type": "spell", "card": "decree"}, T0 + 5000)
    state = left(state, 2, T0 + 6000)
    assert state.window is None and "decree#1" in state.discard
    assert state.phase is Phase.RESOLVE


def test_with_the_physical_deck_the_end_does_not_wait_for_her_acrobatics() -> None:
    state = at_positions(new(physical_deck=True), {0: 22})
    state = settle(write(closed(rolled(state, ORANGE3), 0), {0: ["ear"], 1: [], 2: []}))
    assert state.phase is Phase.OVER
    state = left(state, 1)
    assert GAME.view(state, None)["awaiting_acrobatics"] == [0, 2]
    for seat in (0, 2):
        state = GAME.apply(state, seat, {"type": "acrobatics", "points": 1}, T0)
    assert GAME.is_over(state)
