"""What the game waits for (``Game.choices``): every decision is one of the listed choices of
the seat whose decision it is, sent as ``choose`` with its index and the ply."""

from __future__ import annotations

import random

import pytest

from companion.engine import IllegalAction
from companion.games.witchcraft import turns
from companion.games.witchcraft.state import TABLE, GameState, Phase
from tests.unit.witchcraft.helpers import GAME, NAMES, kind_is, play
from tests.unit.witchcraft.test_altars import summoning_hit


def listed(state: GameState) -> list[list[dict[str, object]]]:
    return [GAME.choices(state, seat) for seat in (None, 0, 1)]


def test_only_the_seat_whose_decision_it_is_chooses_among_the_listed_moves() -> None:
    """The opponent summons first onto the map tile the active player chose: the game waits
    for seat 1 although it is seat 0's turn, and lists seat 1's choices only."""
    state = summoning_hit()
    state = play(state, lambda c: c.cells == ((1, 5), (2, 5)))
    state = play(state, kind_is("pick", at=(1, 5)))
    assert state.turn == 0 and state.decider == 1
    count = len(turns.choices(state))
    assert count > 1
    choose = [{"type": "choose", "option": i, "ply": state.ply} for i in range(count)]
    assert listed(state) == [[], [], choose]


def test_every_listed_choice_is_accepted_and_every_other_choose_refused() -> None:
    """Seeded random games, each option set: each listed choice is accepted; the next index,
    a stale ply and the other seat's choose are refused."""
    for seed, options in enumerate(
        [{}, {"master": True}, {"tournament": True, "clock_minutes": 5}, {"physical": True}]
    ):
        rng = random.Random(seed)
        state = GAME.setup(NAMES, options, seed)
        while state.phase is not Phase.OVER:
            table, *seats = listed(state)
            if state.decider == TABLE:  # the real board's set-up, entered on the TV
                assert table and seats == [[], []]
                for seat in (0, 1):
                    with pytest.raises(IllegalAction):
                        GAME.apply(state, seat, table[0], 1_000.0)
                state = GAME.apply(state, None, rng.choice(table), 1_000.0)
                continue
            decider = state.decider
            assert table == [] and decider is not None
            assert seats[1 - decider] == [] and seats[decider]
            with pytest.raises(IllegalAction):
                GAME.apply(state, None, seats[decider][0], 1_000.0)
            for payload in rng.sample(seats[decider], min(8, len(seats[decider]))):
                GAME.apply(state, decider, payload, 1_000.0)
            ply = state.ply
            for seat, payload in [
                (decider, {"type": "choose", "option": len(seats[decider]), "ply": ply}),
                (decider, {"type": "choose", "option": 0, "ply": ply + 1}),
                (1 - decider, {"type": "choose", "option": 0}),
            ]:
                with pytest.raises(IllegalAction):
                    GAME.apply(state, seat, payload, 1_000.0)
            state = GAME.apply(state, decider, rng.choice(seats[decider]), 1_000.0)
        assert listed(state) == [[], [], []]


def test_resigning_is_a_side_action_never_listed() -> None:
    state = GAME.setup(NAMES, {}, 1)
    assert GAME.actions["resign"].side
    assert all(p["type"] == "choose" for seat in listed(state) for p in seat)
    assert listed(GAME.apply(state, 1, {"type": "resign"}, 0)) == [[], [], []]
