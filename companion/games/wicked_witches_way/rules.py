"""The referee of Wicked Witches Way: the Game contract over the modules of this package.

Each ``apply`` checks that the action is well formed, that this seat may act now, and then
returns a new state (the input is never changed). All randomness comes from
``Rng(state.seed, label…)``, so setup plus the same actions always replays to the same state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.engine import (
    BadRequest,
    Box,
    Field,
    FieldType,
    Forbidden,
    Game,
    Illegal,
    NotYourTurn,
    Option,
    OptionType,
    Outcome,
    Payload,
    Reason,
    Rng,
    by_anyone,
    by_seat,
    by_table,
)
from companion.engine.text import N_, say
from companion.games.wicked_witches_way import (
    deadlines,
    decisions,
    prompts,
    resolution,
    spells,
    turn,
    views,
)
from companion.games.wicked_witches_way.black_magic import (
    DECK,
    Spell,
    card_json,
    is_acrobatics,
    shuffled,
)
from companion.games.wicked_witches_way.box import BOX, check_dice, from_box
from companion.games.wicked_witches_way.reference import MAX_ACROBATICS, reference
from companion.games.wicked_witches_way.state import (
    WITCHES,
    GameState,
    Level,
    Options,
    Phase,
    Step,
    Witch,
)
from companion.games.wicked_witches_way.symbols import Symbol

#: every symbol's name, for the declarations
SYMBOL_NAMES = tuple(symbol.value for symbol in Symbol)
#: every handicap level's and every spell's name, for the declarations
LEVELS = tuple(level.value for level in Level)
SPELL_NAMES = tuple(spell.value for spell in Spell)
#: the witch a pass or an acrobatics entry is for (absent: the sender)
SEAT = Field("seat", FieldType.SEAT, required=False, message="The seat must be a whole number.")


def _symbols(name: str, **rest: Any) -> Field:
    """A list of symbols, each at most once: a formula's cards."""
    return Field(
        name,
        FieldType.LIST,
        item=FieldType.TEXT,
        choices=SYMBOL_NAMES,
        max_items=len(SYMBOL_NAMES),
        **rest,
    )


