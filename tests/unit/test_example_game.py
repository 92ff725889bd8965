"""A whole game, registered only here, passes the conformance checks (README, "Adding a game").

High card: each player secretly picks a number from 1 to 10; the table reveals them all once
everyone has picked, or the timer does, 30 s after the first pick. A player who leaves is not
waited for. It has no pages and no help.md, so the page and help checks are left out; every
other check runs. It lists its decisions (``Game.choices``); variants that list them wrongly
fail the checks, so the checks can fail.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from companion.engine import Field, FieldType, Game, Illegal, Payload, by_seat, by_table
from companion.games.registry import GAMES
from tests.conformance import checks

REVEAL_AFTER_MS = 30_000


@dataclass(frozen=True)
class HighCardState:
    picks: tuple[int | None, ...]  # by seat; None: not picked yet
    revealed: bool = False
    reveal_at: float | None = None  # the timer, started by the first pick
    gone: frozenset[int] = frozenset()  # seats whose player left


class HighCard(Game[HighCardState]):
    id, title, min_players, max_players = "high-card", "High card", 2, 6
    #: the pick's number is typed in (the variants below list it once)
    typed = False

    def __init__(self) -> None:
        number = Field("n", FieldType.INT, low=1, high=10, free=self.typed)
        super().__init__(
            by_seat("pick", self._pick, number),
            by_table("reveal", self._reveal),
        )

    def new_state(
        self, players: tuple[str, ...], options: Mapping[str, Any], seed: int
    ) -> HighCardState:
        return HighCardState(picks=tuple(None for _ in players))

    def _pick(self, state: HighCardState, seat: int, action: Payload, at: float) -> HighCardState:
        if state.revealed:
            raise Illegal("The cards are on the table.")
        if state.picks[seat] is not None or seat in state.gone:
            raise Illegal("You have picked already.")
        picks = tuple(action["n"] if k == seat else n for k, n in enumerate(state.picks))
        timer = at + REVEAL_AFTER_MS if state.reveal_at is None else state.reveal_at
        return replace(state, picks=picks, reveal_at=timer)

    def _reveal(
        self, state: HighCardState, seat: None, action: Payload, at: float
    ) -> HighCardState:
        if state.revealed or self.waiting(state):
            raise Illegal("Wait until everyone has picked.")
        return replace(state, revealed=True, reveal_at=None)

    @staticmethod
    def waiting(state: HighCardState) -> list[int]:
        """The seats still to pick (not those who left)."""
        return [k for k, n in enumerate(state.picks) if n is None and k not in state.gone]

    def choices(self, state: HighCardState, seat: int | None) -> list[dict[str, Any]] | None:
        """A seat still to pick picks one of the ten numbers; the table reveals once everyone
        has picked."""
        if state.revealed:
            return []
        if seat is None:
            return [] if self.waiting(state) else [{"type": "reveal"}]
        if seat not in self.waiting(state):
            return []
        return [{"type": "pick", "n": n} for n in range(1, 11)]

    def seat_left(self, state: HighCardState, seat: int, at: float) -> HighCardState:
        return replace(state, gone=state.gone | {seat})

    def view(self, state: HighCardState, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "picked": [n is not None for n in state.picks],
            "picks": list(state.picks) if state.revealed else None,
            "deadline": state.reveal_at,
        }
        if seat is not None:  # only a seat's own view has ``you``
            out["you"] = {"pick": state.picks[seat]}
        return out

    def private(self, state: HighCardState, seat: int) -> list[Any]:
        mine = state.picks[seat]
        return [] if state.revealed or mine is None else [mine]

    def deadline(self, state: HighCardState) -> float | None:
        return state.reveal_at

    def timeout(self, state: HighCardState, at: float) -> HighCardState:
        return replace(state, revealed=True, reveal_at=None)

    def is_over(self, state: HighCardState) -> bool:
        return state.revealed


GAME = HighCard()


@pytest.mark.parametrize("players", [GAME.min_players, GAME.max_players])
def test_high_card_passes_the_conformance_checks(players: int, tmp_path: Path) -> None:
    games = {**GAMES, GAME.id: GAME}
    runs = [checks.play(GAME, players, {}, seed) for seed in (1, 2, 3)]
    checks.check_progress(runs)  # views, secrecy, choices and replay ran inside ``play``
    # through a room: the replay, and a pause that the game's timer stands still for
    checks.check_room_replay(games, GAME, tmp_path / "replay.sqlite3", players, {}, seed=1)
    checks.check_fuzz(games, GAME, tmp_path / "fuzz.sqlite3", players, {}, seed=1)
    checks.check_reference(GAME)
    for seed in (1, 2, 3):
        checks.check_leaver(GAME, players, {}, seed)


# -- listing the decisions wrongly ---------------------------------------------------------------


class ListsARefusedMove(HighCard):
    """Offers a pick to a seat that has picked already (the rules refuse it)."""

    def choices(self, state: HighCardState, seat: int | None) -> list[dict[str, Any]] | None:
        if seat is None or state.revealed:
            return super().choices(state, seat)
        return [{"type": "pick", "n": n} for n in range(1, 11)]


class ForgetsAMove(HighCard):
    """Lists 1 to 9, but the rules accept a 10 too."""

    def choices(self, state: HighCardState, seat: int | None) -> list[dict[str, Any]] | None:
        listed = super().choices(state, seat) or []
        return [p for p in listed if p.get("n") != 10]


class ListsASeatThatLeft(HighCard):
    """Still offers the picks to a seat whose player left."""

    def choices(self, state: HighCardState, seat: int | None) -> list[dict[str, Any]] | None:
        return super().choices(replace(state, gone=frozenset()), seat)


class Typed(HighCard):
    """The number is typed in: each pick is listed once, with a representative number."""

    typed = True

    def choices(self, state: HighCardState, seat: int | None) -> list[dict[str, Any]] | None:
        listed = super().choices(state, seat) or []
        return [p for p in listed if p.get("n") in (None, 1)]


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
    ],
    ids=["lists-a-refused-move", "forgets-a-move", "free-but-refuses-a-value"],
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
