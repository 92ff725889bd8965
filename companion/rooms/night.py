"""The night's scoreboard (``view.room.night``): every finished game of the room, counted the
same way for every game (docs/protocol.md, "The night").

A game's own scores are on different scales (a buzzer point against a Witch's Brew victory
point), so adding them up would make the night unfair: each finished game gives points by place
instead, 3 for the first, 2 for the second and 1 for the third; first place is a win. Equal
places share the place and its points (the ranking already gives them one place). A game that
ended without a ranking (a solo tale, a cooperative loss, some ends by the host) counts as a
game played, with no points.

The room keeps, per finished game, who played it (their tokens: seat numbers change between
games) and their places; :func:`tally` adds them up for the seats in the room now.

>>> night = [Finished(("a", "b", "c"), (1, 2, 2)), Finished(("b", "c"), (1, 1)),
...          Finished(("a",), None)]
>>> [s.as_json() for s in tally(night, {"a": 0, "b": 1, "c": 2})]  # doctest: +NORMALIZE_WHITESPACE
[{'seat': 1, 'games': 2, 'wins': 1, 'points': 5},
 {'seat': 2, 'games': 2, 'wins': 1, 'points': 5},
 {'seat': 0, 'games': 2, 'wins': 1, 'points': 3}]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.engine import Outcome

#: the night's points for each place (a place not listed earns none)
POINTS = {1: 3, 2: 2, 3: 1}


@dataclass(frozen=True)
class Finished:
    """One finished game: the tokens of its seats (game seat k is ``players[k]``) and each
    one's place, in the same order (None: the game ended without a ranking)."""

    players: tuple[str, ...]
    places: tuple[int | None, ...] | None

    @classmethod
    def of(cls, outcome: Outcome, players: tuple[str, ...]) -> Finished:
        """The game ``players`` played, ended with ``outcome``.

        >>> from companion.engine import Place, Reason
        >>> Finished.of(Outcome(Reason.RULES, "", (Place(1, 1), Place(0, 2))), ("a", "b"))
        Finished(players=('a', 'b'), places=(2, 1))
        """
        if outcome.ranking is None:
            return cls(players, None)
        return cls(players, tuple(outcome.place_of(seat) for seat in range(len(players))))


@dataclass(frozen=True)
class Standing:
    """One seat's night so far."""

    seat: int
    games: int
    wins: int
    points: int

    def as_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "games": self.games, "wins": self.wins, "points": self.points}


def tally(finished: Iterable[Finished], seats: Mapping[str, int]) -> list[Standing]:
    """The standings of the seats in ``seats`` (token → current seat) that played at least one
    of the ``finished`` games: by points, then wins (more first), then seat.

    >>> tally([Finished(("a", "b"), (1, 1))], {"a": 1, "z": 0})
    [Standing(seat=1, games=1, wins=1, points=3)]
    """
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    points: dict[str, int] = {}
    for game in finished:
        for index, token in enumerate(game.players):
            games[token] = games.get(token, 0) + 1
            place = None if game.places is None else game.places[index]
            if place is not None:
                wins[token] = wins.get(token, 0) + (place == 1)
                points[token] = points.get(token, 0) + POINTS.get(place, 0)
    rows = [
        Standing(seat, games[token], wins.get(token, 0), points.get(token, 0))
        for token, seat in seats.items()
        if token in games
    ]
    return sorted(rows, key=lambda s: (-s.points, -s.wins, s.seat))
