"""Whole games: a scripted bot from setup to the end, and properties under random play."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.wicked_witches_way.state import GameState, Phase
from companion.games.wicked_witches_way.track import FINISH, LOWEST
from tests.budget import examples
from tests.unit.wicked_witches_way.bot import Move, moves, play, step
from tests.unit.wicked_witches_way.helpers import GAME


def setup(players: int, seed: int, **options: object) -> GameState:
    return GAME.setup([f"p{k}" for k in range(players)], dict(options), seed)


def scripted(options: list[Move]) -> Move:
    """A sensible player: keeps the first card, casts what it holds when it may, otherwise
    lets deadlines pass, writes a perfect formula (orange for even seats, black for odd ones
    when there is one), and lets seat 1 fog every spell it can."""
    tags = [m.tag for m in options]
    for wanted in ("keep", "cast", "timeout", "spell"):
        if wanted in tags:
            return options[tags.index(wanted)]
    for move in options:
        if move.tag == "fog" and move.seat == 1:
            return move
    for move in options:
        if move.seat is not None and move.tag.startswith("perfect"):
            colour = ("orange", "black")[move.seat % 2]
            if move.tag.endswith(colour) and move.action and move.action["cards"]:
                return move
    for move in options:
        if move.tag.startswith("perfect") and move.action and move.action["cards"]:
            return move
    return options[0]


def randomly(rng: random.Random) -> Callable[[list[Move]], Move]:
    """Random moves, casting and keeping more often than chance would."""

    def pick(options: list[Move]) -> Move:
        eager = [m for m in options if m.tag in ("spell", "cast", "keep", "fog", "double")]
        if eager and rng.random() < 0.5:
            return rng.choice(eager)
        staying = [m for m in options if m.tag != "leave"]
        return rng.choice(options if rng.random() < 0.01 else staying)

    return pick


def test_a_full_seeded_game_by_a_scripted_bot_reaches_the_end() -> None:
    for seed in (1, 2, 3):
        state, log, _ = play(setup(4, seed), scripted, 1_000_000.0, 5000)
        assert state.phase is Phase.OVER and GAME.is_over(state), state.log[-5:]
        final = GAME.view(state, None)["final"]
        assert final is not None and final[0]["rank"] == 1
        assert any(w.finished_rank == 1 for w in state.witches)
        assert state.turn > 2
        assert state.discard, "the scripted players cast the spells they drew"


def test_a_full_game_with_random_moves_reaches_the_end_and_replays_identically() -> None:
    for seed in range(4):
        rng = random.Random(seed)
        start = setup(
            2 + seed, seed, compose_seconds=20, fog_seconds=3, physical_dice=seed % 2 == 1
        )
        state, log, _ = play(start, randomly(rng), 1_000_000.0, 20_000)
        assert state.phase is Phase.OVER, state.log[-5:]
        replayed = start
        for move, now in log:
            replayed, _ = step(replayed, move, now)
        assert replayed == state


@st.composite
def games(draw: st.DrawFn) -> tuple[GameState, list[int]]:
    players = draw(st.integers(2, 6))
    seed = draw(st.integers(0, 10_000))
    options = draw(
        st.fixed_dictionaries(
            {
                "physical_deck": st.booleans(),
                "physical_dice": st.booleans(),
                "compose_seconds": st.sampled_from([0, 10]),
                "fog_seconds": st.integers(2, 15),
            }
        )
    )
    picks = draw(st.lists(st.integers(0, 10_000), min_size=1, max_size=250))
    return setup(players, seed, **options), picks


def _picker(picks: list[int]) -> Callable[[list[Move]], Move]:
    it = iter(picks)

    def pick(options: list[Move]) -> Move:
        return options[next(it, 0) % len(options)]

    return pick


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_apply_never_mutates_its_input_and_refusals_change_nothing(
    game: tuple[GameState, list[int]],
) -> None:
    state, picks = game
    now = 1_000_000.0
    for n in picks:
        if GAME.is_over(state):
            break
        options = moves(state)
        move = options[n % len(options)]
        state, now = step(state, move, now + 500, unchanged=True)
        if move.tag == "timeout":  # it moves past its deadline
            later = GAME.deadline(state)
            assert later is None or later > now


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_positions_stay_between_minus_two_and_the_finish_and_views_are_json(
    game: tuple[GameState, list[int]],
) -> None:
    start, picks = game
    state, _, _ = play(start, _picker(picks), 1_000_000.0, len(picks))
    for witch in state.witches:
        assert LOWEST <= witch.position <= FINISH
        assert (witch.position == FINISH) == (witch.finished_rank is not None)
    cards = list(state.draw_pile) + list(state.discard)
    cards += [c for w in state.witches for c in w.hand] + list(state.keep_choice or ())
    if state.window is not None and state.window.card:
        cards.append(state.window.card)
    if not state.options.physical_deck:
        assert len(cards) == len(set(cards)) == 27
    for seat in [None, *state.seats]:
        view = GAME.view(state, seat)
        assert json.loads(json.dumps(view)) == view


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_replaying_the_same_actions_from_the_same_seed_gives_the_same_state(
    game: tuple[GameState, list[int]],
) -> None:
    start, picks = game
    state, log, _ = play(start, _picker(picks), 1_000_000.0, len(picks))
    replayed = start
    for move, now in log:
        replayed, _ = step(replayed, move, now)
    assert replayed == state
