"""Magical abilities with the table's own cards (issue 10): the app runs the draft order and
deals nothing; each player says which card they kept, by its number or its name in the
editable data file."""

from __future__ import annotations

import json

import pytest

from companion.engine import IllegalAction
from companion.games.witchs_brew.abilities import abilities, find, parse_abilities
from companion.games.witchs_brew.state import GameState, Phase
from tests.unit.witchs_brew.helpers import (
    ANNA,
    BEN,
    CLEO,
    DAN,
    GAME,
    T0,
    new,
    play_out,
    selected,
    table,
)


def game(players: int = 4, first: int = BEN) -> GameState:
    return new(players, first=first, physical_abilities=True)


def keep(state: GameState, seat: int, card: str) -> GameState:
    return GAME.apply(state, seat, {"type": "keep", "card": card}, T0)


def refused(state: GameState, seat: int | None, action: dict[str, object]) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, action, T0)
    return err.value.code, err.value.message


def test_the_option_plays_the_expansion_without_dealing() -> None:
    state = game()
    view = table(state)
    assert view["phase"] == "draft" and view["options"]["magical_abilities"] is True
    assert view["options"]["physical_abilities"] is True
    assert view["deck"] is None and state.deck == ()
    assert all(GAME.view(state, seat)["you"]["draft_hand"] is None for seat in state.seats)
    assert GAME.private(state, BEN) == []  # nothing dealt, nothing secret yet


def test_the_app_calls_the_players_in_the_expansions_order() -> None:
    state = game(4, first=BEN)
    draft = table(state)["draft"]
    assert (draft["order"], draft["current"]) == ([BEN, CLEO, DAN, ANNA], BEN)
    # the cards a player may name as the one she kept (the room's box names them)
    assert [c["number"] for c in draft["cards"]] == list(range(1, 18))
    assert GAME.view(state, BEN)["you"]["prompts"] == ["keep"]
    assert GAME.view(state, CLEO)["you"]["prompts"] == []
    assert refused(state, CLEO, {"type": "keep", "card": "4"}) == (
        "not_your_turn",
        "It is Ben's turn to choose an ability.",
    )
    state = keep(state, BEN, "4")
    assert table(state)["draft"]["current"] == CLEO
    assert [p["drafting"] for p in table(state)["players"]] == [True, False, True, True]


def test_a_kept_card_is_named_by_its_number_its_name_or_its_id() -> None:
    state = keep(game(3, first=ANNA), ANNA, "4")
    state = keep(state, BEN, "  ABILITY 9 (placeholder) ")
    state = keep(state, CLEO, "ability-01")
    kept = [p.ability for p in state.players]
    assert kept == ["ability-04", "ability-09", "ability-01"]
    assert find("17") == "ability-17" and find("0") is None and find("") is None


def test_an_unknown_card_is_a_bad_request() -> None:
    code, message = refused(game(3, first=ANNA), ANNA, {"type": "keep", "card": "18"})
    assert (code, message) == (
        "bad_request",
        "There is no such ability card: give its number (1–17).",
    )
    assert refused(game(3, first=ANNA), ANNA, {"type": "keep"})[0] == "bad_request"


def test_each_mode_refuses_the_other_modes_action() -> None:
    assert refused(game(3, first=ANNA), ANNA, {"type": "draft", "card": "ability-01"}) == (
        "illegal",
        "You play with your own ability cards: say which card you kept.",
    )
    dealt = new(3, first=ANNA, magical_abilities=True)
    assert refused(dealt, ANNA, {"type": "keep", "card": "1"}) == (
        "illegal",
        "The app deals the ability cards: keep one of those in your hand.",
    )
    assert refused(new(3), ANNA, {"type": "keep", "card": "1"})[0] == "illegal"
    assert refused(game(), None, {"type": "keep", "card": "1"})[0] == "forbidden"


def test_a_kept_card_is_secret_until_everyone_has_chosen() -> None:
    state = keep(game(3, first=ANNA), ANNA, "5")
    mine = GAME.view(state, ANNA)["you"]["ability"]
    assert mine["id"] == "ability-05" and mine in GAME.private(state, ANNA)
    for seat in (None, BEN, CLEO):
        assert '"ability-05"' not in json.dumps(GAME.view(state, seat))
    state = keep(keep(state, BEN, "12"), CLEO, "2")
    assert state.phase is Phase.SELECT
    shown = {p["seat"]: p["ability"]["id"] for p in table(state)["players"]}
    assert shown == {ANNA: "ability-05", BEN: "ability-12", CLEO: "ability-02"}
    # The start-of-round card has taken effect at the reveal; the once card waits for its use.
    assert table(state)["players"][CLEO]["ability"]["used"] is True
    assert GAME.view(state, ANNA)["you"]["prompts"] == ["select", "ability"]


def test_used_and_held_cards_are_the_tables_business() -> None:
    state = keep(keep(keep(game(3, first=ANNA), ANNA, "5"), BEN, "12"), CLEO, "2")
    state = GAME.apply(state, ANNA, {"type": "ability", "card": "ability-05"}, T0)
    assert table(state)["players"][ANNA]["ability"]["used"] is True and state.deck == ()
    state = play_out(selected(state))
    assert state.set_number == 2 and state.phase is Phase.DRAFT and state.deck == ()
    assert table(state)["draft"]["order"] == [BEN, CLEO, ANNA]
    assert all(p["ability"] is None for p in table(state)["players"])


def test_the_tables_skip_passes_a_drafter_by_without_a_card() -> None:
    state = GAME.apply(game(3, first=ANNA), None, {"type": "skip"}, T0)
    assert state.players[ANNA].ability is None and table(state)["draft"]["current"] == BEN


def test_the_data_file_may_hold_the_real_cards() -> None:
    """The editable data file: real names and texts, any numbering 1–17."""
    rows = [
        {"id": f"c{k}", "number": 18 - k, "name": f"Card {k}", "text": f"Does {k}.",
         "kind": "start" if k <= 3 else ("once" if k <= 6 else "multi")}
        for k in range(1, 18)
    ]  # fmt: skip
    cards = parse_abilities(rows)
    assert (
        cards["c1"].number == 17 and cards["c1"].text == "Does 1." and not cards["c1"].placeholder
    )
    with pytest.raises(ValueError, match="numbered 1 to 17"):
        parse_abilities([{**row, "number": 1} for row in rows])
    with pytest.raises(ValueError, match="same name"):
        parse_abilities([{**row, "name": "Same"} for row in rows])


def test_the_reference_lists_every_card_with_its_number() -> None:
    listed = GAME.reference()["abilities"]
    assert [card["number"] for card in listed] == list(range(1, 18))
    assert [card["id"] for card in listed] == list(abilities())
    assert set(listed[0]) == {"id", "number", "name", "text", "kind", "placeholder"}
