"""The state of one solo game: frozen values only, changed by ``dataclasses.replace``."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from companion.games.carodejnice.cards import Box, box


class Phase(enum.StrEnum):
    """Set-up, the six phases of a round, and the end."""

    SETUP = "setup"
    WITCHES = "witches"  # 1. play witches from the hand
    MISSION = "mission"  # 2. accept one laid-out mission
    REST = "rest"  # 3. play the rest of the hand
    RESOLVE = "resolve"  # 4. resolve the mission
    DECIDE = "decide"  # 5. go on, or face the trial
    CLEANUP = "cleanup"  # 6. clean up, draw 5, reveal a new mission after a success
    OVER = "over"

    @property
    def number(self) -> int | None:
        """The phase's number in the rulebook, None outside a round.

        >>> Phase.RESOLVE.number, Phase.SETUP.number
        (4, None)
        """
        return ROUND_PHASES.index(self) + 1 if self in ROUND_PHASES else None


ROUND_PHASES = (
    Phase.WITCHES,
    Phase.MISSION,
    Phase.REST,
    Phase.RESOLVE,
    Phase.DECIDE,
    Phase.CLEANUP,
)


class Loss(enum.StrEnum):
    """The five ways to lose, in the rulebook's order."""

    FAILED_MISSIONS = "failed_missions"
    LOST_SOULS = "lost_souls"
    CURSE_DECK_EMPTY = "curse_deck_empty"
    NO_WITCH = "no_witch"
    CARD = "card"


class TrialCause(enum.StrEnum):
    CHOSEN = "chosen"  # in phase 5
    NO_MISSIONS = "no_missions"  # no mission left to accept
    CARD = "card"  # a card says so


@dataclass(frozen=True)
class Juror:
    key: str
    name: str
    conviction: int
    #: the two hidden faith values: never in a view before the trial
    faith: tuple[int, int]


@dataclass(frozen=True)
class Resolution:
    """What the player recorded in phase 4."""

    mission: str
    strength: int
    spent: int
    difficulty: int
    success: bool
    juror: str | None  # whose conviction rose
    value: int  # by how much
    servants: int  # servants overcome and kept this round


@dataclass(frozen=True)
class State:
    seed: int
    player: str
    scenario: int  # 0: the jurors game; 1 to 9: a tale of Wildegrens
    phase: Phase = Phase.SETUP
    round: int = 0
    jurors: tuple[Juror, ...] = ()
    #: mission ids face up on the table, and the mission deck from its top
    laid_out: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    #: face-down challenges dealt to each mission (mission id, count)
    challenges: tuple[tuple[str, int], ...] = ()
    challenge_deck: int = 0
    accepted: str | None = None
    last: Resolution | None = None
    succeeded: tuple[str, ...] = ()
    failed: tuple[str, ...] = ()
    servants: int = 0
    lost_souls: int = 0  # townsfolk shown on the cards in the lost-souls pile
    curse_deck: int = 0
    revealed: str | None = None  # the mission revealed at the last clean-up
    loss: Loss | None = None
    trial: TrialCause | None = None
    tracks: tuple[int, ...] = ()  # a tale's tracks
    won: bool | None = None  # a tale's end
    #: the player left the room: nobody can play on, so nothing is waited for
    left: bool = False
    #: the printed cards: the room's box over data/'s placeholders
    cards: Box = field(default_factory=box, repr=False)
