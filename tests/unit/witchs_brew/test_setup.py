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
    "raven_set",  # issue 10: the set a raven tapped now counts for
    "scoring",  # issue 21: the victory points entered at the end
}  # fmt: skip


def test_registered_with_the_contract_constants() -> None:
    assert GAMES["witchs-brew"] is WITCHS_BREW
    assert (GAME.title, GAME.min_players, GAME.max_players) == ("Witch's Brew", 3, 6)
    assert GAME.races == frozenset()
    assert GAME.table_actions == frozenset({"raven", "skip", "points", "confirm"})
    assert [o.id for o in GAME.options] == [
        "sixth_player",
        "amulets",
        "magical_abilities",
        "answer_seconds",
        "physical_abilities",  # issue 10: the table's own ability cards
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
                                       "ability", "drafting", "gone", "points"}  # fmt: skip
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
    # Issue 10 reworded the trades (they read as buying where the role sells).
    assert texts[Role.ALCHEMIST].action == "Give 1 ingredient (any drop), get 5 gold."
    assert texts[Role.WOLF_KEEPER].favor == "Take 1 red drop."
    assert texts[Role.ASSISTANT].favor is None and texts[Role.WARLOCK].favor is None
    assert GAME.reference()["roles"]["fortune_teller"] == {
        "name": "Fortune Teller",
        "action": "Give 1 gold, get 2 potion vials.",
        "favor": "Give 1 gold, get 1 potion vial.",
    }


def test_a_trade_reminder_says_what_is_given_and_what_is_got() -> None:
    """Rule (reminders): "one ingredient for 5 gold" read as buying an ingredient; a trade
    now says "Give …, get …", and no reminder uses the ambiguous "X for Y"."""
    texts = reminders()
    trades = {
        Role.ALCHEMIST: ("Give 1 ingredient (any drop), get 5 gold.",
                         "Give 1 ingredient (any drop), get 2 gold."),
        Role.FORTUNE_TELLER: ("Give 1 gold, get 2 potion vials.",
                              "Give 1 gold, get 1 potion vial."),
        Role.ASSISTANT: ("Give 1 gold, get any 3 ingredients.", None),
    }  # fmt: skip
    for role, (action, favor) in trades.items():
        assert (texts[role].action, texts[role].favor) == (action, favor)
    for reminder in texts.values():
        for text in (reminder.action, reminder.favor):
            assert text is None or " for " not in f" {text} ".casefold(), text


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
        GAME.apply(new(3), 5, {"type": "raven"}, 0, seats=3)  # the room passes its seats
    assert err.value.code == "bad_request"


def test_help_lists_the_interpretations_of_issues_9_and_10() -> None:
    help_text = " ".join(WITCHS_BREW.help.split())
    for phrase in (
        "no rulebook the app knows says who starts a later set",  # who starts the next set
        "counts for the set that just ended",  # a raven after a set's last trick
        "no further set is played",
        "Give 1 ingredient (any drop), get 5 gold",  # reminders that cannot be misread
        "Magical Abilities with your own cards",  # the physical ability cards
        "its number or its name",
        "the app plays their turns by itself",  # a seat that left or was removed
        "shows no ranking",  # the end screens
    ):
        assert phrase in help_text, phrase


def test_rules_version_is_raised_for_the_issue_10_rules() -> None:
    assert GAME.rules_version == 2


def test_the_table_may_choose_the_first_player() -> None:
    """Issue 9: who starts is drawn unless the host chose; the draft starts from that seat."""
    drawn = GAME.setup(NAMES[:4], {"magical_abilities": True}, 3)
    for seat in range(4):
        chosen = GAME.setup(NAMES[:4], {"magical_abilities": True}, 3, first=seat)
        assert chosen.first_player == seat and chosen.draft is not None
        assert chosen.draft.order[0] == seat
        if seat == drawn.first_player:
            assert chosen == drawn
    assert GAME.has_first_player
