"""The buzzer rules (docs/games/buzzer.md), one test per rule."""

import pytest

from companion.engine import IllegalAction, Reason
from companion.games.buzzer import BUZZER, Status
from companion.games.buzzer.rules import COUNTDOWN_MS, PRESS_WINDOW_MS, RANDOM_DELAY_MS

ARM = {"type": "arm"}
BUZZ = {"type": "buzz"}


def game(false_start: bool = True, random_delay: bool = False, players: int = 3, seed: int = 1):
    options = {"false_start": false_start, "random_delay": random_delay, "countdown": 3}
    return BUZZER.setup([f"p{i}" for i in range(players)], options, seed)


def opened(state, at: float = 0.0):
    state = BUZZER.apply(state, None, ARM, at)
    return BUZZER.timeout(state, BUZZER.deadline(state))


def test_arming_shows_opens_at_after_a_countdown() -> None:
    state = BUZZER.apply(game(), None, ARM, 1000.0)
    view = BUZZER.view(state, None)
    assert view["status"] == "armed" and view["opens_at"] == 1000.0 + COUNTDOWN_MS


def test_random_delay_opens_between_one_and_four_seconds_unannounced() -> None:
    for seed in range(30):
        state = BUZZER.apply(game(random_delay=True, seed=seed), None, ARM, 0.0)
        assert RANDOM_DELAY_MS[0] <= BUZZER.deadline(state) <= RANDOM_DELAY_MS[1]
        assert BUZZER.view(state, None)["opens_at"] is None
        assert BUZZER.view(state, 0)["opens_at"] is None


def test_random_delay_is_reproducible_from_the_seed() -> None:
    a = BUZZER.apply(game(random_delay=True, seed=9), None, ARM, 0.0)
    b = BUZZER.apply(game(random_delay=True, seed=9), None, ARM, 0.0)
    assert BUZZER.deadline(a) == BUZZER.deadline(b)


def test_round_opens_at_its_deadline() -> None:
    state = opened(game())
    assert state.status is Status.OPEN
    assert BUZZER.view(state, None)["opens_at"] == COUNTDOWN_MS


def test_only_the_table_arms() -> None:
    with pytest.raises(IllegalAction) as err:
        BUZZER.apply(game(), 0, ARM, 0.0)
    assert err.value.code == "forbidden"


def test_cannot_arm_while_a_round_runs() -> None:
    state = BUZZER.apply(game(), None, ARM, 0.0)
    with pytest.raises(IllegalAction):
        BUZZER.apply(state, None, ARM, 10.0)


def test_ranking_is_by_press_time_with_margins() -> None:
    state = opened(game())
    state = BUZZER.apply(state, 2, BUZZ, 3100.0)
    state = BUZZER.apply(state, 0, BUZZ, 3142.0)
    view = BUZZER.view(state, None)
    assert [(r["seat"], r["margin_ms"]) for r in view["ranking"]] == [(2, 0), (0, 42.0)]


def test_presses_applied_out_of_time_order_rank_by_time() -> None:
    state = opened(game())
    state = BUZZER.apply(state, 0, BUZZ, 3200.0)
    state = BUZZER.apply(state, 1, BUZZ, 3150.0)
    assert [r["seat"] for r in BUZZER.view(state, None)["ranking"]] == [1, 0]


def test_equal_times_rank_by_arrival() -> None:
    state = opened(game())
    state = BUZZER.apply(state, 2, BUZZ, 3100.0)
    state = BUZZER.apply(state, 0, BUZZ, 3100.0)
    assert [r["seat"] for r in BUZZER.view(state, None)["ranking"]] == [2, 0]


def test_false_start_costs_the_round() -> None:
    state = BUZZER.apply(game(), None, ARM, 0.0)
    state = BUZZER.apply(state, 1, BUZZ, 500.0)
    state = BUZZER.timeout(state, BUZZER.deadline(state))
    assert BUZZER.view(state, None)["false_starts"] == [1]
    with pytest.raises(IllegalAction):
        BUZZER.apply(state, 1, BUZZ, 3100.0)
    assert BUZZER.view(state, 1)["you"] == {"pressed": True, "false_start": True, "rank": None}


def test_early_press_without_false_start_option_is_refused_and_harmless() -> None:
    state = BUZZER.apply(game(false_start=False), None, ARM, 0.0)
    with pytest.raises(IllegalAction) as err:
        BUZZER.apply(state, 1, BUZZ, 500.0)
    assert err.value.code == "illegal"
    state = BUZZER.apply(BUZZER.timeout(state, COUNTDOWN_MS), 1, BUZZ, 3100.0)
    assert BUZZER.view(state, 1)["you"]["rank"] == 1


