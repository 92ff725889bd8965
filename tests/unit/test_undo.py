"""Undo and redo for the table (the host): a mis-tap at a real table can be taken back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.rooms import RoomError, RoomService
from companion.rooms.room import Status
from tests.unit.test_room_service import Clock, make


def table(
    svc: RoomService, game: str = "buzzer", names=("Anna", "Ben"), seed: int = 1, **options: Any
):
    """A room of ``game`` in play: the TV is ``tv``, seat k's phone ``pk``."""
    room = svc.create_room({"game": game, "seed": seed, "options": options})
    code = room["code"]
    svc.host("tv", {"code": code, "host_token": room["host_token"]})
    for k, name in enumerate(names):
        svc.join(f"p{k}", {"code": code, "name": name})
    svc.room_command("tv", {"type": "start"})
    return svc.rooms[code]


def undo(svc: RoomService, kind: str = "undo") -> Any:
    return svc.room_command("tv", {"type": kind})


def test_undo_takes_back_a_wrong_award_and_redo_puts_it_back(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000)
    room = table(svc)
    svc.act("tv", {"type": "award", "seat": 1})
    assert room.state.scores == (0, 1)
    reply = undo(svc)
    # the note names what was undone with its parts (Game.describe): whose point it was
    assert reply.ack == {"ok": True, "undone": "+1 for Ben"}
    assert room.state.scores == (0, 0)
    notes = [o.payload for o in reply.out if o.event == "note"]
    assert {"kind": "undo", "text": "Undone: +1 for Ben."}.items() <= notes[0].items()
    # the pages translate the note: its template, and the undone step's own template inside
    what = notes[0]["params"]["what"]
    assert notes[0]["template"] == "Undone: {what}."
    assert what["params"]["name"] == "Ben" and "{name}" in what["template"]
    assert {o.to for o in reply.out if o.event == "view"} == {"tv", "p0", "p1"}
    reply = undo(svc, "redo")
    assert reply.ack["ok"] and reply.ack["redone"] == "+1 for Ben"
    assert room.state.scores == (0, 1)


def test_a_new_action_after_an_undo_ends_the_redo(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000)
    room = table(svc)
    svc.act("tv", {"type": "award", "seat": 1})
    undo(svc)
    svc.act("tv", {"type": "award", "seat": 0})
    with pytest.raises(RoomError) as err:
        undo(svc, "redo")
    assert err.value.code == "illegal" and err.value.message == "Nothing to redo."
    assert room.state.scores == (1, 0)


def test_undo_goes_back_step_by_step_to_the_start_of_the_game(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000)
    room = table(svc)
    for seat in (0, 1, 1):
        svc.act("tv", {"type": "award", "seat": seat})
    for expected in ((1, 1), (1, 0), (0, 0)):
        undo(svc)
        assert room.state.scores == expected
    with pytest.raises(RoomError) as err:
        undo(svc)
    assert err.value.message == "Nothing to undo in this game."


def test_a_settled_race_can_be_undone_and_its_timers_resume(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000)
    room = table(svc, random_delay=False, countdown=3)
    svc.act("tv", {"type": "arm"})
    clock.now += 3500  # the round opened 500 ms ago
    svc.tick()
    reply = svc.act("p0", {"type": "buzz", "t": 1.0})
    clock.now += 300
    svc.tick()  # the press settles
    assert reply.pending is not None and reply.pending.wait(0)["ok"]
    assert [p.seat for p in room.state.ranking()] == [0]
    clock.now += 1000
    undo(svc)
    assert room.state.status == "open" and room.state.presses == ()
    # The round had been open 500 ms at the press: after the undo it has been open 500 ms again
    # (the game clock went back), so its idle close is as far away as it was then.
    assert room.server_time(room.state.opens_at) == pytest.approx(clock.now - 500, abs=1)


def test_undo_and_redo_replay_after_a_restart(tmp_path: Path, clock: Clock) -> None:
    db = tmp_path / "db.sqlite3"
    svc = make(db, clock, expiry=3_600_000)
    room = table(svc)
    for seat in (0, 1, 1):
        svc.act("tv", {"type": "award", "seat": seat})
    undo(svc)
    undo(svc)
    undo(svc, "redo")
    again = make(db, clock, expiry=3_600_000).rooms[room.code]
    assert again.state == room.state and again.state.scores == (1, 1)
    assert len(again.history.undone) == 1  # one more redo is still possible after the restart


def test_undoing_the_move_that_ended_the_game_resumes_it(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000)
    room = table(svc, game="secret")
    for n in range(5):  # the secret game ends after five guesses
        svc.act(f"p{n % 2}", {"type": "guess", "n": n})
    assert room.status is Status.OVER
    undo(svc)
    assert room.status is Status.PLAYING and room.state.guesses == (0, 1, 2, 3)


def test_only_the_host_undoes_and_never_while_paused(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000)
    table(svc)
    svc.act("tv", {"type": "award", "seat": 1})
    with pytest.raises(RoomError) as err:
        svc.room_command("p0", {"type": "undo"})
    assert err.value.code == "forbidden"
    svc.room_command("tv", {"type": "pause"})
    with pytest.raises(RoomError) as err:
        undo(svc)
    assert err.value.code == "illegal"


def test_undo_never_shows_a_seats_secret(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000)
    table(svc, game="secret")
    svc.act("p0", {"type": "guess", "n": 7})
    reply = undo(svc)
    secret_a, secret_b = 1111, 1112  # seed 1: 1000 + 111 + seat
    for out in reply.out:
        mine = {"p0": secret_a, "p1": secret_b}.get(out.to)
        dumped = json.dumps(out.payload)
        for secret in (secret_a, secret_b):
            if secret != mine:
                assert str(secret) not in dumped, (out.to, secret)


def test_the_undo_note_is_worded_when_undone_in_the_state_before_the_action(
    tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the note's words are made only when an action is undone (most never are), from the step's
    # state before it; a game whose words fail there still undoes, named by the action's name
    svc = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000)
    room = table(svc)
    seen: list[Any] = []

    def describe(state: Any, seat: Any, action: Any) -> str:
        seen.append(state.scores)
        raise ValueError("no words")

    svc.act("tv", {"type": "award", "seat": 1})
    svc.act("tv", {"type": "award", "seat": 0})
    monkeypatch.setattr(room.game, "describe", describe)
    reply = undo(svc)
    assert seen == [(0, 1)]  # described once, at the undo, in the state before that award
    assert reply.ack == {"ok": True, "undone": "the table's award"}
    assert room.state.scores == (0, 1)
