"""A trick's moves: the leader plays a role, the holders answer in seat order, the leader who
lost the claim decides on an amulet.

Each handler takes and returns a whole state (``rules`` declares ``play``, ``answer`` and
``amulet``); ``answered`` and ``amulet_decided`` are also how the table's skip, the answer
timer and the autopilot answer for a seat (``auto``).
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import BadRequest, Illegal, NotYourTurn, Payload, TooLate
from companion.engine.text import say
from companion.games.witchs_brew import sets
from companion.games.witchs_brew import trick as chain
from companion.games.witchs_brew.roles import parse_role
from companion.games.witchs_brew.state import GameState, Phase


def play(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    current = under_way(state)
    kind, due = chain.due_kind(current), chain.due(current)
    if kind is chain.Due.ANSWER and seat == due:
        raise Illegal('Answer "I am the …!" or "So be it!".')
    if kind is not chain.Due.PLAY and seat == current.leader:
        raise Illegal("You have already played this trick's role.")
    if kind is not chain.Due.PLAY and due is not None:
        doing = "answer" if kind is chain.Due.ANSWER else "decide on an amulet"
        raise NotYourTurn("It is {name}'s turn to {doing}.", name=state.names[due], doing=doing)
    if seat != current.leader:
        name = state.names[current.leader]
        raise NotYourTurn("It is {name}'s turn to lead.", name=name)
    role = parse_role(action.get("role"))
    if role is None:
        raise BadRequest("That is not one of the 12 roles.")
    player = state.players[seat]
    if role in player.played:
        raise Illegal("You have already played the {role}.", role=say(role.label))
    if role not in player.hand:
        raise Illegal("You did not choose the {role} for this set.", role=say(role.label))
    holders = [s for s in state.seats if s != seat and role in state.players[s].hand]
    ready = state.options.amulets and player.may_use_amulet
    led = chain.lead(current, role, holders, at, amulet_ready=ready)
    state = sets.record_play(replace(state, trick=led), seat, role)
    return sets.settle(state, at)


def answer(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    current = under_way(state)
    claim = action["claim"]
    # A phone may name the role it answers; an answer meant for an earlier trick is late.
    meant = action.get("role")
    if meant is not None and parse_role(meant) != current.role:
        raise TooLate("Too late: that trick is over.")
    return answered(state, seat, claim, at, auto=False)


def answered(state: GameState, seat: int, claim: bool, at: float, auto: bool) -> GameState:
    current = under_way(state)
    after = chain.answer(current, seat, claim, at, auto=auto)
    assert current.role is not None
    state = sets.record_play(replace(state, trick=after), seat, current.role)
    return sets.settle(state, at)


def amulet(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    under_way(state)
    use = action["use"]
    return amulet_decided(state, seat, use, at, auto=False)


def amulet_decided(state: GameState, seat: int, use: bool, at: float, auto: bool) -> GameState:
    current = under_way(state)
    decided = chain.decide_amulet(current, seat, use, at, auto=auto)
    state = replace(state, trick=decided)
    if use:
        player = state.players[seat]
        state = state.with_player(
            seat,
            amulets_unused=player.amulets_unused - 1,
            amulets_grey=player.amulets_grey + 1,
        )
    return sets.settle(state, at)


def under_way(state: GameState) -> chain.Trick:
    """The trick being played, or ``Illegal`` saying what the game waits for instead."""
    if state.phase is not Phase.TRICK or state.trick is None:
        waiting = "the ability draft" if state.phase is Phase.DRAFT else "everyone's roles"
        raise Illegal("No trick is under way: waiting for {waiting}.", waiting=waiting)
    return state.trick
