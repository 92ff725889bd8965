"""The assistant for Čarodějnice! (Witchcraft!): the Game contract over this package.

One player with the physical cards; the app keeps what she cannot keep from herself (the
jurors' hidden faith values) and everything she must count, and judges the losses and the
trial. See ``help.md`` for every interpretation the app makes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.engine import (
    Box,
    Field,
    FieldType,
    Game,
    Illegal,
    Option,
    OptionType,
    Payload,
    by_seat,
)
from companion.engine.outcome import Outcome, Reason
from companion.engine.text import N_
from companion.games.carodejnice import decisions, losses, telling, views
from companion.games.carodejnice.cards import BOX, box, cards_of
from companion.games.carodejnice.setup import deal, new_game
from companion.games.carodejnice.state import (
    ROUND_PHASES,
    Loss,
    Phase,
    Resolution,
    State,
    TrialCause,
)

#: the round's phases in which a card can strike (a curse, a lost soul, a card's verdict)
IN_ROUND = frozenset(ROUND_PHASES)
REFUSAL = "Only the player records the game."


class Carodejnice(Game[State]):
    id = "carodejnice"
    title = "Čarodějnice!"
    min_players = 1
    max_players = 1
    rules_version = 2  # 2: a player who left is not waited for (nor is the room kept open)
    options = (
        Option(
            "scenario",
            OptionType.INT,
            0,
            "Tale of Wildegrens (0 = the jurors game)",
            low=0,
            high=9,
        ),
    )
    box = BOX

    def __init__(self) -> None:
        super().__init__(
            by_seat("ready", self._ready, refusal=REFUSAL),
            by_seat("done", self._done, refusal=REFUSAL),
            by_seat(
                "accept",
                self._accept,
                Field(
                    "mission",
                    FieldType.TEXT,
                    choices=box().mission_ids,
                    message="Choose one of the laid-out missions.",
                ),
                refusal=REFUSAL,
            ),
            by_seat(
                "resolve",
                self._resolve,
                # Numbers read off the table (free: listed once, see decisions.py).
                Field("strength", FieldType.INT, low=0, high=99, free=True),
                Field("spent", FieldType.INT, required=False, default=0, low=0, high=99, free=True),
                Field("difficulty", FieldType.INT, required=False, low=0, high=99, free=True),
                Field("value", FieldType.INT, required=False, low=0, high=20, free=True),
                Field("juror", FieldType.INT, required=False, low=0, high=2),
                Field(
                    "servants", FieldType.INT, required=False, default=0, low=0, high=20, free=True
                ),
                refusal=REFUSAL,
            ),
            by_seat("decide", self._decide, Field("trial", FieldType.BOOL), refusal=REFUSAL),
            by_seat("cleanup", self._cleanup, Field("witch", FieldType.BOOL), refusal=REFUSAL),
            by_seat(
                "townsfolk",
                self._townsfolk,
                Field(
                    "count",
                    FieldType.INT,
                    low=1,
                    high=8,
                    message="Say how many townsfolk the card shows (1–8).",
                ),
                refusal=REFUSAL,
                side=True,
            ),
            by_seat("curse", self._curse, refusal=REFUSAL, side=True),
            by_seat("return_curse", self._return_curse, refusal=REFUSAL, side=True),
            by_seat(
                "card",
                self._card,
                Field(
                    "effect",
                    FieldType.TEXT,
                    choices=("lose", "trial"),
                    message="A card may end the game in defeat or call the trial.",
                ),
                refusal=REFUSAL,
                side=True,
            ),
            by_seat(
                "track",
                self._track,
                Field("index", FieldType.INT, low=0, high=9),
                Field("delta", FieldType.INT, low=-10, high=10),
                refusal=REFUSAL,
                side=True,
            ),
            by_seat(
                "finish", self._finish, Field("won", FieldType.BOOL), refusal=REFUSAL, side=True
            ),
        )

    # -- the contract ----------------------------------------------------------------------

    def new_state(self, players: tuple[str, ...], options: Mapping[str, Any], seed: int) -> State:
        cards = cards_of(Box(self.box, options.get("box", {})))
        return new_game(cards, players[0], int(options.get("scenario", 0)), seed)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        # One player, no seat secrets: every audience sees the same, and no audience sees the
        # faith values before the trial.
        return views.view(state.cards, state)

    def is_over(self, state: State) -> bool:
        return state.phase is Phase.OVER

    def choices(self, state: State, seat: int | None) -> list[dict[str, Any]]:
        return decisions.choices(state, seat)

    def prompt(self, state: State, seat: int, acting: bool) -> str:
        return telling.prompt(state, seat, acting)

    def outcome(self, state: State, reason: Reason) -> Outcome:
        return telling.outcome(state, reason)

    def describe(self, state: State, seat: int | None, action: Payload) -> str | None:
        return telling.describe(state, seat, action)

    def keeps_room_open(self, state: State) -> bool:
        # A solo game is put down and picked up again, sometimes days later; not once its
        # only player has left for good (her seat's key is revoked: nobody can pick it up).
        return not self.is_over(state) and not state.left

    def seat_left(self, state: State, seat: int, at: float) -> State:
        return replace(state, left=True)

    def reference(self) -> dict[str, Any]:
        return views.reference()

    # -- actions ---------------------------------------------------------------------------

    @staticmethod
    def _in(state: State, *phases: Phase) -> None:
        if state.phase not in phases:
            raise Illegal(_NOT_NOW.get(state.phase, "That is not possible now."))

    @staticmethod
    def _jurors_game(state: State) -> None:
        if state.scenario:
            raise Illegal("A tale has no jurors, missions to judge or trial.")

    def _ready(self, state: State, seat: int | None, action: Payload, at: float) -> State:
        self._in(state, Phase.SETUP)
        return replace(state, phase=Phase.WITCHES, round=1)

    def _done(self, state: State, seat: int | None, action: Payload, at: float) -> State:
        """Phases 1 and 3 end when the player says so; a tale steps through all six."""
        if state.scenario:
            self._in(state, *ROUND_PHASES)
            i = ROUND_PHASES.index(state.phase)
            if i + 1 < len(ROUND_PHASES):
                return replace(state, phase=ROUND_PHASES[i + 1])
            return replace(state, phase=Phase.WITCHES, round=state.round + 1)
        self._in(state, Phase.WITCHES, Phase.REST)
        if state.phase is Phase.WITCHES:
            if not state.laid_out:
                raise Illegal("No mission is left: the trial begins.")
            return replace(state, phase=Phase.MISSION, revealed=None)
        return replace(state, phase=Phase.RESOLVE)

    def _accept(self, state: State, seat: int | None, action: Payload, at: float) -> State:
        self._jurors_game(state)
        self._in(state, Phase.MISSION)
        mission = action["mission"]
        if mission not in state.laid_out:
            raise Illegal("That mission is not laid out: choose one on the table.")
        return replace(state, phase=Phase.REST, accepted=mission)

    def _resolve(self, state: State, seat: int | None, action: Payload, at: float) -> State:
        """Strength spent on challenges is gone; what remains must reach the difficulty."""
        self._jurors_game(state)
        self._in(state, Phase.RESOLVE)
        assert state.accepted is not None
        mission = state.cards.mission(state.accepted)
        strength, spent = action["strength"], action["spent"]
        if spent > strength:
            raise Illegal(
                "You cannot spend {spent} strength out of {strength}.",
                spent=spent,
                strength=strength,
            )
        difficulty = action.get("difficulty", mission.difficulty)
        success = strength - spent >= difficulty
        juror_index = action.get("juror")
        value = action.get("value", mission.value)
        if success and juror_index is None:
            raise Illegal("The mission succeeds: choose the juror whose conviction rises.")
        juror = state.jurors[juror_index].key if success and juror_index is not None else None
        state = replace(
            state,
            phase=Phase.DECIDE,
            laid_out=tuple(m for m in state.laid_out if m != mission.id),
            servants=state.servants + action["servants"],
            last=Resolution(
                mission.id, strength, spent, difficulty, success, juror, value, action["servants"]
            ),
        )
        if not success:
            return losses.after_failure(replace(state, failed=(*state.failed, mission.id)))
        top = state.cards.conviction_max
        jurors = tuple(
            replace(j, conviction=min(top, j.conviction + value)) if j.key == juror else j
            for j in state.jurors
        )
        return replace(state, jurors=jurors, succeeded=(*state.succeeded, mission.id))

    def _decide(self, state: State, seat: int | None, action: Payload, at: float) -> State:
        self._jurors_game(state)
        self._in(state, Phase.DECIDE)
        if action["trial"]:
            return trial(state, TrialCause.CHOSEN)
        return replace(state, phase=Phase.CLEANUP)

    def _cleanup(self, state: State, seat: int | None, action: Payload, at: float) -> State:
        """Draw 5 (no witch loses), reveal a mission after a success; no mission: the trial."""
        self._jurors_game(state)
        self._in(state, Phase.CLEANUP)
        if not action["witch"]:
            return losses.lose(state, Loss.NO_WITCH)
        revealed = None
        if state.last is not None and state.last.success and state.deck:
            revealed, deck = state.deck[0], state.deck[1:]
            state = deal(
                state.cards,
                replace(state, laid_out=(*state.laid_out, revealed), deck=deck),
                revealed,
            )
        if not state.laid_out:
            return trial(state, TrialCause.NO_MISSIONS)
        return replace(
            state,
            phase=Phase.WITCHES,
            round=state.round + 1,
            accepted=None,
            last=None,
            revealed=revealed,
        )

    def _townsfolk(self, state: State, seat: int | None, action: Payload, at: float) -> State:
        self._jurors_game(state)
        self._in(state, *IN_ROUND)
        return losses.add_lost_souls(state, action["count"])

    def _curse(self, state: State, seat: int | None, action: Payload, at: float) -> State:
        self._jurors_game(state)
        self._in(state, *IN_ROUND)
        return losses.take_curse(state)

    def _return_curse(self, state: State, seat: int | None, action: Payload, at: float) -> State:
        self._jurors_game(state)
        self._in(state, *IN_ROUND)
        if state.curse_deck >= state.cards.curse_deck:
            raise Illegal("Every curse is already in the curse deck.")
        return replace(state, curse_deck=state.curse_deck + 1)

    def _card(self, state: State, seat: int | None, action: Payload, at: float) -> State:
        self._jurors_game(state)
        self._in(state, *IN_ROUND)
        if action["effect"] == "lose":
            return losses.lose(state, Loss.CARD)
        return trial(state, TrialCause.CARD)

    def _track(self, state: State, seat: int | None, action: Payload, at: float) -> State:
        """A tale's track moves within 0…max; reaching the max of a win (lose) track ends it."""
        if not state.scenario:
            raise Illegal("Only a tale has tracks.")
        self._in(state, *IN_ROUND)
        tracks = state.cards.scenarios[state.scenario - 1].tracks
        index = action["index"]
        if index >= len(tracks):
            raise Illegal("This tale has no such track.")
        value = max(0, min(tracks[index].max, state.tracks[index] + action["delta"]))
        values = tuple(value if i == index else v for i, v in enumerate(state.tracks))
        state = replace(state, tracks=values)
        if value >= tracks[index].max:
            return replace(state, phase=Phase.OVER, won=tracks[index].goal == "win")
        return state

    def _finish(self, state: State, seat: int | None, action: Payload, at: float) -> State:
        if not state.scenario:
            raise Illegal("The jurors game ends by a loss or by the trial.")
        self._in(state, *IN_ROUND)
        return replace(state, phase=Phase.OVER, won=action["won"])


def trial(state: State, cause: TrialCause) -> State:
    """The game ends with the trial: from now on the views show the faith values."""
    return replace(state, phase=Phase.OVER, trial=cause)


#: why an action is refused in a phase (marked N_: the refusal's text is translated on the page)
_NOT_NOW = {
    Phase.SETUP: N_("Finish the set-up first."),
    **telling.TO_DO,
    Phase.OVER: N_("The game is over."),
}

CARODEJNICE = Carodejnice()
