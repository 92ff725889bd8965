"""Validity: grouping, elimination, one die per group, and the verdict on a formula."""

from __future__ import annotations

from companion.games.wicked_witches_way.formula import Verdict, judge, valid_symbols
from companion.games.wicked_witches_way.symbols import Color, Symbol
from tests.unit.wicked_witches_way.helpers import as_dice, dice

S = Symbol


def test_groups_showing_both_colours_are_eliminated() -> None:
    valid = valid_symbols(as_dice(dice(orange=["ear"], black=["web"], both=["skull", "eye"])))
    assert valid.orange == {S.EAR} and valid.black == {S.WEB}
    assert valid.both == {S.SKULL, S.EYE}


def test_a_symbol_shown_several_times_counts_once() -> None:
    faces = [{"symbol": "ear", "color": "orange"}] * 8 + [{"symbol": "web", "color": "black"}]
    valid = valid_symbols(as_dice(faces))
    assert valid.describe() == {"orange": ["ear"], "black": ["web"]}
    assert judge([S.EAR], valid).verdict is Verdict.PERFECT


def test_valid_lists_follow_the_symbol_order() -> None:
    valid = valid_symbols(as_dice(dice(orange=["burst", "ear", "cloud"], black=["eye", "star"])))
    assert valid.describe() == {"orange": ["ear", "cloud", "burst"], "black": ["star", "eye"]}


def test_formula_with_only_valid_symbols_of_one_colour_but_missing_some_is_incomplete() -> None:
    valid = valid_symbols(as_dice(dice(orange=["ear", "star", "eye"])))
    judgement = judge([S.EAR, S.EYE], valid)
    assert (judgement.verdict, judgement.color) == (Verdict.INCOMPLETE, Color.ORANGE)


def test_formula_with_every_valid_symbol_of_a_colour_is_perfect() -> None:
    valid = valid_symbols(as_dice(dice(orange=["ear"], black=["spider", "web"])))
    judgement = judge([S.WEB, S.SPIDER], valid)
    assert (judgement.verdict, judgement.color) == (Verdict.PERFECT, Color.BLACK)


def test_symbol_in_both_colours_is_forbidden() -> None:
    valid = valid_symbols(as_dice(dice(orange=["ear"], both=["skull"])))
    judgement = judge([S.EAR, S.SKULL], valid)
    assert judgement.verdict is Verdict.FORBIDDEN
    assert judgement.reason == "Skull shows in both colours"


def test_symbol_absent_from_the_dice_is_forbidden() -> None:
    valid = valid_symbols(as_dice(dice(orange=["ear"])))
    assert judge([S.EAR, S.CLOUD], valid).verdict is Verdict.FORBIDDEN


def test_formula_mixing_orange_and_black_is_invalid() -> None:
    valid = valid_symbols(as_dice(dice(orange=["ear"], black=["web"])))
    judgement = judge([S.EAR, S.WEB], valid)
    assert judgement.verdict is Verdict.FORBIDDEN and judgement.color is None


def test_empty_formula_is_empty_and_not_valid() -> None:
    valid = valid_symbols(as_dice(dice(orange=["ear"])))
    assert judge([], valid).verdict is Verdict.EMPTY
    assert not Verdict.EMPTY.is_valid and not Verdict.FORBIDDEN.is_valid


def test_no_valid_symbol_of_a_colour_means_no_perfect_formula_of_that_colour() -> None:
    valid = valid_symbols(as_dice(dice(both=["ear", "web"], orange=["eye"])))
    assert valid.black == frozenset()
    assert judge([S.WEB], valid).verdict is Verdict.FORBIDDEN
