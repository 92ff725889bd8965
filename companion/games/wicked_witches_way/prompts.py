"""What each phone says big (``Game.prompt``), how the race ended (``Game.outcome``) and an
action in words for the undo notes (``Game.describe``).

A seat that acts (``choices`` lists a decision for it) is told what it can do now; every other
seat whom or what the table waits for, by the player's name ("Wait: Ben rolls the dice."). The
prompt never mentions the side actions ("I play a spell", the table's ``pass``).
"""

from __future__ import annotations

from companion.engine import Payload
from companion.engine.outcome import Outcome, Reason, default_outcome, ranked
from companion.engine.text import N_, say
from companion.games.wicked_witches_way import decisions
from companion.games.wicked_witches_way.black_magic import spell_of
from companion.games.wicked_witches_way.scoring import final
from companion.games.wicked_witches_way.state import GameState, Phase, Step

#: the current witch's moment of the reveal, as she reads it when she has nothing to play
OWN_MOMENT = {
    Step.APPLY: N_("Your formula applies in a moment."),
    Step.AFTER: N_("Your formula has been applied. Watch the TV."),
    Step.KEEP: N_("Your formula has been applied. Watch the TV."),
}


def player(state: GameState, seat: int | None) -> str:
    """The player's name (the pages show players by name), "…" for nobody."""
    return "…" if seat is None else state.witches[seat].name


def prompt(state: GameState, seat: int, acting: bool) -> str:
    """What ``seat`` does now (``acting``), or whom or what the table waits for.

    >>> from companion.games.wicked_witches_way import WICKED_WITCHES_WAY as game
    >>> state = game.setup(("Ann", "Ben"), {}, 1, first=1)
    >>> prompt(state, 1, True), prompt(state, 0, False)
    ('Roll the dice (button below).', 'Wait: Ben rolls the dice.')
    """
    if state.is_gone(seat):
        return say(N_("Watch the TV."))
    if acting:
        return _act(state, seat)
    return _wait(state, seat)


def _act(state: GameState, seat: int) -> str:
    listed = {payload["type"] for payload in decisions.choices(state, seat)}
    if "roll" in listed:
        return say(N_("Roll the dice (button below)."))
    if "close_lid" in listed:
        return say(N_("Look at the dice, then close the lid!"))
    if "formula" in listed:
        return say(N_("Write your formula below."))
    if "dice" in listed:
        return say(N_("Type in the dice."))
    if "keep" in listed:
        return say(N_("Keep one card (below)."))
    if "acrobatics" in listed:
        entered = state.witches[seat].acrobatics_entered
        if entered is None:
            return say(N_("Enter the points of your acrobatics cards."))
        return say(N_("You entered {points}: the others are still counting."), points=entered)
    window = state.window
    if window is not None and window.seat != seat:
        return say(N_("You may answer with Magic Fog."))
    if state.phase is Phase.COMPOSE:  # her Decree (her formula is locked: Magic Fog, above)
        return say(N_("Decree: playable once everyone else has locked. Lock after using it."))
    return say(N_("Play a spell or go on (below)."))


def _wait(state: GameState, seat: int) -> str:
    phase = state.phase
    if phase is Phase.ROLL:
        return say(N_("Wait: {name} rolls the dice."), name=player(state, state.roller))
    if phase is Phase.LOOK:
        return say(N_("Turn {turn}: the lid is open, look at the dice!"), turn=state.turn)
    window = state.window
    if window is not None:
        spell = say(window.spell.label)
        return say(N_("{name} casts {spell}."), name=player(state, window.seat), spell=spell)
    if phase is Phase.COMPOSE:
        racing = [k for k in state.seats if not state.is_gone(k)]
        locked = sum(state.formulas[k] is not None for k in racing)
        return say(
            N_("Waiting for the others: {locked}/{total} locked."),
            locked=locked,
            total=len(racing),
        )
    if phase is Phase.RESOLVE:
        return _wait_reveal(state, seat)
    return say(N_("Watch the TV."))


def _wait_reveal(state: GameState, seat: int) -> str:
    step = state.step
    if step is Step.REVEAL:
        return say(N_("Every formula is revealed. The lid opens…"))
    if step is Step.READ:
        return say(
            N_("The lid is off: {who} or the table enters the dice."),
            who=player(state, state.roller),
        )
    if step is Step.SORT:
        return say(N_("The dice are sorted: see the TV."))
    current = state.current
    if current == seat and step in OWN_MOMENT:
        return say(OWN_MOMENT[step])
    if current is None:
        return say(N_("Watch the TV."))
    return say(
        N_("Turn {turn}: formulas checked · now: {name}"),
        turn=state.turn,
        name=player(state, current),
    )


def outcome(state: GameState, reason: Reason) -> Outcome:
    """Once the race is over: the final scores (race place plus acrobatics, ties broken by who
    went furthest: ``scoring.final``), whatever ended the game afterwards. Ended before the
    finish: the standings by position on the track (a finisher ahead by her finishing order).

    >>> from companion.games.wicked_witches_way import WICKED_WITCHES_WAY as game
    >>> state = game.setup(("Ann", "Ben", "Cleo"), {}, 1, first=0)
    >>> state = state.with_witch(1, position=7).with_witch(2, position=3)
    >>> ended = outcome(state, Reason.ENDED)
    >>> ended.text, [(p.seat, p.place, p.score) for p in ended.ranking]
    ('Ended by the host in turn 1', [(1, 1, 7), (2, 2, 3), (0, 3, 0)])
    """
    if state.phase is Phase.OVER:
        rows = final(state)
        ranking = ranked(
            {row["seat"]: row["total"] for row in rows},
            tiebreak={row["seat"]: -row["rank"] for row in rows},
        )
        best = [row for row in rows if row["rank"] == 1]
        if len(best) == 1:
            text = say(N_("{who} wins (points: {x})."), who=best[0]["name"], x=best[0]["total"])
        else:
            names = tuple(row["name"] for row in best)
            text = say(N_("A tie: {who} share the win (points: {x})."), who=names,
                       x=best[0]["total"])  # fmt: skip
        return Outcome(reason, text, ranking)
    standings = ranked(
        {w.seat: w.position for w in state.witches},
        tiebreak={w.seat: -(w.finished_rank or 99) for w in state.witches},
    )
    if reason is Reason.ENDED:
        return Outcome(reason, say(N_("Ended by the host in turn {n}"), n=state.turn), standings)
    return Outcome(reason, default_outcome(reason).text, standings)


def describe(state: GameState, seat: int | None, payload: Payload) -> str | None:
    """A roll by its turn and roller, a spell by its name ("Tailwind"), an acrobatics total as
    the log says it; None for the rest, which the notes name by the action ("Ben's formula"):
    a formula and a kept card are secret (the notes go to every screen)."""
    kind = payload.get("type")
    if kind == "roll":
        return say(
            N_("Turn {turn}: {name} rolls the dice"),
            turn=state.turn,
            name=player(state, state.roller),
        )
    if kind == "spell":
        spell = spell_of(str(payload.get("card", "")))
        return None if spell is None else say(spell.label)
    if kind == "acrobatics":
        target = payload.get("seat", seat)
        if not isinstance(target, int) or not 0 <= target < len(state.witches):
            return None
        return say(
            N_("Acrobatics points for {name}: {points}."),
            name=state.name(target),
            points=payload.get("points"),
        )
    return None
