"""Setup, options, the contract's constants and the view's shape."""

from __future__ import annotations

import json

import pytest

from companion.engine import IllegalAction
from companion.games.registry import GAMES
from companion.games.witchs_brew import WITCHS_BREW
from companion.games.witchs_brew.abilities import abilities
from companion.games.witchs_brew.roles import Role, reminders
from tests.unit.witchs_brew.helpers import GAME, NAMES, new, selected, table

TABLE_KEYS = {
    "phase", "set", "first_player", "leader", "trick", "last_trick", "players", "played",
    "ravens_left", "ravens_total", "last_set", "draft", "deck", "options",
}  # fmt: skip


def test_registered_with_the_contract_constants() -> None:
    assert GAMES["witchs-brew"] is WITCHS_BREW
    assert (GAME.title, GAME.min_players, GAME.max_players) == ("Witch's Brew", 3, 6)
    assert GAME.races == frozenset()
    assert GAME.table_actions == frozenset({"raven", "skip"})
    assert [o.id for o in GAME.options] == [
        "sixth_player",
        "amulets",
        "magical_abilities",
        "answer_seconds",
    ]
    assert GAME.race_opened_at(new(3)) is None


def test_six_players_need_the_sixth_player_expansion() -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.setup(NAMES, {}, 1)
    assert (err.value.code, err.value.message) == (
        "illegal",
        "Six players need the 6th Player expansion.",
    )
    assert GAME.setup(NAMES, {"sixth_player": True}, 1).ravens_total == 6


@pytest.mark.parametrize("players", [2, 7])
def test_three_to_six_players(players: int) -> None:
    with pytest.raises(IllegalAction):
        GAME.setup([f"p{k}" for k in range(players)], {"sixth_player": True}, 1)


def test_bad_options_are_refused() -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.setup(NAMES[:3], {"answer_seconds": 61}, 1)
    assert err.value.code == "bad_request"
    with pytest.raises(IllegalAction):
        GAME.setup(NAMES[:3], {"speed": True}, 1)


def test_first_player_is_drawn_from_the_seed() -> None:
    firsts = {GAME.setup(NAMES[:5], {}, seed).first_player for seed in range(60)}
    assert firsts == set(range(5))
    assert GAME.setup(NAMES[:5], {}, 9) == GAME.setup(NAMES[:5], {}, 9)


def test_table_view_has_the_spec_keys_and_is_json() -> None:
    view = table(selected(new(4)))
    assert set(view) == TABLE_KEYS
    assert set(view["trick"]) == {"role", "chain", "due", "due_kind", "claimant", "deadline",
                                  "nudge"}  # fmt: skip
    assert set(view["players"][0]) == {"seat", "name", "ready", "cards_left", "amulets",
                                       "ability", "drafting"}  # fmt: skip
    json.dumps(view)
    you = GAME.view(new(4), 2)["you"]
    assert set(you) == {"seat", "selected", "hand", "draft_hand", "ability", "prompts"}
    assert you["seat"] == 2


def test_without_expansions() -> None:
    view = table(new(3))
    assert view["phase"] == "select" and view["draft"] is None and view["deck"] is None
    assert view["set"] == 1 and view["ravens_left"] == view["ravens_total"] == 4
    assert all(p["amulets"] == {"unused": 0, "grey": 0} for p in view["players"])


def test_reminders_only_where_confirmed() -> None:
    texts = reminders()
    assert [r.value for r in texts] == [r.value for r in Role]
    assert texts[Role.ALCHEMIST].action == "One ingredient for 5 gold."
    assert texts[Role.WOLF_KEEPER].favor == "Take 1 red drop."
    assert texts[Role.ASSISTANT].favor is None and texts[Role.WARLOCK].favor is None
    assert GAME.reference()["roles"]["fortune_teller"] == {
        "name": "Fortune Teller",
        "action": "1 gold for 2 vials.",
        "favor": "1 gold for 1 vial.",
    }


def test_ability_data_are_placeholders_of_the_three_kinds() -> None:
    cards = abilities()
    assert len(cards) == 17 and all(c.placeholder for c in cards.values())
    kinds = [c.kind.value for c in cards.values()]
    assert (kinds.count("start"), kinds.count("once"), kinds.count("multi")) == (3, 3, 11)


def test_help_lists_the_interpretations() -> None:
    for phrase in ("next player clockwise", "placeholders", "only reminded", "grey"):
        assert phrase in WITCHS_BREW.help


def test_unknown_actions_and_seats_are_refused() -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(new(3), 0, {"type": "cook"}, 0)
    assert err.value.code == "bad_request"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(new(3), 5, {"type": "raven"}, 0)
    assert err.value.code == "bad_request"
