"""What each phone says to do now (``Game.prompt``) and how the undo notes name an action
(``Game.describe``).

A prompt follows the decision ``decisions.choices`` lists: the drafter keeps a card, a player
not ready selects roles, the due seat of a trick leads, answers or decides on an amulet, and at
the end each player enters the victory points counted on the table. Every other seat is told
whom the game waits for.

>>> from companion.games.witchs_brew.trick import Due
>>> str(acting_text(Due.ANSWER, Role.ALCHEMIST))
'Answer: I am the Alchemist! or So be it!'

A note never names a secret: a selection and a drafted card stay unnamed (the default note);
a played role, an answer, an amulet, a raven, a skip and points are public.
"""

from __future__ import annotations

from companion.engine import Payload
from companion.engine.text import N_, Text, say
from companion.games.witchs_brew import trick as chain
from companion.games.witchs_brew.roles import HAND_SIZE, Role, parse_role
from companion.games.witchs_brew.state import GameState, Phase


def prompt(state: GameState, seat: int, acting: bool) -> Text:
    """The seat's sentence: what it decides now (``acting``), else whom the game waits for."""
    if seat in state.gone:  # the app plays its turns; it is asked for nothing
        return say(N_("You left the game."))
    if state.phase is Phase.SCORING:
        return _scoring(state, seat)
    if state.phase is Phase.DRAFT:
        return _draft(state, acting)
    if state.phase is Phase.SELECT:
        if acting:
            return say("Choose {n} roles, then lock them in.", n=HAND_SIZE)
        return say(N_("Wait for the others to choose their roles."))
    current = state.trick
    due = None if current is None else chain.due(current)
    kind = None if current is None else chain.due_kind(current)
    if state.phase is not Phase.TRICK or current is None or due is None or kind is None:
        return say(N_("Look at the TV."))
    if acting:
        return acting_text(kind, current.role)
    return waiting_text(kind, state.names[due], current.role)


def acting_text(kind: chain.Due, role: Role | None) -> Text:
    """What the due seat of a trick does."""
    if kind is chain.Due.PLAY or role is None:
        return say(N_("Play a role and say “I am the …!”"))
    if kind is chain.Due.ANSWER:
        return say("Answer: I am the {role}! or So be it!", role=say(role.label))
    return say("Use an amulet to take the {role} back?", role=say(role.label))


def waiting_text(kind: chain.Due, name: str, role: Role | None) -> Text:
    """Whom a trick waits for, and for what."""
    if kind is chain.Due.PLAY or role is None:
        return say("{name} leads a role", name=name)
    if kind is chain.Due.ANSWER:
        return say("{name} answers to the {role}", name=name, role=say(role.label))
    return say("{name} decides on an amulet", name=name)


def _draft(state: GameState, acting: bool) -> Text:
    if acting:
        if state.options.physical_abilities:
            return say(N_("Which ability did you keep?"))
        return say(N_("Keep one ability"))
    current = None if state.draft is None else state.draft.current
    if current is None:
        return say(N_("Look at the TV."))
    return say("{name} is choosing an ability", name=state.names[current])


def _scoring(state: GameState, seat: int) -> Text:
    points = state.players[seat].points
    if points is None:
        return say(N_("Count your victory points and enter them."))
    return say("Your victory points: {points}. The table confirms the scores.", points=points)


def describe(state: GameState, seat: int | None, action: Payload) -> Text | None:
    """The action in words for the undo notes, or None where the words would tell a secret
    (a selection, a drafted card) or add nothing (the table's confirmation).

    >>> from companion.games.witchs_brew import WITCHS_BREW
    >>> state = WITCHS_BREW.setup(["Anna", "Ben", "Cleo"], {}, 1)
    >>> describe(state, None, {"type": "play", "role": "witch"})
    'the Witch'
    >>> describe(state, None, {"type": "points", "seat": 1, "points": 12})
    'Ben: 12 victory points'
    >>> describe(state, None, {"type": "select", "roles": []}) is None
    True
    """
    kind = action["type"]
    role = parse_role(action.get("role"))
    if role is None and state.trick is not None:
        role = state.trick.role
    if kind == "play" and role is not None:
        return say("the {role}", role=say(role.label))
    if kind == "answer" and role is not None:
        if action["claim"]:
            return say("I am the {who}!", who=say(role.label))
        return say(N_("So be it!"))
    if kind == "amulet":
        return say(N_("uses an amulet")) if action["use"] else say(N_("no amulet"))
    if kind == "raven":
        return say("a raven for set {set}", set=state.raven_set)
    if kind == "skip" and action.get("seat") is not None:
        return say("for {name}", name=state.names[action["seat"]])
    if kind == "points":
        # a player enters her own points without naming her seat; the table names it
        whose = action.get("seat", seat)
        if whose is None:
            return None
        if seat is not None:
            # her own entry: the note names her already ("Ben's points — entered 12")
            return say("entered {points}", points=action["points"])
        name = state.names[whose]
        return say("{name}: {points} victory points", name=name, points=action["points"])
    return None