def test_one_press_per_seat_per_round() -> None:
    state = BUZZER.apply(opened(game()), 0, BUZZ, 3100.0)
    with pytest.raises(IllegalAction):
        BUZZER.apply(state, 0, BUZZ, 3200.0)


def test_round_closes_when_everyone_has_pressed() -> None:
    state = opened(game(players=2))
    state = BUZZER.apply(state, 0, BUZZ, 3100.0)
    state = BUZZER.apply(state, 1, BUZZ, 3300.0)
    assert state.status is Status.CLOSED


def test_round_closes_a_window_after_the_first_press() -> None:
    state = BUZZER.apply(opened(game()), 0, BUZZ, 3100.0)
    assert BUZZER.deadline(state) == 3100.0 + PRESS_WINDOW_MS
    state = BUZZER.timeout(state, 3100.0 + PRESS_WINDOW_MS)
    assert state.status is Status.CLOSED
    with pytest.raises(IllegalAction) as err:
        BUZZER.apply(state, 1, BUZZ, 6200.0)
    assert err.value.code == "too_late"


def test_award_adds_points_from_the_table_only() -> None:
    state = BUZZER.apply(game(), None, {"type": "award", "seat": 2, "points": 3}, 0.0)
    assert BUZZER.view(state, None)["scores"]["2"] == 3
    with pytest.raises(IllegalAction):
        BUZZER.apply(state, 1, {"type": "award", "seat": 1, "points": 1}, 0.0)
    for bad in (
        {"seat": 9},
        {"seat": "x"},
        {"seat": 0, "points": 10**9},
        {"seat": 0, "points": "1"},
    ):
        with pytest.raises(IllegalAction):
            BUZZER.apply(state, None, {"type": "award", **bad}, 0.0, seats=len(state.players))


def test_apply_never_mutates_its_input() -> None:
    state = opened(game())
    before = BUZZER.view(state, None)
    BUZZER.apply(state, 0, BUZZ, 3100.0)
    assert BUZZER.view(state, None) == before


def test_rearming_starts_a_fresh_round() -> None:
    state = BUZZER.apply(opened(game(players=1)), 0, BUZZ, 3100.0)
    state = BUZZER.apply(state, None, ARM, 4000.0)
    view = BUZZER.view(state, None)
    assert view["round"] == 2 and view["ranking"] == [] and view["false_starts"] == []


def test_countdown_option_sets_the_time_to_go() -> None:
    state = BUZZER.setup(["a"], {"false_start": True, "random_delay": False, "countdown": 0}, 1)
    state = BUZZER.apply(state, None, ARM, 500.0)
    assert BUZZER.deadline(state) == 500.0
    assert BUZZER.timeout(state, 500.0).status is Status.OPEN


def test_a_player_who_left_is_not_waited_for() -> None:
    """The round closes when everyone still at the table has pressed (issue 9, leavers)."""
    state = BUZZER.setup(["a", "b", "c"], {"random_delay": False, "countdown": 0}, 1)
    state = BUZZER.timeout(BUZZER.apply(state, None, {"type": "arm"}, 0.0), 0.0)
    state = BUZZER.apply(state, 0, {"type": "buzz"}, 100.0)
    state = BUZZER.apply(state, 1, {"type": "buzz"}, 150.0)
    assert state.status is Status.OPEN  # c has not pressed yet
    state = BUZZER.seat_left(state, 2, 200.0)
    assert state.status is Status.CLOSED and [p.seat for p in state.ranking()] == [0, 1]
    assert BUZZER.seat_left(state, 2, 300.0) == state  # once is enough


# -- the decisions listed (Game.choices) ----------------------------------------------------------


def test_the_table_arms_when_no_round_is_under_way() -> None:
    idle = game()
    armed = BUZZER.apply(idle, None, ARM, 0.0)
    closed = BUZZER.apply(opened(game(players=1)), 0, BUZZ, 3100.0)
    assert BUZZER.choices(idle, None) == [ARM] == BUZZER.choices(closed, None)
    assert BUZZER.choices(armed, None) == [] == BUZZER.choices(opened(game()), None)


def test_each_player_presses_once_in_an_open_round() -> None:
    state = opened(game())
    assert [BUZZER.choices(state, k) for k in range(3)] == [[BUZZ]] * 3
    state = BUZZER.apply(state, 1, BUZZ, 3100.0)
    assert [BUZZER.choices(state, k) for k in range(3)] == [[BUZZ], [], [BUZZ]]
    assert [BUZZER.choices(game(), k) for k in range(3)] == [[], [], []]  # nothing armed


