"""What the game waits for (``Game.choices``): the step of the phase the round is in, one rule
per test; the counters and the cards' verdicts are side actions, never listed."""

from __future__ import annotations

import random

import pytest

from companion.engine import IllegalAction
from companion.games.carodejnice import Phase
from companion.games.carodejnice.decisions import STRENGTH
from tests.unit.carodejnice.helpers import GAME, T0, act, at_resolve, in_round, new, one_round

SIDE = ("townsfolk", "curse", "return_curse", "card", "track", "finish")


def test_each_phase_of_a_round_waits_for_its_own_step() -> None:
    state = new()
    assert GAME.choices(state, 0) == [{"type": "ready"}]
    state = act(state, "ready")
    assert GAME.choices(state, 0) == [{"type": "done"}]  # 1: play witches, then go on
    state = act(state, "done")
    laid_out = [{"type": "accept", "mission": m} for m in state.laid_out]
    assert len(laid_out) == 3 and GAME.choices(state, 0) == laid_out  # 2: one laid-out mission
    state = act(state, "accept", mission=state.laid_out[1])
    assert GAME.choices(state, 0) == [{"type": "done"}]  # 3: the rest of the hand
    state = act(state, "done")
    assert [p["type"] for p in GAME.choices(state, 0)] == ["resolve"] * 3  # 4: below
    state = act(state, "resolve", strength=STRENGTH, juror=0)
    assert GAME.choices(state, 0) == [
        {"type": "decide", "trial": False},
        {"type": "decide", "trial": True},
    ]  # 5: go on, or face the trial
    state = act(state, "decide", trial=False)
    assert GAME.choices(state, 0) == [
        {"type": "cleanup", "witch": True},
        {"type": "cleanup", "witch": False},
    ]  # 6: a witch in the new hand, or lost
    assert GAME.choices(state, None) == []  # the table records nothing


def test_phase_4_lists_the_mission_once_per_juror_and_takes_any_numbers_read() -> None:
    """The numbers are read off the table (free fields): each listed ``resolve`` stands for
    every strength, strength spent, difficulty, value and servants count."""
    state = at_resolve(in_round())
    assert state.phase is Phase.RESOLVE
    listed = GAME.choices(state, 0)
    assert [p["juror"] for p in listed] == [0, 1, 2]
    free = [f for f in GAME.actions["resolve"].fields if f.free]
    assert [f.name for f in free] == ["strength", "spent", "difficulty", "value", "servants"]
    rng = random.Random(4)
    for payload in listed:
        GAME.apply(state, 0, payload, T0)
        for field in free:
            assert field.low is not None and field.high is not None
            for number in (int(field.low), int(field.high), rng.randint(0, int(field.high))):
                GAME.apply(state, 0, {**payload, field.name: number}, T0)
    with pytest.raises(IllegalAction):  # a success needs the juror whose conviction rises
        GAME.apply(state, 0, {"type": "resolve", "strength": STRENGTH}, T0)


def test_a_tale_waits_only_for_the_next_phase() -> None:
    state = act(new(scenario=3), "ready")
    for _ in range(8):
        assert state.phase is not Phase.OVER
        assert GAME.choices(state, 0) == [{"type": "done"}]
        state = act(state, "done")


def test_counters_cards_and_tracks_are_side_actions_never_listed() -> None:
    assert all(GAME.actions[name].side for name in SIDE)
    assert not any(a.side for name, a in GAME.actions.items() if name not in SIDE)
    for state in (one_round(in_round()), act(new(scenario=1), "ready")):
        assert not {p["type"] for p in GAME.choices(state, 0)} & set(SIDE)


def test_nothing_is_listed_once_the_game_is_over() -> None:
    lost = act(in_round(), "card", effect="lose")
    tried = act(act(at_resolve(in_round()), "resolve", strength=0, difficulty=5), "decide",
                trial=True)  # fmt: skip
    for state in (lost, tried):
        assert state.phase is Phase.OVER and GAME.choices(state, 0) == []


def test_a_player_who_left_is_offered_nothing_and_the_room_may_close() -> None:
    """Her seat's key is revoked when she leaves: nobody can play on, so the game waits for
    nothing and no longer keeps its room open."""
    state = in_round()
    assert GAME.choices(state, 0) and GAME.keeps_room_open(state)
    left = GAME.seat_left(state, 0, T0)
    assert GAME.choices(left, 0) == [] and not GAME.keeps_room_open(left)
    assert GAME.seat_left(left, 0, T0) == left
