"""A set from start to end: the draft and reveal, selection, tricks one after another, the end.

Each function takes and returns a whole state; ``rules`` calls them after checking an action.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.witchs_brew import trick as chain
from companion.games.witchs_brew.abilities import Kind, ability, under
from companion.games.witchs_brew.draft import deal
from companion.games.witchs_brew.roles import Role
from companion.games.witchs_brew.state import GameState, Phase, Played, Player


def start_set(state: GameState, at: float) -> GameState:
    """The draft (Magical Abilities) or else straight to the selection."""
    if not state.options.magical_abilities:
        return replace(state, phase=Phase.SELECT, draft=None)
    draft, deck = deal(
        state.deck, state.first_player, len(state.players), state.seed, state.set_number
    )
    return replace(state, phase=Phase.DRAFT, draft=draft, deck=deck)


def turn_order(state: GameState) -> list[int]:
    """The seats from the first player, clockwise."""
    n = len(state.players)
    return [(state.first_player + k) % n for k in range(n)]


def reveal(state: GameState) -> GameState:
    """Everyone's ability face up, in turn order. A start-of-round ability has taken effect
    (the players apply it at the table) and goes face up under the deck right away."""
    deck = state.deck
    for seat in turn_order(state):
        card = state.players[seat].ability
        if card is not None and ability(card).kind is Kind.START:
            deck = under(deck, [card])
            state = state.with_player(seat, ability_used=True)
    return replace(state, deck=deck, phase=Phase.SELECT)


def begin_tricks(state: GameState, at: float) -> GameState:
    """Everyone has chosen: the first player leads the first trick."""
    first = chain.open_trick(state.names, state.first_player, at)
    return replace(state, phase=Phase.TRICK, trick=first)


def record_play(state: GameState, seat: int, role: Role) -> GameState:
    """``seat`` has played ``role``: it leaves the hand and is public from now on."""
    state = state.with_player(seat, played=(*state.players[seat].played, role))
    return replace(state, played=(*state.played, Played(seat, role)))


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
    """The table skipped a leader who left: the next player clockwise with a card leads. If
    nobody else has a card, the skipped leader's cards are put aside unseen and the set ends."""
    current = state.trick
    assert current is not None
    skipped = current.leader
    n = len(state.players)
    cards = [0 if seat == skipped else p.cards_left for seat, p in enumerate(state.players)]
    leader = chain.next_leader((skipped + 1) % n, cards)
    if leader is not None:
        return replace(state, trick=chain.open_trick(state.names, leader, at))
    gone = state.players[skipped]
    state = state.with_player(skipped, set_aside=(*gone.set_aside, *gone.hand))
    return end_set(replace(state, trick=None), at)


def end_set(state: GameState, at: float) -> GameState:
    """Grey amulets leave the game; the abilities still held go face up under the deck; the
    game ends if the last raven has gone, else the next player clockwise starts a new set."""
    deck = state.deck
    for seat in turn_order(state):
        player = state.players[seat]
        # A used ability (start of round, or once and used) is under the deck already.
        if player.ability is not None and not player.ability_used:
            deck = under(deck, [player.ability])
    if state.last_set:
        # The score screen keeps the last set on show (cards played, nothing left in hand).
        # Abilities are back under the deck, so no player holds one any more.
        players = tuple(
            replace(p, amulets_grey=0, ability=None, ability_used=False) for p in state.players
        )
        return replace(state, players=players, deck=deck, trick=None, phase=Phase.OVER)
    players = tuple(
        Player(name=p.name, amulets_unused=p.amulets_unused, amulets_grey=0) for p in state.players
    )
    state = replace(state, players=players, deck=deck, trick=None, played=(), draft=None)
    first = (state.first_player + 1) % len(players)
    return start_set(replace(state, set_number=state.set_number + 1, first_player=first), at)
