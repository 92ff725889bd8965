"""Čarodějnice!'s box: the jurors (names and missions), the conviction track, the curse deck and
the tales, as the host enters them from the cards. Each field's bad values are refused (nothing
is kept); an entered value reaches the views and loses its placeholder mark, while the values
left out keep theirs."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine import Illegal
from companion.games.carodejnice.cards import BOX, box
from tests.box_cases import assert_defaults_pass, assert_refused, bad_boxes
from tests.unit.carodejnice.helpers import GAME, act

BAD = list(bad_boxes(BOX))


@pytest.mark.parametrize(("given", "label"), BAD)
def test_each_field_refuses_its_bad_values(given: dict[str, Any], label: str) -> None:
    assert_refused(GAME, given, label, ("Anna",), kept={"scenario": 0, "box": {"curse_deck": 6}})


def test_every_field_is_tried() -> None:
    labels = {label for _, label in BAD}
    assert {"Jurors", "Juror", "Name", "Missions", "Mission", "Difficulty", "Value"} <= labels
    assert {"Challenges", "Conviction track: its last space", "Curse cards"} <= labels
    assert {"Tales of Wildegrens", "Tale", "Title", "Tracks", "Track", "Start", "End"} <= labels


def test_the_defaults_are_the_data_files_placeholders() -> None:
    assert_defaults_pass(BOX)
    state = GAME.setup(("Anna",), {}, 1)
    assert state.cards == box()
    view = GAME.view(state, 0)
    assert view["placeholder"] is True
    assert all(j["placeholder"] for j in view["jurors"])
    assert all(m["placeholder"] for m in view["missions"]["laid_out"])


def test_entered_jurors_reach_the_views_without_the_placeholder_mark() -> None:
    jurors = [
        {
            "name": f"Judge {n}",
            "missions": [{"name": f"Task {n}-{a}", "value": a} for a in (1, 2, 3)],
        }
        for n in range(8)
    ]
    state = GAME.setup(("Anna",), {"box": {"jurors": jurors, "conviction_max": 9}}, 1)
    view = GAME.view(state, 0)
    assert view["placeholder"] is False
    assert {j["name"] for j in view["jurors"]} <= {f"Judge {n}" for n in range(8)}
    assert [j["placeholder"] for j in view["jurors"]] == [False] * 3
    laid_out = view["missions"]["laid_out"]
    assert [m["name"].startswith("Task ") for m in laid_out] == [True] * 3
    assert [(m["value"], m["placeholder"]) for m in laid_out] == [(1, False)] * 3
    # a number left out keeps the placeholder's
    assert [m["difficulty"] for m in laid_out] == [4] * 3
    assert view["conviction_max"] == 9
    steps = {s["step"]: s for s in view["setup"]}
    assert set(steps["jurors"]["jurors"]) <= {f"Judge {n}" for n in range(8)}


def test_the_rules_count_with_the_entered_numbers() -> None:
    jurors = [{"missions": [{"challenges": 1}, {"challenges": 0}, {"challenges": 4}]}] * 8
    state = GAME.setup(("Anna",), {"box": {"jurors": jurors, "curse_deck": 2}}, 1)
    assert dict(state.challenges) == {m: 1 for m in state.laid_out}
    assert state.curse_deck == 2
    state = act(act(act(state, "ready"), "curse"), "return_curse")
    assert GAME.view(state, 0)["counters"]["curse_deck"] == 2
    with pytest.raises(Illegal, match="Every curse is already in the curse deck"):
        act(state, "return_curse")


def test_only_the_names_entered_lose_the_mark() -> None:
    jurors = [{"name": "Ada"}] + [{}] * 7
    view = GAME.view(GAME.setup(("Anna",), {"box": {"jurors": jurors}}, 1), 0)
    marks = {j["name"]: j["placeholder"] for j in view["jurors"]}
    assert all(mark is (name != "Ada") for name, mark in marks.items())
    assert view["placeholder"] is True  # the missions are still the placeholders


def test_an_entered_tale_loses_its_mark() -> None:
    tales = [{"title": f"Tale {n}", "tracks": [{"name": "Hope", "max": 6}]} for n in range(9)]
    state = GAME.setup(("Anna",), {"scenario": 3, "box": {"tales": tales}}, 1)
    tale = GAME.view(state, 0)["tale"]
    assert (tale["title"], tale["placeholder"]) == ("Tale 2", False)
    assert tale["tracks"] == [{"name": "Hope", "value": 0, "max": 6, "goal": "win"}]
