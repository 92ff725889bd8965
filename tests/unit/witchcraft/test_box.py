"""Witchcraft's box: the board and tiles a group reads off its own set, checked, and played on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.engine import SetupError
from companion.games.witchcraft import turns
from companion.games.witchcraft.geometry import Dir
from companion.games.witchcraft.state import GameState, Phase
from tests.unit.witchcraft.helpers import GAME, NAMES

#: a 6 x 6 board with the altars elsewhere than the default spaces
SIX = {"width": 6, "height": 6, "altars": ["a1", "c3", "d4", "f6"]}


def refused(box: Any) -> str:
    with pytest.raises(SetupError) as caught:
        GAME.resolve_options({"box": box})
    return str(caught.value)


@pytest.mark.parametrize(
    ("box", "words"),
    [
        ({"width": 3}, "Board width (spaces) must be a whole number from 4 to 9"),
        ({"height": 10}, "Board height (spaces) must be a whole number from 4 to 9"),
        ({"width": "6"}, "Board width (spaces) must be a whole number"),
        ({"altars": ["a1", "a1", "b2", "c3"]}, "Altar spaces must be different spaces"),
        ({"altars": ["a1", "b2", "c3"]}, "Altar spaces must be different spaces"),
        ({"altars": ["a1", "b2", "c3", "f6"]}, "from a1 to e5"),  # f6 is off the 5 x 5 board
        ({"tiles": {"golem": {"shields": [8]}}}, "Tiles · Golem · Shield sides must be"),
        ({"tiles": {"golem": {"spells": [0, 0]}}}, "Golem · Spell arrows must be different"),
        ({"tiles": {"monk": {"count": 0}}}, "Monk · How many in a guild must be a whole"),
        ({"tiles": {"apprentice": {"shields": [0]}}}, "Your box has no field 'shields'"),
        ({"tiles": {"dragon": {"count": 1}}}, "Your box has no field 'dragon'"),
        ({"colour": "red"}, "Your box has no field 'colour'"),
    ],
)
def test_each_box_field_refuses_bad_values_naming_the_field(box: Any, words: str) -> None:
    assert words in refused(box)


def test_a_guild_has_9_tiles_in_any_box() -> None:
    """The rulebook: "each player receives 9 tiles representing wizards of their guild"."""
    assert "a guild has 9 wizards (the rulebook), not 10" in refused(
        {"tiles": {"apprentice": {"count": 3}}}
    )
    fine = {"tiles": {"apprentice": {"count": 3}, "watchman": {"count": 1}}}
    assert GAME.resolve_options({"box": fine})["box"] == fine


def test_the_master_performs_a_spell_in_two_directions_in_any_box() -> None:
    assert "Master needs its spell arrows" in refused({"tiles": {"master": {"spells": [0]}}})
    assert "Golem needs its spell arrows" in refused({"tiles": {"golem": {"spells": []}}})


def test_tiles_protected_by_a_shield_keep_one_in_any_box() -> None:
    assert "Watchman has a shield" in refused({"tiles": {"watchman": {"shields": []}}})


def test_a_board_too_small_for_sixteen_wizards_and_four_altars_is_refused() -> None:
    assert "too small" in refused({"width": 4, "height": 4, "altars": ["a1", "b2", "c3", "d4"]})
    assert GAME.resolve_options({"box": {"width": 4, "height": 5}})["box"]


def test_the_box_left_out_is_the_data_files_placeholders() -> None:
    state = GAME.setup(NAMES, {}, 3, first=0)
    view = GAME.view(state, None)
    assert view["board"]["width"] == view["board"]["height"] == 5
    assert sorted((a["x"], a["y"]) for a in view["altars"]) == [(1, 1), (1, 3), (3, 1), (3, 3)]
    assert view["placeholder"] is True and "width" in view["placeholders"]


def test_the_table_view_follows_the_box_board_and_altar_spaces() -> None:
    state = GAME.setup(NAMES, {"box": SIX}, 3, first=0)
    view = GAME.view(state, None)
    assert view["board"]["width"] == view["board"]["height"] == 6
    assert len(view["board"]["cells"]) == 36
    # a1 is the bottom-left space: x 0, y 5 (the view's y grows downwards, as the TV draws)
    assert sorted((a["x"], a["y"]) for a in view["altars"]) == [(0, 5), (2, 3), (3, 2), (5, 0)]
    assert "width" not in view["placeholders"] and "altars" not in view["placeholders"]
    assert "tiles.golem.shields" in view["placeholders"]


def test_entered_tiles_cast_and_shield_as_the_box_says() -> None:
    box = {**SIX, "tiles": {"golem": {"spells": [2], "shields": [4]}}}
    state = GAME.setup(NAMES, {"box": box}, 3, first=0)
    golem = next(t for t in state.players[0].to_place if t.kind == "golem")
    assert [d for d, _ in golem.spec.spell_dirs(Dir.N)] == [Dir.E]
    assert golem.spec.shield_dirs(Dir.N) == frozenset({Dir.S})
    view = GAME.view(state, None)
    assert "tiles.golem.shields" not in view["placeholders"]


def play_out(state: GameState, rng: random.Random) -> GameState:
    for _ in range(5_000):
        if state.phase is Phase.OVER:
            return state
        listed = turns.choices(state)
        assert listed
        for choice in listed:  # every listed move stays on the box's board (map tiles: beside it)
            if choice.kind == "map":
                assert all(c not in state.cells for c in choice.cells + choice.more)
                continue
            for cell in (choice.at, choice.to, *choice.targets):
                assert cell is None or cell in state.cells
        seat = state.decider
        assert seat is not None
        state = GAME.apply(state, seat, {"type": "choose", "option": rng.randrange(len(listed))}, 0)
    raise AssertionError("the game did not end")


def test_a_6x6_board_with_other_altar_spaces_plays_legally_to_its_end() -> None:
    for seed in range(4):
        state = GAME.setup(NAMES, {"box": SIX}, seed, first=0)
        assert {a.cell for a in state.altars} == {(0, 5), (2, 3), (3, 2), (5, 0)}
        end = play_out(state, random.Random(seed))
        for cell, stack in end.stacks:
            assert cell in end.cells and end.altar(cell) is None and stack.tiles