def test_a_false_start_is_a_press_only_where_it_is_allowed() -> None:
    """Before GO a press is accepted as a false start (costing the round) when the option is
    on, so it is listed; without the option it is refused, and not listed."""
    allowed = BUZZER.apply(game(false_start=True), None, ARM, 0.0)
    refused = BUZZER.apply(game(false_start=False), None, ARM, 0.0)
    assert BUZZER.choices(allowed, 0) == [BUZZ]
    BUZZER.apply(allowed, 0, BUZZ, 10.0)
    assert BUZZER.choices(refused, 0) == []
    with pytest.raises(IllegalAction):
        BUZZER.apply(refused, 0, BUZZ, 10.0)


def test_a_player_who_left_is_offered_nothing_and_award_is_never_listed() -> None:
    state = BUZZER.seat_left(opened(game()), 2, 3050.0)
    assert [BUZZER.choices(state, k) for k in range(3)] == [[BUZZ], [BUZZ], []]
    assert BUZZER.actions["award"].side  # the host's correction, at any moment
    assert all(p["type"] != "award" for k in (None, 0) for p in BUZZER.choices(game(), k))


def award(state, seat: int, points: int):
    return BUZZER.apply(state, None, {"type": "award", "seat": seat, "points": points}, 0.0)


def prompt(state, seat: int) -> dict:
    """The seat's prompt as its phone gets it, the text in English."""
    kind = BUZZER.present(state, seat)["you"]["prompt"]["kind"]
    return {"kind": kind, "text": BUZZER.prompt(state, seat, kind == "act")}


def test_the_phone_says_press_in_an_open_round_and_waits_once_pressed() -> None:
    state = opened(game())
    assert prompt(state, 0) == {"kind": "act", "text": "Press!"}
    state = BUZZER.apply(state, 0, BUZZ, BUZZER.view(state, None)["opens_at"] + 10)
    assert prompt(state, 0)["kind"] == "wait"
    assert prompt(state, 0)["text"] == "You pressed: look at the TV."


def test_a_countdown_with_false_starts_says_wait_for_go_then_press() -> None:
    armed = BUZZER.apply(game(false_start=True), None, ARM, 0.0)
    assert prompt(armed, 1) == {"kind": "act", "text": "Wait for GO, then press!"}
    calm = BUZZER.apply(game(false_start=False), None, ARM, 0.0)
    assert prompt(calm, 1) == {"kind": "wait", "text": "Wait for GO…"}


def test_a_false_start_and_a_closed_round_are_waits_that_say_why() -> None:
    state = BUZZER.apply(BUZZER.apply(game(), None, ARM, 0.0), 2, BUZZ, 1.0)
    assert prompt(state, 2)["text"] == "False start: you are out of this round."
    idle = game()
    assert prompt(idle, 0) == {"kind": "wait", "text": "Get ready: the table arms the next round."}


def test_the_ranking_says_how_far_behind_the_winner_each_press_is() -> None:
    state = opened(game())
    go = BUZZER.view(state, None)["opens_at"]
    for seat, late in ((1, 100.0), (0, 233.0), (2, 250.0)):
        state = BUZZER.apply(state, seat, BUZZ, go + late)
    rows = BUZZER.view(state, None)["ranking"]
    assert [r["behind_ms"] for r in rows] == [0, 133.0, 150.0]
    assert [r["margin_ms"] for r in rows] == [0, 133.0, 17.0]


def test_the_count_of_presses_leaves_out_seats_that_left() -> None:
    state = opened(game(players=3))
    state = BUZZER.apply(state, 0, BUZZ, BUZZER.view(state, None)["opens_at"] + 5)
    state = BUZZER.seat_left(state, 2, 0.0)
    view = BUZZER.view(state, None)
    assert (view["pressed"], view["playing"]) == (1, 2)


def test_the_outcome_is_the_podium_of_total_points_for_every_reason() -> None:
    state = award(award(award(game(), 1, 3), 0, 1), 2, 2)
    for reason in (Reason.RULES, Reason.ENDED, Reason.LEFT):
        ended = BUZZER.outcome(state, reason)
        assert ended.reason is reason and ended.text == "p1 wins the game"
        assert [(p.seat, p.place, p.score) for p in ended.ranking] == [
            (1, 1, 3),
            (2, 2, 2),
            (0, 3, 1),
        ]
    view = BUZZER.present(state, 2, Reason.ENDED)
    assert view["outcome"]["reason"] == "ended" and view["you"]["place"] == 2


def test_equal_totals_share_the_win_and_no_points_means_no_winner() -> None:
    tied = award(award(game(), 0, 2), 2, 2)
    assert BUZZER.outcome(tied, Reason.ENDED).text == "p0, p2 share the win"
    nothing = BUZZER.outcome(game(), Reason.ENDED)
    assert nothing.text == "The host ended the game."
    assert {p.place for p in nothing.ranking} == {1}


