"""What Witch & Bitch tells the players in words: each seat's prompt (what to do now, or whom
the table waits for), how the game ended (``Game.outcome``) and an action as the undo notes
name it (``Game.describe``).

Most texts are the phone's own sentences, so they are translated once for both.

>>> from companion.engine.outcome import Reason
>>> from companion.games.witch_and_bitch import WITCH_AND_BITCH as GAME
>>> state = GAME.setup(("Anna", "Ben"), {}, 1)
>>> str(prompt(state, 0, True))
'Follow the set-up on the TV.'
>>> str(outcome(state, Reason.ENDED).text)
'Ended by the host during the set-up.'
"""

from __future__ import annotations

from companion.engine import Payload
from companion.engine.outcome import Outcome, Place, Reason, default_outcome
from companion.engine.text import N_, say
from companion.games.witch_and_bitch import decisions
from companion.games.witch_and_bitch.state import GameState, Step
from companion.games.witch_and_bitch.witches import ACTIONS

#: the steps the TV leads: any phone may press Next once the table has done what it shows
TV_LED = (
    Step.ENEMIES,
    Step.PASS_TOKEN,
    Step.RESTORE,
    Step.DESTINY,
    Step.ACTIVATION,
)


def prompt(state: GameState, seat: int, acting: bool) -> str:
    """The seat's sentence now; ``acting``: ``choices`` lists a decision for it.

    >>> from companion.games.witch_and_bitch import WITCH_AND_BITCH as GAME
    >>> from dataclasses import replace
    >>> state = replace(GAME.setup(("Anna", "Ben"), {}, 1), step=Step.TURNS, order=(1, 0))
    >>> str(prompt(state, 1, True)), str(prompt(state, 0, False))
    ('Your turn: up to 3 actions', "Ben's turn")
    """
    if seat in state.gone:  # never waited for again: nothing to do
        return say(N_("You left the game."))
    step, current = state.step, state.current
    who = None if current is None else state.names[current]
    mine = current == seat
    if step is Step.SETUP:
        return say(N_("Follow the set-up on the TV."))
    if step is Step.FIRST_ROLL:
        return _first_roll(state, seat, acting)
    if step in TV_LED or who is None:
        return say(N_("Follow the TV, then press Next."))
    if step is Step.DRAFT:
        if not mine:
            return say(N_("Waiting for {who} to choose"), who=who)
        if state.witches[seat].spells:
            return say(N_("Choose your second Spell (another School)"))
        return say(N_("Choose your first Spell"))
    if step is Step.POSITIONS:
        if mine:
            return say(N_("Choose your starting position"))
        return say(N_("Waiting for {who}"), who=who)
    if step is Step.TURNS:
        if mine:
            return say(N_("Your turn: up to {n} actions"), n=ACTIONS)
        return say(N_("{who}'s turn"), who=who)
    if not mine:  # learning
        return say(N_("{who} may learn a Spell"), who=who)
    if any(c["type"] == "learn" for c in decisions.turn_choices(state, seat)):
        return say(N_("Learn a Spell, or press Not now."))
    return say(N_("You cannot learn a Spell now: press Next."))


def _first_roll(state: GameState, seat: int, acting: bool) -> str:
    if acting:
        return say(N_("Roll the d20 for first player"))
    rolled = dict(state.first_rolls)
    if seat in rolled:
        return say(N_("Rolled — waiting for the others"))
    waiting = tuple(state.names[k] for k in state.rollers if k not in rolled)
    return say(N_("Waiting for {who}"), who=waiting)


def outcome(state: GameState, reason: Reason) -> Outcome:
    """RULES: the scenario's own end, its winners first; ENDED: the round, the Witches still
    alive and the Bitch named (no ranking: nobody won); LEFT: the default.

    >>> from companion.games.witch_and_bitch import WITCH_AND_BITCH as GAME
    >>> from dataclasses import replace
    >>> state = GAME.setup(("Anna", "Ben", "Cleo"), {"scenario": 2}, 1)
    >>> state = replace(state, round=3, step=Step.DESTINY)
    >>> text = outcome(state, Reason.ENDED).text
    >>> str(text).startswith("Ended by the host in round 3. Still alive: ")
    True
    """
    if reason is Reason.LEFT:
        return default_outcome(reason)
    if reason is Reason.RULES and state.outcome is not None:
        winners = state.outcome.winners
        ranking = None
        if winners:
            # two sides, two places: the winners share the 1st, everyone else the 2nd (a podium
            # with an empty 2nd step would read as if someone were missing)
            rest = tuple(k for k in state.seats if k not in winners)
            ranking = tuple(Place(k, 1) for k in winners) + tuple(Place(k, 2) for k in rest)
        return Outcome(reason, state.outcome.text, ranking)
    if state.round == 0:
        return Outcome(reason, say(N_("Ended by the host during the set-up.")))
    alive = tuple(state.names[k] for k, w in enumerate(state.witches) if not w.out) or ("—",)
    villain = state.bitch
    if villain is None:
        text = say(
            N_("Ended by the host in round {round}. Still alive: {names}."),
            round=state.round,
            names=alive,
        )
    else:
        text = say(
            N_("Ended by the host in round {round}. Still alive: {names}. The Bitch was {bitch}."),
            round=state.round,
            names=alive,
            bitch=state.names[villain],
        )
    return Outcome(reason, text)


def describe(state: GameState, seat: int | None, action: Payload) -> str | None:
    """The action's parts in words: the Spell drafted or learned, the position, the Witch card,
    the XP of a corpse, the damage (None: the action's name says it all).

    >>> from companion.games.witch_and_bitch import WITCH_AND_BITCH as GAME
    >>> state = GAME.setup(("Anna", "Ben"), {}, 1)
    >>> str(describe(state, 0, {"type": "corpse", "xp": 2}))
    '+2 XP'
    >>> str(describe(state, None, {"type": "damage", "seat": 1, "amount": 2}))
    'Ben: +2 damage'
    """
    kind = action.get("type")
    if kind in ("pick", "learn"):
        return say(state.book.spell_name(str(action["spell"])))
    if kind == "position":
        return say(N_("Position {spot}"), spot=action["spot"])
    if kind == "witch":
        return say(state.book.card(str(action["witch"])).name)
    if kind == "corpse":
        return say(N_("+{xp} XP"), xp=action["xp"])
    if kind == "damage":
        name = state.names[int(action["seat"])]
        amount = int(action["amount"])
        if amount < 0:
            return say(N_("{name}: heal {amount}"), name=name, amount=-amount)
        return say(N_("{name}: +{amount} damage"), name=name, amount=amount)
    return None
