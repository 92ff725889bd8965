"""The decisions the game waits for (``Game.choices``), and one spelling for each of them.

A seat decides in turn: the drafter keeps an ability card (``draft``, or ``keep`` naming one
of the table's own cards), every player not ready selects 5 roles, and in a trick the due seat
leads a role, answers "I am the …!" or "So be it!", or decides on an amulet; at the end each
player enters their victory points, the table anyone's, and confirms them (``scoring``). Else
the table decides nothing: ``raven`` (a raven goes back to the box, whoever takes it),
``ability`` (a "1x" ability used, whenever its owner says) and the table's ``skip`` (for a
player who is away) are side actions, never listed.

A selection is a set: the order of its roles means nothing, so ``normalised`` (the game's
``accept``) puts them in the rulebook's order; a kept physical card is named by its id however
the player said it (its number, its name). Then the selections are C(12, 5) = 792 payloads,
built once and shared, and a kept card one of 17.

>>> len(selections()), selections()[0]["roles"]
(792, ['witch', 'wizard', 'druid', 'alchemist', 'fortune_teller'])
>>> normalised({"type": "select", "roles": ["warlock", "witch"]})
{'type': 'select', 'roles': ['witch', 'warlock']}
>>> normalised({"type": "keep", "card": " 7 "})
{'type': 'keep', 'card': 'ability-07'}
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from companion.games.witchs_brew import scoring
from companion.games.witchs_brew import trick as chain
from companion.games.witchs_brew.abilities import abilities, find
from companion.games.witchs_brew.roles import HAND_SIZE, Role
from companion.games.witchs_brew.state import GameState, Phase

Payload = dict[str, Any]

_RANK = {role.value: k for k, role in enumerate(Role)}


def normalised(payload: Payload) -> Payload:
    """The one spelling of an accepted payload: the roles of a selection in the rulebook's
    order (duplicates stay, for the rules to refuse), a kept card by its id when the words
    name one (else as said, for the rules to refuse)."""
    kind = payload["type"]
    if kind == "select":
        return {"type": kind, "roles": sorted(payload["roles"], key=_RANK.__getitem__)}
    if kind == "keep":
        card = find(payload["card"])
        return payload if card is None else {"type": kind, "card": card}
    return payload


@cache
def selections() -> tuple[Payload, ...]:
    """Every selection of 5 of the 12 roles, in the rulebook's order. Shared: never change one."""
    return tuple(
        {"type": "select", "roles": [role.value for role in chosen]}
        for chosen in combinations(Role, HAND_SIZE)
    )


def choices(state: GameState, seat: int | None) -> list[Payload]:
    """What ``seat`` can decide now, as complete payloads: [] for the table (but when scoring),
    for a seat that left (the app plays its turns) and once the game is over. The selections
    are shared: never change one."""
    if state.phase is Phase.SCORING:
        return scoring.choices(state, seat)
    if seat is None or seat in state.gone or state.phase is Phase.OVER:
        return []
    if state.phase is Phase.DRAFT:
        return _draft(state, seat)
    if state.phase is Phase.SELECT:
        return [] if state.players[seat].ready else list(selections())
    current = state.trick
    if current is None or chain.due(current) != seat:
        return []
    kind = chain.due_kind(current)
    if kind is chain.Due.PLAY:
        return [{"type": "play", "role": role.value} for role in state.players[seat].hand]
    if kind is chain.Due.ANSWER:
        # A phone may name the role it answers (an answer meant for an earlier trick is late).
        assert current.role is not None
        return [
            {"type": "answer", "claim": claim, **named}
            for named in ({}, {"role": current.role.value})
            for claim in (True, False)
        ]
    return [{"type": "amulet", "use": use} for use in (True, False)]


def _draft(state: GameState, seat: int) -> list[Payload]:
    """The drafter keeps one of the 3 cards she holds; with the table's own cards she says
    which of the 17 she kept."""
    draft = state.draft
    if draft is None or draft.current != seat:
        return []
    if state.options.physical_abilities:
        return [{"type": "keep", "card": card} for card in abilities()]
    return [{"type": "draft", "card": card} for card in draft.hands[seat]]
