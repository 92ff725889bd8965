"""The buzzer rules: arm a round, it opens, everyone presses, presses are ranked by time.

A press before the round opens is a false start (when the option is on) and costs that seat
the round. The round closes when every seat has pressed or false-started, ``PRESS_WINDOW_MS``
after the first press, or ``IDLE_OPEN_MS`` after opening when nobody presses. With a ``target``
the game ends by its own rule when the table's award brings a player to that many points;
without one (0) it goes on until the host ends it.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.engine import (
    Field,
    FieldType,
    Game,
    Illegal,
    Option,
    OptionType,
    Outcome,
    Payload,
    Reason,
    Rng,
    TooLate,
    by_seat,
    by_table,
    ranked,
)
from companion.engine.memo import per_state
from companion.engine.outcome import default_outcome
from companion.engine.text import N_, say
from companion.timing import photo_finish

#: with ``random_delay`` the round opens this many ms after arming, drawn uniformly
RANDOM_DELAY_MS = (1000, 4000)
#: without ``random_delay`` a visible countdown, by default this long
COUNTDOWN_MS = 3000
#: the round stays open this long after the first press, for the others' presses to rank
PRESS_WINDOW_MS = 3000
#: a round nobody presses closes on its own
IDLE_OPEN_MS = 15000
#: the most points one award may give or take
MAX_AWARD = 100


class Status(enum.StrEnum):
    IDLE = "idle"
    ARMED = "armed"
    OPEN = "open"
    CLOSED = "closed"


@dataclass(frozen=True)
class Press:
    seat: int
    at: float
    #: how far ``at`` may be off (ms), from the presser's clock estimate (docs/fairness.md)
    uncertainty: float = 0.0


@dataclass(frozen=True)
class BuzzerState:
    players: tuple[str, ...]
    seed: int
    false_start: bool
    random_delay: bool
    countdown_ms: float = COUNTDOWN_MS
    round: int = 0
    status: Status = Status.IDLE
    armed_at: float | None = None
    opens_at: float | None = None
    closes_at: float | None = None
    presses: tuple[Press, ...] = ()
    false_starts: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    #: seats given points in this round (the TV offers "+1" once per seat and round; undo,
    #: redo and a reload of the TV all see the same)
    awarded: tuple[int, ...] = ()
    #: the points that win the game (0: no target, the host ends it)
    target: int = 0
    #: seats whose player left the game: never waited for
    gone: tuple[int, ...] = ()
    #: a photo finish shares the place (else the earlier fair time wins it)
    ties: bool = False

    def ranking(self) -> list[Press]:
        """Presses by time; equal times keep arrival order (``sorted`` is stable).

        >>> s = BuzzerState(("a", "b", "c"), 1, True, True,
        ...                 presses=(Press(2, 50.0), Press(0, 10.0), Press(1, 50.0)))
        >>> [p.seat for p in s.ranking()]
        [0, 2, 1]
        """
        return sorted(self.presses, key=lambda p: p.at)

    def places(self) -> list[tuple[Press, int, bool]]:
        """The ranking with each press's place and whether it was a photo finish with the
        press before it (closer than their combined uncertainty). A photo finish shares the
        place only with ``ties``; otherwise the earlier fair time keeps the better place.

        >>> presses = (Press(0, 10.0, 2.0), Press(1, 13.0, 2.0), Press(2, 30.0, 2.0))
        >>> s = BuzzerState(("a", "b", "c"), 1, True, True, presses=presses)
        >>> [(p.seat, place, close) for p, place, close in s.places()]
        [(0, 1, False), (1, 2, True), (2, 3, False)]
        >>> [place for _, place, _ in replace(s, ties=True).places()]
        [1, 1, 3]
        """
        out: list[tuple[Press, int, bool]] = []
        for i, press in enumerate(self.ranking()):
            place, close = i + 1, False
            if out:
                before, before_place, _ = out[-1]
                close = photo_finish(press.at - before.at, before.uncertainty, press.uncertainty)
                if close and self.ties:
                    place = before_place
            out.append((press, place, close))
        return out

    def done(self, seat: int) -> bool:
        """Nothing more to wait for from ``seat`` this round (pressed, false start, or gone)."""
        return seat in self.finished()

    def finished(self) -> set[int]:
        """The seats with nothing more to wait for this round (one pass, as every view asks)."""
        return {p.seat for p in self.presses}.union(self.false_starts, self.gone)

    def pressed(self) -> int:
        """How many seats still in the game have pressed (or false-started) this round: the
        "2 of 2" the table shows counts only them.

        >>> s = BuzzerState(("a", "b", "c"), 1, True, True, presses=(Press(2, 5.0),),
        ...                 false_starts=(0,), gone=(2,))
        >>> s.pressed(), s.playing()
        (1, 2)
        """
        return len(self.finished()) - len(self.gone)

    def playing(self) -> int:
        """How many seats are still in the game."""
        return len(self.players) - len(self.gone)

    def totals(self) -> dict[int, int]:
        """Each seat's points, for the final standings: every seat still in the game, and a
        seat that left only when it had scored (as the table's scoreboard shows them)."""
        return {
            seat: points
            for seat, points in enumerate(self.scores)
            if seat not in self.gone or points != 0
        }


class Buzzer(Game[BuzzerState]):
    id = "buzzer"
    title = N_("Buzzer (speed rounds)")  # a description, not a printed game's name: translated
    rules_version = 2  # 2: a seat that leaves is not waited for
    min_players = 1
    max_players = 12
    options = (
        Option("false_start", OptionType.BOOL, True, "False start costs the round"),
        Option("random_delay", OptionType.BOOL, True, "Open 1–4 s after arming, unannounced"),
        Option("countdown", OptionType.INT, 3, "Countdown, no random delay (s)", low=0, high=10),
        Option(
            "target", OptionType.INT, 0, "Points to win (0: the host ends)", low=0, high=MAX_AWARD
        ),
        Option("ties", OptionType.BOOL, False, "Photo finish: share the place"),
    )

    def __init__(self) -> None:
        super().__init__(
            by_table("arm", self._arm, refusal="Only the table can arm a round."),
            by_seat("buzz", self._buzz, race=True, refusal="Only players can buzz."),
            by_table(
                "award",
                self._award,
                Field("seat", FieldType.SEAT, message="Award needs a seat number."),
                Field(
                    "points",
                    FieldType.INT,
                    required=False,
                    default=1,
                    low=-MAX_AWARD,
                    high=MAX_AWARD,
                    message="Points must be a whole number up to {high}.",
                ),
                refusal="Only the table awards points.",
                side=True,  # the host's correction, at any moment: never waited for
            ),
        )

    def new_state(
        self, players: tuple[str, ...], options: Mapping[str, Any], seed: int
    ) -> BuzzerState:
        return BuzzerState(
            players=players,
            seed=seed,
            false_start=bool(options["false_start"]),
            random_delay=bool(options["random_delay"]),
            countdown_ms=1000.0 * options["countdown"],
            scores=tuple(0 for _ in players),
            # .get: a room stored before the option existed replays without a target
            target=int(options.get("target", 0)),
            ties=bool(options.get("ties", False)),
        )

    def _arm(self, state: BuzzerState, seat: None, action: Payload, at: float) -> BuzzerState:
        if state.status in (Status.ARMED, Status.OPEN):
            raise Illegal("A round is already under way.")
        number = state.round + 1
        if state.random_delay:
            delay = Rng(state.seed, "round", number).uniform(*RANDOM_DELAY_MS)
        else:
            delay = state.countdown_ms
        return replace(
            state,
            round=number,
            status=Status.ARMED,
            armed_at=at,
            opens_at=at + delay,
            closes_at=None,
            presses=(),
            false_starts=(),
            awarded=(),
        )

    def _buzz(self, state: BuzzerState, seat: int, action: Payload, at: float) -> BuzzerState:
        if state.status is Status.IDLE:
            raise Illegal("No round is armed yet.")
        if state.status is Status.CLOSED:
            raise TooLate("This round is over.")
        if state.done(seat):
            raise Illegal("You already pressed this round.")
        if state.status is Status.ARMED or (state.opens_at is not None and at < state.opens_at):
            if not state.false_start:
                raise Illegal("Too early: wait for GO.")
            return self._maybe_close(replace(state, false_starts=(*state.false_starts, seat)), at)
        # the race sequencer adds the bound of the fair time (docs/fairness.md, "Photo finish")
        presses = (*state.presses, Press(seat, at, float(action.get("uncertainty_ms", 0.0))))
        closes_at = state.closes_at if state.presses else at + PRESS_WINDOW_MS
        return self._maybe_close(replace(state, presses=presses, closes_at=closes_at), at)

    def _maybe_close(self, state: BuzzerState, at: float) -> BuzzerState:
        if len(state.finished()) >= len(state.players):
            return replace(state, status=Status.CLOSED, closes_at=at)
        return state

    def seat_left(self, state: BuzzerState, seat: int, at: float) -> BuzzerState:
        """The round no longer waits for a player who left: once everyone else has pressed it
        closes, as it would have with everyone there. Points already won stay on the board.

        >>> state = BUZZER.setup(["a", "b"], {}, 1)
        >>> BUZZER.seat_left(state, 1, 0.0).gone
        (1,)
        """
        if seat in state.gone:
            return state
        state = replace(state, gone=(*state.gone, seat))
        if state.status is Status.OPEN and state.presses:
            return self._maybe_close(state, at)
        return state

    def choices(self, state: BuzzerState, seat: int | None) -> list[dict[str, Any]]:
        """The table arms when no round is under way; a player presses once in a round under
        way: in an open round, and in an armed one too when a false start is allowed (the
        press is accepted then, as a false start that costs the round).

        >>> state = BUZZER.setup(["Ann", "Ben"], {"false_start": False}, 1)
        >>> BUZZER.choices(state, None), BUZZER.choices(state, 0)
        ([{'type': 'arm'}], [])
        >>> armed = BUZZER.apply(state, None, {"type": "arm"}, 0.0)
        >>> BUZZER.choices(armed, None), BUZZER.choices(armed, 0)
        ([], [])
        >>> opened = BUZZER.timeout(armed, armed.opens_at)
        >>> BUZZER.choices(opened, 0)
        [{'type': 'buzz'}]
        >>> BUZZER.choices(BUZZER.apply(opened, 0, {"type": "buzz"}, opened.opens_at), 0)
        []
        """
        if self.is_over(state):
            return []
        if seat is None:
            return [] if state.status in (Status.ARMED, Status.OPEN) else [{"type": "arm"}]
        armed = state.status is Status.ARMED and state.false_start
        pressing = state.status is Status.OPEN or armed
        return [{"type": "buzz"}] if pressing and seat not in _finished(state) else []

    def _award(self, state: BuzzerState, seat: None, action: Payload, at: float) -> BuzzerState:
        scores = list(state.scores)
        scores[action["seat"]] += action["points"]
        awarded = (
            state.awarded if action["seat"] in state.awarded else (*state.awarded, action["seat"])
        )
        return replace(state, scores=tuple(scores), awarded=awarded)

    def view(self, state: BuzzerState, seat: int | None) -> dict[str, Any]:
        """The table's part, built once per state for every seat's view, and a seat's own
        ``you``."""
        table = _table(state)
        if seat is None:
            return table
        you = {
            "pressed": seat in _finished(state),
            "false_start": seat in state.false_starts,
            "rank": _places(state).get(seat),
        }
        return {**table, "you": you}

    def prompt(self, state: BuzzerState, seat: int, acting: bool) -> str:
        """Press in an open round; in an armed one the press is listed only when a false
        start is allowed (it costs the round), so the phone says to wait for GO first.

        >>> state = BUZZER.setup(["Ann", "Ben"], {"random_delay": False}, 1)
        >>> armed = BUZZER.apply(state, None, {"type": "arm"}, 0.0)
        >>> BUZZER.prompt(armed, 0, True)
        'Wait for GO, then press!'
        >>> BUZZER.prompt(BUZZER.timeout(armed, armed.opens_at), 0, True)
        'Press!'
        """
        if acting:
            if state.status is Status.OPEN:
                return say(N_("Press!"))
            return say(N_("Wait for GO, then press!"))
        if state.status is Status.IDLE:
            return say(N_("Get ready: the table arms the next round."))
        if seat in state.false_starts:
            return say(N_("False start: you are out of this round."))
        if state.status is Status.ARMED and seat not in _finished(state):
            return say(N_("Wait for GO…"))
        if state.status is Status.CLOSED:
            return say("Round {round} is over: look at the TV.", round=state.round)
        return say(N_("You pressed: look at the TV."))

    def describe(self, state: BuzzerState, seat: int | None, action: Payload) -> str | None:
        """An award with its points and whom ("+1 for Cleo"), a press with its round.

        >>> state = BUZZER.setup(["Ann", "Cleo"], {}, 1)
        >>> BUZZER.describe(state, None, {"type": "award", "seat": 1, "points": 1})
        '+1 for Cleo'
        >>> BUZZER.describe(state, None, {"type": "award", "seat": 0, "points": -2})
        '-2 for Ann'
        """
        if action["type"] == "award":
            points = int(action.get("points", 1))
            name = state.players[action["seat"]]
            return say("{points} for {name}", points=format(points, "+d"), name=name)
        if action["type"] == "buzz":
            return say("press in round {round}", round=state.round)
        return None

    def outcome(self, state: BuzzerState, reason: Reason) -> Outcome:
        """The podium of total points, most first (equal totals share a place); the text
        names the winner, or the winners of a tie; nobody wins without a point.

        >>> state = BUZZER.setup(["Ann", "Ben", "Cleo"], {}, 1)
        >>> for seat, points in ((1, 3), (2, 3), (0, 1)):
        ...     award = {"type": "award", "seat": seat, "points": points}
        ...     state = BUZZER.apply(state, None, award, 0.0)
        >>> ended = BUZZER.outcome(state, Reason.ENDED)
        >>> ended.text, [(p.seat, p.place, p.score) for p in ended.ranking or ()]
        ('Ben, Cleo share the win', [(1, 1, 3), (2, 1, 3), (0, 3, 1)])
        """
        totals = state.totals()
        ranking = ranked(totals)
        winners = [state.players[p.seat] for p in ranking if p.place == 1 and (p.score or 0) > 0]
        if not winners:
            return Outcome(reason, default_outcome(reason).text, ranking)
        if len(winners) == 1:
            return Outcome(reason, say("{name} wins the game", name=winners[0]), ranking)
        return Outcome(reason, say("{names} share the win", names=tuple(winners)), ranking)

    def is_over(self, state: BuzzerState) -> bool:
        """With a target, the game is won once a player still in it has that many points.

        >>> state = BUZZER.setup(["Ann", "Ben"], {"target": 2}, 1)
        >>> award = {"type": "award", "seat": 1, "points": 1}
        >>> once = BUZZER.apply(state, None, award, 0.0)
        >>> BUZZER.is_over(once), BUZZER.is_over(BUZZER.apply(once, None, award, 0.0))
        (False, True)
        """
        if not state.target:
            return False
        return any(
            points >= state.target
            for seat, points in enumerate(state.scores)
            if seat not in state.gone
        )

    def deadline(self, state: BuzzerState) -> float | None:
        if state.status is Status.ARMED:
            return state.opens_at
        if state.status is Status.OPEN:
            return state.closes_at if state.closes_at is not None else _idle_close(state)
        return None

    def timeout(self, state: BuzzerState, at: float) -> BuzzerState:
        if state.status is Status.ARMED and state.opens_at is not None and at >= state.opens_at:
            return replace(state, status=Status.OPEN)
        due = self.deadline(state)
        if state.status is Status.OPEN and due is not None and at >= due:
            return replace(state, status=Status.CLOSED, closes_at=due)
        return state

    def race_opened_at(self, state: BuzzerState) -> float | None:
        # The race starts at arming, not at GO: a press before GO is a false start that the
        # rules judge, so the sequencer must not clamp it to after the opening.
        if state.status in (Status.ARMED, Status.OPEN):
            return state.armed_at
        return None


def _idle_close(state: BuzzerState) -> float | None:
    return None if state.opens_at is None else state.opens_at + IDLE_OPEN_MS


# Asked for every seat's view and prompt of a broadcast: computed once per state.
@per_state
def _places(state: BuzzerState) -> dict[int, int]:
    """Each pressed seat's place this round."""
    return {p.seat: place for p, place, _ in state.places()}


@per_state
def _finished(state: BuzzerState) -> set[int]:
    return state.finished()


@per_state
def _table(state: BuzzerState) -> dict[str, Any]:
    """What every seat and the table see of a round (shared: nobody may change it)."""
    # An unannounced round's opening time stays hidden until it opens: knowing it would
    # let anyone press on time without watching.
    hidden = state.status is Status.ARMED and state.random_delay
    ranking = state.ranking()
    return {
        "round": state.round,
        "status": state.status.value,
        "opens_at": None if hidden else state.opens_at,
        "closes_at": state.closes_at,
        "ranking": [
            {
                "seat": p.seat,
                "at": p.at,
                "margin_ms": round(p.at - ranking[i - 1].at, 1) if i else 0,
                "behind_ms": round(p.at - ranking[0].at, 1),
                "uncertainty_ms": p.uncertainty,
                "place": place,
                "close": close,
            }
            for i, (p, place, close) in enumerate(state.places())
        ],
        "false_starts": list(state.false_starts),
        "pressed": state.pressed(),
        "playing": state.playing(),
        # keyed as JSON keys them: the wire's text is the same, and a view with only string
        # keys is encoded twice as fast (companion/web/transport.py, ``dumps``)
        "scores": {str(k): points for k, points in enumerate(state.scores)},
        "awarded": list(state.awarded),
        "options": {
            "false_start": state.false_start,
            "random_delay": state.random_delay,
            "target": state.target,
            "ties": state.ties,
        },
    }


BUZZER = Buzzer()
