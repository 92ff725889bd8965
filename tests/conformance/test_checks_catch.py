"""The conformance checks can fail: the example game (``tests/unit/test_example_game.py``),
broken on purpose, fails them with a message that says what is wrong and shows the view.

Each variant subclasses the example and gets one thing wrong: a listed move the rules refuse,
an accepted move that is not listed, a seat that left still offered moves, a typed-in number
listed once (a free field) that the rules do not take in every value.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from companion.engine import Illegal, Payload, Reason
from tests.conformance import checks
from tests.unit.test_example_game import GAME, HighCard, HighCardState


class ListsARefusedMove(HighCard):
    """Offers a pick to a seat that has picked already (the rules refuse it)."""

    def choices(self, state: HighCardState, seat: int | None) -> list[dict[str, Any]]:
        if seat is None or state.revealed:
            return super().choices(state, seat)
        return [{"type": "pick", "n": n} for n in range(1, 11)]


class ForgetsAMove(HighCard):
    """Lists 1 to 9, but the rules accept a 10 too."""

    def choices(self, state: HighCardState, seat: int | None) -> list[dict[str, Any]]:
        return [p for p in super().choices(state, seat) if p.get("n") != 10]


class ListsASeatThatLeft(HighCard):
    """Still offers the picks to a seat whose player left."""

    def choices(self, state: HighCardState, seat: int | None) -> list[dict[str, Any]]:
        return super().choices(replace(state, gone=frozenset()), seat)


class PromptIgnoresChoices(HighCard):
    """Tells every seat to choose, the one that picked already too (its prompt ignores
    ``acting``): the seat that must act and the one that must not are told the same."""

    def prompt(self, state: HighCardState, seat: int, acting: bool) -> str:
        return super().prompt(state, seat, True)


class SaysActToAll(HighCard):
    """Its own ``present`` calls every seat to act, whatever its choices."""

    def present(
        self, state: HighCardState, seat: int | None, over: Reason | None = None
    ) -> dict[str, Any]:
        view = super().present(state, seat, over)
        if seat is not None and over is None and not self.is_over(state):
            view["you"]["prompt"]["kind"] = "act"
        return view


class Typed(HighCard):
    """The number is typed in (``Field.free``): each pick is listed once, with a representative
    number, and stands for every number of the field. Right: it passes the checks."""

    def __init__(self) -> None:
        super().__init__()
        pick = self.actions["pick"]
        free = tuple(replace(declared, free=True) for declared in pick.fields)
        self.actions["pick"] = replace(pick, fields=free)

    def choices(self, state: HighCardState, seat: int | None) -> list[dict[str, Any]]:
        return [p for p in super().choices(state, seat) if p.get("n") in (None, 1)]


class TypedButNotFree(Typed):
    """Lists the typed-in number once, but refuses a 10: the field is not free."""

    def _pick(self, state: HighCardState, seat: int, action: Payload, at: float) -> HighCardState:
        if action["n"] == 10:
            raise Illegal("There is no 10 in this deck.")
        return super()._pick(state, seat, action, at)


def test_a_free_field_is_listed_once() -> None:
    """A typed-in value listed once stands for every value of its field (``Field.free``)."""
    game = Typed()
    state = game.setup(("a", "b"), {}, 1)
    assert game.choices(state, 0) == [{"type": "pick", "n": 1}]
    checks.check_progress([checks.play(game, 3, {}, seed) for seed in (1, 2, 3)])


@pytest.mark.parametrize(
    ("wrong", "failure"),
    [
        (ListsARefusedMove(), r"seat \d is offered \{'type': 'pick', 'n': \d+\} but it is refused"),
        (ForgetsAMove(), r"seat \d may send \{'type': 'pick', 'n': 10\}, which is not listed"),
        (TypedButNotFree(), r"\(free 'n'\) but it is refused \(illegal: There is no 10"),
        (PromptIgnoresChoices(), r"seat \d must act and seat \d must not, but both are told"),
        (SaysActToAll(), r"seat \d's prompt is 'act', but its choices are \[\]"),
    ],
    ids=[
        "lists-a-refused-move",
        "forgets-a-move",
        "free-but-refuses-a-value",
        "prompt-ignores-choices",
        "prompt-kind-disagrees",
    ],
)
def test_wrong_lists_fail_the_checks(wrong: HighCard, failure: str) -> None:
    with pytest.raises(AssertionError, match=failure) as caught:
        for seed in (1, 2, 3):
            checks.play(wrong, 4, {}, seed)
    assert "view: {" in str(caught.value)  # the failure shows the view


def test_a_seat_that_left_must_be_offered_nothing() -> None:
    rng = random.Random(1)
    for game in (GAME, ListsASeatThatLeft()):
        state = game.seat_left(game.setup(("a", "b", "c"), {}, 1), 1, checks.T0)
        if game is GAME:
            checks.check_choices(game, state, 3, checks.T0, rng, gone={1})
            continue
        with pytest.raises(AssertionError, match=r"it left, but seat 1 is offered \[\{'type'"):
            checks.check_choices(game, state, 3, checks.T0, rng, gone={1})


def test_probes_find_a_move_the_list_forgets() -> None:
    """A game's own tests ask ``check_choices`` to probe (``probes``): moves besides the listed
    ones, each accepted one compared with the lists, in a single state."""
    state = GAME.setup(("a", "b", "c"), {}, 1)
    seen = checks.Seen()
    checks.check_choices(GAME, state, 3, checks.T0, random.Random(1), probes=4, seen=seen)
    assert seen.listed["pick"] == 30 and seen.accepted["pick"]
    with pytest.raises(AssertionError, match=r"may send \{'type': 'pick', 'n': 10\}, which is not"):
        checks.check_choices(ForgetsAMove(), state, 3, checks.T0, random.Random(1), probes=4)
