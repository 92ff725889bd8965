"""Game time: the clock every game sees stands still while the room is paused, goes back with
an undo and forward again with a redo; the room converts at its edges (docs/protocol.md, "Game
time"). Buzzer rounds, on a hand-driven server clock and a real SQLite file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.rooms import RoomService
from companion.rooms.room import Room
from companion.store import SqliteStore
from companion.timing import CAP_MS
from tests.unit.test_room_service import Clock, make
from tests.unit.test_undo import table

HOUR = 3_600_000
COUNTDOWN = 3  # seconds from arming to GO


def buzzer(svc: RoomService, **options: Any) -> Room:
    """A buzzer room in play with Anna (p0) and Ben (p1); a round opens 3 s after arming."""
    return table(svc, random_delay=False, countdown=COUNTDOWN, **options)


def command(svc: RoomService, kind: str) -> None:
    assert svc.room_command("tv", {"type": kind}).ack["ok"]


def pause_for(svc: RoomService, clock: Clock, ms: float) -> None:
    command(svc, "pause")
    clock.now += ms
    svc.tick()
    command(svc, "resume")


def table_clock(svc: RoomService) -> dict[str, Any]:
    """``view.room.clock`` as the TV gets it now (a no-op command broadcasts a fresh view)."""
    reply = svc.room_command("tv", {"type": "lock"})
    [view] = [o.payload for o in reply.out if o.to == "tv" and o.event == "view"]
    return dict(view["room"]["clock"])


def test_a_pause_freezes_the_deadline_and_the_pages_see_the_clock_stand(
    tmp_path: Path, clock: Clock
) -> None:
    svc = make(tmp_path / "db.sqlite3", clock, expiry=HOUR)
    room = buzzer(svc)
    assert table_clock(svc) == {"offset": 0, "stopped": None}
    svc.act("tv", {"type": "arm"})
    opens_at = room.state.opens_at  # game time
    assert room.deadline() == opens_at == clock.now + 3_000  # no pause yet: the same clocks
    clock.now += 1_000
    command(svc, "pause")
    paused_at = clock.now
    clock.now += 60_000.4  # long past GO
    svc.tick()
    assert room.state.status == "armed" and room.game_time(clock.now) == paused_at
    assert table_clock(svc) == {"offset": 0, "stopped": paused_at}
    command(svc, "resume")
    # the pause's length, in whole ms: converting either way stays exact
    assert room.offset == 60_000 and table_clock(svc) == {"offset": 60_000, "stopped": None}
    assert room.state.opens_at == opens_at  # the game's own times never move
    assert room.deadline() == opens_at + 60_000  # 2 s of countdown left, as at the pause
    clock.now = opens_at + 60_000 - 1
    svc.tick()
    assert room.state.status == "armed"
    clock.now += 1
    svc.tick()
    assert room.state.status == "open"


def test_undo_puts_the_game_clock_back_and_redo_forward(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock, expiry=HOUR)
    room = buzzer(svc)
    svc.act("tv", {"type": "arm"})  # GO 3 s later
    clock.now += 1_000
    svc.act("tv", {"type": "award", "seat": 1})  # the mis-tap, 2 s before GO
    awarded_at = room.game_time(clock.now)
    clock.now += 5_000
    svc.tick()
    assert room.state.status == "open"
    undone_at = room.game_time(clock.now)

    command(svc, "undo")  # the award and GO after it, taken back
    assert room.state.status == "armed" and room.state.scores == (0, 0)
    assert room.game_time(clock.now) == awarded_at and room.offset == 5_000
    assert room.deadline() == clock.now + 2_000  # the 2 s the countdown had left then
    clock.now += 500
    svc.tick()
    assert room.state.status == "armed"

    command(svc, "redo")  # the award and GO come back, with the clock of the undo
    assert room.state.status == "open" and room.state.scores == (0, 1)
    assert room.game_time(clock.now) == undone_at and room.offset == 500
    assert table_clock(svc) == {"offset": 500, "stopped": None}


def test_a_race_press_on_a_shifted_clock(tmp_path: Path, clock: Clock) -> None:
    """The fair sequencer works in server time (the race's opening converted to it), the game
    gets the fair time as game time, and the ack tells the press's server time."""
    svc = make(tmp_path / "db.sqlite3", clock, expiry=HOUR)
    room = buzzer(svc, false_start=True)
    pause_for(svc, clock, 61_000)
    offset = room.offset
    assert offset == 61_000
    # Anna's phone keeps the server's clock; its round trips are 40 ms, one was 400 ms
    svc.clock_connected("p0")
    for rtt in (40, 400):
        svc.clock_sample("p0", clock.now - rtt, {"c": clock.now - rtt / 2}, clock.now)

    svc.act("tv", {"type": "arm"})
    armed = clock.now  # server time
    assert room.race_opened_at() == armed and room.state.armed_at == armed - offset
    clock.now += 100
    # claimed 200 ms before the arming: nobody reacts before the race could be seen, so the
    # press is believed at the arming plus half the smallest round trip
    press = svc.act("p0", {"type": "buzz", "t": armed - 200})
    clock.now += CAP_MS + 1
    svc.tick()
    assert press.pending is not None
    ack = press.pending.wait(0)
    assert ack is not None and ack["ok"] and ack["at"] == armed + 20
    assert room.state.false_starts == (0,)  # before GO: Anna's false start

    clock.now = armed + COUNTDOWN * 1000 + 500
    svc.tick()
    svc.clock_connected("p1")
    svc.clock_sample("p1", clock.now - 40, {"c": clock.now - 20}, clock.now)
    press = svc.act("p1", {"type": "buzz", "t": clock.now - 30})
    clock.now += CAP_MS + 1
    svc.tick()
    assert press.pending is not None
    ack = press.pending.wait(0)
    pressed = armed + COUNTDOWN * 1000 + 470  # server time
    assert ack is not None and ack["ok"] and ack["at"] == pressed
    assert [(p.seat, p.at) for p in room.state.presses] == [(1, pressed - offset)]


def test_the_replay_finds_the_same_game_clock(tmp_path: Path, clock: Clock) -> None:
    db = tmp_path / "db.sqlite3"
    svc = make(db, clock, expiry=HOUR)
    room = buzzer(svc)
    svc.act("tv", {"type": "arm"})
    clock.now += 700.25
    pause_for(svc, clock, 12_345.6)
    clock.now += 200.5
    svc.act("tv", {"type": "award", "seat": 0})
    clock.now += 3_000.125
    svc.tick()
    clock.now += 999.9
    command(svc, "undo")
    clock.now += 77.7
    command(svc, "redo")
    clock.now += 10.0
    command(svc, "undo")
    played = (room.state, room.offset, room.game_time(clock.now), room.deadline())
    assert room.offset != 0 and isinstance(room.offset, int)

    again = make(db, clock, expiry=HOUR).rooms[room.code]
    assert (again.state, again.offset, again.game_time(clock.now), again.deadline()) == played
    assert len(again.history.undone) == len(room.history.undone) == 1


def test_a_log_from_before_game_time_replays_to_the_same_game(tmp_path: Path, clock: Clock) -> None:
    """Logs written when the room shifted the game's times by the exact pause: the timeout is
    stored at the shifted deadline, which the rounded offset misses by a fraction of a ms."""
    db = tmp_path / "db.sqlite3"
    svc = make(db, clock, expiry=HOUR)
    room = buzzer(svc)
    t = clock.now
    svc.store.close()
    old_log = [
        {"kind": "act", "seat": None, "action": {"type": "arm"}, "at": t},
        {"kind": "pause", "at": t + 500.3},
        {"kind": "resume", "at": t + 60_500.9},  # a pause of 60,000.6 ms
        {"kind": "timeout", "at": t + 3_000 + 60_000.6},  # GO, as the old room shifted it
    ]
    store = SqliteStore(db)
    for event in old_log:
        store.append(room.code, len(store.events(room.code)), event)
    store.close()

    clock.now = t + 63_100
    again = make(db, clock, expiry=HOUR).rooms[room.code]
    assert again.offset == 60_001
    assert again.state.status == "open" and again.state.opens_at == t + 3_000
