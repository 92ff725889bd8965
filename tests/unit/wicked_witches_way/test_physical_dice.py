"""Physical dice (issue 10): thrown into the box, the lid race at once, formulas written from
memory, and the faces entered only when the lid opens — correctable until they are applied."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import IllegalAction
from companion.games.wicked_witches_way.state import GameState, Phase, Step
from tests.unit.wicked_witches_way.helpers import (
    GAME,
    ORANGE3,
    ROLL,
    T0,
    closed,
    dumped,
    enter,
    new,
    position,
    result_of,
    settle,
    until,
    with_hand,
    write,
)

#: the same box with one face mis-tapped: the eye entered black instead of orange
MISTAPPED = [
    {"symbol": "eye", "color": "black"} if d == {"symbol": "eye", "color": "orange"} else d
    for d in ORANGE3
]


def thrown(players: int = 3, **options: Any) -> GameState:
    return GAME.apply(new(players=players, physical_dice=True, **options), None, ROLL, T0)


def lid_open(formulas: dict[int, Any] | None = None, **options: Any) -> GameState:
    """Thrown, the lid closed by Ursule, every formula written: the lid opens."""
    state = closed(thrown(**options), 0)
    return write(state, formulas or {0: ["ear", "star", "eye"], 1: ["eye"], 2: []})


def test_rolling_physical_dice_opens_the_look_without_faces_and_the_lid_closes_at_once() -> None:
    state = thrown()
    view = GAME.view(state, None)
    assert (view["phase"], view["dice"]) == ("look", None)
    assert GAME.race_opened_at(state) == T0
    state = GAME.apply(state, 1, {"type": "close_lid"}, T0 + 1)
    assert state.phase is Phase.COMPOSE and state.lid_closed_by == 1


def test_the_roller_throws_from_her_phone_too() -> None:
    state = new(physical_dice=True)
    state = GAME.apply(state, state.roller, ROLL, T0)
    assert state.phase is Phase.LOOK and state.dice is None


def test_faces_are_not_entered_with_the_roll() -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(new(physical_dice=True), None, {"type": "roll", "dice": ORANGE3}, T0)
    assert err.value.code == "bad_request"
    assert err.value.message == "Enter the dice when the lid opens, once every formula is written."


def test_faces_cannot_be_entered_before_the_lid_opens() -> None:
    for state in (new(physical_dice=True), thrown(), closed(thrown(), 0)):
        with pytest.raises(IllegalAction) as err:
            enter(state, ORANGE3)
        assert err.value.code == "illegal"


def test_when_every_formula_is_written_the_lid_opens_and_waits_for_the_faces() -> None:
    state = lid_open()
    view = GAME.view(state, None)
    assert (view["phase"], view["step"], view["dice"], view["current"]) == (
        "resolve", "read", None, None,
    )  # fmt: skip
    assert len(view["formulas"]) == 3 and GAME.deadline(state) is None
    assert "dice" in GAME.view(state, state.roller)["you"]["prompts"]
    others = [k for k in state.seats if k != state.roller]
    assert all("dice" not in GAME.view(state, k)["you"]["prompts"] for k in others)


def test_only_the_roller_or_the_table_enters_the_faces() -> None:
    state = lid_open()
    other = (state.roller + 1) % 3
    with pytest.raises(IllegalAction) as err:
        enter(state, ORANGE3, seat=other)
    assert err.value.code == "not_your_turn"
    assert enter(state, ORANGE3, seat=state.roller).dice is not None
    assert enter(state, ORANGE3, seat=None).dice is not None


def test_entered_faces_are_shown_sorted_for_a_while_before_the_first_formula() -> None:
    state = enter(lid_open(pace_seconds=3), ORANGE3, at=T0 + 5000)
    view = GAME.view(state, None)
    assert (view["step"], view["dice"], view["results"]) == ("sort", ORANGE3, [])
    assert view["valid"] == {"orange": ["ear", "star", "eye"], "black": ["spider", "web"]}
    # Twice a step, so that the table can check the faces against the box.
    assert GAME.deadline(state) == T0 + 5000 + 2 * 3000


def test_a_mis_tapped_face_is_corrected_while_the_dice_are_shown() -> None:
    state = enter(lid_open(), MISTAPPED, at=T0 + 5000)
    assert GAME.view(state, None)["valid"]["black"] == ["spider", "web", "eye"]
    state = enter(state, ORANGE3, seat=None, at=T0 + 9000)
    view = GAME.view(state, None)
    assert view["dice"] == ORANGE3 and view["valid"]["orange"] == ["ear", "star", "eye"]
    assert "The table corrects the dice." in " ".join(state.log)
    # The correction starts the check again.
    assert GAME.deadline(state) == T0 + 9000 + 2 * 4000
    state = settle(state)
    assert result_of(state, 0)["verdict"] == "perfect" and position(state, 0) == 5


def test_the_faces_can_no_longer_be_corrected_once_a_formula_is_applied() -> None:
    state = enter(lid_open(), ORANGE3, at=T0 + 5000)
    state = until(state, 0, Step.AFTER)
    with pytest.raises(IllegalAction) as err:
        enter(state, MISTAPPED, at=GAME.deadline(state) or 0)
    assert err.value.message == "The dice can no longer be corrected: formulas have been applied."


def test_the_app_rolled_dice_cannot_be_entered() -> None:
    state = closed(GAME.apply(new(), None, ROLL, T0), 0)
    state = write(state, {0: [], 1: [], 2: []})
    with pytest.raises(IllegalAction) as err:
        enter(state, ORANGE3)
    assert err.value.message == "The app rolled the dice: there is nothing to enter."


def test_the_table_cannot_skip_the_entry_of_the_faces() -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(lid_open(), None, {"type": "pass"}, T0 + 5000)
    assert err.value.message == "Enter the dice first."


def test_decree_with_physical_dice_is_a_timed_look_in_the_real_box() -> None:
    state = with_hand(new(physical_dice=True), 2, "decree#1")
    state = closed(GAME.apply(state, None, ROLL, T0), 0)
    state = write(state, {0: ["ear"], 1: ["ear"]})
    state = GAME.apply(state, 2, {"type": "spell", "card": "decree"}, T0 + 5000)
    state = GAME.timeout(state, T0 + 10_000)
    look = {"dice": None, "until": T0 + 20_000}
    assert GAME.view(state, 2)["you"]["decree"] == look
    assert GAME.view(state, None)["decree"] == {"seat": 2, "until": T0 + 20_000}
    assert '"symbol"' not in dumped(GAME.view(state, 0))


def test_a_physical_turn_replays_to_the_same_state() -> None:
    def play() -> GameState:
        state = enter(lid_open(), MISTAPPED, at=T0 + 5000)
        return settle(enter(state, ORANGE3, at=T0 + 6000))

    assert play() == play()
    assert play().phase is Phase.ROLL
