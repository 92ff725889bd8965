"""Phases 1–2: the roll, the lid-closing race, the formulas, the compose timer."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import IllegalAction
from companion.games.wicked_witches_way.dice import face_table
from companion.games.wicked_witches_way.state import GameState, Phase
from companion.games.wicked_witches_way.symbols import Die
from companion.timing import CAP_MS
from tests.unit.test_room_service import Clock, make
from tests.unit.test_undo import table as seated_room
from tests.unit.wicked_witches_way.helpers import (
    GAME,
    ROLL,
    T0,
    at_positions,
    closed,
    dice,
    dumped,
    enter,
    new,
    rolled,
    settle,
    turn,
    write,
)

CLOSE = {"type": "close_lid"}
FACES = dice(orange=["ear", "star"], black=["web"])


# -- the roll ----------------------------------------------------------------------------------


def test_only_the_roller_or_the_table_rolls() -> None:
    state = new(players=3, physical_dice=False)
    other = (state.roller + 1) % 3
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, other, ROLL, T0)
    assert err.value.code == "not_your_turn" and "rolls the dice" in err.value.message
    assert GAME.apply(state, state.roller, ROLL, T0).phase is Phase.LOOK
    assert GAME.apply(state, None, ROLL, T0).phase is Phase.LOOK


def test_app_roll_shows_a_face_of_each_die_from_the_seed_of_the_turn() -> None:
    state = new(players=3, physical_dice=False, seed=11)
    a = GAME.apply(state, None, ROLL, T0)
    b = GAME.apply(state, None, ROLL, T0 + 5000)
    assert a.dice == b.dice and a.dice is not None and len(a.dice) == 9
    for die, faces in zip(a.dice, face_table().dice, strict=True):
        assert die in faces
    rolls = {GAME.apply(new(physical_dice=False, seed=s), None, ROLL, T0).dice for s in range(20)}
    assert len(rolls) > 10


def test_app_dice_refuse_entered_dice() -> None:
    state = new(physical_dice=False)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, None, {"type": "roll", "dice": FACES}, T0)
    assert err.value.code == "bad_request"


def lid_open(**options: object) -> GameState:
    """Physical dice: thrown, the lid closed by Ursule, every formula written: the lid opens."""
    state = GAME.apply(new(physical_dice=True, **options), None, ROLL, T0)
    state = closed(state, 0)
    return write(state, {0: ["ear"], 1: [], 2: []})


def test_physical_dice_must_be_nine_known_faces() -> None:
    state = lid_open()
    for bad in (FACES[:8], [*FACES, FACES[0]], [{"symbol": "toad", "color": "black"}] * 9,
                [{"symbol": "ear", "color": "green"}] * 9, ["ear"] * 9, "ear", 9):  # fmt: skip
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, None, {"type": "dice", "dice": bad}, T0 + 3000)
        assert err.value.code == "bad_request"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, None, {"type": "dice"}, T0 + 3000)
    assert err.value.message == "Enter the 9 dice."


def test_physical_dice_accept_any_face_even_one_not_in_the_face_table() -> None:
    nine_orange_skulls = [{"symbol": "skull", "color": "orange"}] * 9
    state = enter(lid_open(), nine_orange_skulls)
    assert GAME.view(state, None)["dice"] == nine_orange_skulls


def test_rolled_dice_are_visible_to_everyone_while_looking() -> None:
    state = rolled(new(), FACES)
    assert GAME.view(state, None)["dice"] == FACES
    assert GAME.view(state, 1)["dice"] == FACES
    assert GAME.view(state, None)["phase"] == "look"


def test_roll_twice_in_a_turn_is_illegal() -> None:
    with pytest.raises(IllegalAction):
        GAME.apply(rolled(new(), FACES), None, {"type": "roll", "dice": FACES}, T0)


def test_roller_is_the_last_placed_witch() -> None:
    state = at_positions(new(players=4), {0: 3, 1: 3, 2: 3, 3: 3})
    state = settle(turn(state, FACES, 0, {0: ["ear"], 1: ["ear"], 2: [], 3: ["ear", "star"]}))
    assert state.phase is Phase.ROLL and state.turn == 2
    assert state.roller == 2
    assert "Germaine" not in state.log[-1] and "Cunégonde, in last place" in state.log[-1]


def test_roller_ties_are_broken_from_the_seed() -> None:
    rollers = set()
    for seed in range(30):
        state = settle(turn(new(players=4, seed=seed), FACES, 0, {0: ["ear"]}))
        assert state.roller in (1, 2, 3)
        rollers.add(state.roller)
        again = settle(turn(new(players=4, seed=seed), FACES, 0, {0: ["ear"]}))
        assert again.roller == state.roller
    assert len(rollers) > 1


# -- the lid -----------------------------------------------------------------------------------


def test_first_close_lid_wins_and_later_presses_are_too_late() -> None:
    state = closed(rolled(new(), FACES), 2, T0 + 800)
    view = GAME.view(state, None)
    assert (view["phase"], view["lid_closed_by"], view["lid_closed_at"]) == ("compose", 2, T0 + 800)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, CLOSE, T0 + 810)
    assert err.value.code == "too_late" and "Cunégonde closed the lid first" in err.value.message


def test_witch_on_minus_two_cannot_close_the_lid() -> None:
    state = rolled(at_positions(new(), {1: -2}), FACES)
    assert not GAME.view(state, 1)["you"]["can_close_lid"]
    assert "close_lid" not in GAME.view(state, 1)["you"]["prompts"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, CLOSE, T0 + 500)
    assert err.value.code == "illegal" and "−2" in err.value.message
    assert GAME.view(state, 0)["you"]["can_close_lid"]
    assert GAME.apply(at_positions(state, {1: -1}), 1, CLOSE, T0 + 500).lid_closed_by == 1


def test_table_may_close_the_lid_and_then_nobody_is_the_closer() -> None:
    state = closed(rolled(new(), FACES), None)
    assert state.phase is Phase.COMPOSE and state.lid_closed_by is None
    state = settle(write(state, {0: [], 1: ["skull"], 2: ["ear"]}))
    assert [w.position for w in state.witches] == [0, 0, 1]


def test_close_lid_before_the_roll_is_illegal() -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(new(), 0, CLOSE, T0)
    assert err.value.code == "illegal"


def test_race_opens_at_the_roll_and_only_while_looking() -> None:
    state = new()
    assert GAME.race_opened_at(state) is None
    state = rolled(state, FACES, T0 + 123)
    assert GAME.race_opened_at(state) == T0 + 123
    assert GAME.race_opened_at(closed(state, 0)) is None


# -- the formulas ------------------------------------------------------------------------------


def test_dice_are_hidden_everywhere_while_the_formulas_are_written() -> None:
    state = closed(rolled(new(), FACES), 0)
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        assert view["dice"] is None and view["valid"] is None
        assert '"symbol"' not in dumped(view)


def test_a_formula_locks_once_and_never_changes() -> None:
    state = write(closed(rolled(new(), FACES), 0), {1: ["ear"]})
    assert GAME.view(state, 1)["you"]["formula"] == {"cards": ["ear"], "second": None}
    assert GAME.view(state, None)["witches"][1]["locked"]
    with pytest.raises(IllegalAction) as err:
        write(state, {1: ["star"]})
    assert err.value.code == "illegal"


def test_formula_symbols_must_be_known_distinct_and_at_most_nine() -> None:
    state = closed(rolled(new(), FACES), 0)
    for cards in (["ear", "ear"], ["toad"], "ear", [1], ["ear"] * 10):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 1, {"type": "formula", "cards": cards}, T0)
        assert err.value.code == "bad_request"


def test_all_nine_symbols_is_a_formula() -> None:
    every = ["ear", "star", "skull", "spider", "web", "eye", "lightning", "cloud", "burst"]
    state = write(closed(rolled(new(), FACES), 0), {1: every})
    assert GAME.view(state, 1)["you"]["formula"]["cards"] == every


def test_formula_before_the_lid_closes_is_illegal() -> None:
    with pytest.raises(IllegalAction) as err:
        write(rolled(new(), FACES), {0: ["ear"]})
    assert err.value.code == "illegal"


def test_the_table_cannot_write_a_formula() -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(closed(rolled(new(), FACES), 0), None, {"type": "formula", "cards": []}, T0)
    assert err.value.code == "forbidden"


def test_second_formula_needs_a_double_cross_card() -> None:
    state = closed(rolled(new(), FACES), 0)
    with pytest.raises(IllegalAction) as err:
        write(state, {1: (["ear"], ["web"])})
    assert err.value.code == "illegal" and "Double Cross" in err.value.message


def test_when_everyone_has_locked_the_formulas_are_resolved() -> None:
    state = write(closed(rolled(new(), FACES), 0), {0: ["ear"], 1: ["web"]})
    assert state.phase is Phase.COMPOSE
    state = write(state, {2: []})
    assert state.phase is not Phase.COMPOSE
    assert GAME.view(state, None)["dice"] == FACES


def test_compose_timer_gives_an_empty_formula_to_everyone_not_locked() -> None:
    state = closed(rolled(new(compose_seconds=30), FACES), 0, T0 + 1000)
    state = write(state, {0: ["ear"]}, T0 + 5000)
    assert GAME.deadline(state) == T0 + 1000 + 30_000
    assert GAME.view(state, None)["deadline"] == T0 + 31_000
    assert GAME.timeout(state, T0 + 30_999) == state
    state = GAME.timeout(state, T0 + 31_000)
    assert state.phase is not Phase.COMPOSE
    assert [r["verdict"] for r in GAME.view(settle(state), None)["results"]] == [
        "incomplete", "empty", "empty",
    ]  # fmt: skip


def test_no_compose_deadline_without_a_timer() -> None:
    state = closed(rolled(new(), FACES), 0)
    assert GAME.deadline(state) is None


def test_table_pass_gives_a_player_who_left_an_empty_formula() -> None:
    state = write(closed(rolled(new(), FACES), 0), {0: ["ear"], 1: ["web"]})
    state = GAME.apply(state, None, {"type": "pass", "seat": 2}, T0)
    assert state.phase is not Phase.COMPOSE
    with pytest.raises(IllegalAction):
        GAME.apply(closed(rolled(new(), FACES), 0), None, {"type": "pass"}, T0)


def test_die_faces_round_trip_through_json() -> None:
    assert Die.parse(FACES[0]).to_json() == FACES[0]


def test_unknown_or_malformed_actions_are_bad_requests() -> None:
    for seat, action in ((0, {"type": "fly"}), (0, {}), (0, {"type": 3}), (9, {"type": "roll"})):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(new(), seat, action, T0, seats=3)  # the room passes its seats
        assert err.value.code == "bad_request" and err.value.message.endswith(".")


def test_a_pause_stops_the_compose_timer(tmp_path: Path, clock: Clock) -> None:
    """Paused through the room, the compose timer stands still: nobody's formula is written
    off during the pause, and the 30 s run out only that much later."""
    svc = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000)
    names = ("Ann", "Ben", "Cleo")
    room = seated_room(svc, "wicked-witches-way", names, compose_seconds=30, physical_dice=False)
    svc.act(f"p{room.state.roller}", ROLL)
    press = svc.act("tv", {**CLOSE, "t": clock.now})
    clock.now += CAP_MS + 1
    svc.tick()  # the lid race settles: the table closed the lid
    assert press.pending is not None and press.pending.wait(0)["ok"]
    due = room.deadline()  # server time
    assert room.state.phase is Phase.COMPOSE and due is not None
    svc.room_command("tv", {"type": "pause"})
    clock.now += 60_000  # long past the compose timer
    svc.tick()
    svc.room_command("tv", {"type": "resume"})
    svc.tick()
    assert room.deadline() == due + 60_000 and room.state.formulas == (None, None, None)
    clock.now = due + 60_000
    svc.tick()
    assert room.state.phase is not Phase.COMPOSE  # time was up for every formula
