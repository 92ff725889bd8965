"""Witch or Bitch (scenarios 2 and 4): one card per phone, exactly one Bitch, only its holder
sees it; the Bitch may reveal herself, and the table view then names her."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import Illegal
from companion.games.witch_and_bitch.state import Card

from .helpers import GAME, act, bitch_of, in_round, new


def leaves(node: Any) -> set[str]:
    """Every key and every text of a view."""
    if isinstance(node, dict):
        return set(node) | {text for child in node.values() for text in leaves(child)}
    if isinstance(node, list):
        return {text for child in node for text in leaves(child)}
    return {node} if isinstance(node, str) else set()


@pytest.mark.parametrize("scenario", [2, 4])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_bitch_secrecy_exactly_one_bitch_seen_only_by_her(scenario: int, players: int) -> None:
    state = new(scenario, players)
    assert state.cards.count(Card.BITCH) == 1 and len(state.cards) == players
    table = GAME.view(state, None)
    assert not leaves(table) & {"bitch", "witch", "card"}
    for seat in state.seats:
        view = GAME.view(state, seat)
        assert view["you"]["card"] == state.cards[seat].value
        if state.cards[seat] is Card.BITCH:
            assert "witch" not in leaves(view)  # nothing tells her who the Witches are
        else:
            assert "bitch" not in leaves(view)


def test_no_secret_cards_outside_scenarios_2_and_4() -> None:
    for scenario, players in ((1, 3), (3, 3), (5, 3), (6, 3)):
        state = new(scenario, players)
        assert state.cards == ()
        assert "card" not in GAME.view(state, 0)["you"]


def test_the_bitch_reveals_herself_and_the_table_view_names_her() -> None:
    state = new(2, 4)
    bitch = bitch_of(state)
    state = act(state, bitch, "reveal")
    assert GAME.view(state, None)["bitch"] == bitch
    assert GAME.private(state, bitch) == []
    witch = next(k for k in state.seats if k != bitch)
    assert GAME.private(state, witch) == ["witch"]  # a Witch's card stays hers


def test_a_witch_never_reveals_her_card() -> None:
    state = new(4, 3)
    witch = next(k for k in state.seats if state.cards[k] is Card.WITCH)
    with pytest.raises(Illegal, match="never reveals"):
        act(state, witch, "reveal")


def test_no_reveal_without_the_cards() -> None:
    with pytest.raises(Illegal, match="no Witch or Bitch"):
        act(new(1, 3), 0, "reveal")


def test_enemies_never_attack_a_revealed_bitch() -> None:
    state = in_round(scenario=2, players=3)
    bitch = bitch_of(state)
    state = act(state, None, "enemy_attack", seat=bitch, bonus=5, damage=2, value=20)
    assert state.witches[bitch].damage == 2  # still secret: she is attacked like anyone
    state = act(state, bitch, "reveal")
    with pytest.raises(Illegal, match="never attack the Bitch"):
        act(state, None, "enemy_attack", seat=bitch, bonus=5, damage=2, value=20)
