"""Each way to lose, checked by the app and named in the view."""

from __future__ import annotations

import pytest

from companion.engine import IllegalAction
from companion.games.carodejnice import Loss, Phase
from tests.unit.carodejnice.helpers import GAME, act, at_resolve, fail, in_round, one_round


def outcome(state):  # type: ignore[no-untyped-def]
    return GAME.view(state, 0)["result"]


def test_the_second_failed_mission_loses() -> None:
    state = one_round(in_round(1), win=False)
    assert state.phase is Phase.WITCHES and len(state.failed) == 1
    state = fail(at_resolve(state))
    assert state.loss is Loss.FAILED_MISSIONS
    assert outcome(state) == {"kind": "loss", "loss": "failed_missions"}


def test_five_townsfolk_in_the_lost_souls_pile_lose() -> None:
    state = act(in_round(1), "townsfolk", count=2)
    state = act(state, "townsfolk", count=2)
    assert state.phase is Phase.WITCHES and state.lost_souls == 4
    state = act(state, "townsfolk", count=1)
    assert state.loss is Loss.LOST_SOULS


def test_taking_a_curse_from_an_empty_curse_deck_loses() -> None:
    state = in_round(1)
    for _ in range(state.curse_deck):
        state = act(state, "curse")
    assert state.curse_deck == 0 and state.loss is None
    state = act(state, "curse")
    assert state.loss is Loss.CURSE_DECK_EMPTY


def test_a_curse_put_back_fills_the_deck_again_but_never_past_its_size() -> None:
    state = act(act(in_round(1), "curse"), "return_curse")
    assert state.curse_deck == GAME.setup(("A",), {}, 1).curse_deck
    with pytest.raises(IllegalAction, match="already"):
        act(state, "return_curse")


def test_a_clean_up_hand_without_a_witch_loses() -> None:
    state = act(at_resolve(in_round(1)), "resolve", strength=9, juror=0)
    state = act(act(state, "decide", trial=False), "cleanup", witch=False)
    assert state.loss is Loss.NO_WITCH


def test_a_card_that_says_so_loses() -> None:
    state = act(in_round(1), "card", effect="lose")
    assert state.loss is Loss.CARD and GAME.is_over(state)


def test_after_a_loss_nothing_more_is_recorded() -> None:
    state = act(in_round(1), "card", effect="lose")
    with pytest.raises(IllegalAction, match="over"):
        act(state, "curse")


def test_a_loss_never_shows_the_faith_values() -> None:
    state = act(in_round(1), "card", effect="lose")
    assert [j["faith"] for j in GAME.view(state, 0)["jurors"]] == [None, None, None]
