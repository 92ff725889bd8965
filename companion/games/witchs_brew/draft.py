"""The magical-ability draft before each set's selection, exactly as the expansion says.

The first player takes the top 3 cards, every other player the top 1. In turn, from the first
player clockwise, the player holding 3 cards keeps one face down and passes the other 2 to the
left; that player now holds 3. The last player's 2 leftovers go face up under the deck.

With the physical cards (``physical``) the app deals nothing: it only calls the players in
this order, and each says which card they kept (``advance``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.engine import Illegal, Rng, clockwise
from companion.games.witchs_brew.abilities import Deck, draw, under

#: the first player takes this many cards, every other player one
FIRST_TAKES = 3


@dataclass(frozen=True)
class Draft:
    #: the seats in turn order: the first player, then clockwise
    order: tuple[int, ...]
    #: the cards each seat holds now, by seat (secret: only that seat sees its own)
    hands: tuple[tuple[str, ...], ...]
    #: how many players have chosen
    turn: int = 0

    @property
    def current(self) -> int | None:
        """The seat choosing now (holding 3 cards), or None once everyone has chosen."""
        return self.order[self.turn] if self.turn < len(self.order) else None

    @property
    def done(self) -> bool:
        return self.turn >= len(self.order)


def deal(
    deck: Deck,
    first: int,
    players: int,
    seed: int,
    set_number: int,
    absent: frozenset[int] = frozenset(),
) -> tuple[Draft, Deck]:
    """Deal the draft: 3 cards to ``first``, then 1 to each other seat clockwise (a seat that
    left the game gets none and is not called).

    >>> from companion.games.witchs_brew.abilities import DeckCard
    >>> deck = tuple(DeckCard(c) for c in "abcdefg")
    >>> draft, rest = deal(deck, first=1, players=3, seed=0, set_number=1)
    >>> draft.order, draft.hands, len(rest)
    ((1, 2, 0), (('e',), ('a', 'b', 'c'), ('d',)), 2)
    >>> deal(deck, first=1, players=3, seed=0, set_number=1, absent=frozenset({2}))[0].order
    (1, 0)
    """
    order = clockwise(first, players, skip=absent)
    hands: list[tuple[str, ...]] = [() for _ in range(players)]
    dealt = 0
    for seat in order:
        for _ in range(FIRST_TAKES if seat == first else 1):
            card, deck = draw(deck, Rng(seed, "abilities", set_number, "draw", dealt))
            hands[seat] += (card,)
            dealt += 1
    return Draft(order, tuple(hands)), deck


def pick(draft: Draft, card: str, deck: Deck) -> tuple[Draft, Deck]:
    """The current player keeps ``card`` and passes the rest to the left; after the last
    player the two leftovers go face up under the deck.

    >>> from companion.games.witchs_brew.abilities import DeckCard
    >>> draft = Draft((0, 1, 2), (("a", "b", "c"), ("d",), ("e",)))
    >>> draft, deck = pick(draft, "b", ())
    >>> draft.hands, draft.current
    (((), ('d', 'a', 'c'), ('e',)), 1)
    >>> draft, deck = pick(draft, "c", deck)
    >>> draft, deck = pick(draft, "e", deck)
    >>> draft.done, deck
    (True, (DeckCard(id='d', face_up=True), DeckCard(id='a', face_up=True)))
    """
    seat = draft.current
    if seat is None:
        raise Illegal("Everyone has already chosen an ability.")
    held = draft.hands[seat]
    if card not in held:
        raise Illegal("That card is not in your hand.")
    rest = tuple(c for c in held if c != card)
    hands = list(draft.hands)
    hands[seat] = ()
    turn = draft.turn + 1
    if turn < len(draft.order):
        neighbour = draft.order[turn]
        hands[neighbour] = hands[neighbour] + rest
    else:
        deck = under(deck, rest)
    return replace(draft, hands=tuple(hands), turn=turn), deck


def physical(first: int, players: int, absent: frozenset[int] = frozenset()) -> Draft:
    """The draft with the table's own cards: the order only, nothing dealt."""
    return Draft(clockwise(first, players, skip=absent), tuple(() for _ in range(players)))


def advance(draft: Draft) -> Draft:
    """The current player has kept a physical card (the app does not hold it): the next one.

    >>> advance(physical(1, 3)).current
    2
    """
    if draft.current is None:
        raise Illegal("Everyone has already chosen an ability.")
    return replace(draft, turn=draft.turn + 1)
