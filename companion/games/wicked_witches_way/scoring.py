"""End-of-game scores: the race place plus aerial acrobatics.

Finishers score 25, 24, then 23 for every later one, by the order they crossed; the others
score their space number (−2 … 22). The highest total wins; ties go to the witch who went
furthest (an earlier finish, then a further space).

>>> place_points(5, 1), place_points(23, 2), place_points(23, 4), place_points(-2, None)
(25, 24, 23, -2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.wicked_witches_way.black_magic import is_acrobatics, points_of
from companion.games.wicked_witches_way.state import GameState, Witch

FINISH_POINTS = (25, 24, 23)


def place_points(position: int, finished_rank: int | None) -> int:
    if finished_rank is None:
        return position
    return FINISH_POINTS[min(finished_rank, len(FINISH_POINTS)) - 1]


def acrobatics_points(state: GameState, witch: Witch) -> int:
    if state.options.physical_deck:
        return witch.acrobatics_entered or 0
    return sum(
        points_of(card, state.options.acrobatics) for card in witch.hand if is_acrobatics(card)
    )


@dataclass(frozen=True)
class Score:
    seat: int
    place_points: int
    acrobatics: int
    #: how far she went, for the tie-break: a lower key is further along
    distance_key: tuple[int, int]

    @property
    def total(self) -> int:
        return self.place_points + self.acrobatics


def final(state: GameState) -> list[dict[str, Any]]:
    """The final table, best first; equal totals and equal distance share a rank."""
    scores = [
        Score(
            w.seat,
            place_points(w.position, w.finished_rank),
            acrobatics_points(state, w),
            (w.finished_rank or 99, -w.position),
        )
        for w in state.witches
    ]
    scores.sort(key=lambda s: (-s.total, s.distance_key, s.seat))
    out: list[dict[str, Any]] = []
    for i, score in enumerate(scores):
        tied = i > 0 and (score.total, score.distance_key) == (
            scores[i - 1].total,
            scores[i - 1].distance_key,
        )
        witch = state.witches[score.seat]
        out.append(
            {
                "seat": score.seat,
                "name": witch.name,
                "witch": witch.witch,
                "place_points": score.place_points,
                "acrobatics": score.acrobatics,
                "total": score.total,
                "rank": out[-1]["rank"] if tied else i + 1,
            }
        )
    return out
