"""Ravens (the 6th Player expansion's end rule): the game ends at the end of the set in which
the last raven goes."""

from __future__ import annotations

import pytest

from companion.engine import IllegalAction
from companion.games.witchs_brew.state import Phase
from tests.unit.witchs_brew.helpers import (
    ANNA,
    BEN,
    GAME,
    NAMES,
    new,
    play_out,
    raven,
    selected,
    table,
)


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
    assert state.phase is Phase.OVER and GAME.is_over(state)
    assert table(state)["phase"] == "over" and table(state)["set"] == 1


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
    assert play_out(state).phase is Phase.OVER


def test_nothing_is_accepted_once_the_game_is_over() -> None:
    state = new(3)
    for _ in range(4):
        state = raven(state)
    state = play_out(selected(state))
    with pytest.raises(IllegalAction) as err:
        raven(state)
    assert err.value.message == "The game is over."
