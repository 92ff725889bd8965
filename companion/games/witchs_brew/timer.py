"""The answer timer for speed play: when the due seat's time runs out.

A responder whose time runs out answers "So be it!" automatically; a leader (and a leader's
amulet decision) is only nudged once, so after the nudge there is no deadline.
"""

from __future__ import annotations

from companion.games.witchs_brew import trick as chain
from companion.games.witchs_brew.state import GameState, Phase


def deadline(state: GameState) -> float | None:
    """The game time (ms) at which the due seat's time runs out, or None.

    >>> from companion.games.witchs_brew.trick import open_trick
    >>> from companion.games.witchs_brew.state import Options
    >>> state = GameState(0, Options(answer_seconds=5), (), Phase.TRICK, 1, 0, 4, 4,
    ...                   trick=open_trick(("Anna", "Ben", "Cleo"), 0, at=1000))
    >>> deadline(state)
    6000
    >>> from dataclasses import replace
    >>> deadline(replace(state, trick=chain.nudged(state.trick))) is None
    True
    """
    seconds = state.options.answer_seconds
    current = state.trick
    if seconds <= 0 or state.phase is not Phase.TRICK or current is None:
        return None
    kind = chain.due_kind(current)
    if kind is None or (kind is not chain.Due.ANSWER and current.nudge):
        return None
    return current.since + 1000 * seconds
