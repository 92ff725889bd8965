"""A seat that leaves or is removed during the game never blocks it (issue 9): from
``seat_left`` on, the app does by itself what the table's skip does for that seat."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Rng
from companion.games.witchs_brew.state import GameState, Phase
from tests.budget import examples
from tests.unit.witchs_brew.bot import Move, check_invariants, moves, play, replay, step
from tests.unit.witchs_brew.helpers import (
    ANNA,
    BEN,
    CLEO,
    DAN,
    GAME,
    NAMES,
    OTHERS,
    SHARED,
    SKIP,
    T0,
    alike,
    answer,
    cards_left,
    last,
    new,
    play_out,
    said_by_the_app,
    selected,
    table,
    trick,
)
from tests.unit.witchs_brew.helpers import play as lead


def left(state: GameState, seat: int, at: float = T0) -> GameState:
    return GAME.seat_left(state, seat, at)


def test_seat_left_is_recorded_shown_and_idempotent() -> None:
    state = selected(new(4, first=ANNA))
    gone = left(state, CLEO)
    assert [p["gone"] for p in table(gone)["players"]] == [False, False, True, False]
    assert left(gone, CLEO, T0 + 5000) == gone
    assert GAME.seat_left(gone, 9, T0) == gone  # no such seat: nothing changes


def test_a_due_responder_who_left_says_so_be_it_by_itself() -> None:
    state = lead(alike(4, ANNA), ANNA, "witch")
    assert trick(state)["due"] == BEN
    state = left(state, BEN, T0 + 700)
    assert trick(state)["chain"][1] == said_by_the_app(BEN, T0 + 700)
    assert trick(state)["due"] == CLEO


def test_a_player_who_left_answers_when_the_call_reaches_them() -> None:
    state = alike(4, ANNA)
    state = left(state, DAN)
    state = answer(answer(lead(state, ANNA, "witch"), BEN, True), CLEO, False)
    done = last(state)
    assert [(e["seat"], e["answer"], e.get("auto")) for e in done["chain"]] == [
        (ANNA, "lead", None),
        (BEN, "claim", None),
        (CLEO, "so_be_it", None),
        (DAN, "so_be_it", True),
    ]
    assert done["winner"] == BEN


def test_the_lead_of_a_player_who_left_passes_clockwise() -> None:
    state = selected(new(4, first=BEN))
    state = left(state, BEN)
    assert trick(state)["due"] == CLEO and trick(state)["due_kind"] == "play"
    assert cards_left(state) == [5, 5, 5, 5]


def test_a_leader_who_left_uses_no_amulet() -> None:
    state = alike(3, ANNA, amulets=True)
    state = answer(answer(lead(state, ANNA, "witch"), BEN, True), CLEO, False)
    assert trick(state)["due_kind"] == "amulet"
    state = left(state, ANNA)
    assert last(state)["winner"] == BEN
    assert table(state)["players"][ANNA]["amulets"] == {"unused": 3, "grey": 0}


def test_a_player_who_left_before_choosing_gets_roles_drawn_from_the_seed() -> None:
    state = new(3, first=ANNA)
    state = GAME.apply(state, ANNA, {"type": "select", "roles": SHARED}, T0)
    skipped = GAME.apply(state, None, {**SKIP, "seat": CLEO}, T0)
    state = left(state, CLEO)
    assert state.players[CLEO].selected == skipped.players[CLEO].selected  # as the skip draws
    assert state.phase is Phase.SELECT
    state = GAME.apply(state, BEN, {"type": "select", "roles": SHARED}, T0)
    assert state.phase is Phase.TRICK


def test_a_player_who_left_chooses_the_next_sets_roles_by_itself() -> None:
    state = alike(3, ANNA)
    state = left(state, CLEO)
    state = selected(state)  # nothing left to choose: already done
    for role in SHARED:
        while state.phase is Phase.TRICK and trick(state)["role"] is None:
            state = lead(state, trick(state)["due"], role)
        while state.phase is Phase.TRICK and trick(state)["due_kind"] == "answer":
            state = answer(state, trick(state)["due"], False)
    assert state.set_number == 2 and state.phase is Phase.SELECT
    assert table(state)["players"][CLEO]["ready"] is True


def test_a_drafter_who_left_keeps_the_first_card() -> None:
    state = new(3, first=ANNA, magical_abilities=True)
    drafter = state.draft.current
    held = state.draft.hands[drafter]
    state = left(state, drafter)
    assert state.players[drafter].ability == held[0]
    assert state.draft.current != drafter


def test_later_drafts_pass_a_player_who_left_by() -> None:
    state = selected(new(4, first=ANNA, magical_abilities=True))
    state = left(state, CLEO)
    state = play_out(state)
    assert state.phase is Phase.DRAFT and state.first_player == BEN
    assert table(state)["draft"]["order"] == [BEN, DAN, ANNA]
    assert state.draft.hands[CLEO] == () and len(state.draft.hands[BEN]) == 3
    assert table(state)["players"][CLEO]["drafting"] is False


def test_the_next_set_is_started_by_the_next_player_still_at_the_table() -> None:
    state = selected(new(4, first=ANNA))
    state = left(state, BEN)
    state = play_out(state)
    assert state.first_player == CLEO


def test_cards_only_players_who_left_hold_are_put_aside_and_the_set_ends() -> None:
    state = selected(new(3, first=ANNA), {ANNA: SHARED, BEN: OTHERS, CLEO: OTHERS})
    state = left(state, CLEO)
    for role in SHARED:
        state = lead(state, ANNA, role)  # nobody else holds them: Anna keeps the lead
    for role in OTHERS:
        state = lead(state, BEN, role)  # Cleo, gone, says "So be it!" to each by herself
    assert state.set_number == 2 and state.phase is Phase.SELECT
    assert all(e.get("auto") for e in last(state)["chain"] if e["seat"] == CLEO)


def test_the_app_never_plays_for_everybody() -> None:
    state = selected(new(3, first=ANNA))
    for seat in (ANNA, BEN, CLEO):
        state = left(state, seat)
    # Anna's and Ben's turns were played for them while Cleo was there; then nobody is left,
    # and the app waits (no endless loop of sets played by nobody).
    assert state.phase is Phase.TRICK and trick(state)["due"] == CLEO
    assert all(p["gone"] for p in table(state)["players"])


def test_a_seat_that_leaves_after_the_end_changes_nothing_but_the_record() -> None:
    state = new(3)
    for _ in range(4):
        state = GAME.apply(state, None, {"type": "raven"}, T0)
    state = selected(state)
    state = play_out(state)
    assert state.phase is Phase.SCORING
    assert left(state, BEN).gone == frozenset({BEN}) and left(state, BEN).phase is Phase.SCORING


def test_a_whole_game_goes_on_after_players_leave() -> None:
    first = GAME.setup(NAMES[:5], {"amulets": True, "magical_abilities": True}, 3)

    def table_with_leavers(state: GameState, options: list[Move]) -> Move:
        if state.set_number == 2 and not state.gone:
            return Move(DAN, None, "leave")
        if state.set_number == 3 and len(state.gone) == 1:
            return Move(ANNA, None, "leave")
        tags = [m.tag for m in options]
        fresh = state.trick is not None and state.trick.role is None and not state.played
        if fresh and "raven" in tags and state.ravens_left > state.ravens_total - state.set_number:
            return options[tags.index("raven")]
        if "confirm" in tags:
            return options[tags.index("confirm")]
        entering = [
            m
            for m in options
            if m.tag == "points" and m.action and state.players[m.action["seat"]].points is None
        ]
        if entering:
            return entering[0]
        wanted = ("draft", "select", "play", "so_be_it", "claim", "no_amulet")
        useful = [m for m in options if m.tag in wanted]
        assert useful, "a seat still at the table must have something to do"
        seat = useful[0].seat
        assert seat not in state.gone, "the app waited for a seat that left"
        return useful[0]

    end, log = play(first, table_with_leavers)
    assert end.phase is Phase.OVER and end.gone == frozenset({ANNA, DAN})
    assert replay(first, log) == end


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(3, 6),
    picks=st.lists(st.integers(0, 10_000), min_size=40, max_size=200),
)
def test_random_leavers_never_block_the_game(seed: int, players: int, picks: list[int]) -> None:
    """Random play with seats leaving now and then: whenever a move is due, it is due from a
    seat still at the table (or nobody is left), every invariant holds, and it replays."""
    options = {"sixth_player": True, "amulets": True, "magical_abilities": seed % 2 == 0}
    options["physical_abilities"] = seed % 3 == 0
    first = GAME.setup(NAMES[:players], options, seed)
    state, now, log = first, 1_000_000.0, []
    rng = Rng(seed, "leavers")
    for pick in picks:
        if state.phase is Phase.OVER:
            break
        if rng.randint(1, 15) == 1:
            move = Move(rng.randint(0, players - 1), None, "leave")
        else:
            options_now = [m for m in moves(state) if m.tag != "skip"]
            move = options_now[pick % len(options_now)]
        now += pick % 2000
        state, now = step(state, move, now)
        log.append((move, now))
        check_invariants(state)
        waiting_on_gone(state)
        for seat in (None, *state.seats):
            json.dumps(GAME.view(state, seat))
    assert replay(first, log) == state


def waiting_on_gone(state: GameState) -> None:
    """Nobody who left is due, unless everybody has left."""
    if len(state.gone) == len(state.players):
        return
    view = table(state)
    if state.phase is Phase.DRAFT:
        assert view["draft"]["current"] not in state.gone
    if state.phase is Phase.SELECT:
        assert all(view["players"][seat]["ready"] for seat in state.gone)
    if state.phase is Phase.TRICK:
        assert view["trick"]["due"] not in state.gone
