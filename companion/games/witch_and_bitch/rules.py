"""The referee of Witch & Bitch: the Game contract over the modules of this package.

The map, the tokens and the miniatures stay on the table; the app counts, draws, rolls,
remembers and keeps secret. Every ``apply`` returns a new state (the input never changes); all
randomness comes from ``Rng(state.seed, …)``, so set-up plus the same actions replays to the
same state.
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
    NotYourTurn,
    Option,
    OptionType,
    Payload,
    Rng,
    SetupError,
    by_anyone,
    by_seat,
)
from companion.engine.outcome import Outcome, Reason
from companion.engine.text import say
from companion.games.witch_and_bitch import (
    attacks,
    bitch,
    decisions,
    endings,
    records,
    rounds,
    spells,
    telling,
    views,
)
from companion.games.witch_and_bitch.box import BOX, book_of
from companion.games.witch_and_bitch.destiny import build
from companion.games.witch_and_bitch.dice import Die, roll
from companion.games.witch_and_bitch.scenarios import SCENARIOS
from companion.games.witch_and_bitch.state import GameState, Step
from companion.games.witch_and_bitch.witches import (
    ACTIONS,
    MOST_SPELLS,
    Unpaid,
    Witch,
    cards,
    learn,
)

SPELL_IDS = tuple(spells.catalogue())
#: a Spell of the Spell Book (drafted, learned, exhausted)
SPELL = Field("spell", FieldType.TEXT, choices=SPELL_IDS, message="That is not one of the Spells.")
#: the seat whose Witch an Enemy attacks, or who takes damage
SEAT = Field("seat", FieldType.SEAT)
#: at most this many steps are taken in a row for seats that left (a guard)
AUTOPILOT_STEPS = 200


def _value(high: int) -> Field:
    """A die the table rolled itself: the value read (absent: the app rolls)."""
    return Field("value", FieldType.INT, required=False, low=1, high=high)


class WitchAndBitch(Game[GameState]):
    id = "witch-and-bitch"
    title = "Witch & Bitch"
    min_players = 1
    max_players = 5
    box = BOX
    options = (
        Option(
            "scenario",
            OptionType.INT,
            1,
            "Scenario: 1 Sarah · 2 Wanna · 3 Hunger Gaymes · 4 Salveeny · 5 Plot · 6 Battle Royale",
            low=1,
            high=6,
        ),
        Option("preferred", OptionType.BOOL, False, "Variant: preferred Schools (roll bonus)"),
    )

    def __init__(self) -> None:
        super().__init__(
            by_anyone("next", self._next),
            by_anyone(
                "roll",
                self._roll,
                Field("die", FieldType.TEXT, choices=("d20", "d4")),
                Field("for", FieldType.TEXT, required=False, max_length=40),
                _value(20),
                side=True,
            ),
            by_seat(
                "witch",
                self._witch,
                Field("witch", FieldType.TEXT, choices=tuple(cards())),
                refusal="Only a player picks a Witch card.",
                side=True,  # each seat has one dealt: never waited for
            ),
            by_seat("first_roll", self._first_roll, _value(20)),
            by_seat("pick", self._pick, SPELL, refusal="Only a player drafts Spells."),
            by_seat(
                "position",
                self._position,
                Field("spot", FieldType.TEXT, choices=rounds.POSITIONS),
            ),
            by_anyone(
                "spawn",
                self._spawn,
                Field(
                    "values",
                    FieldType.LIST,
                    required=False,
                    item=FieldType.INT,
                    low=1,
                    high=4,
                    max_items=5,
                    item_message="A d4 shows 1 to 4.",
                ),
                side=True,  # "next" generates them at the set-up; a Destiny card's, unseen
            ),
            by_seat("action", self._action),
            by_seat("exhaust", records.exhaust, SPELL, side=True),
            by_seat("lose", records.lose, SPELL),
            by_seat("resurrect", records.resurrect, SEAT, side=True),
            by_seat(
                "corpse", records.corpse, Field("xp", FieldType.INT, low=1, high=10), side=True
            ),
            by_seat(
                "give",
                records.give,
                Field("to", FieldType.SEAT),
                Field("xp", FieldType.INT, low=1, high=10),
                side=True,
            ),
            by_seat("learn", self._learn, SPELL),
            by_seat("object", self._object, _value(4)),
            by_seat(
                "attack",
                records.attack,
                Field("target", FieldType.TEXT, choices=attacks.TARGETS),
                Field("bonus", FieldType.INT, low=-5, high=30),
                Field("damage", FieldType.INT, low=0, high=10),
                Field("defense", FieldType.INT, required=False, low=1, high=40),
                Field("seat", FieldType.SEAT, required=False),
                Field("spell", FieldType.TEXT, required=False, choices=SPELL_IDS),
                _value(20),
                Field("enemy", FieldType.INT, required=False, low=1, high=999),
                side=True,
            ),
            by_anyone(
                "track",
                records.track,
                Field("health", FieldType.INT, low=1, high=30),
                Field("defense", FieldType.INT, low=1, high=40),
                side=True,
            ),
            by_anyone(
                "hurt_enemy",
                records.hurt_enemy,
                Field("enemy", FieldType.INT, low=1, high=999),
                Field("amount", FieldType.INT, low=-30, high=30),
                side=True,
            ),
            by_anyone(
                "enemy_attack",
                records.enemy_attack,
                SEAT,
                Field("bonus", FieldType.INT, required=False, low=-5, high=30),
                Field("damage", FieldType.INT, required=False, low=0, high=10),
                Field("antagonist", FieldType.BOOL, required=False, default=False),
                _value(20),
                side=True,
            ),
            by_anyone(
                "damage",
                records.damage,
                SEAT,
                Field("amount", FieldType.INT, low=-10, high=10),
                side=True,
            ),
            by_anyone("rom", records.rom, side=True),
            by_anyone(
                "verdict",
                records.verdict,
                Field("event", FieldType.TEXT, choices=("antagonist-dead", "conspirator-in")),
                side=True,
            ),
            by_seat(
                "reveal",
                records.reveal,
                refusal="Only a player holds a Witch or Bitch card.",
                side=True,
            ),
        )

    # -- set-up -------------------------------------------------------------------------------

    def seats_for(self, options: Mapping[str, Any]) -> int:
        number = options.get("scenario", 1)
        sc = SCENARIOS.get(number) if isinstance(number, int) else None
        return self.max_players if sc is None else sc.players[1]

    def new_state(
        self, players: tuple[str, ...], options: Mapping[str, Any], seed: int
    ) -> GameState:
        sc = SCENARIOS[int(options["scenario"])]
        low, high = sc.players
        if not low <= len(players) <= high:
            raise SetupError(
                "Scenario {number} is for this many players: {low}–{high} (there are {n}).",
                number=sc.number,
                low=low,
                high=high,
                n=len(players),
            )
        ids = list(cards())
        state = GameState(
            seed=seed,
            scenario_number=sc.number,
            names=players,
            witches=tuple(Witch(card=ids[k]) for k in range(len(players))),
            deck=build(sc.deck, Rng(seed, "destiny")),
            preferred=bool(options["preferred"]),
            book=book_of(Box(self.box, options.get("box", {}))),
            cards=bitch.deal(len(players), Rng(seed, "cards")) if sc.bitch else (),
        )
        return state

    def start_with(self, state: GameState, seat: int) -> GameState:
        """The table chose the first player: nobody rolls for it."""
        return replace(state, first=seat, first_chosen=True)

    def apply(
        self,
        state: GameState,
        seat: int | None,
        action: Payload,
        at: float,
        *,
        seats: int | None = None,
    ) -> GameState:
        return self._autopilot(super().apply(state, seat, action, at, seats=seats))

    def seat_left(self, state: GameState, seat: int, at: float) -> GameState:
        """A player left for good: the app rolls, drafts and places for her, and her turns and
        learning pass; her Witch stays where she is."""
        if seat in state.gone or state.step is Step.OVER:
            return state
        state = replace(state, gone=state.gone | {seat})
        return self._autopilot(endings.check(state))

    def _autopilot(self, state: GameState) -> GameState:
        for _ in range(AUTOPILOT_STEPS):
            current = state.current
            if state.step is Step.FIRST_ROLL:
                waiting = [
                    k for k in state.rollers if k in state.gone and k not in dict(state.first_rolls)
                ]
                if not waiting:
                    return state
                state = rounds.first_roll(state, waiting[0], None)
            elif current is None or current not in state.gone or len(state.gone) >= state.players:
                return state
            elif state.step is Step.DRAFT:
                mine = state.witches[current].spells
                state = self._drafted(
                    state, current, spells.draftable(mine, state.hands(current))[0]
                )
            elif state.step is Step.POSITIONS:
                state = rounds.place(state, current, rounds.free_positions(state)[0])
            elif state.step in (Step.TURNS, Step.LEARNING):
                state = rounds.done(state)
            else:
                return state
        return state

    # -- the stepper, dice -----------------------------------------------------------------

    def _next(self, state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
        if seat is not None and state.step in (Step.TURNS, Step.LEARNING):
            current = state.current
            if current is not None and current != seat:
                if state.step is Step.TURNS:
                    raise NotYourTurn("Only {name} ends her turn.", name=state.names[current])
                raise NotYourTurn(
                    "Only {name} ends her chance to learn.", name=state.names[current]
                )
        if seat is not None and state.step is Step.FIRST_ROLL:
            raise Illegal("Roll your d20, or let the table roll for everyone.")
        return rounds.advance(state)

    def _roll(self, state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
        die = Die(action["die"])
        rolled = roll(
            state.seed, state.next_roll, die, seat, action.get("for") or "free", action.get("value")
        )
        return replace(state, rolls=(*state.rolls, rolled))

    def _first_roll(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        if state.step is not Step.FIRST_ROLL:
            raise Illegal("This is not the roll for first player.")
        if seat not in state.rollers:
            raise Illegal("Only the tied players roll again.")
        return rounds.first_roll(state, seat, action.get("value"))

    def _witch(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        if state.step not in (Step.SETUP, Step.FIRST_ROLL):
            raise Illegal("Witch cards are chosen during the set-up.")
        chosen = action["witch"]
        holders = [k for k, w in enumerate(state.witches) if w.card == chosen and k != seat]
        if holders:
            raise Illegal("{name} has that Witch already.", name=state.names[holders[0]])
        return state.with_witch(seat, replace(state.witches[seat], card=chosen))

    def _pick(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        if state.step is not Step.DRAFT:
            raise Illegal("The starting Spells are chosen after the roll for first player.")
        if state.current != seat:
            current = state.current
            assert current is not None
            raise NotYourTurn("It is {name}'s turn to choose a Spell.", name=state.names[current])
        chosen = action["spell"]
        mine = state.witches[seat].spells
        if chosen not in spells.draftable(mine, state.hands(but=seat)):
            spell = spells.spell(chosen)
            if spell.level != 1:
                raise Illegal("The starting Spells are first-level Spells.")
            if any(spells.spell(s).school == spell.school for s in mine):
                raise Illegal("Your two starting Spells must be of two different Schools.")
            raise Illegal(
                "Both copies of {spell} are taken.", spell=say(state.book.spell_name(chosen))
            )
        return self._drafted(state, seat, chosen)

    def _drafted(self, state: GameState, seat: int, chosen: str) -> GameState:
        witch = state.witches[seat]
        state = state.with_witch(seat, replace(witch, spells=(*witch.spells, chosen)))
        state = replace(state, index=state.index + 1)
        if state.current is not None:
            return state
        after = Step.POSITIONS if state.scenario_number == 3 else Step.ENEMIES
        return rounds.enter(state, after)

    def _position(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        if state.step is not Step.POSITIONS:
            raise Illegal("Starting positions are chosen only in Hunger Gaymes, after the draft.")
        if state.current != seat:
            current = state.current
            assert current is not None
            raise NotYourTurn(
                "It is {name}'s turn to choose a position.", name=state.names[current]
            )
        return rounds.place(state, seat, action["spot"])

    def _spawn(self, state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
        return rounds.generate(state, seat, action.get("values"))

    # -- a Witch's round -----------------------------------------------------------------------

    def _action(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        if state.step is not Step.TURNS or state.current != seat:
            raise NotYourTurn("Actions are used in your own turn.")
        witch = state.witches[seat]
        if witch.actions >= ACTIONS:
            raise Illegal("A turn has {actions} actions: end your turn.", actions=ACTIONS)
        return state.with_witch(seat, replace(witch, actions=witch.actions + 1))

    def _learn(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        if state.step is not Step.LEARNING:
            raise Illegal("New Spells are learned in step 4 of the Witches' Phase.")
        if state.current != seat:
            current = state.current
            if current is None:
                raise Illegal("Nobody can learn a Spell now.")
            raise NotYourTurn(
                "{name} learns first (in order from the first player).", name=state.names[current]
            )
        witch, chosen = state.witches[seat], action["spell"]
        if chosen not in spells.learnable(witch.spells, state.hands(but=seat)):
            if spells.follows(chosen, witch.spells):
                raise Illegal(
                    "{name} is taken: no copy is left.", name=say(state.book.spell_name(chosen))
                )
            raise Illegal("Your Witch cannot learn that Spell (its School, level or branch).")
        try:
            learned = learn(witch, chosen)
        except Unpaid as exc:
            raise Illegal(
                "Learning needs {cost} XP of corpses (you have {xp}).", cost=exc.cost, xp=exc.xp
            ) from exc
        except ValueError as exc:
            raise Illegal(str(exc)) from exc
        return rounds.done(state.with_witch(seat, learned))

    def _object(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        if state.step is not Step.TURNS or state.current != seat:
            raise NotYourTurn("An Object is collected with an action in your own turn.")
        return attacks.take_object(state, seat, action.get("value"))

    # -- views --------------------------------------------------------------------------------

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def choices(self, state: GameState, seat: int | None) -> list[dict[str, Any]]:
        return decisions.choices(state, seat)

    def private(self, state: GameState, seat: int) -> list[Any]:
        """The Witch or Bitch card, while it is a secret (as ``you.card`` shows it)."""
        card = bitch.secret(state, seat)
        return [] if card is None else [card.value]

    def reference(self) -> dict[str, Any]:
        """The Spell Book, the Witch cards and the scenarios: the same for every room."""
        return {
            # the numbers the pages write into their sentences
            "actions_per_turn": ACTIONS,
            "most_spells": MOST_SPELLS,
            "rom_xp": attacks.ROM_XP,
            "schools": [{"id": s.id, "name": s.name} for s in spells.schools()],
            "spells": [s.to_json() for s in spells.catalogue().values()],
            "opened_by": spells.OPENED_BY,
            "witches": [card.to_json() for card in cards().values()],
            "scenarios": [
                {
                    "number": sc.number,
                    "title": sc.title,
                    "italian": sc.italian,
                    "players": list(sc.players),
                    "mode": sc.mode.value,
                }
                for sc in SCENARIOS.values()
            ],
        }

    def is_over(self, state: GameState) -> bool:
        return state.step is Step.OVER

    def prompt(self, state: GameState, seat: int, acting: bool) -> str:
        return telling.prompt(state, seat, acting)

    def outcome(self, state: GameState, reason: Reason) -> Outcome:
        return telling.outcome(state, reason)

    def describe(self, state: GameState, seat: int | None, action: Payload) -> str | None:
        return telling.describe(state, seat, action)


WITCH_AND_BITCH = WitchAndBitch()
