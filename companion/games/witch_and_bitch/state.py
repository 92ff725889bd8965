"""The whole game state: frozen dataclasses and tuples, so ``apply`` never mutates anything."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from companion.engine import Box
from companion.games.witch_and_bitch.box import BOX, OBJECTS_SCENARIO, Book, book_of
from companion.games.witch_and_bitch.destiny import Colour
from companion.games.witch_and_bitch.dice import Roll
from companion.games.witch_and_bitch.scenarios import Death, Scenario, scenario
from companion.games.witch_and_bitch.spawns import Spawn
from companion.games.witch_and_bitch.witches import Witch


class Step(enum.StrEnum):
    """Where the table is: the set-up, then the two phases of every round."""

    SETUP = "setup"  # the TV's walkthrough of the scenario's set-up
    FIRST_ROLL = "first-roll"  # everyone rolls the d20; the highest starts
    POSITIONS = "positions"  # scenario 3: A-D, from the first player clockwise
    DRAFT = "draft"  # the starting Spells, a snake draft
    ENEMIES = "enemies"  # the starting Enemies: one d4 per player
    PASS_TOKEN = "pass-token"  # Witches' Phase 1: change of first player
    RESTORE = "restore"  # 2: exhausted cards back to active
    TURNS = "turns"  # 3: each Witch's turn, 3 actions
    LEARNING = "learning"  # 4: learning new Spells, from the first player
    DESTINY = "destiny"  # Dark Forces' Phase 1: the Destiny card
    ACTIVATION = "activation"  # 2: Enemy activation
    OVER = "over"

    @property
    def phase(self) -> str:
        if self in (Step.PASS_TOKEN, Step.RESTORE, Step.TURNS, Step.LEARNING):
            return "witches"
        if self in (Step.DESTINY, Step.ACTIVATION):
            return "dark"
        return "over" if self is Step.OVER else "setup"


#: the steps of a round, in order
ROUND = (Step.PASS_TOKEN, Step.RESTORE, Step.TURNS, Step.LEARNING, Step.DESTINY, Step.ACTIVATION)


class Card(enum.StrEnum):
    """The secret Witch or Bitch card of scenarios 2 and 4."""

    WITCH = "witch"
    BITCH = "bitch"


@dataclass(frozen=True)
class Outcome:
    """How the game ended by its rules: who won (seats) and why (the room's ``outcome`` in every
    view is made of it: telling.outcome)."""

    text: str
    winners: tuple[int, ...] = ()


@dataclass(frozen=True)
class Tracked:
    """An Enemy on the map whose health the app keeps (the table entered its token's values)."""

    number: int
    health: int
    defense: int
    damage: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "health": self.health,
            "defense": self.defense,
            "damage": self.damage,
            "left": max(0, self.health - self.damage),
        }


@cache
def placeholders() -> Book:
    """The values of a box nobody has entered: the data files' placeholders."""
    return book_of(Box(BOX, {}))


@dataclass(frozen=True)
class GameState:
    seed: int
    scenario_number: int
    names: tuple[str, ...]
    witches: tuple[Witch, ...]
    deck: tuple[Colour, ...]
    step: Step = Step.SETUP
    #: the walkthrough's page while ``step`` is SETUP
    setup_page: int = 0
    round: int = 0
    first: int = 0
    #: the table chose the first player in the lobby: nobody rolls for it
    first_chosen: bool = False
    #: who acts now in a step taken in turn (draft, positions, turns, learning)
    order: tuple[int, ...] = ()
    index: int = 0
    #: the first-player roll: who must (still) roll, and what each rolled this time
    rollers: tuple[int, ...] = ()
    first_rolls: tuple[tuple[int, int], ...] = ()
    drawn: tuple[Colour, ...] = ()
    #: the card drawn this round (None before its Destiny step)
    destiny: Colour | None = None
    evolved: bool = False
    #: the first orange card was drawn this round: every Enemy on the map evolves now
    evolve_now: bool = False
    spawns: tuple[Spawn, ...] = ()
    rolls: tuple[Roll, ...] = ()
    objects: int = 0
    antagonist_portal: int | None = None
    antagonist_damage: int = 0
    antagonist_dead: bool = False
    rom_killed: int = 0
    cards: tuple[Card, ...] = ()
    revealed: bool = False
    last_round: bool = False
    outcome: Outcome | None = None
    gone: frozenset[int] = frozenset()
    preferred: bool = False
    #: Generate Enemies was pressed in this step
    spawned: bool = False
    #: Enemies whose health the table chose to track (optional), and the next number to give
    tracked: tuple[Tracked, ...] = ()
    next_tracked: int = 1
    #: the printed values: the room's box over the data files' placeholders
    book: Book = field(default_factory=lambda: placeholders(), compare=False, repr=False)

    @property
    def scenario(self) -> Scenario:
        """The scenario as the rulebook gives it, with what the room's box adds (scenario 2's
        Objects)."""
        sc = scenario(self.scenario_number)
        if sc.number != OBJECTS_SCENARIO:
            return sc
        book = self.book
        return replace(sc, objects=book.objects, objects_placeholder=book.objects_placeholder)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def seats(self) -> range:
        return range(len(self.names))

    @property
    def current(self) -> int | None:
        return self.order[self.index] if self.index < len(self.order) else None

    @property
    def bitch(self) -> int | None:
        return self.cards.index(Card.BITCH) if Card.BITCH in self.cards else None

    @property
    def permanent(self) -> bool:
        """Has the scenario's death become permanent?"""
        rule = self.scenario.death
        if rule is Death.ALWAYS:
            return True
        if rule is Death.AFTER_LAST_OBJECT:
            return self.objects >= self.scenario.objects_for(self.players)
        return self.antagonist_portal is not None

    @property
    def next_roll(self) -> int:
        return len(self.rolls)

    def with_witch(self, seat: int, witch: Witch) -> GameState:
        witches = list(self.witches)
        witches[seat] = witch
        return replace(self, witches=tuple(witches))

    def hands(self, but: int | None = None) -> list[tuple[str, ...]]:
        return [w.spells for k, w in enumerate(self.witches) if k != but]
