"""Races (companion/rooms/races.py): a press is timed fairly when it arrives, held while an
earlier press could still be on its way, then decided with the others in fair order; each gets
its verdict once the section that decided it is durable."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.registry import GAMES
from companion.rooms import RoomError, ServiceConfig
from companion.rooms.events import CreateEvent, RoomEvent
from companion.rooms.live import LiveRooms
from companion.rooms.races import Arrival
from companion.rooms.room import Room
from companion.rooms.views import Binding, Role, build_views
from companion.store import SqliteStore
from companion.timing import ClockEstimate
from tests.unit.test_room_service import Clock

BUZZ = {"type": "buzz"}
#: a client whose clock agrees with the server's, 100 to 200 ms away
NEAR = ClockEstimate(offset=0.0, rtt_min=100.0, rtt_max=200.0, samples=12)


def buzzer(tmp_path: Path, clock: Clock) -> LiveRooms:
    """A buzzer room BCDF in play with Anna and Ben, its round open since the clock's now."""
    live = LiveRooms(SqliteStore(tmp_path / "db.sqlite3"), clock, ServiceConfig("http://t"))
    options = {"random_delay": False, "countdown": 0, "false_start": False}
    create = CreateEvent(
        kind="create", game="buzzer", options=options, seed=1, host_token="h", at=clock.now
    )
    events: list[RoomEvent] = [
        {"kind": "join", "name": "Anna", "token": "a", "at": clock.now},
        {"kind": "join", "name": "Ben", "token": "b", "at": clock.now},
        {"kind": "start", "at": clock.now},
        {"kind": "act", "seat": None, "action": {"type": "arm"}, "at": clock.now},
    ]
    with live.section():
        live.store.create("BCDF", create)
        room = Room("BCDF", GAMES["buzzer"], create)
        live.add(room)
        for event in events:
            live.record(room, event)
        live.advance(room, clock.now)  # countdown 0: the round opens
    return live


def test_presses_are_decided_in_fair_order_not_arrival_order(tmp_path: Path, clock: Clock) -> None:
    live = buzzer(tmp_path, clock)
    room, races, opened = live.rooms["BCDF"], live.races, clock.now
    seated = [(0, NEAR), (1, NEAR)]
    with live.section():
        ben = races.press(room, Arrival(1, BUZZ, opened + 70, opened + 180, NEAR), seated, live)
        anna = races.press(room, Arrival(0, BUZZ, opened + 60, opened + 200, NEAR), seated, live)
    waiting = races.waiting("BCDF")
    assert waiting is not None and waiting.first_fair == opened + 60
    assert races.limit("BCDF", opened + 500) == opened + 60  # no deadline fires past a press
    assert waiting.due == opened + 60  # both seats pressed: no earlier press can be on its way
    due = live.agenda.due("BCDF")
    assert due is not None and due <= waiting.due  # the ticker looks by the verdict's time
    with live.section():
        note = races.settle(room, waiting.due, live)
        assert anna.wait(0) is None  # held until the section is durable
    assert anna.wait(0) == {"ok": True, "at": opened + 60, "margin_ms": 0.0}
    assert ben.wait(0) == {"ok": True, "at": opened + 70, "margin_ms": 10.0}
    assert note["type"] == "buzz" and note["at"] == opened + 60  # game time: no pause yet
    assert room.history.race() is note  # the room's last race, in every view
    assert [(p["seat"], p["arrival"], p["fair"]) for p in note["presses"]] == [
        (0, opened + 200, opened + 60),
        (1, opened + 180, opened + 70),
    ]
    stored = [e for e in live.store.events("BCDF") if e["kind"] == "act" and "race" in e]
    assert [(e["seat"], e["at"]) for e in stored] == [(0, opened + 60), (1, opened + 70)]
    assert races.waiting("BCDF") is None


#: a client with a sharp clock estimate: its fair time is good to 2 ms
SHARP = ClockEstimate(offset=0.0, rtt_min=4.0, rtt_max=20.0, samples=20)


@pytest.mark.parametrize(("gap", "close"), [(3.0, True), (4.0, False), (10.0, False)])
def test_the_race_marks_a_photo_finish_within_the_combined_uncertainty(
    tmp_path: Path, clock: Clock, gap: float, close: bool
) -> None:
    live = buzzer(tmp_path, clock)
    room, races, opened = live.rooms["BCDF"], live.races, clock.now
    seated = [(0, SHARP), (1, SHARP)]
    with live.section():
        races.press(room, Arrival(1, BUZZ, opened + 50 + gap, opened + 60, SHARP), seated, live)
        races.press(room, Arrival(0, BUZZ, opened + 50, opened + 61, SHARP), seated, live)
        waiting = races.waiting("BCDF")
        assert waiting is not None
        note = races.settle(room, waiting.due, live)
    presses = note["presses"]
    assert [p["seat"] for p in presses] == [0, 1]  # the earlier fair time first, close or not
    assert [p["uncertainty_ms"] for p in presses] == [2.0, 2.0]
    assert [p["close"] for p in presses] == [False, close]  # on the later press only
    stored = [e for e in live.store.events("BCDF") if e["kind"] == "act" and "race" in e]
    assert [e["action"]["uncertainty_ms"] for e in stored] == [2.0, 2.0]


