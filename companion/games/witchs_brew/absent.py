"""Seats that are away: the table's ``skip`` and the autopilot for seats that left.

Both do for the due seat what the rules let the table do for an absent player: keep the first
card in the draft, draw five roles from the seed, answer "So be it!", decide "no" on an amulet,
pass a lead on. The skip does it once, when the table asks; the autopilot after every action,
timeout and leave, for as long as a seat that left is due.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import BadRequest, Illegal, Payload
from companion.games.witchs_brew import choosing, plays, sets
from companion.games.witchs_brew import trick as chain
from companion.games.witchs_brew.draft import advance
from companion.games.witchs_brew.state import GameState, Phase

#: at most this many turns are played in a row for seats that left (a guard: the app never
#: plays for everybody, so a seat still at the table always stops it long before)
AUTOPILOT_STEPS = 500


def skip(state: GameState, seat: None, action: Payload, at: float) -> GameState:
    """The table's ``skip``: the due drafter, the given seat's selection, or the trick's due
    answer, amulet decision or lead."""
    if state.phase is Phase.DRAFT and state.draft is not None and state.draft.current is not None:
        return _skip_draft(state, at)
    if state.phase is Phase.SELECT:
        return _skip_select(state, action, at)
    current = state.trick
    due = None if current is None else chain.due(current)
    if state.phase is not Phase.TRICK or current is None or due is None:
        raise Illegal("Nobody is due to answer or lead now.")
    return _trick_turn(state, current, due, at)


def autopilot(state: GameState, at: float) -> GameState:
    """Every turn that falls to a seat that left, played as the table's skip plays it,
    until a seat still at the table is due (or nobody is)."""
    for _ in range(AUTOPILOT_STEPS):
        after = _auto_step(state, at)
        if after is None:
            return state
        state = after
    return state


def _auto_step(state: GameState, at: float) -> GameState | None:
    """One turn of a seat that left, or None when no such seat is due."""
    gone = frozenset(state.gone) - frozenset(state.present)  # nobody, if everyone left
    if not gone or state.phase in (Phase.SCORING, Phase.OVER):
        return None
    if state.phase is Phase.DRAFT:
        drafter = None if state.draft is None else state.draft.current
        return _skip_draft(state, at) if drafter in gone else None
    if state.phase is Phase.SELECT:
        waiting = [seat for seat in sorted(gone) if not state.players[seat].ready]
        return choosing.drawn_roles(state, waiting[0], at) if waiting else None
    current = state.trick
    due = None if current is None else chain.due(current)
    if current is None or due is None or due not in gone:
        return None
    return _trick_turn(state, current, due, at)


def _trick_turn(state: GameState, current: chain.Trick, due: int, at: float) -> GameState:
    """The due seat's turn in the trick, taken for it: "So be it!", no amulet, or the lead
    passed on."""
    kind = chain.due_kind(current)
    if kind is chain.Due.ANSWER:
        return plays.answered(state, due, False, at, auto=True)
    if kind is chain.Due.AMULET:
        return plays.amulet_decided(state, due, False, at, auto=True)
    return sets.pass_lead(state, at)


def _skip_draft(state: GameState, at: float) -> GameState:
    """The drafter is away: the first card in their hand is kept for them. With the
    physical cards the table keeps one for them, and the app records none."""
    drafting = state.draft
    assert drafting is not None and drafting.current is not None
    drafter = drafting.current
    if state.options.physical_abilities:
        state = replace(state, draft=advance(drafting))
        return sets.reveal(state) if state.draft is not None and state.draft.done else state
    return choosing.draft(state, drafter, {"card": drafting.hands[drafter][0]}, at)


def _skip_select(state: GameState, action: Payload, at: float) -> GameState:
    """Roles for a player who left, drawn from the seed: the set can go on, and when one of
    them is called the table skips (or the timer answers) for that player."""
    target = action.get("seat")
    if target is None:
        raise BadRequest("Say which seat to skip.")
    if state.players[target].ready:
        raise Illegal("That player has already chosen, or there is no such seat.")
    return choosing.drawn_roles(state, target, at)
