"""What Witch & Bitch waits for (``Game.choices``): the stepper and the steps taken in turn.

The game waits for the table's "next" through every step (any phone may press it too, but in
the first-player roll, and in a Witch's turn or her chance to learn only she may), for each
roller's d20, and for the current Witch's pick in the draft, position, turn (an action pip, an
Object) or learning. A die the table rolled itself is listed in full: the d20 as 20 payloads
and the app's own roll (no value), the d4 of an Object as 4 and the app's.

Everything the table records as it happens on the map — free rolls, attacks both ways, damage,
corpses, tracked Enemies, Spells turned face down, the Rom, the verdicts, the Bitch's reveal,
Enemies generated with the table's own d4s or when a Destiny card says so, and the Witch card
a player picks at the set-up (each has one already) — is a side action: never waited for,
never listed.
"""

from __future__ import annotations

from typing import Any

from companion.games.witch_and_bitch import rounds, spells
from companion.games.witch_and_bitch.state import GameState, Step
from companion.games.witch_and_bitch.witches import ACTIONS, cheapest, learning_cost, to_lose

#: a d20 and a d4 the table rolled itself
D20, D4 = range(1, 21), range(1, 5)


def choices(state: GameState, seat: int | None) -> list[dict[str, Any]]:
    """The decisions of ``seat`` (None: the table) now: "next" when it may press it, then its
    own step. A player who left gets nothing (the app plays her part).

    >>> from companion.games.witch_and_bitch import WITCH_AND_BITCH as GAME
    >>> state = GAME.setup(("Anna", "Ben"), {}, 1)
    >>> choices(state, None), choices(state, 1)
    ([{'type': 'next'}], [{'type': 'next'}])
    """
    if state.step is Step.OVER or (seat is not None and seat in state.gone):
        return []
    out = [{"type": "next"}] if may_advance(state, seat) else []
    if seat is None:
        return out
    # a dead Witch who must choose which of her highest-level Spells she loses
    out += [{"type": "lose", "spell": s} for s in to_lose(state.witches[seat])]
    if state.step is Step.FIRST_ROLL:
        if seat in state.rollers and seat not in dict(state.first_rolls):
            out += rolled("first_roll", D20)
        return out
    if seat == state.current:
        out += turn_choices(state, seat)
    return out


def may_advance(state: GameState, seat: int | None) -> bool:
    """Whether ``seat`` may press "next": never in the draft (it waits for the pick), a phone
    not in the first-player roll (the table rolls for everyone left), and in a Witch's turn or
    her chance to learn only she or the table."""
    step = state.step
    if step is Step.DRAFT:
        return False
    if seat is None:
        return True
    if step is Step.FIRST_ROLL:
        return False
    current = state.current
    return step not in (Step.TURNS, Step.LEARNING) or current is None or current == seat


def turn_choices(state: GameState, seat: int) -> list[dict[str, Any]]:
    """The current Witch's own step: a Spell to draft, a position, an action pip or an Object
    in her turn, a Spell to learn."""
    step = state.step
    witch = state.witches[seat]
    if step is Step.DRAFT:
        draftable = spells.draftable(witch.spells, state.hands(but=seat))
        return [{"type": "pick", "spell": spell} for spell in draftable]
    if step is Step.POSITIONS:
        return [{"type": "position", "spot": spot} for spot in rounds.free_positions(state)]
    if step is Step.TURNS:
        out = [{"type": "action"}] if witch.actions < ACTIONS else []
        return out + (rolled("object", D4) if may_take_object(state, seat) else [])
    if step is Step.LEARNING:
        cost = learning_cost(len(witch.spells))
        if cost is None or cheapest(witch.corpses, cost) is None:
            return []
        learnable = spells.learnable(witch.spells, state.hands(but=seat))
        return [{"type": "learn", "spell": spell} for spell in learnable]
    return []


def may_take_object(state: GameState, seat: int) -> bool:
    """An Object is left, her Witch is alive, and (Hunger Gaymes) she has none yet."""
    witch, sc = state.witches[seat], state.scenario
    if witch.dead or state.objects >= sc.objects_for(state.players):
        return False
    return not (sc.number == 3 and witch.objects)


def rolled(kind: str, faces: range) -> list[dict[str, Any]]:
    """A roll: the app's (no value), then each face the table may have rolled itself.

    >>> rolled("object", D4)  # doctest: +NORMALIZE_WHITESPACE
    [{'type': 'object'}, {'type': 'object', 'value': 1}, {'type': 'object', 'value': 2},
     {'type': 'object', 'value': 3}, {'type': 'object', 'value': 4}]
    """
    return [{"type": kind}, *({"type": kind, "value": face} for face in faces)]
