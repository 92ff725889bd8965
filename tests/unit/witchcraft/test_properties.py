"""Random legal games: they always end, never reach an illegal position, replay identically,
and no view shows a secret of another seat."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.witchcraft import turns
from companion.games.witchcraft.state import TABLE, GameState, Phase, TaskKind
from tests.budget import examples
from tests.unit.witchcraft.helpers import GAME, NAMES

#: enough decisions for any game: the draw rules end the encounter long before
MAX_DECISIONS = 5_000

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32),
        "tournament": st.booleans(),
        "master": st.booleans(),
        "physical": st.booleans(),
        "clock_minutes": st.sampled_from([0, 0, 5]),
    }
)


def check_position(state: GameState) -> None:
    """Every tile exactly once; stacks on playable spaces, never on an altar; one guild each."""
    cells = [c for c, _ in state.stacks]
    assert len(cells) == len(set(cells))
    for cell, stack in state.stacks:
        assert cell in state.cells and state.altar(cell) is None and stack.tiles
    ids = [t.id for _, s in state.stacks for t in s.tiles]
    for player in state.players:
        ids += [t.id for t in (*player.to_place, *player.reserve)]
    ids += [t.id for t in state.removed]
    for task in state.tasks:
        if task.kind is TaskKind.DROP:  # the Prophet's task lists a stack still on the board
            ids += [t.id for t in task.tiles]
    entering = any(t.kind is TaskKind.ENTER_SPECIAL for t in state.tasks)
    if state.phase is not Phase.MASTER and not entering:
        assert len(ids) == len(set(ids)) == 22, Counter(ids)
    assert {a.cell for a in state.altars} <= state.cells


def sender(state: GameState) -> int | None:
    """Who sends the decision the game waits for: a seat, or the table (None)."""
    return None if state.decider == TABLE else state.decider


def random_game(options: dict, picks: st.DrawFn) -> tuple[GameState, list[int], list[GameState]]:
    """A game of random decisions: its first state, the options picked and the states after."""
    seed = options.pop("seed")
    state = GAME.setup(NAMES, options, seed)
    first, log, states = state, [], []
    for _ in range(MAX_DECISIONS):
        if state.phase is Phase.OVER:
            break
        listed = turns.choices(state)
        assert listed, "the game waits for a decision nobody can take"
        index = picks(st.integers(0, len(listed) - 1))
        state = GAME.apply(state, sender(state), {"type": "choose", "option": index}, 0)
        log.append(index)
        states.append(state)
        check_position(state)
    assert state.phase is Phase.OVER
    return first, log, states


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=games, data=st.data())
def test_random_legal_games_always_end_legally_and_replay_identically(options, data) -> None:
    first, log, states = random_game(dict(options), data.draw)
    # One replay, compared after every decision: apply is a function of its input, and the
    # seed and the decisions give the same game (each state's views are JSON on the way).
    state = first
    for index, reached in zip(log, states, strict=True):
        state = GAME.apply(state, sender(state), {"type": "choose", "option": index}, 0)
        assert state == reached
        for seat in (None, 0, 1):
            json.dumps(GAME.view(state, seat), allow_nan=False)
    assert state.phase is Phase.OVER


@settings(max_examples=examples(20), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_setup_is_a_function_of_the_seed(seed: int) -> None:
    assert GAME.setup(NAMES, {}, seed) == GAME.setup(NAMES, {}, seed)