class WickedWitchesWay(Game[GameState]):
    id = "wicked-witches-way"
    title = "Wicked Witches Way"
    min_players = 2
    max_players = len(WITCHES)
    #: 2: physical dice entered when the lid opens; every formula revealed at once, then a
    #: reveal paced by the server with the same moments for every witch; handicaps set by the
    #: table; seats that leave
    rules_version = 2
    box = BOX
    options = (
        Option("physical_dice", OptionType.BOOL, False, "Physical dice (typed in at the lid)"),
        Option("physical_deck", OptionType.BOOL, False, "Physical Black Magic deck"),
        Option("compose_seconds", OptionType.INT, 0, "Compose timer (s, 0 = none)", low=0,
               high=300),
        Option("fog_seconds", OptionType.INT, 5, "Magic Fog window (s)", low=2, high=15),
        Option("pace_seconds", OptionType.INT, 4, "Reveal pace (s per step)", low=2, high=15),
    )  # fmt: skip

    def __init__(self) -> None:
        super().__init__(
            by_anyone("roll", _roll, Field("dice", FieldType.JSON, required=False)),
            by_anyone("close_lid", _close_lid, race=True),
            by_anyone("dice", _dice, Field("dice", FieldType.JSON, message="Enter the 9 dice.")),
            by_seat(
                "formula",
                _formula,
                _symbols("cards", required=False, default=[]),
                _symbols("second", required=False),
                refusal="Only a player writes a formula.",
            ),
            by_table(
                "handicap",
                _handicap,
                Field("seat", FieldType.SEAT, message="Say whose handicap to set (seat)."),
                Field(
                    "level",
                    FieldType.TEXT,
                    choices=LEVELS,
                    message="The level is normal, novice or expert.",
                ),
                Field("start", FieldType.INT, required=False),
                refusal="Handicaps are a table decision: the host sets them on the TV.",
                side=True,
            ),
            by_seat(
                "spell",
                spells.cast,
                Field(
                    "card",
                    FieldType.TEXT,
                    choices=SPELL_NAMES,
                    message="Say which spell you cast (card).",
                ),
                Field(
                    "spaces",
                    FieldType.INT,
                    required=False,
                    low=min(spells.ATTRACTION_SPACES),
                    high=max(spells.ATTRACTION_SPACES),
                    message="Attraction moves the others 1 or 2 spaces: give spaces 1 or 2.",
                ),
                Field("add", FieldType.TEXT, required=False, choices=SYMBOL_NAMES),
                Field("remove", FieldType.TEXT, required=False, choices=SYMBOL_NAMES),
                Field("second", FieldType.BOOL, required=False),
                refusal="Only a player casts spells.",
            ),
            by_seat("hold", _hold, refusal="Only a player plays spells.", side=True),
            by_seat(
                "keep",
                _keep,
                Field("card", FieldType.TEXT, message="Choose one of the cards you drew."),
                refusal="Only the witch who drew chooses the card she keeps.",
            ),
            by_anyone("pass", _pass, SEAT, side=True),
            by_anyone(
                "acrobatics",
                _acrobatics,
                SEAT,
                Field(
                    "points",
                    FieldType.INT,
                    low=0,
                    high=MAX_ACROBATICS,
                    message="Acrobatics points go from {low} to {high}.",
                ),
            ),
        )

    def check_box(self, box: Box) -> None:
        check_dice(box)

    def new_state(
        self, players: tuple[str, ...], options: Mapping[str, Any], seed: int
    ) -> GameState:
        roller = Rng(seed, "first roller").randint(0, len(players) - 1)
        faces, values = from_box(Box(self.box, options.get("box", {})))
        state = GameState(
            seed=seed,
            options=Options(
                physical_dice=bool(options["physical_dice"]),
                physical_deck=bool(options["physical_deck"]),
                compose_seconds=int(options["compose_seconds"]),
                fog_seconds=int(options["fog_seconds"]),
                pace_seconds=int(options["pace_seconds"]),
                faces=faces,
                acrobatics=values,
            ),
            witches=tuple(Witch(seat, name) for seat, name in enumerate(players)),
            draw_pile=() if options["physical_deck"] else shuffled(DECK, Rng(seed, "deck")),
            roller=roller,
            formulas=tuple(None for _ in players),
        )
        return state.said(
            N_("The great race begins! The host may set handicaps before the first roll."),
            say("Turn 1: {name}, drawn at random, rolls the dice.", name=state.name(roller)),
        )

    def start_with(self, state: GameState, seat: int) -> GameState:
        """The table chose who rolls first (otherwise drawn at random)."""
        return replace(state, roller=seat, log=state.log[:-1]).said(
            say("Turn 1: {name}, chosen by the table, rolls the dice.", name=state.name(seat))
        )

    def apply(
        self,
        state: GameState,
        seat: int | None,
        action: Payload,
        at: float,
        *,
        seats: int | None = None,
    ) -> GameState:
        if state.phase is Phase.OVER and action.get("type") != "acrobatics":
            self.accept(seat, action)  # a malformed action is a bad request even now
            raise Illegal("The game is over.")
        return super().apply(state, seat, action, at, seats=seats)

    def accept(self, seat: int | None, raw: Mapping[str, Any]) -> dict[str, Any]:
        """One spelling per decision: a formula's cards in the rulebook's order, a spell with
        only the fields it reads (``decisions.normalised``)."""
        return decisions.normalised(super().accept(seat, raw))

    def choices(self, state: GameState, seat: int | None) -> list[dict[str, Any]]:
        """``decisions.choices``; nothing once the game is over. ``hold``, ``pass`` and
        ``handicap`` are side actions."""
        return [] if self.is_over(state) else decisions.choices(state, seat)

    def reference(self) -> dict[str, Any]:
        """The cards, symbols, witches, track and limits the pages show (reference.py)."""
        return reference()

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        if seat is None:
            return views.table_view(state)
        return views.seat_view(state, seat)

    def private(self, state: GameState, seat: int) -> list[Any]:
        """``seat``'s secrets, shaped as its own ``you`` shows them: its locked formula while
        the formulas are written (``formula``; every formula is revealed when the reveal
        begins), each Black Magic card in its hand (``hand`` and ``acrobatics``, digital deck)
        and its private draw (``keep_choice``, and each card of it)."""
        witch = state.witches[seat]
        out: list[Any] = []
        formula = state.formulas[seat] if state.phase is Phase.COMPOSE else None
        if formula is not None:
            out.append(formula.to_json())
        if not state.options.physical_deck:
            for card in witch.hand:
                shown = card_json(card, state.options.acrobatics)
                if is_acrobatics(card):
                    shown = {k: shown[k] for k in ("id", "points", "placeholder")}
                out.append(shown)
        if state.keep_choice is not None and state.current == seat:
            drawn = [card_json(card, state.options.acrobatics) for card in state.keep_choice]
            out += [drawn, *drawn]
        return out

    def deadline(self, state: GameState) -> float | None:
        return deadlines.deadline(state)

    def timeout(self, state: GameState, at: float) -> GameState:
        return deadlines.timeout(state, at)

    def race_opened_at(self, state: GameState) -> float | None:
        return state.rolled_at if state.phase is Phase.LOOK else None

    def prompt(self, state: GameState, seat: int, acting: bool) -> str:
        return prompts.prompt(state, seat, acting)

    def outcome(self, state: GameState, reason: Reason) -> Outcome:
        return prompts.outcome(state, reason)

    def describe(self, state: GameState, seat: int | None, action: Payload) -> str | None:
        return prompts.describe(state, seat, action)

    def is_over(self, state: GameState) -> bool:
        """Over at the end of the turn when a witch has finished; with the physical deck, once
        every witch still at the table has entered her acrobatics total (the room accepts no
        action after that)."""
        if state.phase is not Phase.OVER:
            return False
        if not state.options.physical_deck:
            return True
        return all(w.acrobatics_entered is not None or state.is_gone(w.seat) for w in state.witches)

    def seat_left(self, state: GameState, seat: int, at: float) -> GameState:
        return turn.seat_left(state, seat, at)


