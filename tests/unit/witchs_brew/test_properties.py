"""Properties under random play: apply never mutates its input and refuses cleanly; replay
from the seed and the actions is deterministic; cards_left is always 5 minus played; every view
is JSON."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.witchs_brew.state import GameState, Phase
from tests.budget import examples
from tests.unit.witchs_brew.bot import check_invariants, moves, replay, step
from tests.unit.witchs_brew.helpers import GAME, NAMES

games = st.fixed_dictionaries(
    {
        "players": st.integers(3, 6),
        "seed": st.integers(0, 2**32),
        "amulets": st.booleans(),
        "magical_abilities": st.booleans(),
        "physical_abilities": st.booleans(),
        "answer_seconds": st.sampled_from([0, 1, 30]),
    }
)


def setup(game: dict[str, int]) -> GameState:
    options = {k: v for k, v in game.items() if k not in ("players", "seed")}
    return GAME.setup(NAMES[: game["players"]], {**options, "sixth_player": True}, game["seed"])


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games, picks=st.lists(st.integers(0, 10_000), min_size=60, max_size=300))
def test_random_play_keeps_every_invariant_and_replays(game: dict[str, int], picks: list[int]):
    first = setup(game)
    state, now, log = first, 1_000_000.0, []
    for pick in picks:
        if state.phase is Phase.OVER:
            break
        options = moves(state)
        if pick % 25:  # ravens now and then, so that games last a few sets
            options = [m for m in options if m.tag != "raven"] or options
        move = options[pick % len(options)]
        now += pick % 3000
        state, now = step(state, move, now)  # asserts apply leaves its input unchanged
        log.append((move, now))
        check_invariants(state)  # cards_left is 5 minus played, every ability card once, …
        for seat in (None, *state.seats):
            json.dumps(GAME.view(state, seat))
    assert replay(first, log) == state


@settings(max_examples=examples(30), deadline=None)
@given(game=games)
def test_setup_is_a_function_of_the_seed(game: dict[str, int]) -> None:
    assert setup(game) == setup(game)
    assert GAME.view(setup(game), None) == GAME.view(setup(game), None)
