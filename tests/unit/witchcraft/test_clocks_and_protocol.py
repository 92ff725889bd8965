"""Chess clocks, the move protocol (ply, choices by index), resigning and leaving."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import BadRequest, Illegal, NotYourTurn, TooLate
from companion.games.witchcraft.state import Phase
from tests.unit.test_room_service import Clock, make
from tests.unit.test_undo import table as seated_room
from tests.unit.witchcraft.helpers import GAME, NAMES


def clocked(minutes: int = 1, increment: int = 2):
    return GAME.setup(NAMES, {"clock_minutes": minutes, "clock_increment": increment}, 9)


def move(state, at: float, option: int = 0):
    return GAME.apply(state, state.decider, {"type": "choose", "option": option}, at)


def test_the_clocks_start_with_the_first_move() -> None:
    state = clocked()
    assert GAME.deadline(state) is None
    state = move(state, 5_000)
    assert GAME.deadline(state) == 5_000 + 60_000


def test_the_mover_uses_their_own_time_and_gains_the_increment() -> None:
    state = clocked()
    first = state.decider
    state = move(state, 0)
    state = move(state, 10_000)  # the second player thought 10 s
    assert state.clock is not None
    assert state.clock.left[1 - first] == 60_000 - 10_000 + 2_000
    assert state.clock.left[first] == 60_000  # the untimed first move earns no increment
    assert state.clock.running == first


def test_a_flag_fall_loses() -> None:
    state = move(clocked(), 0)
    late = state.decider
    due = GAME.deadline(state)
    assert due is not None
    with pytest.raises(TooLate):
        move(state, due + 1)
    state = GAME.timeout(state, due)
    assert state.phase is Phase.OVER and state.winner == 1 - late
    assert "ran out of time" in state.result and GAME.deadline(state) is None


def test_a_pause_stops_the_running_clock(tmp_path: Path, clock: Clock) -> None:
    """Paused through the room, the thinking seat's clock stands still: after the resume its
    flag falls as much later as the pause lasted, not during the pause."""
    svc = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000)
    room = seated_room(svc, "witchcraft", NAMES, seed=9, clock_minutes=1, clock_increment=2)
    svc.act(f"p{room.state.decider}", {"type": "choose", "option": 0})
    due = room.deadline()  # server time
    assert due == clock.now + 60_000
    clock.now += 20_000
    svc.room_command("tv", {"type": "pause"})
    clock.now += 600_000  # long past the flag fall
    svc.tick()
    svc.room_command("tv", {"type": "resume"})
    svc.tick()
    assert room.state.phase is not Phase.OVER and room.deadline() == due + 600_000
    clock.now = due + 600_000
    svc.tick()
    assert room.state.phase is Phase.OVER and "ran out of time" in room.state.result


def test_a_stale_ply_is_refused_and_changes_nothing() -> None:
    state = GAME.setup(NAMES, {}, 1)
    with pytest.raises(TooLate):
        GAME.apply(state, state.decider, {"type": "choose", "option": 0, "ply": 3}, 0)
    after = GAME.apply(state, state.decider, {"type": "choose", "option": 0, "ply": 0}, 0)
    assert after.ply == 1


def test_only_the_seat_whose_decision_it_is_may_choose() -> None:
    state = GAME.setup(NAMES, {}, 1)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1 - state.decider, {"type": "choose", "option": 0}, 0)


def test_a_choice_that_is_not_listed_is_illegal() -> None:
    state = GAME.setup(NAMES, {}, 1)
    with pytest.raises(Illegal):
        GAME.apply(state, state.decider, {"type": "choose", "option": 9999}, 0)
    with pytest.raises(BadRequest):
        GAME.apply(state, state.decider, {"type": "choose", "option": -1}, 0)


def test_resigning_loses_at_once() -> None:
    state = GAME.setup(NAMES, {}, 1)
    state = GAME.apply(state, 1, {"type": "resign"}, 0)
    assert state.phase is Phase.OVER and state.winner == 0 and "resigned" in state.result


def test_a_player_who_leaves_loses() -> None:
    state = GAME.seat_left(GAME.setup(NAMES, {}, 1), 0, 0)
    assert state.winner == 1 and GAME.seat_left(state, 0, 0) == state
