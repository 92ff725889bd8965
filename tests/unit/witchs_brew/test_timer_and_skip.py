"""The answer timer (a responder's expiry answers "So be it!", a leader is only nudged) and the
table's skip for a player who left."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import IllegalAction
from companion.games.witchs_brew.state import Phase
from tests.unit.test_room_service import Clock, make
from tests.unit.test_undo import table as seated_room
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
    dumped,
    last,
    new,
    play,
    said_by_the_app,
    selected,
    table,
    trick,
)


def timed(players: int = 3, seconds: int = 5, **options: object):
    return alike(players, ANNA, answer_seconds=seconds, **options)


def test_no_deadline_without_the_timer() -> None:
    state = selected(new(3))
    assert GAME.deadline(state) is None and trick(state)["deadline"] is None
    assert GAME.timeout(state, T0 + 10**9) == state


def test_a_responder_whose_time_runs_out_says_so_be_it() -> None:
    state = play(timed(), ANNA, "witch", T0 + 1000)
    assert GAME.deadline(state) == T0 + 6000 and trick(state)["deadline"] == T0 + 6000
    assert GAME.timeout(state, T0 + 5999) == state
    state = GAME.timeout(state, T0 + 6000)
    assert trick(state)["chain"][1] == said_by_the_app(BEN, T0 + 6000)
    assert trick(state)["due"] == CLEO and GAME.deadline(state) == T0 + 11000
    assert cards_left(state) == [4, 4, 5]


def test_an_answer_after_the_timer_answered_is_too_late() -> None:
    state = GAME.timeout(play(timed(), ANNA, "witch", T0), T0 + 5000)
    with pytest.raises(IllegalAction) as err:
        answer(state, BEN, True, T0 + 5100)
    assert err.value.code == "too_late"


def test_each_answer_restarts_the_time() -> None:
    state = answer(play(timed(), ANNA, "witch", T0), BEN, True, T0 + 2500)
    assert GAME.deadline(state) == T0 + 7500


def test_a_leader_is_only_nudged() -> None:
    state = timed()
    assert GAME.deadline(state) == T0 + 5000
    nudged = GAME.timeout(state, T0 + 5000)
    assert trick(nudged)["nudge"] is True and trick(nudged)["due"] == ANNA
    assert trick(nudged)["chain"] == [] and trick(nudged)["role"] is None
    assert GAME.deadline(nudged) is None and trick(nudged)["deadline"] is None
    assert GAME.timeout(nudged, T0 + 99_000) == nudged
    state = play(nudged, ANNA, "witch", T0 + 8000)
    assert trick(state)["nudge"] is False and GAME.deadline(state) == T0 + 13_000


def test_an_amulet_decision_is_only_nudged() -> None:
    state = play(timed(amulets=True), ANNA, "witch", T0)
    state = answer(answer(state, BEN, True, T0 + 100), CLEO, False, T0 + 200)
    assert trick(state)["due_kind"] == "amulet" and GAME.deadline(state) == T0 + 5200
    state = GAME.timeout(state, T0 + 5200)
    assert trick(state)["due_kind"] == "amulet" and trick(state)["nudge"] is True
    assert GAME.deadline(state) is None


def test_a_whole_trick_runs_out() -> None:
    state = play(timed(4, seconds=2), ANNA, "witch", T0)
    while GAME.deadline(state) is not None and table(state)["trick"]["due_kind"] == "answer":
        state = GAME.timeout(state, GAME.deadline(state))
    done = last(state)
    assert done["winner"] == ANNA
    assert [e.get("auto") for e in done["chain"]] == [None, True, True, True]


def test_the_table_skips_a_responder_who_left() -> None:
    state = play(alike(4, ANNA), ANNA, "witch")
    state = GAME.apply(state, None, SKIP, T0 + 500)
    assert trick(state)["chain"][1] == said_by_the_app(BEN, T0 + 500)
    assert trick(state)["due"] == CLEO


def test_the_table_skips_an_amulet_decision_as_no() -> None:
    state = alike(3, ANNA, amulets=True)
    state = answer(answer(play(state, ANNA, "witch"), BEN, True), CLEO, False)
    state = GAME.apply(state, None, SKIP, T0)
    assert last(state)["winner"] == BEN
    assert table(state)["players"][ANNA]["amulets"] == {"unused": 3, "grey": 0}


def test_a_skipped_leader_passes_the_lead_clockwise() -> None:
    state = selected(new(4, first=BEN))
    state = GAME.apply(state, None, SKIP, T0)
    assert trick(state)["due"] == CLEO and trick(state)["due_kind"] == "play"
    assert cards_left(state) == [5, 5, 5, 5]


def test_a_skipped_leader_alone_with_cards_has_them_put_aside_and_the_set_ends() -> None:
    cleo = [*OTHERS[:4], "begging_monk"]
    state = selected(new(3, first=ANNA), {ANNA: SHARED, BEN: OTHERS, CLEO: cleo})
    for role in SHARED:
        state = play(state, ANNA, role)  # nobody else holds them: Anna keeps the lead
    assert cards_left(state) == [0, 5, 5] and trick(state)["due"] == BEN
    for role in OTHERS[:4]:
        state = answer(play(state, BEN, role), CLEO, False)
    state = play(state, BEN, "warlock")
    assert cards_left(state) == [0, 0, 1] and trick(state)["due"] == CLEO
    state = GAME.apply(state, None, SKIP, T0)  # Cleo left: her last card is put aside unseen
    assert state.set_number == 2 and state.phase is Phase.SELECT
    assert last(state)["role"] == "warlock"
    assert '"begging_monk"' not in dumped({k: v for k, v in table(state).items() if k != "roles"})


def test_skip_only_from_the_table_and_only_for_someone() -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(new(3), None, SKIP, T0)  # in the selection, skip names the seat
    assert err.value.code == "bad_request"
    state = selected(new(4))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, DAN, SKIP, T0)
    assert err.value.code == "forbidden"


def test_the_table_skips_a_departed_player_in_the_selection() -> None:
    state = new(3, first=ANNA)
    state = GAME.apply(state, ANNA, {"type": "select", "roles": SHARED}, T0)
    state = GAME.apply(state, BEN, {"type": "select", "roles": SHARED}, T0)
    with pytest.raises(IllegalAction):
        GAME.apply(state, None, {**SKIP, "seat": BEN}, T0)  # Ben has chosen already
    state = GAME.apply(state, None, {**SKIP, "seat": CLEO}, T0)
    assert state.phase is Phase.TRICK
    assert len(state.players[CLEO].selected or ()) == 5
    again = GAME.apply(new(3, first=ANNA), ANNA, {"type": "select", "roles": SHARED}, T0)
    again = GAME.apply(again, BEN, {"type": "select", "roles": SHARED}, T0)
    again = GAME.apply(again, None, {**SKIP, "seat": CLEO}, T0)
    assert again.players[CLEO].selected == state.players[CLEO].selected  # drawn from the seed


def test_the_table_skips_a_departed_player_in_the_draft() -> None:
    state = new(3, first=ANNA, magical_abilities=True)
    assert state.phase is Phase.DRAFT
    drafter = state.draft.current
    held = state.draft.hands[drafter]
    state = GAME.apply(state, None, SKIP, T0)
    assert state.players[drafter].ability == held[0]


def test_a_pause_stops_the_answer_timer(tmp_path: Path, clock: Clock) -> None:
    """Paused through the room, the answer timer stands still: Ben still has the 3 s he had
    left when the pause began, and is not answered for during it."""
    seed = new(3, first=ANNA, answer_seconds=5).seed
    svc = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000)
    room = seated_room(svc, "witchs-brew", NAMES[:3], seed=seed, answer_seconds=5)
    for seat in range(3):
        svc.act(f"p{seat}", {"type": "select", "roles": SHARED})
    svc.act(f"p{ANNA}", {"type": "play", "role": "witch"})
    due = room.deadline()  # server time
    assert due == clock.now + 5_000
    clock.now += 2_000
    svc.room_command("tv", {"type": "pause"})
    clock.now += 60_000
    svc.tick()
    svc.room_command("tv", {"type": "resume"})
    svc.tick()
    assert room.deadline() == due + 60_000 and len(room.state.trick.chain) == 1
    clock.now = due + 60_000
    svc.tick()
    assert room.state.trick.chain[1].seat == BEN  # the timer answered for Ben only now
