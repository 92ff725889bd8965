"""What each phone says big (``Game.prompt``), how the game ended (``Game.outcome``) and a move
in words for the undo notes (``Game.describe``).

The decider is told what to do in the words of its task (second person: the table's ``DOING``
is third person); the other seat is told whom the game waits for and what she does.
"""

from __future__ import annotations

from companion.engine import Illegal, Payload
from companion.engine.outcome import Outcome, Place, Reason, default_outcome
from companion.engine.text import N_, say
from companion.games.witchcraft import turns, views
from companion.games.witchcraft.state import GameState, Phase

#: what the decider is asked to do, by the pending task (``views.pending``'s ``task``)
ASK = {
    "main": N_("Your turn: tap a wizard to see its targets."),
    "enter_power": N_("Enter the power tile you drew (only your phone knows it)."),
    "draw": N_("Draw the top tile of your stack and tap which it is."),
    "aside": N_("Set a tile aside for summoning (secret until both have chosen)."),
    "drop": N_("Put the captured tile onto one of your stacks."),
    "energy": N_("Altar of Energy: remove an exhaustion token."),
    "protect": N_("Altar of Protection: tap a stack of yours, then the side to shield."),
    "teleport": N_("Altar of Teleportation: tap a stack of yours, then where it goes."),
    "teleport_face": N_("Altar of Teleportation: choose the facing."),
    "summon_map": N_("Altar of Summoning: tap where the pair of map tiles goes."),
    "summon_pick": N_("Altar of Summoning: choose the map tile your opponent summons onto."),
    "summon": N_("Summoning: place one of your set-aside wizards."),
    "prophet": N_("Prophet: tap the stack to work on."),
    "prophet_refresh": N_("Prophet: remove the exhaustion token, or leave it."),
    "prophet_arrange": N_(
        "Prophet: lay the stack's tiles again from the bottom, each with its facing."
    ),
    "prince": N_("Prince: tap the stack, then the tile that leaves the game."),
    "barbarian": N_("Barbarian: tap the altar to destroy."),
    "keykeeper": N_("Key Keeper: choose the two stacks to swap."),
    "face": N_("Key Keeper: choose the facing of the moved stack."),
    "after": N_("Use your power tile now, or end your turn."),
}


def prompt(state: GameState, seat: int, acting: bool) -> str:
    """The decider's task in her words; the other seat's: who decides and what.

    >>> from companion.games.witchcraft import WITCHCRAFT
    >>> state = WITCHCRAFT.setup(("Ann", "Ben"), {}, 1, first=0)
    >>> prompt(state, 0, True), prompt(state, 1, False)
    ('Your turn: place your next tile (tap a free space).', 'Ann places a wizard')
    """
    pending = views.pending(state)
    if pending is None:
        return say(N_("Watch the table: nothing to do now."))
    if not acting and pending["seat"] is None:
        return say(N_("On the TV, the host {doing}."), doing=say(pending["doing"]))
    if not acting:
        who = state.players[pending["seat"]].name
        return say(N_("{who} {doing}"), who=who, doing=say(pending["doing"]))
    if pending["task"] == "main" and state.phase is Phase.PLACEMENT:
        return say(N_("Your turn: place your next tile (tap a free space)."))
    if pending["task"] not in ASK:
        return say(N_("Your decision."))
    return say(ASK[pending["task"]])


def outcome(state: GameState, reason: Reason) -> Outcome:
    """The game's own result once it is over (the winner first, a draw shares the first place;
    kept when the room ends it afterwards); ended before that: no winner, no ranking.

    >>> from companion.games.witchcraft import WITCHCRAFT
    >>> state = WITCHCRAFT.setup(("Ann", "Ben"), {}, 1, first=0)
    >>> over = turns.finish(state, 1, "resigned")
    >>> outcome(over, Reason.RULES)  # doctest: +NORMALIZE_WHITESPACE
    Outcome(reason=<Reason.RULES: 'rules'>, text='Ben (green) wins: Ann resigned.',
            ranking=(Place(seat=1, place=1, score=None), Place(seat=0, place=2, score=None)))
    >>> [p.place for p in outcome(turns.finish(state, None, "quiet"), Reason.RULES).ranking]
    [1, 1]
    >>> outcome(state, Reason.ENDED).text, outcome(state, Reason.ENDED).ranking
    ('The host ended the game.', None)
    """
    if state.phase is not Phase.OVER:
        return default_outcome(reason)
    winner = state.winner
    if winner is None:
        ranking = (Place(0, 1), Place(1, 1))
    else:
        ranking = (Place(winner, 1), Place(1 - winner, 2))
    return Outcome(reason, state.result, ranking)


def describe(state: GameState, payload: Payload) -> str | None:
    """A ``choose`` as the move list words it: the first line it adds to the log (else the
    choice's own label); None for anything else (``resign``: the action's name says it)."""
    if payload.get("type") != "choose":
        return None
    listed = turns.choices(state)
    index = payload.get("option")
    if not isinstance(index, int) or not 0 <= index < len(listed):
        return None
    try:
        after = turns.choose(state, index)
    except Illegal:
        return listed[index].label
    added = after.log[len(state.log) :]
    return added[0].text if added else listed[index].label
