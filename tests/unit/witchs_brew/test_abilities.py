"""Magical abilities: the draft exactly as the expansion says, the reveal, the deck."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from companion.engine import IllegalAction, Rng
from companion.games.witchs_brew.abilities import DeckCard, abilities, draw, reshuffled
from companion.games.witchs_brew.draft import deal
from companion.games.witchs_brew.state import GameState, Phase
from tests.unit.witchs_brew.helpers import (
    ANNA,
    BEN,
    CLEO,
    DAN,
    GAME,
    T0,
    drafted,
    new,
    play_out,
    selected,
    table,
)

START = ["ability-01", "ability-02", "ability-03"]
ONCE = ["ability-04", "ability-05", "ability-06"]
MULTI = [f"ability-{k:02d}" for k in range(7, 18)]


def with_deck(state: GameState, top: list[str]) -> GameState:
    """Deal set 1's draft again from a deck with ``top`` on top (the rest in file order)."""
    ids = top + [card for card in abilities() if card not in top]
    deck = tuple(DeckCard(card) for card in ids)
    draft, rest = deal(deck, state.first_player, len(state.players), state.seed, 1)
    return replace(state, draft=draft, deck=rest)


def game(players: int = 4, first: int = BEN, top: list[str] | None = None) -> GameState:
    state = new(players, first=first, magical_abilities=True)
    return with_deck(state, top) if top is not None else state


def draft_hand(state: GameState, seat: int) -> list[str] | None:
    held = GAME.view(state, seat)["you"]["draft_hand"]
    return None if held is None else [card["id"] for card in held]


def choose(state: GameState, seat: int, card: str) -> GameState:
    return GAME.apply(state, seat, {"type": "draft", "card": card}, T0)


def every_card_once(state: GameState) -> None:
    """Each of the 17 cards is in exactly one place: the deck, a draft hand, or kept."""
    places = [c.id for c in state.deck]
    if state.phase is Phase.DRAFT and state.draft is not None:
        places += [card for held in state.draft.hands for card in held]
    for player in state.players:
        if player.ability is not None and not player.ability_used:
            places.append(player.ability)
    assert Counter(places) == Counter(list(abilities()))


def test_first_player_takes_three_the_others_one() -> None:
    state = game(4, first=BEN, top=MULTI[:6])
    assert table(state)["phase"] == "draft"
    assert table(state)["draft"] == {"order": [BEN, CLEO, DAN, ANNA], "current": BEN}
    assert draft_hand(state, BEN) == MULTI[:3]
    assert [draft_hand(state, s) for s in (CLEO, DAN, ANNA)] == [[MULTI[3]], [MULTI[4]], [MULTI[5]]]
    assert table(state)["deck"] == {"face_down": 11, "face_up": 0}
    assert [p["drafting"] for p in table(state)["players"]] == [True] * 4
    assert GAME.view(state, BEN)["you"]["prompts"] == ["draft"]
    assert GAME.view(state, CLEO)["you"]["prompts"] == []
    every_card_once(state)


def test_pick_one_and_pass_the_rest_left() -> None:
    state = choose(game(4, first=BEN, top=MULTI[:6]), BEN, MULTI[1])
    assert draft_hand(state, BEN) is None
    assert GAME.view(state, BEN)["you"]["ability"]["id"] == MULTI[1]
    assert draft_hand(state, CLEO) == [MULTI[3], MULTI[0], MULTI[2]]
    assert table(state)["draft"]["current"] == CLEO
    assert [p["drafting"] for p in table(state)["players"]] == [True, False, True, True]
    state = choose(state, CLEO, MULTI[0])
    assert draft_hand(state, DAN) == [MULTI[4], MULTI[3], MULTI[2]]
    state = choose(state, DAN, MULTI[2])
    assert draft_hand(state, ANNA) == [MULTI[5], MULTI[4], MULTI[3]]
    state = choose(state, ANNA, MULTI[4])
    # The last player's two leftovers go face up under the deck.
    assert [c for c in state.deck if c.face_up] == [
        DeckCard(MULTI[5], True),
        DeckCard(MULTI[3], True),
    ]
    assert table(state)["deck"] == {"face_down": 11, "face_up": 2}
    assert state.phase is Phase.SELECT
    every_card_once(state)


def test_only_the_current_player_chooses_a_card_they_hold() -> None:
    state = game(4, first=BEN, top=MULTI[:6])
    with pytest.raises(IllegalAction) as err:
        choose(state, CLEO, MULTI[3])
    assert (err.value.code, err.value.message) == (
        "not_your_turn",
        "It is Ben's turn to choose an ability.",
    )
    with pytest.raises(IllegalAction) as err:
        choose(state, BEN, MULTI[3])
    assert (err.value.code, err.value.message) == ("illegal", "That card is not in your hand.")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, None, {"type": "draft", "card": MULTI[0]}, T0)
    assert err.value.code == "forbidden"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, BEN, {"type": "select", "roles": ["witch"] * 5}, T0)
    assert err.value.message == "Roles are chosen after the ability draft."
    with pytest.raises(IllegalAction):
        choose(drafted(state), BEN, MULTI[0])


