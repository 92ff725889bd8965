"""The whole game state: frozen dataclasses and tuples, so ``apply`` can never mutate it."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Any

from companion.engine.text import text_json
from companion.games.wicked_witches_way.black_magic import Acrobatics, Spell, acrobatics
from companion.games.wicked_witches_way.dice import FaceTable, face_table
from companion.games.wicked_witches_way.formula import Valid, Verdict, valid_symbols
from companion.games.wicked_witches_way.symbols import Color, Die, Symbol
from companion.games.wicked_witches_way.track import FINISH

#: seat k plays WITCHES[k]
WITCHES = ("Ursule", "Renée", "Cunégonde", "Germaine", "Sofia", "Augustine")
#: how many explanation sentences the views keep
LOG_LENGTH = 30


class Phase(enum.StrEnum):
    # ``setup`` is merged into the first ``roll``: handicaps are set before the first roll.
    ROLL = "roll"
    LOOK = "look"
    COMPOSE = "compose"
    RESOLVE = "resolve"
    OVER = "over"


class Step(enum.StrEnum):
    """Where the reveal is. The first three concern the whole table, the last three the
    current witch (``GameState.current``)."""

    #: every formula is revealed; the lid is still on (app dice)
    REVEAL = "reveal"
    #: the lid is off: the faces in the box are being entered (physical dice)
    READ = "read"
    #: the dice are sorted and shown with the valid symbols (physical dice: still correctable)
    SORT = "sort"
    #: the current witch's moment before her formula is applied (apply-time spells)
    APPLY = "apply"
    #: she chooses the Black Magic card she keeps
    KEEP = "keep"
    #: her moment after her movement (after-movement spells)
    AFTER = "after"


#: the steps that belong to one witch (the others belong to the whole table)
WITCH_STEPS = frozenset({Step.APPLY, Step.KEEP, Step.AFTER})


class Level(enum.StrEnum):
    NORMAL = "normal"
    NOVICE = "novice"
    EXPERT = "expert"


class DecreeStage(enum.StrEnum):
    FOG = "fog"  # played; its Magic Fog window is open
    LOOK = "look"  # the dice are shown to its player until ``until``
    WRITE = "write"  # the look is over; the player writes her formula
    FOGGED = "fogged"  # cancelled by Magic Fog


@dataclass(frozen=True)
class Options:
    physical_dice: bool = False
    physical_deck: bool = False
    compose_seconds: int = 0
    fog_seconds: int = 5
    #: how long each step of the reveal lasts (each witch's moments, the lid opening)
    pace_seconds: int = 4
    #: the dice's faces and the acrobatics cards' points: the room's box over the placeholders
    faces: FaceTable = field(default_factory=face_table, compare=False, repr=False)
    acrobatics: Acrobatics = field(default_factory=acrobatics, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "physical_dice": self.physical_dice,
            "physical_deck": self.physical_deck,
            "compose_seconds": self.compose_seconds,
            "fog_seconds": self.fog_seconds,
            "pace_seconds": self.pace_seconds,
        }


@dataclass(frozen=True)
class Formula:
    """A locked formula: the symbol cards laid face down, and with Double Cross a second one."""

    cards: tuple[Symbol, ...] = ()
    second: tuple[Symbol, ...] | None = None

    @property
    def symbols(self) -> frozenset[Symbol]:
        return frozenset(self.cards) | frozenset(self.second or ())

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": [s.value for s in self.cards],
            "second": None if self.second is None else [s.value for s in self.second],
        }


@dataclass(frozen=True)
class Witch:
    seat: int
    name: str
    level: Level = Level.NORMAL
    start: int = 0
    position: int = 0
    #: 1, 2, 3… in the order the witches crossed the finish; None while racing
    finished_rank: int | None = None
    #: the Black Magic cards she holds (digital deck), secret
    hand: tuple[str, ...] = ()
    #: the acrobatics total she entered at the end (physical deck)
    acrobatics_entered: int | None = None

    @property
    def witch(self) -> str:
        return WITCHES[self.seat]

    @property
    def finished(self) -> bool:
        return self.finished_rank is not None


@dataclass(frozen=True)
class Decree:
    seat: int
    stage: DecreeStage
    #: the end of the look at the dice (LOOK and after)
    until: float | None = None
    #: with a compose timer: when this seat's formula is due, counted after the look
    write_by: float | None = None


@dataclass(frozen=True)
class Casting:
    """A spell waiting for the end of its Magic Fog window to take effect."""

    seat: int
    card: str
    spell: Spell
    until: float
    spaces: int | None = None
    add: Symbol | None = None
    remove: Symbol | None = None
    #: Repaired Oversight: add to the second formula (Double Cross)
    to_second: bool = False


@dataclass(frozen=True)
class Part:
    """The judgement of one formula of a witch (two with Double Cross)."""

    cards: tuple[Symbol, ...]
    verdict: Verdict
    color: Color | None
    bonus: Color | None = None
    bonus_cancelled: str | None = None
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": [s.value for s in self.cards],
            "verdict": self.verdict.value,
            "color": None if self.color is None else self.color.value,
            "bonus": None if self.bonus is None else self.bonus.value,
            "bonus_cancelled": self.bonus_cancelled,
        }


@dataclass(frozen=True)
class Result:
    seat: int
    first: Part
    #: the second formula's judgement when Double Cross was played
    second: Part | None
    start: int
    end: int
    penalty: bool
    text: str

    def to_json(self) -> dict[str, Any]:
        first = self.first
        return {
            "seat": self.seat,
            "cards": [s.value for s in first.cards],
            "second": None if self.second is None else [s.value for s in self.second.cards],
            "verdict": first.verdict.value,
            "color": None if first.color is None else first.color.value,
            "moved": self.end - self.start,
            "from": self.start,
            "to": self.end,
            "bonus": None if first.bonus is None else first.bonus.value,
            "bonus_cancelled": first.bonus_cancelled,
            "penalty": self.penalty,
            "text": text_json(self.text),
            "second_result": None if self.second is None else self.second.to_json(),
        }


@dataclass(frozen=True)
class SpellPlay:
    seat: int
    card: str
    fogged_by: int | None
    text: str

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "card": self.card,
            "fogged_by": self.fogged_by,
            "text": text_json(self.text),
        }


@dataclass(frozen=True)
class GameState:
    seed: int
    options: Options
    witches: tuple[Witch, ...]
    draw_pile: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    phase: Phase = Phase.ROLL
    turn: int = 1
    roller: int = 0
    dice: tuple[Die, ...] | None = None
    rolled_at: float | None = None
    lid_closed_by: int | None = None
    lid_closed_at: float | None = None
    curse: int | None = None
    #: the compose timer's end (None without a timer)
    compose_until: float | None = None
    #: each seat's locked formula this turn (None: not locked yet)
    formulas: tuple[Formula | None, ...] = ()
    decrees: tuple[Decree, ...] = ()
    #: the resolution order (seats) and the index of the current witch in it
    order: tuple[int, ...] = ()
    index: int = 0
    step: Step | None = None
    #: when the current step of the reveal ends (None: it waits for someone, e.g. the dice)
    step_until: float | None = None
    #: the current witch said "I play a spell": her moment waits for her choice
    holding: bool = False
    #: the current witch has played Double Cross (her second formula counts)
    double_cross: bool = False
    #: the current witch's private draw of a black perfect formula
    keep_choice: tuple[str, ...] | None = None
    window: Casting | None = None
    #: seats that played Blockade this turn
    blocks: tuple[int, ...] = ()
    results: tuple[Result, ...] = ()
    spells: tuple[SpellPlay, ...] = ()
    log: tuple[str, ...] = ()
    #: how many witches have crossed the finish
    finishers: int = 0
    #: counts shuffles, so each one has its own seeded generator
    shuffles: int = 0
    #: seats whose player left or was removed: the witch stays on the track, never rolls and
    #: is never waited for
    gone: tuple[int, ...] = ()

    # -- reading -------------------------------------------------------------------------

    @property
    def seats(self) -> range:
        return range(len(self.witches))

    def name(self, seat: int) -> str:
        return WITCHES[seat]

    @property
    def valid(self) -> Valid | None:
        return None if self.dice is None else valid_symbols(self.dice)

    @property
    def current(self) -> int | None:
        """The witch whose formula is being applied (None while the lid opens)."""
        if self.phase is not Phase.RESOLVE or self.step not in WITCH_STEPS:
            return None
        if self.index >= len(self.order):
            return None
        return self.order[self.index]

    def is_gone(self, seat: int) -> bool:
        return seat in self.gone

    def locked(self, seat: int) -> bool:
        return self.phase is Phase.COMPOSE and self.formulas[seat] is not None

    def decree_of(self, seat: int) -> Decree | None:
        return next((d for d in self.decrees if d.seat == seat), None)

    def in_decree(self, seat: int) -> bool:
        decree = self.decree_of(seat)
        return (
            self.phase is Phase.COMPOSE
            and self.formulas[seat] is None
            and decree is not None
            and decree.stage is not DecreeStage.FOGGED
        )

    def blocks_for(self, seat: int) -> tuple[int, ...]:
        """The spaces ``seat`` may not pass this turn: every blockader's but her own."""
        return tuple(self.witches[b].position for b in self.blocks if b != seat)

    def positions(self, racing_only: bool = False) -> dict[int, int]:
        return {w.seat: w.position for w in self.witches if not (racing_only and w.finished)}

    # -- changing (each returns a new state) ----------------------------------------------

    def with_witch(self, seat: int, **changes: Any) -> GameState:
        witches = tuple(replace(w, **changes) if w.seat == seat else w for w in self.witches)
        return replace(self, witches=witches)

    def with_formula(self, seat: int, formula: Formula | None) -> GameState:
        formulas = tuple(formula if k == seat else f for k, f in enumerate(self.formulas))
        return replace(self, formulas=formulas)

    def with_decree(self, decree: Decree) -> GameState:
        others = tuple(d for d in self.decrees if d.seat != decree.seat)
        return replace(self, decrees=(*others, decree))

    def moved_to(self, seat: int, position: int) -> GameState:
        """Her new position; crossing the finish gives her the next finishing rank."""
        witch = self.witches[seat]
        if witch.finished or position == witch.position:
            return self
        if position >= FINISH:
            rank = self.finishers + 1
            return replace(
                self.with_witch(seat, position=FINISH, finished_rank=rank), finishers=rank
            )
        return self.with_witch(seat, position=position)

    def said(self, *sentences: str) -> GameState:
        return replace(self, log=(*self.log, *sentences)[-LOG_LENGTH:])
