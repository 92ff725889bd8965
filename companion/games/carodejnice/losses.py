"""The counters a solo player must keep, and the loss each one can bring."""

from __future__ import annotations

from dataclasses import replace

from companion.games.carodejnice.state import Loss, Phase, State

#: the second failed mission loses
FAILED_MISSIONS_LOSE = 2
#: townsfolk shown on the cards in the lost-souls pile: this many or more loses
LOST_SOULS_LOSE = 5


def lose(state: State, loss: Loss) -> State:
    return replace(state, phase=Phase.OVER, loss=loss)


def after_failure(state: State) -> State:
    """Two failed missions lose.

    >>> s = State(seed=1, player="A", scenario=0, failed=("a-1", "b-1"))
    >>> after_failure(s).loss
    <Loss.FAILED_MISSIONS: 'failed_missions'>
    """
    if len(state.failed) >= FAILED_MISSIONS_LOSE:
        return lose(state, Loss.FAILED_MISSIONS)
    return state


def add_lost_souls(state: State, townsfolk: int) -> State:
    """A townsfolk card went to the lost-souls pile: 5 townsfolk there in all lose.

    >>> add_lost_souls(State(seed=1, player="A", scenario=0, lost_souls=3), 2).loss
    <Loss.LOST_SOULS: 'lost_souls'>
    """
    state = replace(state, lost_souls=state.lost_souls + townsfolk)
    return lose(state, Loss.LOST_SOULS) if state.lost_souls >= LOST_SOULS_LOSE else state


def take_curse(state: State) -> State:
    """Taking a curse from an empty curse deck loses; else the deck shrinks by one.

    >>> take_curse(State(seed=1, player="A", scenario=0, curse_deck=0)).loss
    <Loss.CURSE_DECK_EMPTY: 'curse_deck_empty'>
    """
    if state.curse_deck <= 0:
        return lose(state, Loss.CURSE_DECK_EMPTY)
    return replace(state, curse_deck=state.curse_deck - 1)
