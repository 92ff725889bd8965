"""Issue 21: each phone's prompt in every phase, the victory points the table enters at the
end, the ranking they give (unused amulets break a tie) and the undo notes' words."""

from __future__ import annotations

import pytest

from companion.engine import IllegalAction, Reason
from companion.games.witchs_brew.state import GameState, Phase
from tests.unit.witchs_brew.helpers import (
    ANNA,
    BEN,
    CLEO,
    DAN,
    GAME,
    amulet,
    answer,
    drafted,
    new,
    play,
    play_out,
    raven,
    selected,
    table,
)


def said(state: GameState, seat: int) -> tuple[str, str]:
    """The seat's prompt: its kind and its English text."""
    kind = GAME.present(state, seat)["you"]["prompt"]["kind"]
    return kind, GAME.prompt(state, seat, kind == "act")


def last_set_over(players: int = 3, **options: object) -> GameState:
    """Set 1 played out after the last raven went: the table counts the points."""
    state = new(players, first=ANNA, **options)
    for _ in range(4):
        state = raven(state)
    state = play_out(selected(state))
    assert state.phase is Phase.SCORING
    return state


def points(state: GameState, seat: int | None, whose: int, value: int) -> GameState:
    return GAME.apply(state, seat, {"type": "points", "seat": whose, "points": value}, 0.0)


def confirm(state: GameState) -> GameState:
    return GAME.apply(state, None, {"type": "confirm"}, 0.0)


def test_the_selection_prompt_asks_for_roles_then_waits_for_the_others() -> None:
    state = new(3, first=ANNA)
    assert said(state, BEN) == ("act", "Choose 5 roles, then lock them in.")
    roles = ["witch", "wizard", "druid", "alchemist", "assistant"]
    state = GAME.apply(state, BEN, {"type": "select", "roles": roles}, 0.0)
    assert said(state, BEN) == ("wait", "Wait for the others to choose their roles.")


def test_the_leader_is_told_to_play_and_the_others_whom_they_wait_for() -> None:
    state = selected(new(3, first=ANNA))
    assert said(state, ANNA) == ("act", "Play a role and say “I am the …!”")
    assert said(state, BEN) == ("wait", "Anna leads a role")


def test_a_holder_is_asked_to_answer_with_the_role_named() -> None:
    roles = ["witch", "wizard", "druid", "alchemist", "assistant"]
    state = play(
        selected(new(3, first=ANNA), {ANNA: roles, BEN: roles, CLEO: roles}), ANNA, "witch"
    )
    assert said(state, BEN) == ("act", "Answer: I am the Witch! or So be it!")
    assert said(state, CLEO) == ("wait", "Ben answers to the Witch")


def test_the_leader_who_lost_the_claim_is_asked_about_an_amulet() -> None:
    roles = ["witch", "wizard", "druid", "alchemist", "assistant"]
    state = selected(new(3, first=ANNA, amulets=True), {ANNA: roles, BEN: roles, CLEO: roles})
    state = answer(answer(play(state, ANNA, "witch"), BEN, True), CLEO, False)
    assert said(state, ANNA) == ("act", "Use an amulet to take the Witch back?")
    assert said(state, BEN) == ("wait", "Anna decides on an amulet")
    assert amulet(state, ANNA, False).phase is Phase.TRICK


def test_the_drafter_keeps_an_ability_and_the_others_wait_for_her() -> None:
    state = new(3, first=ANNA, magical_abilities=True)
    assert said(state, ANNA) == ("act", "Keep one ability")
    assert said(state, CLEO) == ("wait", "Anna is choosing an ability")
    physical = new(3, first=ANNA, physical_abilities=True)
    assert said(physical, ANNA) == ("act", "Which ability did you keep?")
    assert drafted(state).phase is Phase.SELECT


def test_the_last_set_ends_in_scoring_where_each_player_enters_points() -> None:
    state = last_set_over()
    assert not GAME.is_over(state)
    assert said(state, BEN) == ("act", "Count your victory points and enter them.")
    state = points(state, BEN, BEN, 23)
    assert said(state, BEN) == ("act", "Your victory points: 23. The table confirms the scores.")
    assert table(state)["scoring"] == {"points": {0: None, 1: 23, 2: None}, "complete": False}


def test_a_player_enters_only_their_own_points_and_the_table_anyones() -> None:
    state = last_set_over()
    with pytest.raises(IllegalAction) as err:
        points(state, BEN, CLEO, 5)
    assert err.value.message == "You enter only your own victory points."
    assert points(state, None, CLEO, 5).players[CLEO].points == 5


