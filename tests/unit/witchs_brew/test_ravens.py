"""Ravens (the 6th Player expansion's end rule): the game ends at the end of the set in which
the last raven goes."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from companion.engine import IllegalAction
from companion.games.witchs_brew.abilities import abilities
from companion.games.witchs_brew.state import GameState, Phase
from tests.unit.witchs_brew.helpers import (
    ANNA,
    BEN,
    CLEO,
    FILLER,
    GAME,
    NAMES,
    new,
    play,
    play_out,
    raven,
    selected,
    table,
)

#: Anna's set-2 choice in a test: roles nobody plays in set 1 (FILLER)
SECRET = ("begging_monk", "herb_collector")


@pytest.mark.parametrize(("players", "total"), [(3, 4), (4, 4), (5, 4), (6, 6)])
def test_four_ravens_or_six_with_six_players(players: int, total: int) -> None:
    state = GAME.setup(NAMES[:players], {"sixth_player": True}, 1)
    assert (table(state)["ravens_left"], table(state)["ravens_total"]) == (total, total)
    assert GAME.setup(NAMES[:3], {}, 1).ravens_total == 4


def test_ravens_from_the_table_or_any_seat_in_any_phase() -> None:
    state = raven(new(3), None)
    state = raven(selected(state), BEN)
    assert table(state)["ravens_left"] == 2 and not table(state)["last_set"]


def test_the_last_raven_ends_the_game_at_the_end_of_that_set() -> None:
    state = selected(new(3, first=ANNA))
    for seat in (None, 0, 1, 2):
        state = raven(state, seat)
    view = table(state)
    assert view["ravens_left"] == 0 and view["last_set"] is True
    assert state.phase is Phase.TRICK and not GAME.is_over(state)
    with pytest.raises(IllegalAction) as err:
        raven(state)
    assert (err.value.code, err.value.message) == ("illegal", "All the ravens are gone already.")
    state = play_out(state)
    assert state.phase is Phase.SCORING and not GAME.is_over(state)  # the points come next
    assert table(state)["phase"] == "scoring" and table(state)["set"] == 1


def test_the_game_goes_on_while_ravens_remain() -> None:
    state = raven(selected(new(3)))
    state = play_out(state)
    assert state.phase is Phase.SELECT and state.set_number == 2 and not GAME.is_over(state)


def test_the_last_raven_during_the_selection_still_plays_that_set() -> None:
    state = new(3)
    for _ in range(4):
        state = raven(state)
    state = selected(state)
    assert state.phase is Phase.TRICK
    assert play_out(state).phase is Phase.SCORING


def test_nothing_but_the_victory_points_is_accepted_once_the_last_set_is_over() -> None:
    state = new(3)
    for _ in range(4):
        state = raven(state)
    state = play_out(selected(state))
    with pytest.raises(IllegalAction) as err:
        raven(state)
    assert err.value.message == "The game is over."


# -- issue 10: a raven taken by the last claimant's action of a set ------------------------------
# The rulebook (6th Player expansion), in short: a raven goes back to the box whenever a player
# receives an elixir card showing one, and the game ends at the end of the round (set) in which
# the last raven went back. The last trick's winner carries out the action (and may receive the
# raven's card) after the app has decided that trick and opened the next set, so a raven tapped
# before the next set's first card is played belongs to the set that just ended.


def after_set_one(players: int = 3, ravens: int = 3, **options: object) -> GameState:
    """Set 1 played out with ``ravens`` ravens gone during it; set 2 has just opened."""
    state = selected(new(players, first=ANNA, **options))
    for _ in range(ravens):
        state = raven(state)
    state = play_out(state)
    assert state.set_number == 2 and state.phase is not Phase.TRICK
    return state


def set_one_on_show(state: GameState) -> None:
    """The game is over with set 1 as the last set: its 15 cards played, nothing in hand."""
    view = table(state)
    assert state.phase is Phase.SCORING and not GAME.is_over(state)
    assert view["phase"] == "scoring" and view["set"] == 1 and view["ravens_left"] == 0
    assert len(view["played"]) == 5 * len(view["players"])
    assert all(p["cards_left"] == 0 for p in view["players"])
    assert view["trick"] is None and view["raven_set"] == 1


def test_the_last_raven_before_the_next_sets_first_card_ends_the_game_with_the_finished_set():
    """Contract: a raven tapped after the last trick of a set and before the first card of the
    next set is played belongs to the finished set; if it was the last, the game ends then and
    no trick of another set is played."""
    state = after_set_one()
    assert state.phase is Phase.SELECT and table(state)["raven_set"] == 1
    state = raven(state, CLEO)
    set_one_on_show(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, ANNA, {"type": "select", "roles": list(FILLER)}, 0)
    assert err.value.message == "The game is over."


def test_the_last_raven_after_everyone_chose_but_before_the_lead_still_ends_with_the_set():
    state = after_set_one()
    state = selected(state, {ANNA: SECRET})
    assert state.phase is Phase.TRICK and table(state)["trick"]["role"] is None
    assert table(state)["raven_set"] == 1
    state = raven(state)
    set_one_on_show(state)
    # Set 2's choices are dropped unseen: nobody's screen ever shows them.
    for seat in (None, ANNA, BEN, CLEO):
        text = json.dumps(GAME.view(state, seat))
        assert '"begging_monk"' not in text and '"herb_collector"' not in text


def test_the_last_raven_during_the_next_draft_ends_the_game_and_the_cards_go_back() -> None:
    state = after_set_one(magical_abilities=True)
    assert state.phase is Phase.DRAFT
    state = raven(state)
    set_one_on_show(state)
    assert Counter(c.id for c in state.deck) == Counter(list(abilities()))
    assert all(p["ability"] is None for p in table(state)["players"])


def test_a_raven_after_the_next_sets_first_card_counts_for_that_set() -> None:
    state = selected(after_set_one())
    state = play(state, BEN, FILLER[0])  # Ben starts set 2
    assert table(state)["raven_set"] == 2
    state = raven(state)
    assert state.phase is Phase.TRICK and table(state)["last_set"] is True
    state = play_out(state)
    assert state.phase is Phase.SCORING and table(state)["set"] == 2


def test_an_earlier_raven_between_sets_only_counts_down() -> None:
    state = after_set_one(ravens=2)
    state = raven(state)
    view = table(state)
    assert view["ravens_left"] == 1 and not view["last_set"] and state.phase is Phase.SELECT
    assert view["raven_set"] == 1 and view["set"] == 2


def test_set_one_has_no_set_before_it() -> None:
    state = new(3)
    assert table(state)["raven_set"] == 1
    for _ in range(4):
        state = raven(state)
    assert state.phase is Phase.SELECT and table(state)["last_set"]


def test_the_table_view_tells_which_set_a_raven_counts_for() -> None:
    state = after_set_one(ravens=0)
    assert (table(state)["set"], table(state)["raven_set"]) == (2, 1)
    state = play(selected(state), BEN, FILLER[0])
    assert (table(state)["set"], table(state)["raven_set"]) == (2, 2)
