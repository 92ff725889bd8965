"""Shared moves for the Witch & Bitch tests: a table set up and brought to a given step."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.witch_and_bitch import WITCH_AND_BITCH, GameState, Step
from companion.games.witch_and_bitch.state import Card

GAME = WITCH_AND_BITCH
NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eve")
T0 = 1_000_000.0
#: the starting Spells each seat drafts in ``drafted`` (first pick, second pick)
PICKS = (
    ("fire-1", "ice-1"),
    ("lightning-1", "light-1"),
    ("darkness-1", "seduction-1"),
    ("kinetics-1", "fire-1"),
    ("ice-1", "lightning-1"),
)


def act(state: GameState, by: int | None, kind: str, **payload: Any) -> GameState:
    """``by`` (a seat, or None for the table) sends ``kind`` with ``payload``."""
    return GAME.apply(state, by, {"type": kind, **payload}, T0)


def new(scenario: int = 1, players: int = 3, seed: int = 1, **options: Any) -> GameState:
    return GAME.setup(NAMES[:players], {"scenario": scenario, **options}, seed)


def past_setup(state: GameState) -> GameState:
    while state.step is Step.SETUP:
        state = act(state, None, "next")
    return state


def first_rolled(state: GameState, first: int = 0) -> GameState:
    """Through the set-up pages and the roll for first player: ``first`` rolls 20, the others
    1 to 4."""
    state = past_setup(state)
    if state.step is Step.FIRST_ROLL:
        for seat in state.seats:
            value = 20 if seat == first else 1 + seat % 4
            state = act(state, seat, "first_roll", value=value)
    return state


def drafted(state: GameState) -> GameState:
    """The draft done with PICKS (first picks in the snake's first half)."""
    while state.step is Step.DRAFT:
        seat = state.current
        assert seat is not None
        first, second = PICKS[seat]
        chosen = second if state.witches[seat].spells else first
        state = act(state, seat, "pick", spell=chosen)
    while state.step is Step.POSITIONS:
        seat = state.current
        assert seat is not None
        state = act(state, seat, "position", spot="ABCD"[seat])
    return state


def in_round(scenario: int = 1, players: int = 3, first: int = 0, **options: Any) -> GameState:
    """Round 1, at the first Witch's turn."""
    state = drafted(first_rolled(new(scenario, players, **options), first))
    assert state.step is Step.ENEMIES
    state = act(state, None, "spawn", values=[1] * players)
    state = act(state, None, "next")
    while state.step is not Step.TURNS:
        state = act(state, None, "next")
    return state


def to_step(state: GameState, step: Step) -> GameState:
    """Press next until ``step`` (every turn ended by the table)."""
    for _ in range(100):
        if state.step is step:
            return state
        state = act(state, None, "next")
    raise AssertionError(f"never reached {step}")


def with_corpses(state: GameState, seat: int, *xp: int) -> GameState:
    witch = state.witches[seat]
    return state.with_witch(seat, replace(witch, corpses=(*witch.corpses, *xp)))


def bitch_of(state: GameState) -> int:
    return state.cards.index(Card.BITCH)
