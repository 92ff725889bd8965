"""The Game protocol: pure rules that the room layer drives.

A game never sees a socket, a clock or a database: it gets players, options and a seed, and
later actions with the server time ``at`` (milliseconds) at which they happened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from companion.engine.options import Option

#: A game's state: any immutable value the game defines (usually a frozen dataclass).
State = Any


class Game(Protocol):
    """What every game module provides (see ARCHITECTURE.md, "The game contract")."""

    id: str
    title: str
    min_players: int
    max_players: int
    #: action types resolved by the fair sequencer (their ``at`` is the fair press time)
    races: frozenset[str]
    #: action types the table (the TV, seat None) may send; seats may send any, the game judges
    table_actions: frozenset[str]

    @property
    def options(self) -> Sequence[Option]:
        """What the host may set before the start (typed, with defaults)."""
        ...

    def seats_for(self, options: Mapping[str, Any]) -> int:
        """How many may sit at the table with these options (at most ``max_players``)."""
        ...

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> State:
        """The initial state for these player names (seat k is ``players[k]``)."""
        ...

    def apply(self, state: State, seat: int | None, action: Mapping[str, Any], at: float) -> State:
        """The state after ``action``; raises IllegalAction and leaves ``state`` untouched."""
        ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: the public table view, holding nobody's secrets)."""
        ...

    def deadline(self, state: State) -> float | None:
        """The next server time (ms) at which ``timeout`` is due, or None."""
        ...

    def timeout(self, state: State, at: float) -> State:
        """The state after the deadline ``at`` has passed."""
        ...

    def shift(self, state: State, ms: float) -> State:
        """The state with every pending time moved ``ms`` later: after a pause of ``ms``, timers
        resume where they stopped instead of running out at once."""
        ...

    def race_opened_at(self, state: State) -> float | None:
        """When the current race became possible to press, or None if no race is open.

        The fair sequencer never believes a press claimed earlier than this plus half the
        presser's smallest round trip: nobody can react before they could see the race.
        """
        ...

    def is_over(self, state: State) -> bool:
        """True once the game has ended by its own rules."""
        ...
