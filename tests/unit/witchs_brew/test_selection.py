"""The secret selection: exactly 5 different roles of the 12, once per set, locked."""

from __future__ import annotations

import pytest

from companion.engine import IllegalAction
from companion.games.witchs_brew.state import Phase
from tests.unit.witchs_brew.helpers import ANNA, BEN, CLEO, FILLER, GAME, T0, new, table


def select(state, seat, roles):
    return GAME.apply(state, seat, {"type": "select", "roles": roles}, T0)


@pytest.mark.parametrize(
    ("roles", "message"),
    [
        (["witch", "wizard", "druid", "alchemist"], "Choose exactly 5 roles (you chose 4)."),
        ((*FILLER, "witch"), "Choose exactly 5 roles (you chose 6)."),
        (["witch", "witch", "druid", "alchemist", "assistant"], "Choose 5 different roles."),
        (["witch", "wizard", "druid", "alchemist", "cook"], "That is not one of the 12 roles."),
        (["witch", "wizard", "druid", "alchemist", 7], "That is not one of the 12 roles."),
        ("witch", "Choose exactly 5 roles."),
        (None, "Choose exactly 5 roles."),
    ],
)
def test_exactly_five_distinct_roles(roles, message) -> None:
    with pytest.raises(IllegalAction) as err:
        select(new(3), ANNA, list(roles) if isinstance(roles, tuple) else roles)
    assert (err.value.code, err.value.message) == ("bad_request", message)


def test_selection_is_locked_once_sent() -> None:
    state = select(new(3), ANNA, list(FILLER))
    with pytest.raises(IllegalAction) as err:
        select(state, ANNA, ["witch", "wizard", "druid", "alchemist", "assistant"])
    assert err.value.code == "illegal"
    assert err.value.message == "You have already chosen your roles for this set."
    assert GAME.view(state, ANNA)["you"]["selected"] == list(FILLER)


def test_only_players_select() -> None:
    with pytest.raises(IllegalAction) as err:
        select(new(3), None, list(FILLER))
    assert err.value.code == "forbidden"


def test_readiness_is_shown_and_tricks_start_when_all_are_ready() -> None:
    state = select(select(new(3, first=BEN), ANNA, list(FILLER)), CLEO, list(FILLER))
    assert [p["ready"] for p in table(state)["players"]] == [True, False, True]
    assert state.phase is Phase.SELECT and table(state)["trick"] is None
    state = select(state, BEN, list(FILLER))
    assert state.phase is Phase.TRICK
    assert table(state)["trick"]["due"] == BEN and table(state)["leader"] == BEN


def test_no_selection_once_the_tricks_have_started() -> None:
    state = new(3)
    for seat in range(3):
        state = select(state, seat, list(FILLER))
    with pytest.raises(IllegalAction) as err:
        select(state, ANNA, list(FILLER))
    assert err.value.message == "The roles for this set are already chosen."


def test_the_hand_is_the_selection_in_the_rulebooks_order() -> None:
    """A selection is a set of roles: however they were sent, they are kept in the rulebook's
    order (one payload for each selection: ``decisions.normalised``)."""
    state = select(new(3), ANNA, ["warlock", "witch", "druid", "cutpurse", "assistant"])
    you = GAME.view(state, ANNA)["you"]
    assert you["hand"] == ["witch", "druid", "assistant", "cutpurse", "warlock"]
    assert you["prompts"] == []
    assert GAME.view(state, BEN)["you"]["prompts"] == ["select"]
