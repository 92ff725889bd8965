"""Witch or Bitch (scenarios 2 and 4): one secret card per player, exactly one of them the
Bitch; only its holder sees it, and the Bitch may reveal herself at any moment.

>>> from companion.engine import Rng
>>> dealt = deal(4, Rng(3, "cards"))
>>> len(dealt), dealt.count(Card.BITCH)
(4, 1)
"""

from __future__ import annotations

from companion.engine import Rng
from companion.games.witch_and_bitch.state import Card, GameState


def deal(players: int, rng: Rng) -> tuple[Card, ...]:
    """As many cards as players, one Bitch, shuffled."""
    return tuple(rng.shuffled([Card.BITCH] + [Card.WITCH] * (players - 1)))


def secret(state: GameState, seat: int) -> Card | None:
    """The card ``seat`` holds while it is still a secret (the Bitch's until she reveals it;
    a Witch's for the whole game, which she may never show), else None."""
    if not state.cards or state.outcome is not None:
        return None
    card = state.cards[seat]
    if card is Card.BITCH and state.revealed:
        return None
    return card


def named(state: GameState) -> int | None:
    """The seat the table may know as the Bitch: once revealed (by her or by her permanent
    death), or when the game is over."""
    if not state.cards:
        return None
    return state.bitch if state.revealed or state.outcome is not None else None


def good(state: GameState) -> tuple[int, ...]:
    """The seats on the side of good (everyone, in a scenario without the cards)."""
    return tuple(k for k in state.seats if not state.cards or state.cards[k] is Card.WITCH)
