"""What the table can take back: the game steps of the current game, and the ones undone.

A real table mis-taps: a wrong award, a skip too many, a die entered wrong. The host can undo
the last action (with the timers that fired after it) and redo it while nothing new has
happened. Game states are immutable values, so a step keeps the state from before it; undo and
redo are logged room events, so a restart replays them like everything else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine import State

#: how many steps back the table can go (far more than a turn or a set of any game)
LIMIT = 300


@dataclass(frozen=True)
class Acted:
    """The action that made a step: the seat (None: the table) and the action as applied."""

    seat: int | None
    action: Mapping[str, Any]


@dataclass(frozen=True)
class Step:
    """One change of the game state: an action (``acted``) or a timer that fired (``acted``
    None: undone together with the action before it). The undo note's words for an action
    (``Room.label``) are made only when it is undone: most steps never are."""

    before: State
    #: the game time of the step
    at: float
    acted: Acted | None


@dataclass(frozen=True)
class Undone:
    """What one undo took back: the state it left (to redo) and the steps it removed."""

    state: State
    #: the game time at the undo (a redo takes the game clock back to it)
    at: float
    label: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Settled:
    """The last race settled in this game (``view.room.race``) and the step it left the game at:
    the race belongs to that position of the game, so an undo that takes the step back takes the
    race out of the view, and a redo that puts it back shows it again."""

    race: Mapping[str, Any]
    step: Step


@dataclass
class History:
    """The steps of the current game, newest last, and the undone ones that can be redone.

    >>> h = History()
    >>> buzz = Acted(0, {"type": "buzz"})
    >>> h.record(Step("s0", 1.0, buzz)); h.record(Step("s1", 2.0, None))
    >>> h.last_action()
    0
    >>> h.record(Step("s2", 3.0, None)); h.last_action()
    0
    """

    done: list[Step] = field(default_factory=list)
    undone: list[Undone] = field(default_factory=list)
    #: the last race settled in this game, if any (see ``race``)
    settled: Settled | None = None

    def settle(self, race: Mapping[str, Any]) -> None:
        """A race settled: it is the game's last race at the current position (the newest
        step). Without a step (nothing has happened in this game) there is no position to tie it
        to, and it is not kept."""
        self.settled = Settled(race, self.done[-1]) if self.done else None

    def race(self) -> Mapping[str, Any] | None:
        """The last settled race while the step it left the game at still stands, else None.

        >>> h = History()
        >>> h.record(Step("s0", 1.0, Acted(0, {"type": "buzz"}))); h.settle({"type": "buzz"})
        >>> h.race()
        {'type': 'buzz'}
        >>> h.record(Step("s1", 2.0, Acted(1, {"type": "roll"}))); h.race()  # later ones keep it
        {'type': 'buzz'}
        >>> del h.done[0:]; h.race() is None  # an undo took the race's step back
        True
        """
        settled = self.settled
        if settled is None:
            return None
        # by identity (a state may repeat); the race's step is usually among the newest
        if any(step is settled.step for step in reversed(self.done)):
            return settled.race
        return None

    def record(self, step: Step) -> None:
        """A new step: it can be undone, and nothing undone can be redone any more."""
        self.done.append(step)
        del self.done[:-LIMIT]
        self.undone.clear()

    def last_action(self) -> int | None:
        """The index of the newest action (not a timer), or None."""
        return next((i for i in reversed(range(len(self.done))) if self.done[i].acted), None)

    def clear(self) -> None:
        self.done.clear()
        self.undone.clear()
        self.settled = None
