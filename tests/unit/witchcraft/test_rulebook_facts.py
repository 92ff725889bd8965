"""What the rulebook states in words is a fact of the app, not a placeholder of the data file:
each test is named after the sentence it enforces."""

from __future__ import annotations

import json
from dataclasses import replace
from importlib import resources
from typing import Any

import pytest

from companion.games.witchcraft.tiles import (
    CASTS,
    SHIELDED,
    Spell,
    check_facts,
    data,
    parse,
)
from tests.unit.witchcraft.helpers import GAME


def raw() -> dict[str, Any]:
    text = resources.files("companion.games.witchcraft").joinpath("data", "witchcraft.json")
    return dict(json.loads(text.read_text("utf-8")))


def test_3_pairs_of_additional_board_game_pieces_map_tiles_with_1_2_3_game_spaces() -> None:
    assert data().map_tile_pairs == (1, 2, 3)
    assert "map_tile_pairs" not in raw()  # a fact: not an editable placeholder
    assert GAME.setup(("Ann", "Ben"), {}, 1, first=0).pairs_left == (1, 2, 3)


def test_the_remaining_tiles_are_the_monk_the_prophet_the_telekinetic() -> None:
    assert data().set_aside == ("monk", "prophet", "telekinetic")
    assert "set_aside" not in raw()
    state = GAME.setup(("Ann", "Ben"), {}, 1, first=0)
    for player in state.players:
        assert sorted(t.kind for t in player.reserve) == ["monk", "prophet", "telekinetic"]


def test_each_player_receives_9_tiles_representing_wizards_of_their_guild() -> None:
    assert sum(n for _, n in data().guild) == 9
    broken = raw()
    broken["guild"] = {**broken["guild"], "apprentice": 3}
    with pytest.raises(ValueError, match="9 wizards"):
        parse(broken)


@pytest.mark.parametrize(
    ("spell", "casters"),
    [
        (Spell.MISSILE, {"apprentice", "watchman", "golem", "master"}),
        (Spell.THUNDER, {"monk", "archmage"}),
        (Spell.BLAST, {"telekinetic"}),
    ],
)
def test_it_can_be_cast_by(spell: Spell, casters: set[str]) -> None:
    """ "MAGIC MISSILE ... It can be cast by: The Apprentice, The Watchman, The Golem and The
    Master", "THUNDER ... The Monk, The Archmage", "Blast can be cast by: The Telekinetic"."""
    assert {k for k, s in CASTS.items() if s is spell} == casters
    for kind_id in casters:
        assert {s for _, s in data().kinds[kind_id].spells} == {spell}
    wrong = raw()
    (kind_id, *_) = sorted(casters)
    other = "blast" if spell is not Spell.BLAST else "missile"
    wrong["tiles"][kind_id] = {**wrong["tiles"][kind_id], "spells": [[0, other]]}
    with pytest.raises(ValueError, match=f"casts {spell.value}"):
        parse(wrong)


def test_tiles_protected_by_a_shield_the_archmage_the_watchman_the_golem() -> None:
    assert {"archmage", "watchman", "golem"} == SHIELDED
    assert {k for k in CASTS if data().kinds[k].shields} == SHIELDED
    d = data()
    bare = replace(d, kinds={**d.kinds, "golem": replace(d.kinds["golem"], shields=())})
    with pytest.raises(ValueError, match="shields of the golem"):
        check_facts(bare)


def test_the_reference_calls_only_the_pictures_values_placeholders() -> None:
    note = GAME.reference()["placeholder"]
    assert "9 in all, the rulebook's" in note and "are the rulebook's" in note