def test_a_seat_that_has_not_pressed_holds_the_verdict_for_its_link(
    tmp_path: Path, clock: Clock
) -> None:
    live = buzzer(tmp_path, clock)
    room, opened = live.rooms["BCDF"], clock.now
    slow = ClockEstimate(offset=0.0, rtt_min=300.0, rtt_max=240.0, samples=12)
    with live.section():
        live.races.press(room, Arrival(0, BUZZ, opened, opened + 50, None), [(1, slow)], live)
    waiting = live.races.waiting("BCDF")
    assert waiting is not None and waiting.due == opened + 50 + 240
    with live.section():
        live.races.press(room, Arrival(1, BUZZ, opened, opened + 60, None), [(1, slow)], live)
    assert waiting.due == opened + 50  # everyone pressed: nothing else can be on its way


@pytest.mark.parametrize(
    ("kind", "code", "message"),
    [("pause", "forbidden", "The game is paused."), ("end", "illegal", "The game is not in play.")],
)
def test_no_press_outside_play(
    tmp_path: Path, clock: Clock, kind: str, code: str, message: str
) -> None:
    live = buzzer(tmp_path, clock)
    room = live.rooms["BCDF"]
    with live.section():
        live.record(room, {"kind": kind, "at": clock.now})
        with pytest.raises(RoomError) as refused:
            live.races.press(room, Arrival(0, BUZZ, 0.0, clock.now, None), [], live)
    assert (refused.value.code, refused.value.message) == (code, message)
    assert live.races.waiting("BCDF") is None


def test_cancelled_presses_are_handed_back_to_be_answered(tmp_path: Path, clock: Clock) -> None:
    live = buzzer(tmp_path, clock)
    with live.section():
        pending = live.races.press(
            live.rooms["BCDF"], Arrival(0, BUZZ, 0.0, clock.now, None), [], live
        )
    [entry] = live.races.cancel("BCDF")
    assert entry.pending is pending and live.races.cancel("BCDF") == []
    assert live.races.limit("BCDF", 5.0) == 5.0


def test_the_bound_a_game_sees_is_the_servers_never_the_clients(
    tmp_path: Path, clock: Clock
) -> None:
    live = buzzer(tmp_path, clock)
    room, races, opened = live.rooms["BCDF"], live.races, clock.now
    claim = {"type": "buzz", "uncertainty_ms": 1000.0}  # a forged bound, to tie with everyone
    with live.section():
        races.press(room, Arrival(0, claim, opened + 50, opened + 60, SHARP), [(0, SHARP)], live)
        waiting = races.waiting("BCDF")
        assert waiting is not None
        races.settle(room, waiting.due, live)
    stored = [e for e in live.store.events("BCDF") if e["kind"] == "act" and "race" in e]
    assert [e["action"]["uncertainty_ms"] for e in stored] == [2.0]


def settled_race(live: LiveRooms, clock: Clock) -> dict[str, object]:
    """Anna and Ben buzz 10 ms apart in BCDF's open round; the race, settled."""
    room, races, opened = live.rooms["BCDF"], live.races, clock.now
    seated = [(0, SHARP), (1, SHARP)]
    with live.section():
        races.press(room, Arrival(0, BUZZ, opened + 50, opened + 60, SHARP), seated, live)
        races.press(room, Arrival(1, BUZZ, opened + 60, opened + 70, SHARP), seated, live)
        waiting = races.waiting("BCDF")
        assert waiting is not None
        return races.settle(room, waiting.due, live)


def test_the_last_race_is_in_every_view_and_names_no_secret(tmp_path: Path, clock: Clock) -> None:
    live = buzzer(tmp_path, clock)
    race = settled_race(live, clock)
    room = live.rooms["BCDF"]
    views = build_views(
        room,
        {"tv": Binding("BCDF", Role.HOST), "anna": Binding("BCDF", Role.PLAYER, "a")},
        version=1,
        now=clock.now,
        join_url="http://t",
        online={"a"},
        host_connected=True,
        spectators=0,
    )
    assert views["tv"]["room"]["race"] == views["anna"]["room"]["race"] == race
    assert set(race) == {"type", "settled_at", "at", "presses"}
    press_keys = {"seat", "t", "offset", "rtt", "arrival", "fair", "uncertainty_ms", "ok"}
    press_keys |= {"margin_ms", "error", "close"}
    assert all(set(p) == press_keys for p in race["presses"])  # timing only: no action payload


def test_an_undo_takes_the_race_out_of_the_view_and_a_redo_puts_it_back(
    tmp_path: Path, clock: Clock
) -> None:
    live = buzzer(tmp_path, clock)
    race = settled_race(live, clock)
    room = live.rooms["BCDF"]
    with live.section():
        live.record(room, {"kind": "undo", "at": clock.now})  # Ben's buzz, the race's last step
    assert room.history.race() is None  # no stale race: the game is back before it
    with live.section():
        live.record(room, {"kind": "redo", "at": clock.now})
    assert room.history.race() is race
    with live.section():
        live.record(
            room,
            {
                "kind": "act",
                "seat": None,
                "action": {"type": "award", "seat": 0, "points": 1},
                "at": clock.now,
            },
        )
    assert room.history.race() is race  # a later step keeps it: the last race of the game
    with live.section():
        live.record(room, {"kind": "rematch", "seed": 2, "at": clock.now})
    assert room.history.race() is None  # a new game has had no race yet