def test_a_seat_that_left_without_points_is_not_on_the_podium() -> None:
    state = BUZZER.seat_left(award(game(), 1, 2), 2, 0.0)
    assert [p.seat for p in BUZZER.outcome(state, Reason.LEFT).ranking] == [1, 0]


def test_describe_names_the_points_and_the_seat_of_an_award() -> None:
    state = game()
    assert BUZZER.describe(state, None, {"type": "award", "seat": 1, "points": 1}) == "+1 for p1"
    assert BUZZER.describe(state, None, {"type": "award", "seat": 0, "points": -3}) == "-3 for p0"
    assert BUZZER.describe(opened(state), 0, BUZZ) == "press in round 1"


def test_with_points_to_win_the_award_that_reaches_them_ends_the_game() -> None:
    state = BUZZER.setup(["Ann", "Ben"], {"target": 2, "random_delay": False}, 1)
    award = {"type": "award", "seat": 1, "points": 1}
    state = BUZZER.apply(state, None, award, 0.0)
    assert not BUZZER.is_over(state)
    state = BUZZER.apply(state, None, award, 0.0)
    assert BUZZER.is_over(state)
    outcome = BUZZER.outcome(state, Reason.RULES)
    assert outcome.text == "Ben wins the game"
    assert [(p.seat, p.place, p.score) for p in outcome.ranking or ()] == [(1, 1, 2), (0, 2, 0)]


def test_without_points_to_win_the_game_goes_on_until_the_host_ends_it() -> None:
    state = game()
    assert BUZZER.view(state, None)["options"]["target"] == 0
    state = BUZZER.apply(state, None, {"type": "award", "seat": 0, "points": 100}, 0.0)
    assert not BUZZER.is_over(state)


def test_points_of_a_player_who_left_do_not_end_the_game() -> None:
    state = BUZZER.setup(["Ann", "Ben", "Cleo"], {"target": 1}, 1)
    state = BUZZER.seat_left(state, 2, 0.0)
    state = BUZZER.apply(state, None, {"type": "award", "seat": 2, "points": 1}, 0.0)
    assert not BUZZER.is_over(state)


def test_the_view_names_who_got_points_this_round_until_the_next_is_armed() -> None:
    state = BUZZER.apply(opened(game()), None, {"type": "award", "seat": 2, "points": 1}, 0.0)
    state = BUZZER.apply(state, None, {"type": "award", "seat": 2, "points": 1}, 0.0)
    assert BUZZER.view(state, None)["awarded"] == [2]
    state = BUZZER.timeout(state, BUZZER.deadline(state))  # the round closes
    assert BUZZER.view(BUZZER.apply(state, None, ARM, 20_000.0), None)["awarded"] == []


def photo(ties: bool, gap: float, bound: float = 2.5):
    """Three presses: p1 ``gap`` ms after p0, p2 far behind; each good to ``bound`` ms."""
    options = {"false_start": True, "random_delay": False, "countdown": 3, "ties": ties}
    state = opened(BUZZER.setup(["p0", "p1", "p2"], options, 1))
    at = state.opens_at
    for seat, delay in ((0, 100.0), (1, 100.0 + gap), (2, 400.0)):
        press = {"type": "buzz", "uncertainty_ms": bound}
        state = BUZZER.apply(state, seat, press, at + delay)
    return state


@pytest.mark.parametrize("ties", [False, True])
def test_a_photo_finish_is_marked_and_shares_the_place_only_with_ties(ties: bool) -> None:
    view = BUZZER.view(photo(ties, gap=3.0), None)
    ranking = [(r["seat"], r["place"], r["close"], r["uncertainty_ms"]) for r in view["ranking"]]
    first = 1 if ties else 2
    assert ranking == [(0, 1, False, 2.5), (1, first, True, 2.5), (2, 3, False, 2.5)]
    assert view["options"]["ties"] is ties
    assert BUZZER.view(photo(ties, gap=3.0), 1)["you"]["rank"] == first


@pytest.mark.parametrize("gap", [5.0, 5.1, 40.0])
def test_presses_beyond_the_combined_uncertainty_never_tie(gap: float) -> None:
    view = BUZZER.view(photo(True, gap=gap), None)
    assert [(r["place"], r["close"]) for r in view["ranking"]] == [
        (1, False),
        (2, False),
        (3, False),
    ]


def test_a_press_without_a_bound_is_exact_and_the_option_defaults_off() -> None:
    state = opened(game())
    state = BUZZER.apply(state, 0, BUZZ, state.opens_at + 10)
    state = BUZZER.apply(state, 1, BUZZ, state.opens_at + 10.5)
    view = BUZZER.view(state, None)
    assert [(r["place"], r["close"], r["uncertainty_ms"]) for r in view["ranking"]] == [
        (1, False, 0.0),
        (2, False, 0.0),
    ]
    assert view["options"]["ties"] is False
