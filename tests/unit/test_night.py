"""The night's scoreboard (companion/rooms/night.py): places, not scores, the same for every
game; ties share the place and its points; a game without a ranking counts as played."""

from __future__ import annotations

from companion.engine import Outcome, Place, Reason, ranked
from companion.rooms.night import Finished, Standing, tally

SEATS = {"anna": 0, "ben": 1, "cleo": 2, "dan": 3}


def rows(*games: Finished, seats: dict[str, int] = SEATS) -> list[tuple[int, int, int, int]]:
    return [(s.seat, s.games, s.wins, s.points) for s in tally(games, seats)]


def test_places_earn_three_two_one_and_first_place_is_a_win() -> None:
    game = Finished(("anna", "ben", "cleo", "dan"), (4, 3, 2, 1))
    assert rows(game) == [(3, 1, 1, 3), (2, 1, 0, 2), (1, 1, 0, 1), (0, 1, 0, 0)]


def test_the_games_own_scores_do_not_count_only_the_places() -> None:
    """A Witch's Brew 40-point win and a buzzer 1-point win are worth the same."""
    brew = Finished.of(Outcome(Reason.RULES, "", ranked({0: 40, 1: 12})), ("anna", "ben"))
    buzz = Finished.of(Outcome(Reason.ENDED, "", ranked({0: 0, 1: 1})), ("anna", "ben"))
    assert rows(brew, buzz) == [(0, 2, 1, 5), (1, 2, 1, 5)]


def test_ties_share_the_place_and_its_points() -> None:
    # standard competition ranking: 1, 1, 3 — both firsts win, the third earns 1
    game = Finished.of(
        Outcome(Reason.RULES, "", ranked({0: 5, 1: 5, 2: 2})), ("anna", "ben", "cleo")
    )
    assert game.places == (1, 1, 3)
    assert rows(game) == [(0, 1, 1, 3), (1, 1, 1, 3), (2, 1, 0, 1)]


def test_a_game_without_a_ranking_counts_as_played_with_no_points() -> None:
    solo = Finished.of(Outcome(Reason.RULES, "The tale is won"), ("cleo",))
    assert solo == Finished(("cleo",), None)
    assert rows(solo) == [(2, 1, 0, 0)]


def test_a_seat_missing_from_the_ranking_earns_nothing() -> None:
    outcome = Outcome(Reason.RULES, "", (Place(1, 1),))
    assert rows(Finished.of(outcome, ("anna", "ben"))) == [(1, 1, 1, 3), (0, 1, 0, 0)]


def test_sorted_by_points_then_wins_then_seat_and_only_seats_here_that_played() -> None:
    # Ben: 1st + 3rd = 4 points, 1 win; Cleo: 2nd + 2nd = 4 points, no win; Dan left the room
    night = (
        Finished(("ben", "cleo", "dan"), (1, 2, 3)),
        Finished(("dan", "cleo", "ben"), (1, 2, 3)),
    )
    here = {"anna": 0, "ben": 1, "cleo": 2}
    assert tally(night, here) == [Standing(1, 2, 1, 4), Standing(2, 2, 0, 4)]
    assert tally((), here) == []
