"""What Čarodějnice! tells its one player in words: what to tap now (``Game.prompt``), how the
game ended (``Game.outcome``: a solo game has no ranking) and an action as the undo notes name
it (``Game.describe``).

The texts are mostly the phone's and the refusals' own sentences, translated once for all.

>>> from companion.engine.outcome import Reason
>>> from companion.games.carodejnice import CARODEJNICE as GAME
>>> state = GAME.setup(("Anna",), {}, 1)
>>> str(prompt(state, 0, True))
'Lay out the cards as the list shows, then tap Set-up done.'
>>> str(outcome(state, Reason.ENDED).text)
'Ended by the host during the set-up.'
"""

from __future__ import annotations

from companion.engine import Payload
from companion.engine.outcome import Outcome, Reason, default_outcome
from companion.engine.text import N_, say
from companion.games.carodejnice.state import Loss, Phase, State
from companion.games.carodejnice.trial import Degree, verdict

#: what the player does in each phase of the jurors game (the refusals say the same)
TO_DO = {
    Phase.WITCHES: N_("Phase 1: play witches from your hand, then go on."),
    Phase.MISSION: N_("Phase 2: accept one of the laid-out missions."),
    Phase.REST: N_("Phase 3: play the rest of your hand, then go on."),
    Phase.RESOLVE: N_("Phase 4: record how the mission went."),
    Phase.DECIDE: N_("Phase 5: go on, or face the trial."),
    Phase.CLEANUP: N_("Phase 6: clean up and draw a new hand."),
}

#: how each loss reads
LOSSES = {
    Loss.FAILED_MISSIONS: N_("Defeat: a second mission failed."),
    Loss.LOST_SOULS: N_("Defeat: too many townsfolk are among the lost souls."),
    Loss.CURSE_DECK_EMPTY: N_("You had to take a curse and the curse deck was empty."),
    Loss.NO_WITCH: N_("Your new hand held no witch."),
    Loss.CARD: N_("A card ended the game in defeat."),
}

#: the trial's verdict, by its degree
DEGREES = {
    Degree.TRIUMPH: N_("Triumph: all three jurors are convinced."),
    Degree.DRAW: N_("A draw: two jurors are convinced, and the witches count as innocent."),
    Degree.DEFEAT: N_("Defeat: only one juror is convinced."),
    Degree.ROUT: N_("Rout: no juror is convinced."),
}


def prompt(state: State, seat: int, acting: bool) -> str:
    """What to tap now; a tale steps through the same six phases by its own cards.

    >>> from dataclasses import replace
    >>> from companion.games.carodejnice import CARODEJNICE as GAME
    >>> state = replace(GAME.setup(("Anna",), {}, 1), phase=Phase.MISSION)
    >>> str(prompt(state, 0, True))
    'Phase 2: accept one of the laid-out missions.'
    """
    phase = state.phase
    if state.left:
        return say(N_("You left the game."))
    if phase is Phase.SETUP:
        return say(N_("Lay out the cards as the list shows, then tap Set-up done."))
    number = phase.number
    if state.scenario and number is not None:
        return say(N_("Phase {n}: play it as your tale says, then tap Next phase."), n=number)
    if not acting:  # phase 1 with no mission left: only a card or the trial goes on
        return say(N_("No mission is left: the trial begins."))
    return say(TO_DO[phase])


def outcome(state: State, reason: Reason) -> Outcome:
    """The loss named, the trial's degree, or the tale won or lost; the host's End says the
    round. No ranking: the page says the result, ``you.place`` is None.

    >>> from dataclasses import replace
    >>> from companion.games.carodejnice import CARODEJNICE as GAME
    >>> state = replace(GAME.setup(("Anna",), {}, 1), phase=Phase.OVER, loss=Loss.NO_WITCH)
    >>> str(outcome(state, Reason.RULES).text)
    'Your new hand held no witch.'
    """
    if reason is Reason.LEFT:
        return default_outcome(reason)
    if reason is Reason.ENDED:
        if state.round == 0:
            return Outcome(reason, say(N_("Ended by the host during the set-up.")))
        return Outcome(reason, say(N_("Ended by the host in round {round}."), round=state.round))
    if state.loss is not None:
        return Outcome(reason, say(LOSSES[state.loss]))
    if state.trial is not None:
        return Outcome(reason, say(DEGREES[verdict(state.jurors).degree]))
    if state.won is not None:
        return Outcome(reason, say(N_("The tale is won") if state.won else N_("The tale is lost")))
    return default_outcome(reason)


def describe(state: State, seat: int | None, action: Payload) -> str | None:
    """The mission accepted, the choice of phase 5 and 6, a card's verdict, a tale's end.

    >>> from companion.games.carodejnice import CARODEJNICE as GAME
    >>> state = GAME.setup(("Anna",), {}, 1)
    >>> str(describe(state, 0, {"type": "decide", "trial": True}))
    'You chose to face the trial.'
    """
    kind = action.get("type")
    if kind == "accept":
        return say(state.cards.mission(str(action["mission"])).name)
    if kind == "decide" and action["trial"]:
        return say(N_("You chose to face the trial."))
    if kind == "cleanup" and not action["witch"]:
        return say(LOSSES[Loss.NO_WITCH])
    if kind == "card":
        if action["effect"] == "lose":
            return say(LOSSES[Loss.CARD])
        return say(N_("A card called the trial."))
    if kind == "finish":
        return say(N_("The tale is won") if action["won"] else N_("The tale is lost"))
    return None
