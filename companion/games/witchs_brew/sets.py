"""A set from start to end: the draft and reveal, selection, tricks one after another, the end.

Each function takes and returns a whole state; ``rules`` calls them after checking an action.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from companion.engine import clockwise, next_seat
from companion.games.witchs_brew import trick as chain
from companion.games.witchs_brew.abilities import Kind, ability, under
from companion.games.witchs_brew.draft import deal, physical
from companion.games.witchs_brew.roles import Role
from companion.games.witchs_brew.state import Finished, GameState, Phase, Played, Player


def start_set(state: GameState, at: float) -> GameState:
    """The draft (Magical Abilities) or else straight to the selection. Seats that left the
    game are not called in the draft."""
    options = state.options
    if not options.magical_abilities:
        return replace(state, phase=Phase.SELECT, draft=None)
    n, absent = len(state.players), _absent(state)
    if options.physical_abilities:
        return replace(state, phase=Phase.DRAFT, draft=physical(state.first_player, n, absent))
    draft, deck = deal(state.deck, state.first_player, n, state.seed, state.set_number, absent)
    return replace(state, phase=Phase.DRAFT, draft=draft, deck=deck)


def turn_order(state: GameState) -> tuple[int, ...]:
    """The seats from the first player, clockwise."""
    return clockwise(state.first_player, len(state.players))


def returned(state: GameState, cards: Iterable[str]) -> GameState:
    """``cards`` go face up under the app's ability deck (with the physical cards the table
    does that itself: the app keeps no deck)."""
    if not state.options.app_deck:
        return state
    return replace(state, deck=under(state.deck, cards))


def reveal(state: GameState) -> GameState:
    """Everyone's ability face up, in turn order. A start-of-round ability has taken effect
    (the players apply it at the table) and goes face up under the deck right away."""
    for seat in turn_order(state):
        card = state.players[seat].ability
        if card is not None and ability(card).kind is Kind.START:
            state = returned(state, [card]).with_player(seat, ability_used=True)
    return replace(state, phase=Phase.SELECT)


def begin_tricks(state: GameState, at: float) -> GameState:
    """Everyone has chosen: the first player leads the first trick."""
    first = chain.open_trick(state.names, state.first_player, at)
    return replace(state, phase=Phase.TRICK, trick=first)


def record_play(state: GameState, seat: int, role: Role) -> GameState:
    """``seat`` has played ``role``: it leaves the hand and is public from now on. The first
    card of a set closes the set before it for good (no raven can count for it any more)."""
    state = state.with_player(seat, played=(*state.players[seat].played, role))
    return replace(state, played=(*state.played, Played(seat, role)), previous=None)


def settle(state: GameState, at: float) -> GameState:
    """Close the trick once it is decided: its winner (or the next player clockwise with a
    card) leads the next one, or the set ends when no cards are left."""
    current = state.trick
    if current is None:
        return state
    won = chain.winner(current)
    if won is None:
        return state
    state = replace(state, last_trick=current, trick=None)
    leader = chain.next_leader(won, [p.cards_left for p in state.players])
    if leader is None:
        return end_set(state, at)
    return replace(state, trick=chain.open_trick(state.names, leader, at))


def pass_lead(state: GameState, at: float) -> GameState:
    """The due leader is skipped (by the table, or because they left the game): the next
    player clockwise with a card who is still at the table leads. If nobody at the table has
    a card, the cards still held by the skipped and departed players are put aside unseen and
    the set ends."""
    current = state.trick
    assert current is not None
    skipped = current.leader
    passed = _absent(state) | {skipped}
    empty = {seat for seat, p in enumerate(state.players) if p.cards_left <= 0}
    leader = next_seat(skipped, len(state.players), skip=passed | empty)
    if leader is not None:
        return replace(state, trick=chain.open_trick(state.names, leader, at))
    for seat in sorted(passed):
        held = state.players[seat]
        state = state.with_player(seat, set_aside=(*held.set_aside, *held.hand))
    return end_set(replace(state, trick=None), at)


def end_set(state: GameState, at: float) -> GameState:
    """Grey amulets leave the game; the abilities still held go face up under the deck; the
    game ends if the last raven has gone, else the next player clockwise starts a new set."""
    for seat in turn_order(state):
        player = state.players[seat]
        # A used ability (start of round, or once and used) is under the deck already.
        if player.ability is not None and not player.ability_used:
            state = returned(state, [player.ability])
    if state.last_set:
        return _over(state)
    finished = Finished(state.set_number, state.first_player, state.players, state.played)
    players = tuple(
        Player(name=p.name, amulets_unused=p.amulets_unused, amulets_grey=0) for p in state.players
    )
    state = replace(state, players=players, trick=None, played=(), draft=None, previous=finished)
    first = next_first_player(state)
    return start_set(replace(state, set_number=state.set_number + 1, first_player=first), at)


def next_first_player(state: GameState) -> int:
    """Who starts the next set: the next player clockwise (interpretation: no rulebook we
    have says), passing over the seats that left the game."""
    first = next_seat(state.first_player, len(state.players), skip=_absent(state))
    assert first is not None  # somebody is always present (everybody, if all have left)
    return first


def close_previous(state: GameState) -> GameState:
    """The last raven went before this set's first card was played: it belongs to the set
    before, so the game ends with that set. Nothing of this set counts: its draft cards and
    abilities go back under the deck, its selections are dropped unseen, and the screens show
    the set that was played."""
    finished = state.previous
    assert finished is not None
    held: list[str] = []
    if state.phase is Phase.DRAFT and state.draft is not None:
        held += [card for seat in turn_order(state) for card in state.draft.hands[seat]]
    held += [
        p.ability
        for seat in turn_order(state)
        if (p := state.players[seat]).ability is not None and not p.ability_used
    ]
    state = returned(state, held)
    players = tuple(
        replace(old, amulets_unused=now.amulets_unused, amulets_grey=0)
        for old, now in zip(finished.players, state.players, strict=True)
    )
    state = replace(
        state,
        players=players,
        played=finished.played,
        set_number=finished.set_number,
        first_player=finished.first_player,
        draft=None,
    )
    return _over(state)


def _over(state: GameState) -> GameState:
    """The last set is over: the table counts the victory points (``scoring``). The score
    screen keeps the last set on show (cards played, nothing left in hand); abilities are back
    under the deck, so no player holds one any more."""
    players = tuple(
        replace(p, amulets_grey=0, ability=None, ability_used=False) for p in state.players
    )
    return replace(state, players=players, trick=None, phase=Phase.SCORING, previous=None)


def _absent(state: GameState) -> frozenset[int]:
    """The seats the app plays for: those that left, unless everybody has."""
    return frozenset(state.seats) - frozenset(state.present)
