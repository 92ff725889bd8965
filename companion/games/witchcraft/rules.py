"""The referee of Witchcraft (2008): the Game contract over the modules of this package.

Every decision is one ``choose`` naming the index of one of the legal choices the seat's view
lists (``you.options``), with the ``ply`` it saw, so a stale or illegal move is refused and
changes nothing. ``resign`` ends the game at once.
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
    NotYourTurn,
    Option,
    OptionType,
    Outcome,
    Payload,
    Reason,
    TooLate,
    by_anyone,
    by_seat,
)
from companion.games.witchcraft import clocks, decisions, entries, prompts, setup, turns, views
from companion.games.witchcraft.box import FIELDS, fits, from_box
from companion.games.witchcraft.state import TABLE, GameState, Options, Phase, other
from companion.games.witchcraft.tiles import data

#: the most choices a decision can list (placements: spaces x 8 facings)
MAX_CHOICES = 9999


class Witchcraft(Game[GameState]):
    id = "witchcraft"
    title = "Witchcraft"
    min_players = 2
    max_players = 2
    rules_version = 1
    options = (
        Option("tournament", OptionType.BOOL, False, "Tournament mode (no power tiles)"),
        Option("master", OptionType.BOOL, False, "Master mode (choose the set-aside tiles)"),
        Option("physical", OptionType.BOOL, False, "Play on the real board, enter moves here"),
        Option("clock_minutes", OptionType.INT, 0, "Chess clock (min each, 0 = off)", low=0,
               high=90),
        Option("clock_increment", OptionType.INT, 0, "Clock increment (s per move)", low=0,
               high=60),
        # not in the rulebook (its only draw is by repetition): a group may want every game to end
        Option("quiet_rounds", OptionType.INT, 0,
               "App's own rule: draw after this many rounds without a capture (0 = off)", low=0,
               high=200),
    )  # fmt: skip
    #: what the group reads off its own board and tiles (``box.py``)
    box = FIELDS

    def __init__(self) -> None:
        super().__init__(
            by_anyone(
                "choose",
                self._choose,
                Field(
                    "option",
                    FieldType.INT,
                    low=0,
                    high=MAX_CHOICES,
                    message="Choose one of the moves your phone lists.",
                ),
                Field(
                    "ply",
                    FieldType.INT,
                    required=False,
                    low=0,
                    high=10**7,
                    message="'ply' must be the move number your phone saw.",
                ),
            ),
            by_seat("resign", self._resign, refusal="Only a player can resign.", side=True),
        )

    # -- the contract -------------------------------------------------------------------------

    def new_state(self, players: tuple[str, ...], options: Mapping[str, Any], seed: int) -> Any:
        chosen = Options(
            tournament=bool(options["tournament"]),
            master=bool(options["master"]),
            physical=bool(options["physical"]),
            clock_minutes=int(options["clock_minutes"]),
            clock_increment=int(options["clock_increment"]),
            quiet_rounds=int(options["quiet_rounds"]),
        )
        kit = from_box(Box(self.box, options["box"]))
        state = setup.new_game(players, chosen, seed, kit)
        if chosen.physical:
            state = entries.physical(state)
        return replace(state, clock=clocks.new_clock(chosen))

    def check_box(self, given: Box) -> None:
        fits(given)

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return views.table(state) if seat is None else views.seat_view(state, seat)

    def private(self, state: GameState, seat: int) -> list[Any]:
        return views.private(state, seat)

    def choices(self, state: GameState, seat: int | None) -> list[dict[str, Any]]:
        return decisions.choices(state, seat)

    def prompt(self, state: GameState, seat: int, acting: bool) -> str:
        return prompts.prompt(state, seat, acting)

    def outcome(self, state: GameState, reason: Reason) -> Outcome:
        return prompts.outcome(state, reason)

    def describe(self, state: GameState, seat: int | None, action: Payload) -> str | None:
        return prompts.describe(state, action)

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.OVER

    def start_with(self, state: GameState, seat: int) -> GameState:
        return setup.start_with(state, seat)

    def deadline(self, state: GameState) -> float | None:
        return clocks.deadline(state)

    def timeout(self, state: GameState, at: float) -> GameState:
        clock = state.clock
        if clock is None or clock.running is None or state.phase is Phase.OVER:
            return state
        flagged = clock.running
        left = list(clock.left)
        left[flagged] = 0.0
        state = replace(state, clock=replace(clock, left=(left[0], left[1]), since=at))
        return turns.finish(state, other(flagged), "time")

    def seat_left(self, state: GameState, seat: int, at: float) -> GameState:
        if state.phase is Phase.OVER:
            return state
        return turns.finish(self._stopped(state, at), other(seat), "left")

    def reference(self) -> dict[str, Any]:
        d = data()
        return {
            "tiles": {k: v.describe() for k, v in d.kinds.items()},
            "placeholder": "Board shape, altar spaces, how many of each kind a guild has (9 in "
            "all, the rulebook's), spell directions and shield sides are the app's placeholders "
            "until the host enters them in Your box (the option box); which spell each tile "
            "casts and which tiles carry shields are the rulebook's.",
        }

    # -- actions ------------------------------------------------------------------------------

    def _choose(self, state: GameState, seat: int | None, payload: Payload, at: float) -> GameState:
        waiting = state.decider
        if waiting == TABLE and seat is not None:
            raise NotYourTurn("The host enters this on the TV.")
        if seat is None and waiting != TABLE:
            raise NotYourTurn("Only the players make moves.")
        if waiting != seat and seat is not None:
            if waiting is None:
                raise NotYourTurn("Nobody decides now.")
            raise NotYourTurn("It is {who}'s decision now.", who=state.players[waiting].name)
        ply = payload.get("ply")
        if ply is not None and ply != state.ply:
            raise TooLate("The board has changed since your phone showed it; choose again.")
        due = clocks.deadline(state)
        if due is not None and at >= due:
            raise TooLate("Your time is up.")
        after = turns.choose(state, payload["option"])
        return clocks.after_move(state, after, at)

    def _resign(self, state: GameState, seat: int, payload: Payload, at: float) -> GameState:
        return turns.finish(self._stopped(state, at), other(seat), "resigned")

    @staticmethod
    def _stopped(state: GameState, at: float) -> GameState:
        """The clocks as they stand at ``at`` (before the game ends there)."""
        if state.clock is None:
            return state
        return replace(state, clock=replace(state.clock, left=clocks.used(state.clock, at)))


WITCHCRAFT = Witchcraft()
