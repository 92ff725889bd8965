"""The starting Spells: the snake draft, two first-level Spells of two Schools, two copies."""

from __future__ import annotations

import pytest

from companion.engine import Illegal, NotYourTurn
from companion.games.witch_and_bitch import Step
from companion.games.witch_and_bitch.draft import snake

from .helpers import act, first_rolled, new


def test_snake_draft_first_player_first_then_left_then_back_to_the_right() -> None:
    assert snake(0, 3) == (0, 1, 2, 2, 1, 0)
    assert snake(1, 4) == (1, 2, 3, 0, 0, 3, 2, 1)


def test_snake_draft_order_in_play_starts_from_the_roll_winner() -> None:
    state = first_rolled(new(players=3), first=2)
    assert state.step is Step.DRAFT and state.order == (2, 0, 1, 1, 0, 2)
    with pytest.raises(NotYourTurn, match="Cleo"):
        act(state, 0, "pick", spell="fire-1")


def test_starting_spells_are_first_level() -> None:
    state = first_rolled(new(players=3))
    with pytest.raises(Illegal, match="first-level"):
        act(state, 0, "pick", spell="fire-2a")


def test_two_starting_spells_of_two_different_schools() -> None:
    state = first_rolled(new(players=1))
    state = act(state, 0, "pick", spell="fire-1")
    with pytest.raises(Illegal, match="two different Schools"):
        act(state, 0, "pick", spell="fire-1")


def test_only_two_copies_of_a_first_level_spell_in_the_draft() -> None:
    state = first_rolled(new(players=3))
    state = act(state, 0, "pick", spell="ice-1")
    state = act(state, 1, "pick", spell="ice-1")
    with pytest.raises(Illegal, match="Both copies"):
        act(state, 2, "pick", spell="ice-1")


def test_the_draft_ends_with_the_starting_enemies() -> None:
    state = first_rolled(new(players=2))
    for seat, spell in ((0, "fire-1"), (1, "ice-1"), (1, "light-1"), (0, "kinetics-1")):
        state = act(state, seat, "pick", spell=spell)
    assert state.step is Step.ENEMIES
    assert state.witches[0].spells == ("fire-1", "kinetics-1")
