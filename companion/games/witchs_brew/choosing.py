"""The draft and the selection: a seat keeps an ability card, then chooses its five roles.

Each handler takes and returns a whole state (``rules`` declares them as the ``draft``, ``keep``
and ``select`` actions); the set moves on once everyone has chosen.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import BadRequest, Illegal, NotYourTurn, Payload, Rng
from companion.games.witchs_brew import sets
from companion.games.witchs_brew.abilities import abilities, find
from companion.games.witchs_brew.draft import Draft, advance, pick
from companion.games.witchs_brew.roles import HAND_SIZE, Role, parse_role
from companion.games.witchs_brew.state import GameState, Phase


def draft(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    drafting = _drafting(state, seat)
    if state.options.physical_abilities:
        raise Illegal("You play with your own ability cards: say which card you kept.")
    card = action["card"]
    drafting, deck = pick(drafting, card, state.deck)
    state = replace(state.with_player(seat, ability=card), draft=drafting, deck=deck)
    return sets.reveal(state) if drafting.done else state


def keep(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    """Physical cards: the player kept a card at the table and says which (its number or
    name in the data file). Secret until everyone has chosen, like a dealt card."""
    drafting = _drafting(state, seat)
    if not state.options.physical_abilities:
        raise Illegal("The app deals the ability cards: keep one of those in your hand.")
    card = find(action["card"], state.options.cards)
    if card is None:
        count = len(abilities())
        raise BadRequest("There is no such ability card: give its number (1–{count}).", count=count)
    state = replace(state.with_player(seat, ability=card), draft=advance(drafting))
    return sets.reveal(state) if state.draft is not None and state.draft.done else state


def _drafting(state: GameState, seat: int) -> Draft:
    """The draft, if it is ``seat``'s turn to choose an ability."""
    drafting = state.draft
    if state.phase is not Phase.DRAFT or drafting is None or drafting.current is None:
        raise Illegal("No ability is being chosen now.")
    if seat != drafting.current:
        name = state.players[drafting.current].name
        raise NotYourTurn("It is {name}'s turn to choose an ability.", name=name)
    return drafting


def select(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    if state.phase is Phase.DRAFT:
        raise Illegal("Roles are chosen after the ability draft.")
    if state.phase is not Phase.SELECT:
        raise Illegal("The roles for this set are already chosen.")
    if state.players[seat].ready:
        raise Illegal("You have already chosen your roles for this set.")
    raw = action.get("roles")
    if not isinstance(raw, list):
        raise BadRequest("Choose exactly {hand_size} roles.", hand_size=HAND_SIZE)
    roles = [parse_role(r) for r in raw]
    chosen = [r for r in roles if r is not None]
    if len(chosen) != len(roles):
        raise BadRequest("That is not one of the 12 roles.")
    if len(set(chosen)) != len(chosen):
        raise BadRequest("Choose {hand_size} different roles.", hand_size=HAND_SIZE)
    if len(chosen) != HAND_SIZE:
        raise BadRequest(
            "Choose exactly {hand_size} roles (you chose {count}).",
            hand_size=HAND_SIZE,
            count=len(chosen),
        )
    state = state.with_player(seat, selected=tuple(chosen))
    if all(p.ready for p in state.players):
        return sets.begin_tricks(state, at)
    return state


def drawn_roles(state: GameState, seat: int, at: float) -> GameState:
    """Roles for a player who left, drawn from the seed (the table's skip, the autopilot)."""
    rng = Rng(state.seed, "skip-select", state.set_number, seat)
    roles = [r.value for r in rng.shuffled(list(Role))[:HAND_SIZE]]
    return select(state, seat, {"roles": roles}, at)
