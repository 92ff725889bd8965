"""What Witchcraft waits for (``Game.choices``): every decision is one of the choices the engine
enumerates (``turns.choices``) for the seat it waits for, sent as ``choose`` with the index and
the ply; ``resign`` is a side action, never listed.
"""

from __future__ import annotations

from typing import Any

from companion.games.witchcraft import turns
from companion.games.witchcraft.state import TABLE, GameState


def choices(state: GameState, seat: int | None) -> list[dict[str, Any]]:
    """``choose`` for each listed choice of the seat the game waits for (the one who decides
    the next task, else the player to move); nothing for the other seat, the table, or once the
    game is over (a seat that leaves loses: the game is over).

    >>> from companion.games.witchcraft import WITCHCRAFT
    >>> state = WITCHCRAFT.setup(("Ann", "Ben"), {}, 1, first=0)
    >>> listed = choices(state, 0)
    >>> listed[0], len(listed) == len(turns.choices(state)), choices(state, 1), choices(state, None)
    ({'type': 'choose', 'option': 0, 'ply': 0}, True, [], [])
    """
    decider = state.decider
    if decider is None or (TABLE if seat is None else seat) != decider:
        return []
    return [
        {"type": "choose", "option": i, "ply": state.ply} for i in range(len(turns.choices(state)))
    ]
