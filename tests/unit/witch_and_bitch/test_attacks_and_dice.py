"""Dice and attacks: rolls from the seed (replayable) or entered; d20 + bonus against Defense;
Damage on a hit; the preferred-School variant."""

from __future__ import annotations

import pytest

from companion.engine import BadRequest, Illegal

from .helpers import GAME, act, in_round


def test_dice_come_from_the_seed_and_replay_the_same() -> None:
    a = act(in_round(), None, "roll", die="d20")
    b = act(in_round(), None, "roll", die="d20")
    assert a.rolls[-1] == b.rolls[-1] and 1 <= a.rolls[-1].value <= 20


def test_rolls_appear_in_the_table_view_newest_last() -> None:
    state = act(act(in_round(), 1, "roll", die="d4", value=3), None, "roll", die="d20", value=17)
    rolls = GAME.view(state, None)["rolls"]
    assert [(r["die"], r["value"], r["by"]) for r in rolls[-2:]] == [
        ("d4", 3, 1),
        ("d20", 17, None),
    ]
    assert rolls[-1]["for"] == "free"


def test_an_entered_value_must_fit_the_die() -> None:
    with pytest.raises(BadRequest, match="d4 shows 1 to 4"):
        act(in_round(), None, "roll", die="d4", value=6)


def test_an_enemy_attack_hits_on_d20_plus_bonus_at_least_the_defense() -> None:
    state = in_round()
    defense = state.witches[1].defense
    miss = act(state, None, "enemy_attack", seat=1, bonus=3, damage=2, value=defense - 4)
    assert miss.witches[1].damage == 0 and miss.rolls[-1].hit is False
    hit = act(state, None, "enemy_attack", seat=1, bonus=3, damage=2, value=defense - 3)
    assert hit.witches[1].damage == 2 and hit.rolls[-1].hit is True


def test_an_enemy_attack_needs_its_bonus_and_damage() -> None:
    with pytest.raises(BadRequest, match="Attack bonus"):
        act(in_round(), None, "enemy_attack", seat=1)


def test_the_antagonist_attacks_with_its_own_row() -> None:
    state = in_round(1, 2)
    with pytest.raises(Illegal, match="no antagonist"):
        act(state, None, "enemy_attack", seat=0, antagonist=True)
    from dataclasses import replace

    state = act(
        replace(state, antagonist_portal=1), None, "enemy_attack", seat=0, antagonist=True, value=5
    )
    assert state.rolls[-1].bonus == 10 and state.witches[0].damage == 2  # 5 + 10 >= 15


def test_a_witch_attack_on_an_enemy_needs_its_defense() -> None:
    with pytest.raises(BadRequest, match="Defense"):
        act(in_round(), 0, "attack", target="enemy", bonus=11, damage=2)
    state = act(in_round(), 0, "attack", target="enemy", bonus=11, damage=2, defense=15, value=4)
    assert state.rolls[-1].hit is True and state.rolls[-1].total == 15


def test_preferred_schools_variant_adds_the_bonus() -> None:
    state = in_round(players=1, preferred=True)  # seat 0: Chanotika, prefers ice and kinetics
    state = act(
        state, 0, "attack", target="enemy", bonus=5, damage=2, defense=20, value=10, spell="ice-1"
    )
    assert state.rolls[-1].bonus == 7
    plain = act(
        in_round(players=1),
        0,
        "attack",
        target="enemy",
        bonus=5,
        damage=2,
        defense=20,
        value=10,
        spell="ice-1",
    )
    assert plain.rolls[-1].bonus == 5


def test_an_exhausted_spell_cannot_attack_until_restored() -> None:
    state = act(in_round(players=1), 0, "exhaust", spell="fire-1")
    with pytest.raises(Illegal, match="exhausted"):
        act(state, 0, "attack", target="enemy", bonus=5, damage=2, defense=20, spell="fire-1")


def test_restoring_the_cards_turns_exhausted_spells_back() -> None:
    from companion.games.witch_and_bitch import Step

    from .helpers import to_step

    state = act(in_round(players=1), 0, "exhaust", spell="fire-1")
    state = act(to_step(state, Step.ACTIVATION), None, "next")
    assert state.step is Step.PASS_TOKEN
    assert state.witches[0].exhausted == frozenset({"fire-1"})
    state = act(state, None, "next")  # step 2 of the Witches' Phase
    assert state.step is Step.RESTORE and state.witches[0].exhausted == frozenset()


def test_corpses_can_be_passed_to_another_witch() -> None:
    state = act(in_round(), 0, "corpse", xp=3)
    state = act(state, 0, "give", to=1, xp=3)
    assert state.witches[0].corpses == () and state.witches[1].corpses == (3,)
    with pytest.raises(Illegal, match="no corpse worth"):
        act(state, 0, "give", to=1, xp=3)


def test_enemy_health_is_tracked_only_if_the_table_wants() -> None:
    state = in_round()
    assert state.tracked == ()
    state = act(state, None, "track", health=3, defense=12)
    state = act(state, 2, "track", health=5, defense=14)
    assert [(e.number, e.health, e.defense) for e in state.tracked] == [(1, 3, 12), (2, 5, 14)]
    miss = act(state, 0, "attack", target="tracked", enemy=1, bonus=0, damage=2, value=11)
    assert miss.tracked[0].damage == 0
    hit = act(state, 0, "attack", target="tracked", enemy=1, bonus=0, damage=2, value=12)
    assert hit.tracked[0].damage == 2
    dead = act(hit, 1, "attack", target="tracked", enemy=1, bonus=0, damage=2, value=20)
    assert [e.number for e in dead.tracked] == [2]  # at its Health it leaves the list
    assert GAME.view(dead, None)["tracked"] == [
        {"number": 2, "health": 5, "defense": 14, "damage": 0, "left": 5}
    ]
    removed = act(dead, None, "hurt_enemy", enemy=2, amount=5)
    assert removed.tracked == ()
    with pytest.raises(Illegal, match="number 7"):
        act(dead, 0, "attack", target="tracked", enemy=7, bonus=0, damage=2)
    with pytest.raises(BadRequest, match="which tracked Enemy"):
        act(dead, 0, "attack", target="tracked", bonus=0, damage=2)
