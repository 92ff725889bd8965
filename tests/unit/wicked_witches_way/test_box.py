"""Wicked Witches Way's box: the nine dice's faces and the nine acrobatics cards' points, as the
host enters them from the components. Each field's bad values are refused (nothing is kept); the
app rolls the entered faces, counts the entered points, and no longer marks them placeholders."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import OptionError
from companion.games.wicked_witches_way.black_magic import acrobatics
from companion.games.wicked_witches_way.box import BOX
from companion.games.wicked_witches_way.dice import face_table
from companion.games.wicked_witches_way.scoring import acrobatics_points
from tests.box_cases import assert_defaults_pass, assert_refused, bad_boxes
from tests.unit.wicked_witches_way.helpers import GAME, new, with_hand

BAD = list(bad_boxes(BOX))
STAR = {"symbol": "star", "color": "black"}
#: a die unlike any of the placeholder's: lightning, cloud, burst in orange; ear, star, skull black
DIE = [
    *({"symbol": s, "color": "orange"} for s in ("lightning", "cloud", "burst")),
    *({"symbol": s, "color": "black"} for s in ("ear", "star", "skull")),
]


@pytest.mark.parametrize(("given", "label"), BAD)
def test_each_field_refuses_its_bad_values(given: dict[str, Any], label: str) -> None:
    assert_refused(GAME, given, label, ["Anna", "Ben"])


def test_every_field_is_tried_and_a_bad_face_is_named_by_its_die() -> None:
    labels = {label for _, label in BAD}
    assert {"Dice", "Die", "Face", "Symbol", "Colour", "Acrobatics cards"} <= labels
    assert "Acrobatics card" in labels
    dice = [[STAR] * 6] * 9
    dice[1] = [STAR, STAR, {"symbol": "toad", "color": "black"}, STAR, STAR, STAR]
    with pytest.raises(OptionError) as refused:
        GAME.checked_options({"box": {"dice": dice}})
    assert str(refused.value) == (
        "Your box: Die 2 · Face 3 · Symbol must be one of: ear, star, skull, spider, web, eye, "
        "lightning, cloud, burst."
    )


def test_the_defaults_are_the_data_files_placeholders() -> None:
    assert_defaults_pass(BOX)
    state = new()
    assert state.options.faces.dice == face_table().dice
    assert state.options.acrobatics.points == acrobatics().points
    assert GAME.view(state, None)["placeholders"] == {"dice": True, "acrobatics": True}


def test_the_app_rolls_the_entered_faces() -> None:
    state = new(box={"dice": [DIE] * 9})
    assert GAME.view(state, None)["placeholders"] == {"dice": False, "acrobatics": True}
    state = GAME.apply(state, None, {"type": "roll"}, 1_000_000.0)
    assert state.dice is not None
    faces = {(face["symbol"], face["color"]) for face in DIE}
    assert {(d.symbol.value, d.color.value) for d in state.dice} <= faces
    plain = GAME.apply(new(), None, {"type": "roll"}, 1_000_000.0).dice
    assert plain is not None and not {(d.symbol.value, d.color.value) for d in plain} <= faces


def test_a_die_shows_six_different_symbols_three_of_each_colour() -> None:
    for wrong in ([STAR] * 6, [*DIE[:5], {"symbol": "eye", "color": "orange"}]):
        with pytest.raises(OptionError) as refused:
            GAME.checked_options({"box": {"dice": [DIE] * 3 + [wrong] + [DIE] * 5}})
        assert str(refused.value) == (
            "Your box: Die 4 must show 6 different symbols, 3 orange and 3 black."
        )


def test_entered_acrobatics_points_count_and_lose_the_mark() -> None:
    state = with_hand(new(box={"acrobatics": [7] * 9}), 1, "acrobatics_3#1", "acrobatics_9#1")
    you = GAME.view(state, 1)["you"]
    assert you["acrobatics"] == [
        {"id": "acrobatics_3#1", "points": 7, "placeholder": False},
        {"id": "acrobatics_9#1", "points": 7, "placeholder": False},
    ]
    assert GAME.view(state, None)["placeholders"]["acrobatics"] is False
    assert acrobatics_points(state, state.witches[1]) == 14
    assert {"id": "acrobatics_3#1", "points": 7, "placeholder": False} in GAME.private(state, 1)
