"""What Čarodějnice! waits for (``Game.choices``): the step of the phase the round is in.

The counters and the cards' verdicts (``townsfolk``, ``curse``, ``return_curse``, ``card``) and a
tale's ``track`` and ``finish`` are side actions: the player records them whenever the cards
say so, and the game never waits for them, so they are never listed. Phase 4's ``resolve``
records numbers the player reads off the table (strength, strength spent, difficulty, value,
servants: free fields, ``Field.free``): it is listed once per juror, with representative
numbers, and every value of each of those fields is accepted with the others as listed.
"""

from __future__ import annotations

from typing import Any

from companion.games.carodejnice.state import ROUND_PHASES, Phase, State

#: the representative strength of a listed ``resolve``: the highest, so that any strength spent
#: is accepted with it
STRENGTH = 99


def choices(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The player's decision in this phase; nothing for the table, nothing once the game is
    over or the player has left.

    >>> from companion.games.carodejnice import CARODEJNICE
    >>> state = CARODEJNICE.setup(("Anna",), {}, 1)
    >>> choices(state, 0), choices(state, None)
    ([{'type': 'ready'}], [])
    >>> tale = CARODEJNICE.apply(CARODEJNICE.setup(("Anna",), {"scenario": 2}, 1), 0,
    ...                          {"type": "ready"}, 0.0)
    >>> choices(tale, 0)
    [{'type': 'done'}]
    """
    phase = state.phase
    if seat is None or phase is Phase.OVER or state.left:
        return []
    if phase is Phase.SETUP:
        return [{"type": "ready"}]
    if state.scenario:  # a tale steps through the six phases
        return [{"type": "done"}] if phase in ROUND_PHASES else []
    if phase is Phase.WITCHES:
        return [{"type": "done"}] if state.laid_out else []
    if phase is Phase.MISSION:
        return [{"type": "accept", "mission": mission} for mission in state.laid_out]
    if phase is Phase.REST:
        return [{"type": "done"}]
    if phase is Phase.RESOLVE:
        return [resolve(juror) for juror in range(len(state.jurors))]
    if phase is Phase.DECIDE:
        return [{"type": "decide", "trial": trial} for trial in (False, True)]
    return [{"type": "cleanup", "witch": witch} for witch in (True, False)]


def resolve(juror: int) -> dict[str, Any]:
    """Phase 4 as listed: the juror whose conviction rises if the mission succeeds, and
    representative numbers (the difficulty and the value left out: the mission's own).

    >>> resolve(2)
    {'type': 'resolve', 'strength': 99, 'spent': 0, 'juror': 2, 'servants': 0}
    """
    return {"type": "resolve", "strength": STRENGTH, "spent": 0, "juror": juror, "servants": 0}
