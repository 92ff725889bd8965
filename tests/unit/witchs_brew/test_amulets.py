"""Amulets: only the leader who lost may use one, after everyone answered, once per set."""

from __future__ import annotations

import pytest

from companion.engine import IllegalAction
from companion.games.witchs_brew.state import Phase
from tests.unit.witchs_brew.helpers import (
    ANNA,
    BEN,
    CLEO,
    DAN,
    GAME,
    NAMES,
    SHARED,
    alike,
    amulet,
    answer,
    last,
    play,
    play_out,
    raven,
    selected,
    table,
    trick,
)
from tests.unit.witchs_brew.helpers import chain as entries


def game(players: int = 3):
    """Amulets on, Anna first, everyone chose the same five roles."""
    return alike(players, ANNA, amulets=True)


def amulets(state, seat: int) -> dict[str, int]:
    return table(state)["players"][seat]["amulets"]


@pytest.mark.parametrize(("players", "each"), [(3, 3), (4, 2), (5, 1), (6, 1)])
def test_dealt_three_two_one(players: int, each: int) -> None:
    state = GAME.setup(NAMES[:players], {"amulets": True, "sixth_player": True}, 1)
    assert all(p["amulets"] == {"unused": each, "grey": 0} for p in table(state)["players"])


def test_offered_to_the_leader_who_lost_after_everyone_answered() -> None:
    state = play(game(), ANNA, "witch")
    state = answer(state, BEN, True)
    assert trick(state)["due"] == CLEO and trick(state)["due_kind"] == "answer"
    state = answer(state, CLEO, False)
    assert trick(state)["due"] == ANNA and trick(state)["due_kind"] == "amulet"
    assert GAME.view(state, ANNA)["you"]["prompts"] == ["amulet"]
    state = amulet(state, ANNA, True)
    done = last(state)
    assert done["winner"] == ANNA
    assert entries(done) == [(ANNA, "lead"), (BEN, "claim"), (CLEO, "so_be_it"), (ANNA, "amulet")]
    assert amulets(state, ANNA) == {"unused": 2, "grey": 1}
    assert trick(state)["due"] == ANNA and trick(state)["due_kind"] == "play"


def test_declining_leaves_the_claim_with_the_claimant() -> None:
    state = answer(answer(play(game(), ANNA, "witch"), BEN, False), CLEO, True)
    state = amulet(state, ANNA, False)
    assert last(state)["winner"] == CLEO and amulets(state, ANNA) == {"unused": 3, "grey": 0}


def test_not_offered_when_the_leader_keeps_the_claim() -> None:
    state = answer(answer(play(game(), ANNA, "witch"), BEN, False), CLEO, False)
    assert last(state)["winner"] == ANNA
    assert trick(state)["due_kind"] == "play"


def test_only_the_leader_decides_and_only_when_due() -> None:
    state = answer(play(game(), ANNA, "witch"), BEN, True)
    with pytest.raises(IllegalAction) as err:
        amulet(state, ANNA, True)
    assert err.value.code == "illegal"
    with pytest.raises(IllegalAction) as err:
        amulet(state, BEN, True)
    assert err.value.code == "illegal"
    state = answer(state, CLEO, False)
    with pytest.raises(IllegalAction) as err:
        amulet(state, BEN, True)
    assert (err.value.code, err.value.message) == (
        "not_your_turn",
        "Only Anna may use an amulet now.",
    )
    with pytest.raises(IllegalAction) as err:
        answer(state, BEN, True)
    assert err.value.code == "illegal"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, ANNA, {"type": "amulet", "use": "yes"}, 0)
    assert err.value.code == "bad_request"


def test_once_per_set_per_player() -> None:
    state = answer(answer(play(game(), ANNA, "witch"), BEN, True), CLEO, False)
    state = amulet(state, ANNA, True)
    state = answer(answer(play(state, ANNA, "wizard"), BEN, True), CLEO, False)
    assert last(state)["winner"] == BEN  # no second offer this set
    assert trick(state)["due"] == BEN and trick(state)["due_kind"] == "play"


def test_another_leader_may_use_theirs_in_the_same_set() -> None:
    state = answer(answer(play(game(), ANNA, "witch"), BEN, True), CLEO, False)
    state = amulet(state, ANNA, True)
    state = answer(answer(play(state, ANNA, "wizard"), BEN, True), CLEO, False)
    state = answer(answer(play(state, BEN, "druid"), CLEO, True), ANNA, False)
    assert trick(state)["due"] == BEN and trick(state)["due_kind"] == "amulet"
    state = amulet(state, BEN, True)
    assert amulets(state, BEN) == {"unused": 2, "grey": 1}


def test_grey_amulets_leave_at_the_end_of_the_set() -> None:
    state = answer(answer(play(game(), ANNA, "witch"), BEN, True), CLEO, False)
    state = play_out(amulet(state, ANNA, True))
    assert state.set_number == 2 and amulets(state, ANNA) == {"unused": 2, "grey": 0}
    state = selected(state, dict.fromkeys(range(3), SHARED))
    leader = trick(state)["due"]
    assert leader == BEN
    state = answer(answer(play(state, BEN, "witch"), CLEO, True), ANNA, False)
    state = amulet(state, BEN, True)
    state = answer(answer(play(state, BEN, "wizard"), CLEO, False), ANNA, True)
    assert last(state)["winner"] == ANNA  # Ben's amulet is grey: no second offer
    state = answer(answer(play(state, ANNA, "druid"), BEN, True), CLEO, False)
    state = amulet(state, ANNA, True)  # a new set: Anna may use one again
    assert amulets(state, ANNA) == {"unused": 1, "grey": 1}


def test_without_amulets_there_is_no_offer() -> None:
    state = alike(3, ANNA)
    state = answer(answer(play(state, ANNA, "witch"), BEN, True), CLEO, False)
    assert last(state)["winner"] == BEN


def test_unused_amulets_are_shown_at_the_end_for_the_tie_break() -> None:
    state = game(4)
    state = answer(answer(answer(play(state, ANNA, "witch"), BEN, True), CLEO, False), DAN, False)
    state = amulet(state, ANNA, True)
    for _ in range(4):
        state = raven(state)
    state = play_out(state)
    assert state.phase is Phase.SCORING
    assert [p["amulets"]["unused"] for p in table(state)["players"]] == [1, 2, 2, 2]
    assert all(p["amulets"]["grey"] == 0 for p in table(state)["players"])
