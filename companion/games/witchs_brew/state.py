"""The whole game state: frozen dataclasses and tuples, so ``apply`` can never mutate it."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.witchs_brew.abilities import Ability, Deck, abilities
from companion.games.witchs_brew.draft import Draft
from companion.games.witchs_brew.roles import HAND_SIZE, Role
from companion.games.witchs_brew.trick import Trick

#: ravens in play: 4 for 3 to 5 players, 6 for 6 players (6th Player expansion)
RAVENS = {3: 4, 4: 4, 5: 4, 6: 6}
#: amulets dealt to each player (Amulets expansion): 9 shared evenly, the rest stay in the box
AMULETS = {3: 3, 4: 2, 5: 1, 6: 1}


class Phase(enum.StrEnum):
    DRAFT = "draft"
    SELECT = "select"
    TRICK = "trick"
    #: the last set is over: the table enters each player's victory points, then confirms
    SCORING = "scoring"
    OVER = "over"


@dataclass(frozen=True)
class Options:
    sixth_player: bool = False
    amulets: bool = False
    magical_abilities: bool = False
    answer_seconds: int = 0
    #: the table drafts its own ability cards: the app runs the order and deals nothing (this
    #: switches the Magical Abilities expansion on)
    physical_abilities: bool = False
    #: the 17 ability cards as the room's box names them (over the data file's placeholders)
    cards: tuple[Ability, ...] = field(
        default_factory=lambda: tuple(abilities().values()), compare=False, repr=False
    )

    def card(self, card_id: str) -> Ability:
        """The ability card ``card_id`` with the box's name and text."""
        return next(card for card in self.cards if card.id == card_id)

    def to_json(self) -> dict[str, Any]:
        return {
            "sixth_player": self.sixth_player,
            "amulets": self.amulets,
            "magical_abilities": self.magical_abilities,
            "answer_seconds": self.answer_seconds,
            "physical_abilities": self.physical_abilities,
        }

    @property
    def app_deck(self) -> bool:
        """The app deals the ability cards from its own deck."""
        return self.magical_abilities and not self.physical_abilities


@dataclass(frozen=True)
class Player:
    name: str
    #: the 5 roles chosen for this set, secret until each is played; None until chosen
    selected: tuple[Role, ...] | None = None
    #: the selected roles already played this set
    played: tuple[Role, ...] = ()
    #: selected roles put aside unplayed (a departed leader with nobody else to lead)
    set_aside: tuple[Role, ...] = ()
    amulets_unused: int = 0
    #: used this set (grey side up); they leave the game at the end of the set
    amulets_grey: int = 0
    #: the magical ability kept in this set's draft (secret until the reveal)
    ability: str | None = None
    ability_used: bool = False
    #: the victory points counted on the table at the end (phase ``scoring``); None until entered
    points: int | None = None

    @property
    def ready(self) -> bool:
        return self.selected is not None

    @property
    def hand(self) -> tuple[Role, ...]:
        """The selected roles not yet played."""
        gone = (*self.played, *self.set_aside)
        return tuple(role for role in self.selected or () if role not in gone)

    @property
    def cards_left(self) -> int:
        return HAND_SIZE - len(self.played) - len(self.set_aside)

    @property
    def may_use_amulet(self) -> bool:
        """One amulet per set: a player with a grey amulet has used theirs."""
        return self.amulets_unused > 0 and self.amulets_grey == 0


@dataclass(frozen=True)
class Played:
    seat: int
    role: Role


@dataclass(frozen=True)
class Finished:
    """The set that just ended, as it ended, kept until the next set's first card is played:
    a raven taken in between (by the last claimant's action) still belongs to it, and if it was
    the last raven the game ends with this set on show."""

    set_number: int
    first_player: int
    players: tuple[Player, ...]
    played: tuple[Played, ...]


@dataclass(frozen=True)
class GameState:
    seed: int
    options: Options
    players: tuple[Player, ...]
    phase: Phase
    #: the set in play, from 1
    set_number: int
    first_player: int
    ravens_left: int
    ravens_total: int
    #: the trick in play (phase ``trick``)
    trick: Trick | None = None
    #: the last decided trick
    last_trick: Trick | None = None
    #: every card played this set, in order
    played: tuple[Played, ...] = ()
    #: the magical ability deck, from the top (Magical Abilities expansion)
    deck: Deck = ()
    #: this set's draft (Magical Abilities expansion)
    draft: Draft | None = None
    #: the seats that left the game or were removed: the app plays their turns for them
    gone: frozenset[int] = frozenset()
    #: the set before this one, until this set's first card is played (see ``Finished``)
    previous: Finished | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.players)

    @property
    def seats(self) -> range:
        return range(len(self.players))

    @property
    def last_set(self) -> bool:
        """The last raven is gone: the game ends at the end of this set."""
        return self.ravens_left == 0

    @property
    def present(self) -> tuple[int, ...]:
        """The seats still at the table (every seat if all have gone: nobody is left to wait
        for, and the app plays for nobody)."""
        here = tuple(seat for seat in self.seats if seat not in self.gone)
        return here or tuple(self.seats)

    @property
    def raven_set(self) -> int:
        """The set a raven taken now belongs to: the set before this one until this set's
        first card is played (the last claimant's action of a set comes after its last trick
        is decided), this set after that.

        >>> from companion.games.witchs_brew.state import Options
        >>> state = GameState(0, Options(), (), Phase.SELECT, 2, 0, 4, 4)
        >>> state.raven_set
        2
        >>> replace(state, previous=Finished(1, 0, (), ())).raven_set
        1
        """
        return self.previous.set_number if self.previous is not None else self.set_number

    @property
    def revealed(self) -> bool:
        """This set's abilities are face up on the table."""
        return self.draft is not None and self.draft.done

    def with_player(self, seat: int, **changes: Any) -> GameState:
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)
        return replace(self, players=tuple(players))
