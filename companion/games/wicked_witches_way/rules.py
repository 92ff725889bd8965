"""The referee of Wicked Witches Way: the Game contract over the modules of this package.

Each ``apply`` checks that the action is well formed, that this seat may act now, and then
returns a new state (the input is never changed). All randomness comes from
``Rng(state.seed, label…)``, so setup plus the same actions always replays to the same state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine import IllegalAction, Option, OptionType, Rng
from companion.games.wicked_witches_way import deadlines, payload, resolution, spells, turn, views
from companion.games.wicked_witches_way.black_magic import DECK, shuffled
from companion.games.wicked_witches_way.state import (
    WITCHES,
    GameState,
    Options,
    Phase,
    Step,
    Witch,
)

#: the most acrobatics points a witch may enter (physical deck)
MAX_ACROBATICS = 99


class WickedWitchesWay:
    id = "wicked-witches-way"
    title = "Wicked Witches Way"
    min_players = 2
    max_players = len(WITCHES)
    options = (
        Option("physical_dice", OptionType.BOOL, False, "Physical dice (enter the faces rolled)"),
        Option("physical_deck", OptionType.BOOL, False, "Physical Black Magic deck"),
        Option("compose_seconds", OptionType.INT, 0, "Compose timer (s, 0 = none)", low=0,
               high=300),
        Option("fog_seconds", OptionType.INT, 5, "Magic Fog window (s)", low=2, high=15),
    )  # fmt: skip
    races = frozenset({"close_lid"})
    table_actions = frozenset({"roll", "close_lid", "pass", "handicap", "acrobatics"})

    def seats_for(self, options: Mapping[str, Any]) -> int:
        return self.max_players

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> GameState:
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(f"{self.title} is for 2–6 players.")
        defaults = {o.id: o.default for o in self.options}
        chosen = {**defaults, **options}
        roller = Rng(seed, "first roller").randint(0, len(players) - 1)
        state = GameState(
            seed=seed,
            options=Options(
                physical_dice=bool(chosen["physical_dice"]),
                physical_deck=bool(chosen["physical_deck"]),
                compose_seconds=int(chosen["compose_seconds"]),
                fog_seconds=int(chosen["fog_seconds"]),
            ),
            witches=tuple(Witch(seat, str(name)) for seat, name in enumerate(players)),
            draw_pile=() if chosen["physical_deck"] else shuffled(DECK, Rng(seed, "deck")),
            roller=roller,
            formulas=tuple(None for _ in players),
        )
        return state.said(
            "The great race begins! Handicaps may be set before the first roll.",
            f"Turn 1: {state.name(roller)}, drawn at random, rolls the dice.",
        )

    def apply(
        self, state: GameState, seat: int | None, action: Mapping[str, Any], at: float
    ) -> GameState:
        if seat is not None and not (
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.witches)
        ):
            raise IllegalAction("bad_request", "There is no such seat.")
        if not isinstance(action, Mapping):
            raise IllegalAction("bad_request", "An action is an object with a type.")
        kind = action.get("type")
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise IllegalAction("bad_request", f"There is no action {str(kind)[:40]!r}.")
        if state.phase is Phase.OVER and kind != "acrobatics":
            raise IllegalAction("illegal", "The game is over.")
        return resolution.advance(handler(state, seat, action, at))

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        if seat is None:
            return views.table_view(state)
        return views.seat_view(state, seat)

    def deadline(self, state: GameState) -> float | None:
        return deadlines.deadline(state)

    def timeout(self, state: GameState, at: float) -> GameState:
        return deadlines.timeout(state, at)

    def race_opened_at(self, state: GameState) -> float | None:
        return state.rolled_at if state.phase is Phase.LOOK else None

    def shift(self, state: GameState, ms: float) -> GameState:
        return deadlines.shift(state, ms)

    def is_over(self, state: GameState) -> bool:
        """Over at the end of the turn when a witch has finished; with the physical deck, once
        every witch's acrobatics total is entered (the room accepts no action after that)."""
        if state.phase is not Phase.OVER:
            return False
        if not state.options.physical_deck:
            return True
        return all(w.acrobatics_entered is not None for w in state.witches)


def _roll(state: GameState, seat: int | None, action: Mapping[str, Any], at: float) -> GameState:
    return turn.roll(state, seat, action, at)


def _close_lid(
    state: GameState, seat: int | None, action: Mapping[str, Any], at: float
) -> GameState:
    return turn.close_lid(state, seat, at)


def _formula(state: GameState, seat: int | None, action: Mapping[str, Any], at: float) -> GameState:
    return turn.formula(state, seat, action)


def _handicap(
    state: GameState, seat: int | None, action: Mapping[str, Any], at: float
) -> GameState:
    return turn.handicap(state, seat, action)


def _spell(state: GameState, seat: int | None, action: Mapping[str, Any], at: float) -> GameState:
    return spells.cast(state, seat, action, at)


def _keep(state: GameState, seat: int | None, action: Mapping[str, Any], at: float) -> GameState:
    if state.window is not None:
        raise IllegalAction("illegal", "Wait for the end of the Magic Fog window.")
    return resolution.keep(state, seat, action.get("card"))


def _pass(state: GameState, seat: int | None, action: Mapping[str, Any], at: float) -> GameState:
    """``pass {}``: the current witch ends her window; the table may force it (and may give an
    empty formula to a seat while formulas are written: ``pass {seat}``)."""
    if state.phase is Phase.COMPOSE and seat is None:
        return turn.force_empty(state, action)
    current = state.current
    if state.phase is not Phase.RESOLVE or current is None:
        raise IllegalAction("illegal", "There is nothing to pass now.")
    if seat is not None and seat != current:
        raise IllegalAction(
            "not_your_turn", f"Wait: {state.name(current)} is applying her formula."
        )
    if state.window is not None:
        raise IllegalAction("illegal", "Wait for the end of the Magic Fog window.")
    if state.step is Step.APPLY:
        return resolution.apply_formula(state)
    if state.step is Step.KEEP:
        if seat is not None:
            raise IllegalAction("illegal", "Choose the Black Magic card you keep.")
        return resolution.keep(state, None, None)
    return resolution.next_witch(state)


def _acrobatics(
    state: GameState, seat: int | None, action: Mapping[str, Any], at: float
) -> GameState:
    """``acrobatics {points, seat?}`` at the end, with the physical deck."""
    if state.phase is not Phase.OVER:
        raise IllegalAction("illegal", "Acrobatics are counted at the end of the game.")
    if not state.options.physical_deck:
        raise IllegalAction("illegal", "The app counts the acrobatics cards it dealt.")
    target = action.get("seat", seat)
    if target is None:
        raise payload.bad("Say whose acrobatics these are (seat).")
    target = payload.whole_number(target, "The seat")
    if not 0 <= target < len(state.witches):
        raise payload.bad("There is no such seat.")
    if seat is not None and target != seat:
        raise IllegalAction("forbidden", "You can enter only your own acrobatics.")
    points = payload.whole_number(action.get("points"), "Acrobatics points")
    if not 0 <= points <= MAX_ACROBATICS:
        raise payload.bad(f"Acrobatics points go from 0 to {MAX_ACROBATICS}.")
    state = state.with_witch(target, acrobatics_entered=points)
    return state.said(f"{state.name(target)} scores {points} acrobatics points.")


_HANDLERS = {
    "roll": _roll,
    "close_lid": _close_lid,
    "formula": _formula,
    "handicap": _handicap,
    "spell": _spell,
    "keep": _keep,
    "pass": _pass,
    "acrobatics": _acrobatics,
}

WICKED_WITCHES_WAY = WickedWitchesWay()
