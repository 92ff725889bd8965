"""Each scenario's end: the win and loss checks the app can see for itself, and the Destiny
deck running out (one last round, then the loss).

>>> from companion.games.witch_and_bitch.scenarios import SCENARIOS
>>> SCENARIOS[5].objects
4
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine.text import say
from companion.games.witch_and_bitch import bitch
from companion.games.witch_and_bitch.scenarios import Mode
from companion.games.witch_and_bitch.state import GameState, Outcome, Step


def over(state: GameState, outcome: Outcome) -> GameState:
    return replace(state, step=Step.OVER, outcome=outcome, order=(), index=0)


def check(state: GameState) -> GameState:
    """The state, ended if a scenario's condition now holds (nothing changes otherwise)."""
    if state.outcome is not None or state.round == 0:
        return state
    sc = state.scenario
    if sc.mode is Mode.COMPETITIVE:
        # A player who left is out of the fight too.
        standing = [k for k, w in enumerate(state.witches) if not w.out and k not in state.gone]
        if len(standing) <= 1:
            if standing:
                name = state.names[standing[0]]
                return over(
                    state,
                    Outcome(
                        say("{name} is the last Witch alive and wins!", name=name),
                        (standing[0],),
                    ),
                )
            return over(state, Outcome(say("No Witch is left alive: nobody wins.")))
        return state
    good = bitch.good(state)
    if state.antagonist_dead:
        assert sc.antagonist is not None
        return over(
            state,
            Outcome(say("{name} is dead: the Witches win!", name=sc.antagonist.name), good),
        )
    if sc.number == 5 and state.objects >= sc.objects:
        return over(state, Outcome(say("All 4 Objects are recovered: the Witches win!"), good))
    villain = state.bitch
    if sc.rom and state.rom_killed >= sc.rom:
        won = () if villain is None else (villain,)
        return over(
            state, Outcome(say("All the Rom are dead: the Witches lose, the Bitch wins."), won)
        )
    if all(state.witches[k].out for k in good):
        if villain is not None:
            return over(
                state,
                Outcome(say("All the good Witches are dead: the Bitch wins."), (villain,)),
            )
        return over(state, Outcome(say("Every Witch is dead: the Witches lose.")))
    return state


def deck_out(state: GameState) -> GameState:
    """No Destiny card left to draw in the last round: the game is lost."""
    return over(
        state,
        Outcome(say("The Destiny deck ran out and the last round is over: the Witches lose.")),
    )
