"""Casting spells: line of sight, shields, thunder, blast, two-direction casters, exhaustion."""

from __future__ import annotations

from companion.games.witchcraft.tiles import AltarKind
from tests.unit.witchcraft.helpers import W, casts, kind_is, on, play, position

NO_ALTARS: dict = {}


def test_a_spell_hits_the_first_enemy_in_line_however_far_away() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (0, 0): W(1, "apprentice"), (0, 1): W(1, "monk")},
        altars=NO_ALTARS,
    )
    assert casts(state, (0, 4)) == [((0, 1),)]


def test_friendly_tiles_do_not_block_line_of_sight() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (0, 3): W(0, "golem"), (0, 1): W(1, "monk")},
        altars=NO_ALTARS,
    )
    assert casts(state, (0, 4)) == [((0, 1),)]


def test_altars_block_line_of_sight() -> None:
    state = position(
        {(1, 4): W(0, "apprentice", "n"), (1, 0): W(1, "monk"), (0, 0): W(1, "apprentice")},
        altars={(1, 2): AltarKind.TELEPORTATION},
    )
    assert casts(state, (1, 4)) == [((1, 2),)]  # the altar is hit, never the monk behind it


def test_hitting_a_shield_facing_the_caster_is_illegal() -> None:
    # the rulebook's example: you cannot attack a wizard protected by a magical shield
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (0, 0): W(1, "watchman", "s")}, altars=NO_ALTARS
    )
    assert casts(state, (0, 4)) == []


def test_a_shield_on_another_side_does_not_protect() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (0, 0): W(1, "watchman", "e")}, altars=NO_ALTARS
    )
    assert casts(state, (0, 4)) == [((0, 0),)]


def test_a_shield_token_protects_its_side_like_a_printed_shield() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (0, 0): W(1, "monk", "n", tokens=("s",))},
        altars=NO_ALTARS,
    )
    assert casts(state, (0, 4)) == []


def test_a_shielded_first_enemy_still_blocks_the_enemies_behind_it() -> None:
    state = position(
        {(0, 4): W(0, "apprentice"), (0, 2): W(1, "watchman", "s"), (0, 0): W(1, "monk")},
        altars=NO_ALTARS,
    )
    assert casts(state, (0, 4)) == []


def test_thunder_breaks_through_a_shield() -> None:
    state = position(
        {(0, 4): W(0, "monk", "n"), (0, 0): W(1, "watchman", "s", tokens=("s",))},
        altars=NO_ALTARS,
    )
    assert casts(state, (0, 4)) == [((0, 0),)]
    state = play(state, kind_is("cast", at=(0, 4)))
    assert on(state, (0, 4)).tiles[-1].kind == "monk"  # only place for the captured tile
    state = play(state, kind_is("drop", at=(0, 4)))
    assert on(state, (0, 4)).tokens == frozenset()  # the tokens went with the hit


def test_blast_may_pick_any_target_in_line_up_to_the_first_altar() -> None:
    state = position(
        {
            (2, 4): W(0, "telekinetic", "n"),
            (2, 3): W(1, "apprentice"),
            (2, 2): W(1, "watchman", "s"),  # shielded against the blast: not a target
            (2, 1): W(1, "golem", "w"),
        },
        altars={(2, 0): AltarKind.TELEPORTATION},
    )
    assert sorted(casts(state, (2, 4))) == [((2, 0),), ((2, 1),), ((2, 3),)]


def test_blast_stops_at_an_altar() -> None:
    state = position(
        {(2, 4): W(0, "telekinetic", "n"), (2, 0): W(1, "apprentice")},
        altars={(2, 2): AltarKind.PROTECTION},
    )
    assert casts(state, (2, 4)) == [((2, 2),)]


def test_a_two_direction_caster_hits_both_targets_at_once() -> None:
    state = position(
        {(2, 2): W(0, "master", "n"), (2, 0): W(1, "apprentice"), (2, 4): W(1, "golem", "e")},
        altars=NO_ALTARS,
    )
    assert casts(state, (2, 2)) == [((2, 0), (2, 4))]


def test_a_two_direction_caster_is_legal_when_one_direction_hits() -> None:
    state = position(
        {(2, 2): W(0, "master", "n"), (2, 0): W(1, "watchman", "s"), (2, 4): W(1, "golem", "e")},
        altars=NO_ALTARS,
    )
    assert casts(state, (2, 2)) == [((2, 4),)]
    alone = position({(2, 2): W(0, "master", "n"), (2, 0): W(1, "watchman", "s")}, altars={})
    assert casts(alone, (2, 2)) == []  # no legal hit in either direction


def test_an_exhausted_wizard_cannot_be_activated() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n", exhausted=True), (0, 0): W(1, "apprentice")},
        altars=NO_ALTARS,
    )
    assert casts(state, (0, 4)) == []


def test_an_exhausted_wizard_can_still_be_hit() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (0, 0): W(1, "apprentice", exhausted=True)},
        altars=NO_ALTARS,
    )
    assert casts(state, (0, 4)) == [((0, 0),)]


def test_the_top_tile_speaks_for_the_whole_stack() -> None:
    state = position(
        {(2, 4): W(0, ("monk", "apprentice"), "n"), (2, 0): W(1, "watchman", "s")},
        altars=NO_ALTARS,
    )
    assert casts(state, (2, 4)) == []  # the apprentice's missile, not the monk's thunder
