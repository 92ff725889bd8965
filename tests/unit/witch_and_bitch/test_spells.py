"""Spells: 7 Schools of 6, the branch lattice, the copies on the table, 3 per School."""

from __future__ import annotations

from companion.games.witch_and_bitch import spells
from companion.games.witch_and_bitch.spells import available, follows, learnable, taken


def test_seven_schools_of_six_spells_one_two_three_by_level() -> None:
    assert len(spells.schools()) == 7
    by_school: dict[str, list[int]] = {}
    for spell in spells.catalogue().values():
        by_school.setdefault(spell.school, []).append(spell.level)
    assert all(sorted(levels) == [1, 2, 2, 3, 3, 3] for levels in by_school.values())


def test_spell_cards_add_up_to_49_with_two_copies_of_level_1() -> None:
    copies = sum(spells.COPIES[s.level] for s in spells.catalogue().values())
    assert copies == 49


def test_names_printed_in_the_rulebook_are_known_and_the_rest_placeholders() -> None:
    catalogue = spells.catalogue()
    assert catalogue["fire-1"].name == "Fire Ball" and catalogue["fire-1"].known
    assert catalogue["lightning-2b"].name == "Crown of Arrows"
    assert catalogue["light-1"].name == "Healing"
    assert not catalogue["ice-1"].known


def test_branch_lattice_choosing_2a_closes_2b_and_the_level_3_tied_only_to_2b() -> None:
    known = ("fire-1", "fire-2a")
    assert follows("fire-3a", known) and follows("fire-3b", known)
    assert not follows("fire-3c", known)
    assert not follows("fire-2b", known)


def test_branch_lattice_choosing_2b_opens_3b_and_3c() -> None:
    known = ("fire-1", "fire-2b")
    assert [s for s in ("fire-3a", "fire-3b", "fire-3c") if follows(s, known)] == [
        "fire-3b",
        "fire-3c",
    ]


def test_a_new_school_starts_at_level_1_and_levels_come_in_order() -> None:
    assert follows("ice-1", ("fire-1",))
    assert not follows("ice-2a", ("fire-1",))
    assert not follows("fire-3b", ("fire-1",))


def test_at_most_three_spells_per_school() -> None:
    known = ("fire-1", "fire-2a", "fire-3a")
    assert not any(s.startswith("fire") for s in learnable(known, ()))


def test_availability_two_copies_of_level_1_one_of_levels_2_and_3() -> None:
    assert available("ice-1", taken([("ice-1",)]))
    assert not available("ice-1", taken([("ice-1",), ("ice-1",)]))
    assert not available("ice-2a", taken([("ice-1", "ice-2a")]))
    assert not available("ice-3b", taken([("ice-1", "ice-2b", "ice-3b")]))


def test_when_both_level_1_copies_are_taken_the_school_is_closed_to_others() -> None:
    others = [("ice-1", "fire-1"), ("ice-1", "light-1")]
    assert not any(s.startswith("ice") for s in learnable(("kinetics-1", "darkness-1"), others))


def test_a_spell_another_witch_holds_is_not_learnable() -> None:
    mine = ("fire-1", "ice-1")
    assert "fire-2a" not in learnable(mine, [("fire-1", "fire-2a")])
    assert "fire-2b" in learnable(mine, [("fire-1", "fire-2a")])
