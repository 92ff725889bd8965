"""The end of the game: the table counts each player's victory points on the cards, the app
ranks them.

When the last set ends the game goes to the ``scoring`` phase (not over yet: the room accepts
actions only while a game runs). Each player enters their own points (``points``), the table
may enter or correct anyone's; once every seat still at the table has points the table
confirms (``confirm``) and the game is over, ranked by points (a seat that left is ranked when
the table entered its points, else left out: the game never waits for it). With the Amulets
expansion, unused amulets break a tie (each counts in a tie, as the expansion says); seats
still equal share their place.

>>> from companion.engine import Reason
>>> from companion.games.witchs_brew.state import Options, Phase, Player
>>> players = (Player("Anna", amulets_unused=1, points=30),
...            Player("Ben", amulets_unused=2, points=30), Player("Cleo", points=41))
>>> state = GameState(0, Options(amulets=True), players, Phase.OVER, 3, 0, 0, 4)
>>> ended = outcome(state, Reason.RULES)
>>> ended.text, [(p.seat, p.place, p.score) for p in ended.ranking or ()]
('Cleo wins the game', [(2, 1, 41), (1, 2, 30), (0, 3, 30)])
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import BadRequest, Forbidden, Illegal, Outcome, Payload, Reason, ranked
from companion.engine.outcome import default_outcome
from companion.engine.text import say
from companion.games.witchs_brew.state import GameState, Phase

#: the most victory points one player may enter
MAX_POINTS = 999


def points(state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
    """A seat's victory points: a player enters their own, the table anyone's; entering again
    corrects them."""
    _scoring(state)
    target = action.get("seat")
    if seat is None and target is None:
        raise BadRequest("Say whose victory points these are.")
    if seat is not None and target not in (None, seat):
        raise Forbidden("You enter only your own victory points.")
    whose = seat if target is None else int(target)
    if whose is None or not 0 <= whose < len(state.players):
        raise BadRequest("There is no such seat.")
    return state.with_player(whose, points=action["points"])


def confirm(state: GameState, seat: None, action: Payload, at: float) -> GameState:
    """The table confirms the scores: the game is over."""
    _scoring(state)
    if not complete(state):
        raise Illegal("Every player's victory points are needed first.")
    return replace(state, phase=Phase.OVER)


def _scoring(state: GameState) -> None:
    if state.phase is not Phase.SCORING:
        raise Illegal("Victory points are entered once the last set is over.")


def complete(state: GameState) -> bool:
    """Every seat still at the table has its points."""
    return all(state.players[seat].points is not None for seat in state.present)


def choices(state: GameState, seat: int | None) -> list[dict[str, Any]]:
    """In the scoring phase a player enters (or corrects) their own points, the table anyone's,
    and confirms once all are in; ``points`` is a free value, listed once with 0."""
    if seat is None:
        entries = [{"type": "points", "seat": k, "points": 0} for k in state.seats]
        return entries + ([{"type": "confirm"}] if complete(state) else [])
    if seat in state.gone:
        return []
    return [{"type": "points", "seat": seat, "points": 0}]


def outcome(state: GameState, reason: Reason) -> Outcome:
    """The ranking by victory points once they are complete (else none); the winner's name,
    the winners' names in a tie, or for a game ended before the points the set it ended in."""
    if not complete(state):
        if reason is Reason.ENDED:
            return Outcome(reason, say("Ended by the host in set {set}", set=state.set_number))
        return default_outcome(reason)
    scores = {k: p.points for k, p in enumerate(state.players) if p.points is not None}
    tiebreak = None
    if state.options.amulets:
        tiebreak = {k: p.amulets_unused for k, p in enumerate(state.players)}
    ranking = ranked(scores, tiebreak=tiebreak)
    winners = tuple(state.names[p.seat] for p in ranking if p.place == 1)
    if len(winners) == 1:
        return Outcome(reason, say("{name} wins the game", name=winners[0]), ranking)
    return Outcome(reason, say("{names} share the win", names=winners), ranking)


def points_json(state: GameState) -> dict[str, Any]:
    """What the views show of the scoring: each seat's points (None until entered) and
    whether the table may confirm."""
    return {
        "points": {k: p.points for k, p in enumerate(state.players)},
        "complete": complete(state),
    }
