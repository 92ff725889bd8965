"""The whole game state: frozen dataclasses and tuples, so ``apply`` can never mutate it."""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any

from companion.games.witchs_brew.abilities import Deck
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
    OVER = "over"


@dataclass(frozen=True)
class Options:
    sixth_player: bool = False
    amulets: bool = False
    magical_abilities: bool = False
    answer_seconds: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "sixth_player": self.sixth_player,
            "amulets": self.amulets,
            "magical_abilities": self.magical_abilities,
            "answer_seconds": self.answer_seconds,
        }


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
    def revealed(self) -> bool:
        """This set's abilities are face up on the table."""
        return self.draft is not None and self.draft.done

    def with_player(self, seat: int, **changes: Any) -> GameState:
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)
        return replace(self, players=tuple(players))
