"""How a game ended, and what each seat is told to do now.

Every view says two things a player needs at a glance (docs/protocol.md, "Prompts and endings"):

- while the game runs, each seat's ``you.prompt``: ``{"kind": "act" | "wait", "text"}``. The kind
  comes from ``Game.choices`` (a seat with a listed decision acts, every other seat waits), so
  the prompt cannot disagree with what the server accepts; the text is the game's own sentence
  (``Game.prompt``);
- once it is over, ``outcome``: ``{"reason", "text", "ranking"}`` in every view, and ``you.place``
  in each seat's.

A ranking is a tuple of :class:`Place`, best first; equal scores share a place (standard
competition ranking: 1, 1, 3):

>>> [(p.seat, p.place) for p in ranked({0: 7, 1: 9, 2: 7, 3: 2})]
[(1, 1), (0, 2), (2, 2), (3, 4)]
>>> [(p.seat, p.place) for p in ranked({0: 30, 1: 12}, higher_wins=False)]
[(1, 1), (0, 2)]

A tie-break decides between equal scores (a second number, higher first), and seats still equal
after it share their place:

>>> [(p.seat, p.place) for p in ranked({0: 5, 1: 5, 2: 5}, tiebreak={0: 1, 1: 3, 2: 1})]
[(1, 1), (0, 2), (2, 2)]
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.engine.text import N_, say, text_json


class Reason(enum.StrEnum):
    """Why a game is over."""

    RULES = "rules"  # its own rules ended it (a winner, a loss, the last round)
    ENDED = "ended"  # the host pressed End
    LEFT = "left"  # every player left


class PromptKind(enum.StrEnum):
    ACT = "act"  # the game waits for a decision of this seat now
    WAIT = "wait"  # it does not: the text says whom or what it waits for


@dataclass(frozen=True)
class Place:
    """One seat's place in a ranking (1 is best); ``score`` None where the app does not count."""

    seat: int
    place: int
    score: float | None = None

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "place": self.place, "score": self.score}


@dataclass(frozen=True)
class Outcome:
    """How the game ended: why, a sentence (made with ``say``), and the ranking (None where the
    game has none, e.g. a cooperative loss)."""

    reason: Reason
    text: str
    ranking: tuple[Place, ...] | None = None

    def place_of(self, seat: int) -> int | None:
        """The seat's place, or None (no ranking, or the seat is not in it)."""
        return next((p.place for p in self.ranking or () if p.seat == seat), None)

    def as_json(self) -> dict[str, Any]:
        ranking = None if self.ranking is None else [p.as_json() for p in self.ranking]
        return {"reason": self.reason.value, "text": text_json(self.text), "ranking": ranking}


#: what an outcome says when the game gives no sentence of its own
DEFAULT_TEXTS = {
    Reason.RULES: N_("The game is over."),
    Reason.ENDED: N_("The host ended the game."),
    Reason.LEFT: N_("Everyone left the game."),
}


def default_outcome(reason: Reason) -> Outcome:
    """The outcome of a game that says nothing more: the reason in words, no ranking."""
    return Outcome(reason, say(DEFAULT_TEXTS[reason]))


def ranked(
    scores: Mapping[int, float],
    *,
    higher_wins: bool = True,
    tiebreak: Mapping[int, float] | None = None,
) -> tuple[Place, ...]:
    """The seats of ``scores`` in order, best first, each with its place and score; equal
    scores (and equal tie-breaks, higher first) share a place."""

    def key(seat: int) -> tuple[float, float]:
        score = scores[seat] if higher_wins else -scores[seat]
        return (-score, -(tiebreak or {}).get(seat, 0))

    order = sorted(scores, key=lambda seat: (key(seat), seat))
    out: list[Place] = []
    for index, seat in enumerate(order):
        tied = out and key(order[index - 1]) == key(seat)
        place = out[-1].place if tied else index + 1
        out.append(Place(seat, place, scores[seat]))
    return tuple(out)
