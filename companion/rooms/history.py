"""What the table can take back: the game steps of the current game, and the ones undone.

A real table mis-taps: a wrong award, a skip too many, a die entered wrong. The host can undo
the last action (with the timers that fired after it) and redo it while nothing new has
happened. Game states are immutable values, so a step keeps the state from before it; undo and
redo are logged room events, so a restart replays them like everything else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine import State

#: how many steps back the table can go (far more than a turn or a set of any game)
LIMIT = 300


@dataclass(frozen=True)
class Step:
    """One change of the game state: an action (``label`` says whose and what) or a timer that
    fired (``label`` None: undone together with the action before it)."""

    before: State
    #: the game time of the step
    at: float
    label: str | None


@dataclass(frozen=True)
class Undone:
    """What one undo took back: the state it left (to redo) and the steps it removed."""

    state: State
    #: the game time at the undo (a redo takes the game clock back to it)
    at: float
    label: str
    steps: tuple[Step, ...]


@dataclass
class History:
    """The steps of the current game, newest last, and the undone ones that can be redone.

    >>> h = History()
    >>> h.record(Step("s0", 1.0, "Anna's buzz")); h.record(Step("s1", 2.0, None))
    >>> h.last_action()
    0
    >>> h.record(Step("s2", 3.0, None)); h.last_action()
    0
    """

    done: list[Step] = field(default_factory=list)
    undone: list[Undone] = field(default_factory=list)

    def record(self, step: Step) -> None:
        """A new step: it can be undone, and nothing undone can be redone any more."""
        self.done.append(step)
        del self.done[:-LIMIT]
        self.undone.clear()

    def last_action(self) -> int | None:
        """The index of the newest action (not a timer), or None."""
        return next((i for i in reversed(range(len(self.done))) if self.done[i].label), None)

    def clear(self) -> None:
        self.done.clear()
        self.undone.clear()
