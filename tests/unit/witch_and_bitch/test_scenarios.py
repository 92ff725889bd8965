"""Each scenario's set-up and end: players, mode, death rule, objects, antagonist stats by
player count, and the win and loss checks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine import Illegal, SetupError
from companion.games.witch_and_bitch import Step
from companion.games.witch_and_bitch.scenarios import SCENARIOS, Death, Mode, placeholder_objects
from companion.games.witch_and_bitch.state import Card

from .helpers import GAME, NAMES, PICKS, act, bitch_of, first_rolled, in_round, new


def test_each_scenario_has_its_player_counts() -> None:
    assert {n: sc.players for n, sc in SCENARIOS.items()} == {
        1: (1, 5),
        2: (3, 5),
        3: (2, 4),
        4: (3, 5),
        5: (1, 5),
        6: (2, 5),
    }
    with pytest.raises(SetupError, match="players: 3–5"):
        GAME.setup(NAMES[:2], {"scenario": 2}, 1)
    with pytest.raises(SetupError, match="players: 2–4"):
        GAME.setup(NAMES[:5], {"scenario": 3}, 1)
    assert GAME.seats_for({"scenario": 3}) == 4


def test_each_scenario_has_its_mode_and_death_rule() -> None:
    modes = {n: (sc.mode, sc.death) for n, sc in SCENARIOS.items()}
    assert modes == {
        1: (Mode.COOPERATIVE, Death.AFTER_LAST_OBJECT),
        2: (Mode.SEMI_COOPERATIVE, Death.AFTER_ANTAGONIST),
        3: (Mode.COMPETITIVE, Death.ALWAYS),
        4: (Mode.SEMI_COOPERATIVE, Death.AFTER_ANTAGONIST),
        5: (Mode.COOPERATIVE, Death.ALWAYS),
        6: (Mode.COMPETITIVE, Death.AFTER_LAST_OBJECT),
    }


@pytest.mark.parametrize(
    ("number", "players", "stats"),
    [
        (1, 1, (2, 15, 15)),
        (1, 5, (2, 18, 23)),
        (2, 3, (1, 15, 15)),
        (2, 5, (1, 15, 18)),
        (4, 4, (2, 18, 21)),
    ],
)
def test_antagonist_stats_by_player_count(
    number: int, players: int, stats: tuple[int, int, int]
) -> None:
    villain = SCENARIOS[number].antagonist
    assert villain is not None
    got = villain.stats_for(players)
    assert (got.movement, got.health, got.defense) == stats
    assert villain.activations == 2


def test_antagonist_attack_rows() -> None:
    rows = {
        n: (sc.antagonist.attack, sc.antagonist.damage)
        for n, sc in SCENARIOS.items()
        if sc.antagonist
    }
    assert rows == {1: (10, 2), 2: (12, 2), 4: (18, 2)}


def test_set_up_walkthrough_pages_then_the_first_player_roll() -> None:
    state = new(1, 3)
    pages = len(SCENARIOS[1].setup)
    for page in range(pages):
        assert state.step is Step.SETUP and state.setup_page == page
        state = act(state, None, "next")
    assert state.step is Step.FIRST_ROLL


def test_a_witch_card_is_chosen_during_the_set_up_once_per_table() -> None:
    state = act(new(1, 3), 0, "witch", witch="witch-4")
    assert state.witches[0].card == "witch-4"
    with pytest.raises(Illegal, match="Anna has that Witch"):
        act(state, 1, "witch", witch="witch-4")


def test_scenario_1_last_object_calls_sarah_and_her_death_wins() -> None:
    state = replace(in_round(1, 2), objects=4)
    state = act(state, 0, "object", value=3)
    assert state.antagonist_portal == 3 and state.permanent
    sarah_defense = 15
    state = act(state, 0, "attack", target="antagonist", bonus=0, damage=10, value=sarah_defense)
    assert state.antagonist_damage == 10 and state.step is not Step.OVER
    state = act(state, 1, "attack", target="antagonist", bonus=0, damage=10, value=20)
    assert state.step is Step.OVER and state.outcome is not None
    assert state.outcome.winners == (0, 1)


def test_scenario_1_the_table_may_say_sarah_is_dead() -> None:
    state = replace(in_round(1, 2), antagonist_portal=1)
    state = act(state, None, "verdict", event="antagonist-dead")
    assert state.step is Step.OVER and "win" in (state.outcome.text if state.outcome else "")


def test_scenario_2_errata_d4_on_every_object_below_the_objects_collected() -> None:
    state = in_round(2, 3, first=0)
    state = act(state, 0, "object", value=1)  # 1 is not below 1
    assert state.antagonist_portal is None and not state.permanent
    state = act(state, 0, "object", value=2)  # 2 is not below 2
    assert state.antagonist_portal is None
    state = act(state, 0, "object", value=2)  # 2 is below 3: Wanna escapes to Portal 2
    assert state.antagonist_portal == 2 and state.permanent
    assert [r.purpose for r in state.rolls[-3:]] == ["object"] * 3


def test_scenario_2_the_bitch_wins_when_all_the_other_witches_are_dead() -> None:
    state = replace(in_round(2, 3), antagonist_portal=1)
    bitch = bitch_of(state)
    for seat in state.seats:
        if seat != bitch:
            state = act(state, None, "damage", seat=seat, amount=10)
    assert state.step is Step.OVER and state.outcome is not None
    assert state.outcome.winners == (bitch,)
    assert GAME.view(state, None)["bitch"] == bitch


def test_scenario_2_a_bitch_dead_for_good_is_a_4_xp_corpse_for_her_killer() -> None:
    state = replace(in_round(2, 3), antagonist_portal=1)
    bitch = bitch_of(state)
    killer = (bitch + 1) % 3
    state = act(state, None, "damage", seat=bitch, amount=9)
    state = act(state, killer, "attack", target="player", seat=bitch, bonus=0, damage=2, value=20)
    assert state.witches[bitch].out and state.revealed
    assert state.witches[killer].corpses == (4,)
    assert GAME.view(state, None)["bitch"] == bitch


def test_scenario_2_wanna_dead_the_good_witches_win() -> None:
    state = replace(in_round(2, 3), antagonist_portal=1)
    state = act(state, None, "verdict", event="antagonist-dead")
    bitch = bitch_of(state)
    assert state.outcome is not None
    assert set(state.outcome.winners) == set(range(3)) - {bitch}


def test_scenario_3_one_object_per_witch_and_positions_a_to_d() -> None:
    state = in_round(3, 2)
    assert [w.position for w in state.witches] == ["A", "B"]
    assert state.scenario.objects_for(2) == 2
    state = act(state, 0, "object")
    assert state.witches[0].rewards == 1
    with pytest.raises(Illegal, match="only one Object"):
        act(state, 0, "object")


def test_scenario_3_a_position_holds_one_witch() -> None:
    state = first_rolled(new(3, 3))
    while state.step is Step.DRAFT:
        seat = state.current
        assert seat is not None
        first, second = PICKS[seat]
        state = act(state, seat, "pick", spell=second if state.witches[seat].spells else first)
    assert state.step is Step.POSITIONS and state.current == 0
    state = act(state, 0, "position", spot="C")
    with pytest.raises(Illegal, match="taken"):
        act(state, 1, "position", spot="C")
    state = act(act(state, 1, "position", spot="A"), 2, "position", spot="D")
    assert state.step is Step.ENEMIES


def test_scenario_3_and_6_the_last_witch_alive_wins() -> None:
    state = in_round(3, 3)
    state = act(state, 0, "attack", target="player", seat=1, bonus=0, damage=10, value=20)
    assert state.step is not Step.OVER
    state = act(state, 0, "attack", target="player", seat=2, bonus=0, damage=10, value=20)
    assert state.step is Step.OVER and state.outcome is not None
    assert state.outcome.winners == (0,)


def test_scenario_4_last_object_calls_salveeny() -> None:
    state = replace(in_round(4, 3), objects=4)
    state = act(state, 0, "object", value=4)
    assert state.antagonist_portal == 4 and state.permanent


def test_scenario_4_all_six_rom_dead_the_bitch_wins() -> None:
    state = in_round(4, 3)
    bitch = bitch_of(state)
    witch = next(k for k in state.seats if state.cards[k] is Card.WITCH)
    state = act(state, witch, "attack", target="rom", bonus=0, damage=1, value=18)
    assert state.rom_killed == 1 and state.witches[witch].corpses == (4,)
    for _ in range(5):
        state = act(state, None, "rom")
    assert state.step is Step.OVER and state.outcome is not None
    assert state.outcome.winners == (bitch,)


def test_scenario_5_all_four_objects_win() -> None:
    state = replace(in_round(5, 2), objects=3)
    state = act(state, 0, "object")
    assert state.step is Step.OVER and state.outcome is not None
    assert state.outcome.winners == (0, 1)


def test_scenario_5_a_conspirator_in_the_bilderberg_loses() -> None:
    state = act(in_round(5, 2), None, "verdict", event="conspirator-in")
    assert state.step is Step.OVER and state.outcome is not None and state.outcome.winners == ()
    with pytest.raises(Illegal, match="Plot"):
        act(in_round(1, 2), None, "verdict", event="conspirator-in")


def test_scenario_2s_object_count_comes_from_data_and_is_marked_as_not_from_the_rulebook() -> None:
    assert SCENARIOS[2].objects_placeholder and SCENARIOS[2].objects == placeholder_objects(2)
    assert not any(SCENARIOS[n].objects_placeholder for n in (1, 3, 4, 5, 6))
    table = GAME.view(in_round(2, 3), None)
    assert table["objects"] == {"taken": 0, "total": 5, "placeholder": True}
    assert table["scenario"]["objects_placeholder"] is True
