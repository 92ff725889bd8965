"""The faith values are the player's own secret from herself: no view shows them (or anything
computed from them) before the trial, and every view shows them after it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.carodejnice.state import Juror, State
from tests.unit.carodejnice.helpers import GAME, act, at_resolve, in_round, new, succeed

AUDIENCES = (None, 0)


def views(state: State) -> list[dict[str, Any]]:
    return [GAME.view(state, who) for who in AUDIENCES]


def with_other_faith(state: State) -> State:
    return replace(
        state, jurors=tuple(Juror(j.key, j.name, j.conviction, (6, 6)) for j in state.jurors)
    )


def test_no_view_depends_on_the_faith_values_before_the_trial() -> None:
    """Swapping every faith value for another changes no view at all: nothing can leak."""
    for seed in range(8):
        state = in_round(seed)
        for step in (new(seed), state, at_resolve(state), succeed(at_resolve(state))):
            assert views(step) == views(with_other_faith(step))


def test_every_juror_faith_is_null_before_the_trial() -> None:
    for view in views(in_round(3)):
        assert [j["faith"] for j in view["jurors"]] == [None, None, None]
        assert [j["sum"] for j in view["jurors"]] == [None, None, None]
        assert faith_keys(view) == ["jurors.0.faith", "jurors.1.faith", "jurors.2.faith"]


def faith_keys(node: Any, path: str = "") -> list[str]:
    """Every key named like ``faith`` anywhere in ``node``, as a dotted path."""
    if isinstance(node, dict):
        found = [f"{path}{k}" for k in node if "faith" in str(k).lower()]
        return found + [x for k, v in node.items() for x in faith_keys(v, f"{path}{k}.")]
    if isinstance(node, list):
        return [x for i, v in enumerate(node) for x in faith_keys(v, f"{path}{i}.")]
    return []


def test_the_trial_shows_every_faith_pair_to_every_audience() -> None:
    state = act(succeed(at_resolve(in_round(4))), "decide", trial=True)
    for view in views(state):
        assert [j["faith"] for j in view["jurors"]] == [list(j.faith) for j in state.jurors]