def test_points_are_corrected_by_entering_them_again() -> None:
    state = points(points(last_set_over(), ANNA, ANNA, 40), None, ANNA, 14)
    assert state.players[ANNA].points == 14


def test_points_outside_the_range_or_before_the_end_are_refused() -> None:
    with pytest.raises(IllegalAction):
        points(last_set_over(), ANNA, ANNA, -1)
    with pytest.raises(IllegalAction) as err:
        points(selected(new(3)), ANNA, ANNA, 10)
    assert err.value.message == "Victory points are entered once the last set is over."


def test_the_table_confirms_only_once_every_seat_has_points() -> None:
    state = points(points(last_set_over(), ANNA, ANNA, 10), BEN, BEN, 12)
    assert GAME.choices(state, None)[-1] != {"type": "confirm"}
    with pytest.raises(IllegalAction) as err:
        confirm(state)
    assert err.value.message == "Every player's victory points are needed first."
    state = points(state, None, CLEO, 9)
    assert GAME.choices(state, None)[-1] == {"type": "confirm"}
    over = confirm(state)
    assert over.phase is Phase.OVER and GAME.is_over(over)


def test_the_ranking_is_by_victory_points_and_names_the_winner() -> None:
    state = confirm(
        points(points(points(last_set_over(), None, ANNA, 10), None, BEN, 31), None, CLEO, 9)
    )
    view = GAME.present(state, CLEO)
    assert view["outcome"]["reason"] == "rules"
    assert view["outcome"]["text"] == {
        "template": "{name} wins the game",
        "params": {"name": "Ben"},
    }
    assert [(p["seat"], p["place"]) for p in view["outcome"]["ranking"]] == [
        (BEN, 1),
        (ANNA, 2),
        (CLEO, 3),
    ]
    assert view["you"]["place"] == 3


def test_unused_amulets_break_a_tie_in_victory_points() -> None:
    state = last_set_over(4, amulets=True)
    state = state.with_player(ANNA, amulets_unused=0).with_player(BEN, amulets_unused=1)
    state = state.with_player(DAN, amulets_unused=2)
    for seat, value in ((ANNA, 20), (BEN, 20), (CLEO, 5), (DAN, 20)):
        state = points(state, None, seat, value)
    ranking = GAME.outcome(confirm(state), Reason.RULES).ranking
    assert ranking is not None
    assert [(p.seat, p.place) for p in ranking][:3] == [(DAN, 1), (BEN, 2), (ANNA, 3)]


def test_without_amulets_equal_points_share_the_win() -> None:
    state = last_set_over()
    for seat in (ANNA, BEN, CLEO):
        state = points(state, None, seat, 7 if seat != CLEO else 3)
    ended = GAME.outcome(confirm(state), Reason.RULES)
    assert ended.text == "Anna, Ben share the win"
    assert [p.place for p in ended.ranking or ()] == [1, 1, 3]


def test_ended_by_the_host_before_the_points_says_the_set_and_ranks_nobody() -> None:
    state = selected(new(3))
    ended = GAME.present(state, ANNA, Reason.ENDED)
    assert ended["outcome"]["text"] == {
        "template": "Ended by the host in set {set}",
        "params": {"set": 1},
    }
    assert ended["outcome"]["ranking"] is None and ended["you"]["place"] is None


def test_nothing_but_points_and_the_confirmation_is_accepted_in_scoring() -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(last_set_over(), ANNA, {"type": "play", "role": "witch"}, 0.0)
    assert err.value.message == "The game is over."


def test_a_seat_that_left_is_not_waited_for_and_ranked_only_with_points() -> None:
    state = GAME.seat_left(last_set_over(), CLEO, 0.0)
    assert GAME.choices(state, CLEO) == []
    state = confirm(points(points(state, ANNA, ANNA, 4), BEN, BEN, 6))
    assert [p.seat for p in GAME.outcome(state, Reason.RULES).ranking or ()] == [BEN, ANNA]


def test_describe_names_public_moves_and_keeps_secrets() -> None:
    state = selected(new(3, first=ANNA))
    assert GAME.describe(state, ANNA, {"type": "play", "role": "druid"}) == "the Druid"
    assert GAME.describe(state, None, {"type": "raven"}) == "a raven for set 1"
    assert GAME.describe(new(3), ANNA, {"type": "select", "roles": ["witch"]}) is None
    assert GAME.describe(last_set_over(), None, {"type": "points", "seat": BEN, "points": 8}) == (
        "Ben: 8 victory points"
    )
    # a player's own entry: the undo note names her already ("Ben's points — entered 8")
    assert GAME.describe(last_set_over(), BEN, {"type": "points", "points": 8}) == "entered 8"
