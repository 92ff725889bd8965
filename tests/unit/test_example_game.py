"""A whole game, registered only here, passes the conformance checks (README, "Adding a game").

High card: each player secretly picks a number from 1 to 10; the table reveals them all once
everyone has picked, or the timer does, 30 s after the first pick. It has no pages and no
help.md, so the page and help checks are left out; every other check runs.
"""

from __future__ import annotations

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
        return HighCardState(picks=tuple(None for _ in players))

    def _pick(self, state: HighCardState, seat: int, action: Payload, at: float) -> HighCardState:
        if state.picks[seat] is not None:
            raise Illegal("You have picked already.")
        picks = tuple(action["n"] if k == seat else n for k, n in enumerate(state.picks))
        timer = at + REVEAL_AFTER_MS if state.reveal_at is None else state.reveal_at
        return replace(state, picks=picks, reveal_at=timer)

    def _reveal(
        self, state: HighCardState, seat: None, action: Payload, at: float
    ) -> HighCardState:
        if None in state.picks:
            raise Illegal("Wait until everyone has picked.")
        return replace(state, revealed=True, reveal_at=None)

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
    checks.check_progress(runs)  # views, secrecy and replay ran inside ``play``
    # through a room: the replay, and a pause that the game's timer stands still for
    checks.check_room_replay(games, GAME, tmp_path / "replay.sqlite3", players, {}, seed=1)
    checks.check_fuzz(games, GAME, tmp_path / "fuzz.sqlite3", players, {}, seed=1)
    checks.check_reference(GAME)
