"""What the game waits for (``Game.choices``), one rule per test: "next" through the steps,
each roller's d20, and the current Witch's own step; what the table records from the map is a
side action, never listed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.witch_and_bitch import Step
from companion.games.witch_and_bitch.spells import draftable, learnable
from companion.games.witch_and_bitch.witches import ACTIONS

from .helpers import (
    GAME,
    act,
    drafted,
    first_rolled,
    in_round,
    new,
    past_setup,
    to_step,
    with_corpses,
)

NEXT = {"type": "next"}
WAITED_FOR = {"next", "first_roll", "pick", "position", "action", "object", "learn", "lose"}


def listed(state: Any) -> dict[int | None, list[dict[str, Any]]]:
    return {who: GAME.choices(state, who) for who in (None, *state.seats)}


def kinds(payloads: list[dict[str, Any]]) -> list[str]:
    return sorted({p["type"] for p in payloads})


def test_anyone_turns_the_pages_of_the_set_up_walkthrough() -> None:
    state = new(players=3)
    assert listed(state) == {None: [NEXT], 0: [NEXT], 1: [NEXT], 2: [NEXT]}


def test_each_player_rolls_the_d20_for_first_player_with_the_app_or_her_own_die() -> None:
    """Every roller is offered the app's roll and each of the 20 faces; the table may roll
    for everyone left; a player who has rolled waits."""
    state = past_setup(new(players=3))
    assert state.step is Step.FIRST_ROLL
    d20 = [{"type": "first_roll"}] + [{"type": "first_roll", "value": v} for v in range(1, 21)]
    assert listed(state) == {None: [NEXT], 0: d20, 1: d20, 2: d20}
    state = act(state, 1, "first_roll", value=7)
    assert listed(state)[1] == [] and listed(state)[0] == d20


def test_only_the_tied_players_roll_again() -> None:
    state = past_setup(new(players=3))
    for seat, value in ((0, 20), (1, 20), (2, 3)):
        state = act(state, seat, "first_roll", value=value)
    assert state.rollers == (0, 1)
    assert [bool(listed(state)[seat]) for seat in (0, 1, 2)] == [True, True, False]


def test_the_draft_waits_for_the_current_players_pick_alone() -> None:
    state = first_rolled(new(players=3), first=1)
    assert state.step is Step.DRAFT and state.current == 1
    mine = state.witches[1].spells
    picks = [{"type": "pick", "spell": s} for s in draftable(mine, state.hands(but=1))]
    assert listed(state) == {None: [], 0: [], 1: picks, 2: []}


def test_hunger_gaymes_positions_are_chosen_in_turn_from_the_free_ones() -> None:
    state = first_rolled(new(scenario=3, players=3), first=0)
    while state.step is Step.DRAFT:
        seat = state.current
        assert seat is not None
        state = act(state, seat, "pick", spell=listed(state)[seat][0]["spell"])
    assert state.step is Step.POSITIONS and state.current == 0
    state = act(state, 0, "position", spot="B")
    spots = [{"type": "position", "spot": s} for s in "ACD"]
    assert listed(state)[1] == [NEXT, *spots]  # "next" takes the first free position for her
    assert listed(state)[2] == [NEXT] and listed(state)[None] == [NEXT]


def test_a_witch_has_three_action_pips_and_may_take_an_object_in_her_own_turn() -> None:
    state = in_round(players=3, first=1)
    assert state.step is Step.TURNS and state.current == 1
    d4 = [{"type": "object"}] + [{"type": "object", "value": v} for v in range(1, 5)]
    assert listed(state) == {None: [NEXT], 0: [], 1: [NEXT, {"type": "action"}, *d4], 2: []}
    for _ in range(ACTIONS):
        state = act(state, 1, "action")
    assert listed(state)[1] == [NEXT, *d4]  # no pip left: "next" ends her turn
    dead = state.with_witch(1, replace(state.witches[1], dead=True))
    assert listed(dead)[1] == [NEXT]  # a dead Witch takes no Object


def test_hunger_gaymes_allows_one_object_per_witch() -> None:
    state = drafted(first_rolled(new(scenario=3, players=2), first=0))
    state = to_step(act(state, None, "spawn", values=[1, 1]), Step.TURNS)
    assert state.current == 0 and "object" in kinds(listed(state)[0])
    state = act(state, 0, "object")
    assert "object" not in kinds(listed(state)[0])


def test_learning_offers_the_spells_she_may_learn_once_she_can_pay() -> None:
    state = to_step(with_corpses(in_round(players=3, first=1), 1, 4), Step.LEARNING)
    assert state.current == 1
    spells = learnable(state.witches[1].spells, state.hands(but=1))
    assert listed(state)[1] == [NEXT] + [{"type": "learn", "spell": s} for s in spells]
    assert listed(state)[0] == [] and listed(state)[None] == [NEXT]
    poor = state.with_witch(1, replace(state.witches[1], corpses=(1,)))
    assert listed(poor)[1] == [NEXT]  # she gave her corpses away: she can only pass


def test_what_the_table_records_from_the_map_is_never_waited_for() -> None:
    side = {name for name, action in GAME.actions.items() if action.side}
    assert side == set(GAME.actions) - WAITED_FOR
    state = in_round(scenario=2, players=3)
    assert {p["type"] for payloads in listed(state).values() for p in payloads} <= WAITED_FOR


def test_a_player_who_left_and_a_finished_game_offer_nothing() -> None:
    state = GAME.seat_left(new(players=3), 2, 0.0)
    assert listed(state) == {None: [NEXT], 0: [NEXT], 1: [NEXT], 2: []}
    over = act(in_round(scenario=5, players=3), None, "verdict", event="conspirator-in")
    assert over.step is Step.OVER
    assert listed(over) == {None: [], 0: [], 1: [], 2: []}
