"""Nobody sees a formula before it is applied, nor anyone else's hand, draw or Decree look."""

from __future__ import annotations

import json

from tests.unit.wicked_witches_way.helpers import (
    GAME,
    ORANGE3,
    T0,
    closed,
    dumped,
    new,
    rolled,
    turn,
    with_hand,
    write,
)


def others(seat: int, players: int = 3) -> list[int | None]:
    return [None, *(k for k in range(players) if k != seat)]


def test_no_formula_shows_anywhere_but_its_own_seat_while_writing() -> None:
    state = write(closed(rolled(new(), ORANGE3), 0), {1: ["lightning", "burst"]})
    for seat in others(1):
        text = dumped(GAME.view(state, seat))
        assert '"lightning"' not in text and '"burst"' not in text
        assert GAME.view(state, seat).get("you", {}).get("formula") is None
    assert GAME.view(state, 1)["you"]["formula"]["cards"] == ["lightning", "burst"]


def test_every_formula_is_revealed_together_then_the_lid_opens() -> None:
    """The rulebook's phase 3: every witch reveals her formula, then the lid is removed.
    (Issue 10: formulas used to be revealed one by one as they were applied.)"""
    state = closed(rolled(with_hand(new(), 2, "repaired_oversight#1"), ORANGE3), 0)
    state = GAME.apply(state, 0, {"type": "formula", "cards": ["ear"]}, T0 + 2000)
    state = GAME.apply(state, 1, {"type": "formula", "cards": ["star"]}, T0 + 2000)
    assert GAME.view(state, None)["formulas"] is None
    state = GAME.apply(state, 2, {"type": "formula", "cards": ["lightning", "burst"]}, T0 + 2000)
    view = GAME.view(state, None)
    assert (view["phase"], view["step"], view["current"]) == ("resolve", "reveal", None)
    assert view["formulas"] == [
        {"seat": 0, "cards": ["ear"], "second": None},
        {"seat": 1, "cards": ["star"], "second": None},
        {"seat": 2, "cards": ["lightning", "burst"], "second": None},
    ]
    # The lid is still on: no dice, no verdict yet.
    assert view["dice"] is None and view["valid"] is None and view["results"] == []
    state = GAME.timeout(state, GAME.deadline(state) or 0)
    view = GAME.view(state, None)
    assert view["step"] == "sort" and view["dice"] == ORANGE3 and view["results"] == []
    assert view["valid"] == {"orange": ["ear", "star", "eye"], "black": ["spider", "web"]}


def test_nobody_sees_another_seats_hand() -> None:
    state = with_hand(new(), 1, "tailwind#1", "acrobatics_3#1", "magic_fog#2")
    for seat in others(1):
        text = dumped(GAME.view(state, seat))
        assert "tailwind" not in text and "acrobatics_3" not in text and "magic_fog" not in text
    you = GAME.view(state, 1)["you"]
    assert [c["id"] for c in you["hand"]] == ["tailwind#1", "magic_fog#2"]
    assert you["hand"][0] == {"id": "tailwind#1", "kind": "tailwind", "timing": "after"}
    assert you["acrobatics"] == [{"id": "acrobatics_3#1", "points": 1, "placeholder": True}]
    assert GAME.view(state, None)["witches"][1]["hand_size"] == 3


def test_nobody_sees_another_seats_keep_choice() -> None:
    state = turn(new(), ORANGE3, 0, {2: ["spider", "web"]})
    choice = state.keep_choice
    assert choice is not None
    for seat in others(2):
        text = dumped(GAME.view(state, seat))
        assert all(card not in text for card in choice)
        assert GAME.view(state, seat).get("you", {}).get("keep_choice") is None


def test_the_kept_card_stays_secret() -> None:
    state = turn(new(), ORANGE3, 0, {2: ["spider", "web"]})
    assert state.keep_choice is not None
    kept = state.keep_choice[1]
    state = GAME.apply(state, 2, {"type": "keep", "card": kept}, T0)
    for seat in others(2):
        assert kept not in dumped(GAME.view(state, seat))
    assert kept in dumped(GAME.view(state, 2))


def test_decree_dice_show_only_to_the_witch_who_played_it() -> None:
    state = with_hand(new(), 2, "decree#1")
    state = write(closed(rolled(state, ORANGE3), 0), {0: ["ear"], 1: ["ear"]})
    state = GAME.apply(state, 2, {"type": "spell", "card": "decree"}, T0 + 5000)
    state = GAME.timeout(state, T0 + 10_000)
    assert GAME.view(state, 2)["you"]["decree"] is not None
    for seat in others(2):
        view = GAME.view(state, seat)
        assert '"symbol"' not in dumped(view)


def test_views_are_plain_json() -> None:
    state = with_hand(new(), 1, "tailwind#1", "acrobatics_3#1")
    state = turn(state, ORANGE3, 0, {0: ["ear"], 1: ["spider", "web"]})
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        assert json.loads(json.dumps(view)) == view


def test_table_view_has_the_spec_keys_and_a_seat_view_adds_you() -> None:
    view = GAME.view(new(), None)
    assert set(view) >= {
        "phase", "turn", "roller", "dice", "valid", "lid_closed_by", "lid_closed_at", "curse",
        "witches", "order", "current", "step", "window", "deadline", "results", "spells", "log",
        "deck", "final", "options", "formulas", "holding", "decree",
    }  # fmt: skip
    assert "you" not in view
    assert set(view["witches"][0]) == {
        "seat", "name", "witch", "position", "finished_rank", "score", "handicap", "start",
        "locked", "hand_size", "in_decree", "gone",
    }  # fmt: skip
    you = GAME.view(new(), 0)["you"]
    assert set(you) == {
        "seat", "witch", "can_close_lid", "formula", "hand", "acrobatics", "keep_choice",
        "decree", "prompts",
    }  # fmt: skip


def test_prompts_tell_each_seat_what_it_can_do_now() -> None:
    state = new()
    assert GAME.view(state, state.roller)["you"]["prompts"] == ["roll"]
    state = rolled(state, ORANGE3)
    assert GAME.view(state, 0)["you"]["prompts"] == ["close_lid"]
    state = closed(state, 0)
    assert GAME.view(state, 1)["you"]["prompts"] == ["formula"]
    state = write(state, {1: []})
    assert GAME.view(state, 1)["you"]["prompts"] == []