def _roll(state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
    return turn.roll(state, seat, action, at)


def _close_lid(state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
    return turn.close_lid(state, seat, at)


def _dice(state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
    return turn.enter_dice(state, seat, action, at)


def _formula(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    return turn.formula(state, seat, action, at)


def _handicap(state: GameState, seat: None, action: Payload, at: float) -> GameState:
    return turn.handicap(state, action)


def _hold(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    return resolution.hold(state, seat, at)


def _keep(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    if state.window is not None:
        raise Illegal("Wait for the end of the Magic Fog window.")
    return resolution.keep(state, seat, action["card"], at)


def _pass(state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
    """``pass {}``: the current witch ends her moment now (her formula is applied, or the next
    witch's turn comes); the table may end any step of the reveal that is not waiting for the
    dice (and may give an empty formula to a seat while formulas are written:
    ``pass {seat}``)."""
    if state.phase is Phase.COMPOSE and seat is None:
        return turn.force_empty(state, action, at)
    if state.phase is not Phase.RESOLVE:
        raise Illegal("There is nothing to pass now.")
    if state.window is not None:
        raise Illegal("Wait for the end of the Magic Fog window.")
    current = state.current
    if seat is not None:
        if current is None:
            raise Illegal("There is nothing to pass now.")
        if seat != current:
            raise NotYourTurn("Wait: {name} is applying her formula.", name=state.name(current))
        if state.step is Step.KEEP:
            raise Illegal("Choose the Black Magic card you keep.")
    if state.step is Step.READ:
        raise Illegal("Enter the dice first.")
    return resolution.step_over(state, at)


def _acrobatics(state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
    """``acrobatics {points, seat?}`` at the end, with the physical deck."""
    if state.phase is not Phase.OVER:
        raise Illegal("Acrobatics are counted at the end of the game.")
    if not state.options.physical_deck:
        raise Illegal("The app counts the acrobatics cards it dealt.")
    target = action.get("seat", seat)
    if target is None:
        raise BadRequest("Say whose acrobatics these are (seat).")
    if seat is not None and target != seat:
        raise Forbidden("You can enter only your own acrobatics.")
    points = action["points"]
    state = state.with_witch(target, acrobatics_entered=points)
    return state.said(
        say("Acrobatics points for {name}: {points}.", name=state.name(target), points=points)
    )


WICKED_WITCHES_WAY = WickedWitchesWay()