def test_abilities_are_revealed_when_everyone_has_chosen() -> None:
    state = game(3, first=CLEO, top=[MULTI[0], ONCE[0], START[0], MULTI[1], MULTI[2]])
    state = choose(state, CLEO, ONCE[0])
    state = choose(state, ANNA, START[0])
    assert all(p["ability"] is None for p in table(state)["players"])
    state = choose(state, BEN, MULTI[2])
    shown = {p["seat"]: p["ability"] for p in table(state)["players"]}
    assert {seat: a["id"] for seat, a in shown.items()} == {
        CLEO: ONCE[0],
        ANNA: START[0],
        BEN: MULTI[2],
    }
    assert shown[CLEO] == {
        "id": ONCE[0],
        "name": "Ability 4 (placeholder)",
        "text": abilities()[ONCE[0]].text,
        "kind": "once",
        "placeholder": True,
        "used": False,
    }
    # A start-of-round ability has taken effect and goes face up under the deck at once.
    assert shown[ANNA]["used"] is True and shown[BEN]["used"] is False
    assert state.deck[-1] == DeckCard(START[0], True)
    assert table(state)["deck"] == {"face_down": 12, "face_up": 3}
    assert table(state)["draft"] == {"order": [CLEO, ANNA, BEN], "current": None}
    every_card_once(state)


def revealed_game() -> GameState:
    """Three players, Anna first: Anna keeps a once card, Ben a multi, Cleo a start card."""
    state = game(3, first=ANNA, top=[ONCE[0], ONCE[1], MULTI[0], MULTI[1], START[0]])
    state = choose(state, ANNA, ONCE[0])
    state = choose(state, BEN, MULTI[1])
    return choose(state, CLEO, START[0])


def use(state: GameState, seat: int, card: str) -> GameState:
    return GAME.apply(state, seat, {"type": "ability", "card": card}, T0)


def test_a_once_ability_goes_under_the_deck_when_used() -> None:
    state = revealed_game()
    assert GAME.view(state, ANNA)["you"]["prompts"] == ["select", "ability"]
    before = table(state)["deck"]
    state = use(state, ANNA, ONCE[0])
    assert table(state)["players"][ANNA]["ability"]["used"] is True
    assert table(state)["deck"]["face_up"] == before["face_up"] + 1
    assert state.deck[-1] == DeckCard(ONCE[0], True)
    assert GAME.view(state, ANNA)["you"]["prompts"] == ["select"]
    with pytest.raises(IllegalAction) as err:
        use(state, ANNA, ONCE[0])
    assert err.value.message == "You have already used this ability this set."
    every_card_once(state)


def test_only_a_once_ability_of_ones_own_is_used() -> None:
    state = revealed_game()
    with pytest.raises(IllegalAction) as err:
        use(state, BEN, ONCE[0])
    assert err.value.message == "That is not your ability."
    with pytest.raises(IllegalAction) as err:
        use(state, BEN, MULTI[1])
    assert "any number of times" in err.value.message
    with pytest.raises(IllegalAction) as err:
        use(state, CLEO, START[0])
    assert "already taken effect" in err.value.message
    with pytest.raises(IllegalAction) as err:
        use(state, None, ONCE[0])
    assert err.value.code == "forbidden"


def test_abilities_are_used_only_after_the_reveal() -> None:
    state = game(3, first=ANNA, top=[ONCE[0], ONCE[1], MULTI[0], MULTI[1], START[0]])
    state = choose(state, ANNA, ONCE[0])
    with pytest.raises(IllegalAction) as err:
        use(state, ANNA, ONCE[0])
    assert err.value.message == "Abilities are used once they are revealed."
    with pytest.raises(IllegalAction) as err:
        use(new(3), ANNA, ONCE[0])
    assert err.value.message == "Magical abilities are not in play."


def test_a_once_ability_may_be_used_during_the_tricks() -> None:
    state = selected(revealed_game())
    assert state.phase is Phase.TRICK
    state = use(state, ANNA, ONCE[0])
    assert table(state)["players"][ANNA]["ability"]["used"] is True


def test_held_abilities_go_face_up_under_the_deck_at_the_end_of_the_set() -> None:
    state = play_out(selected(revealed_game()))
    assert state.set_number == 2 and state.phase is Phase.DRAFT
    # Anna's unused once card and Ben's multi card, in turn order, under the deck; set 2's
    # deal took its 5 cards from the face-down cards above them.
    assert state.deck[-2:] == (DeckCard(ONCE[0], True), DeckCard(MULTI[1], True))
    assert table(state)["deck"] == {"face_down": 7, "face_up": 5}
    assert all(p["ability"] is None for p in table(state)["players"])
    every_card_once(state)


def test_the_deck_is_reshuffled_when_a_face_up_card_comes_to_the_top() -> None:
    state = game(4, first=BEN)
    counts = []
    for _ in range(3):
        counts.append(table(state)["deck"])
        every_card_once(state)
        state = play_out(selected(state))
    # 17 face down; 6 dealt per set; the leftovers and held cards return face up.
    assert counts[0] == {"face_down": 11, "face_up": 0}
    assert counts[1] == {"face_down": 5, "face_up": 6}
    # Set 3: the 5 face-down cards are dealt first, then the 12 face-up cards are shuffled.
    assert counts[2] == {"face_down": 11, "face_up": 0}


def test_reshuffle_keeps_the_face_down_cards_on_top_and_is_seeded() -> None:
    deck = (DeckCard("a"), DeckCard("b"), DeckCard("c", True), DeckCard("d", True))
    top, rest = draw(deck, Rng(1, "x"))
    assert top == "a" and rest == deck[1:]
    top, rest = draw(rest, Rng(1, "x"))
    assert top == "b"
    top, rest = draw(rest, Rng(1, "x"))
    assert top in "cd" and [c.face_up for c in rest] == [False]
    assert reshuffled(deck[2:], Rng(5)) == reshuffled(deck[2:], Rng(5))
    orders = {tuple(c.id for c in reshuffled(deck[2:], Rng(s))) for s in range(20)}
    assert orders == {("c", "d"), ("d", "c")}


def test_the_draft_replays_from_the_seed() -> None:
    a = drafted(new(5, first=DAN, magical_abilities=True))
    b = drafted(new(5, first=DAN, magical_abilities=True))
    assert a == b
