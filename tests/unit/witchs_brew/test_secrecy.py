"""Nobody (no other seat, not the table) ever sees a selection before its card is played, a
draft hand, or an ability before the reveal."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.games.witchs_brew.abilities import abilities
from companion.games.witchs_brew.roles import Role
from companion.games.witchs_brew.state import GameState, Phase
from tests.unit.witchs_brew.bot import Move, play
from tests.unit.witchs_brew.helpers import (
    ANNA,
    BEN,
    CLEO,
    GAME,
    NAMES,
    OTHERS,
    SHARED,
    answer,
    dumped,
    new,
    selected,
    table,
)
from tests.unit.witchs_brew.helpers import play as lead
from tests.unit.witchs_brew.test_whole_game import ALL, scripted

ANNAS = SHARED  # Anna's five, which nobody else chooses


def public(view: dict[str, Any]) -> str:
    """The view without the reminder list (which names every role) as JSON."""
    return dumped({key: value for key, value in view.items() if key != "roles"})


def others_views(state: GameState, seat: int) -> list[str]:
    return [public(GAME.view(state, k)) for k in (None, *state.seats) if k != seat]


def test_a_selection_stays_secret_until_each_card_is_played() -> None:
    state = new(3, first=ANNA)
    state = GAME.apply(state, ANNA, {"type": "select", "roles": ANNAS}, 0)
    for text in others_views(state, ANNA):
        assert not any(f'"{role}"' in text for role in ANNAS)
    assert GAME.view(state, ANNA)["you"]["selected"] == ANNAS
    state = selected(state, {BEN: OTHERS, CLEO: OTHERS})
    shown: list[str] = []
    for role in ANNAS:
        state = lead(state, ANNA, role)  # nobody else holds Anna's roles
        shown.append(role)
        for text in others_views(state, ANNA):
            for secret in ANNAS:
                assert (f'"{secret}"' in text) == (secret in shown)
    # Ben's and Cleo's roles (the same five) are still unplayed: the table and Anna see none.
    for text in (public(table(state)), public(GAME.view(state, ANNA))):
        assert not any(f'"{role}"' in text for role in OTHERS)


def test_the_due_responder_reveals_only_the_role_already_led() -> None:
    state = selected(new(3, first=ANNA), {ANNA: ANNAS, BEN: ["witch", *OTHERS[:4]]})
    state = lead(state, ANNA, "witch")
    text = public(table(state))
    assert '"wolf_keeper"' not in text and table(state)["trick"]["due"] == BEN
    state = answer(state, BEN, False)
    assert '"wolf_keeper"' not in public(table(state))


def ids_in(text: str, cards: list[str]) -> set[str]:
    return {card for card in cards if f'"{card}"' in text}


def test_draft_hands_and_unrevealed_abilities_stay_secret() -> None:
    state = new(4, first=BEN, magical_abilities=True)
    cards = list(abilities())
    while state.phase is Phase.DRAFT:
        draft = state.draft
        assert draft is not None and draft.current is not None
        for seat in state.seats:
            mine = set(draft.hands[seat]) | {state.players[seat].ability} - {None}
            for k in (None, *state.seats):
                if k == seat:
                    continue
                seen = ids_in(public(GAME.view(state, k)), cards)
                # Only a player's own hand and own kept card: nothing of anyone else's.
                own = set(draft.hands[k]) | {state.players[k].ability} if k is not None else set()
                assert seen <= own, (seat, k)
                assert not (mine - own) & seen
        current = draft.current
        state = GAME.apply(state, current, {"type": "draft", "card": draft.hands[current][0]}, 0)
    kept = {p.ability for p in state.players}
    seen = ids_in(public(table(state)), cards)
    assert seen == kept


def disguised(state: GameState, seat: int) -> GameState:
    """The same state with ``seat``'s secrets swapped for others (what nobody else may tell
    apart): its unplayed roles (except the role being answered), its draft hand, and its
    ability before the reveal."""
    player = state.players[seat]
    keep = set(player.played)
    if state.trick is not None and state.trick.role is not None:
        keep.add(state.trick.role)
    if player.selected is not None:
        spare = [r for r in reversed(Role) if r not in player.selected]
        swapped = iter(spare)
        chosen = tuple(r if r in keep else next(swapped) for r in player.selected)
        state = state.with_player(seat, selected=chosen)
    if state.phase is Phase.DRAFT and state.draft is not None:
        held = state.draft.hands[seat]
        spare_cards = [c for c in reversed(list(abilities())) if c not in held]
        hands = list(state.draft.hands)
        hands[seat] = tuple(spare_cards[: len(held)])
        state = replace(state, draft=replace(state.draft, hands=tuple(hands)))
        if player.ability is not None:
            other = next(c for c in spare_cards[len(held) :] if c != player.ability)
            state = state.with_player(seat, ability=other)
    return state


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (5, 12)])
def test_no_view_depends_on_another_seats_secrets(players: int, seed: int) -> None:
    first = GAME.setup(NAMES[:players], ALL, seed)
    seen: list[GameState] = []

    def watching(state: GameState, options: list[Move]) -> Move:
        seen.append(state)
        return scripted(state, options)

    play(first, watching)
    for state in seen[::3]:
        for seat in state.seats:
            twin = disguised(state, seat)
            for k in (None, *state.seats):
                if k != seat:
                    assert GAME.view(twin, k) == GAME.view(state, k), (seat, k)
