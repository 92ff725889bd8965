"""A whole game, registered only here, passes the conformance checks (README, "Adding a game").

High card: each player secretly picks a number from 1 to 10; the table reveals them all once
everyone has picked, or the timer does, 30 s after the first pick. A player who leaves is not
waited for. It lists its decisions (``Game.choices``). It has no pages and no help.md, so the
page and help checks are left out; every other check runs. This is the least a game writes:
start a new game from it. (``tests/conformance/test_checks_catch.py`` breaks it on purpose, to
show that the checks fail.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from companion.engine import (
    BadRequest,
    Field,
    FieldType,
    Game,
    Illegal,
    Payload,
    by_seat,
    by_table,
)
from companion.games.registry import GAMES
from tests.conformance import checks

REVEAL_AFTER_MS = 30_000


@dataclass(frozen=True)
class HighCardState:
    picks: tuple[int | None, ...]  # by seat; None: not picked yet
    revealed: bool = False
    reveal_at: float | None = None  # the timer (game time), started by the first pick
    gone: frozenset[int] = frozenset()  # seats whose player left: nobody waits for them

    @property
    def waiting(self) -> list[int]:
        """The seats still to pick: none once the cards are on the table."""
        unpicked = [k for k, n in enumerate(self.picks) if n is None and k not in self.gone]
        return [] if self.revealed else unpicked


class HighCard(Game[HighCardState]):
    id, title, min_players, max_players = "high-card", "High card", 2, 6

    def __init__(self) -> None:
        super().__init__(
            by_seat("pick", self._pick, Field("n", FieldType.INT, low=1, high=10)),
            by_table("reveal", self._reveal),
        )

    def new_state(
        self, players: tuple[str, ...], options: Mapping[str, Any], seed: int
    ) -> HighCardState:
        return HighCardState(picks=(None,) * len(players))

    def _pick(self, state: HighCardState, seat: int, action: Payload, at: float) -> HighCardState:
        if seat not in state.waiting:
            raise Illegal("You have no card to pick.")
        picks = tuple(action["n"] if k == seat else n for k, n in enumerate(state.picks))
        timer = at + REVEAL_AFTER_MS if state.reveal_at is None else state.reveal_at
        return replace(state, picks=picks, reveal_at=timer)

    def _reveal(
        self, state: HighCardState, seat: None, action: Payload, at: float
    ) -> HighCardState:
        if state.waiting:  # once revealed, the game is over: the engine refuses everything
            raise Illegal("Wait until everyone has picked.")
        return self.timeout(state, at)

    def choices(self, state: HighCardState, seat: int | None) -> list[dict[str, Any]]:
        """A seat still to pick picks one of the ten; then the table may reveal them."""
        if seat is None:
            return [] if state.revealed or state.waiting else [{"type": "reveal"}]
        return [{"type": "pick", "n": n} for n in range(1, 11)] if seat in state.waiting else []

    def seat_left(self, state: HighCardState, seat: int, at: float) -> HighCardState:
        return replace(state, gone=state.gone | {seat})

    def view(self, state: HighCardState, seat: int | None) -> dict[str, Any]:
        """Who has picked, the numbers once revealed; a seat's own view adds its pick."""
        out = {"picked": [n is not None for n in state.picks], "deadline": state.reveal_at}
        out["picks"] = list(state.picks) if state.revealed else None
        return out if seat is None else {**out, "you": {"pick": state.picks[seat]}}

    def private(self, state: HighCardState, seat: int) -> list[Any]:
        return [] if state.revealed or state.picks[seat] is None else [state.picks[seat]]

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
    ends = [
        checks.check_end(games, GAME, tmp_path / f"end{s}.sqlite3", players, {}, s)
        for s in (1, 2, 3)
    ]
    assert any(ends)  # the host ended one at least before the cards were revealed
    checks.check_reference(GAME)
    for seed in (1, 2, 3):
        checks.check_leaver(GAME, players, {}, seed)


def test_once_over_every_action_is_refused_and_a_malformed_one_is_a_bad_request() -> None:
    """The engine's rule for every game (``Game.apply``): after ``is_over`` nothing is played."""
    state = GAME.setup(("Anna", "Ben"), {}, 1)
    for seat, n in ((0, 3), (1, 7)):
        state = GAME.apply(state, seat, {"type": "pick", "n": n}, 1000.0)
    state = GAME.apply(state, None, {"type": "reveal"}, 2000.0)
    assert GAME.is_over(state)
    with pytest.raises(Illegal, match=r"^The game is over\.$"):
        GAME.apply(state, None, {"type": "reveal"}, 3000.0)
    with pytest.raises(BadRequest):
        GAME.apply(state, 0, {"type": "pick", "n": 11}, 3000.0)
