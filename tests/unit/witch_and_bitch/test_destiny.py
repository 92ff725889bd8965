"""The Destiny deck: the scenario's counts, red at the bottom, orange above, green on top; the
first orange card evolves the Enemies; when it runs out, one last round, then the loss."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.engine import Rng
from companion.games.witch_and_bitch import Step
from companion.games.witch_and_bitch.destiny import Colour, build
from companion.games.witch_and_bitch.scenarios import SCENARIOS

from .helpers import act, in_round, new, to_step


@pytest.mark.parametrize("number", sorted(SCENARIOS))
def test_destiny_deck_order_red_bottom_orange_green_top(number: int) -> None:
    low = SCENARIOS[number].players[0]
    deck = new(number, max(low, 1)).deck
    green, orange, red = SCENARIOS[number].deck
    assert deck == (Colour.GREEN,) * green + (Colour.ORANGE,) * orange + (Colour.RED,) * red


def test_destiny_deck_compositions_by_scenario() -> None:
    assert {n: sc.deck for n, sc in SCENARIOS.items()} == {
        1: (7, 7, 3),
        2: (7, 7, 3),
        3: (7, 7, 3),
        4: (10, 7, 3),
        5: (2, 7, 3),
        6: (7, 7, 3),
    }


def test_each_colour_is_shuffled_apart() -> None:
    assert build((1, 1, 1), Rng(5, "x")) == (Colour.GREEN, Colour.ORANGE, Colour.RED)


def test_a_destiny_card_is_drawn_in_the_dark_forces_phase() -> None:
    state = to_step(in_round(), Step.DESTINY)
    assert state.destiny is Colour.GREEN and len(state.deck) == 16
    assert state.drawn == (Colour.GREEN,)


def test_evolution_from_the_first_orange_card() -> None:
    state = in_round(scenario=5, players=1)  # 2 green cards, then orange
    state = to_step(state, Step.DESTINY)
    assert not state.evolved
    state = act(state, None, "spawn", values=[3])
    assert state.spawns[-1].evolved is False
    state = to_step(act(state, None, "next"), Step.DESTINY)  # round 2: green
    assert not state.evolved
    state = to_step(act(state, None, "next"), Step.DESTINY)  # round 3: the first orange
    assert state.destiny is Colour.ORANGE and state.evolved and state.evolve_now
    state = act(state, None, "spawn", values=[2])
    assert state.spawns[-1].evolved is True
    state = to_step(act(state, None, "next"), Step.DESTINY)  # round 4: orange again
    assert state.evolved and not state.evolve_now


def test_when_the_deck_runs_out_one_last_round_then_the_loss() -> None:
    state = in_round(scenario=1, players=1)
    state = replace(state, deck=state.deck[-1:])  # the last red card
    state = to_step(state, Step.DESTINY)
    assert state.last_round and state.step is Step.DESTINY and not state.deck
    state = to_step(act(state, None, "next"), Step.TURNS)  # the last round is played
    assert state.round == 2 and state.step is Step.TURNS
    state = act(act(state, None, "next"), None, "next")  # turns, learning: then no card
    assert state.step is Step.OVER
    assert state.outcome is not None and "ran out" in state.outcome.text
