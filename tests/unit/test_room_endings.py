"""How the room ends a game (the host's End, everyone gone), replayed from the log; no game
action once it is over; the undo notes name an action in the game's own words (``describe``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.engine import Payload, Reason
from companion.engine.text import english, say, text_json
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.store import SqliteStore
from tests.unit.test_room_service import Clock, SecretGame, SecretState


class TellingGame(SecretGame):
    """The secret game with the actions in words: a guess names its number."""

    def describe(self, state: SecretState, seat: int | None, action: Payload) -> str | None:
        if action["type"] == "reveal":
            return say("everything shown")
        return say("guess {n} after {count}", n=action["n"], count=len(state.guesses))


def make(db: Path, clock: Clock, game: SecretGame | None = None) -> RoomService:
    games = {"secret": game or TellingGame()}
    return RoomService(SqliteStore(db), games, clock, ServiceConfig("http://t", 60_000.0))


def started(db: Path, clock: Clock, game: SecretGame | None = None) -> tuple[RoomService, str]:
    svc = make(db, clock, game)
    room = svc.create_room({"game": "secret", "seed": 1})
    code = room["code"]
    svc.host("tv", {"code": code, "host_token": room["host_token"]})
    for conn, name in (("a", "Anna"), ("b", "Ben")):
        svc.join(conn, {"code": code, "name": name})
    svc.room_command("tv", {"type": "start"})
    return svc, code


def last_views(reply: Any) -> dict[str, dict[str, Any]]:
    return {o.to: o.payload for o in reply.out if o.event == "view"}


def test_the_hosts_end_is_an_ending_in_every_view_and_replays(tmp_path: Path, clock: Clock) -> None:
    db = tmp_path / "db.sqlite3"
    svc, code = started(db, clock)
    svc.act("a", {"type": "guess", "n": 4})
    views = last_views(svc.room_command("tv", {"type": "end"}))
    assert set(views) == {"tv", "a", "b"}
    for conn, view in views.items():
        assert view["room"]["status"] == "over"
        assert view["game"]["outcome"]["reason"] == "ended", conn
    assert views["a"]["game"]["you"]["prompt"]["kind"] == "wait"
    assert "prompt" not in views["tv"]["game"].get("you", {})
    assert make(db, clock).rooms[code].ended is Reason.ENDED


def test_no_game_action_is_accepted_once_the_host_ended_it(tmp_path: Path, clock: Clock) -> None:
    db = tmp_path / "db.sqlite3"
    svc, code = started(db, clock)
    svc.room_command("tv", {"type": "end"})
    seq = svc.rooms[code].seq
    for conn, action in (("a", {"type": "guess", "n": 1}), ("tv", {"type": "reveal"})):
        with pytest.raises(RoomError, match="The game is not in play"):
            svc.act(conn, action)
    with pytest.raises(RoomError):  # nor undone: the host ended it
        svc.room_command("tv", {"type": "undo"})
    assert svc.rooms[code].seq == seq


def test_the_last_seated_player_leaving_ends_the_game(tmp_path: Path, clock: Clock) -> None:
    db = tmp_path / "db.sqlite3"
    svc, code = started(db, clock)
    svc.room_command("a", {"type": "leave"})
    room = svc.rooms[code]
    assert room.status.value == "playing" and room.ended is None  # Ben plays on
    views = last_views(svc.room_command("tv", {"type": "kick", "seat": 1}))
    assert room.status.value == "over" and room.ended is Reason.LEFT
    assert views["tv"]["game"]["outcome"]["reason"] == "left"
    again = make(db, clock).rooms[code]
    assert again.status.value == "over" and again.ended is Reason.LEFT
    with pytest.raises(RoomError, match="The game is not in play"):
        svc.act("tv", {"type": "reveal"})


def test_a_paused_game_ended_keeps_its_clock_and_a_rematch_runs_again(
    tmp_path: Path, clock: Clock
) -> None:
    svc, code = started(tmp_path / "db.sqlite3", clock)
    svc.room_command("tv", {"type": "pause"})
    clock.now += 10_000
    svc.room_command("tv", {"type": "end"})
    room = svc.rooms[code]
    assert room.offset == 10_000 and room.ended is Reason.ENDED
    views = last_views(svc.room_command("tv", {"type": "rematch"}))
    assert room.ended is None and views["a"]["game"]["outcome"] is None
    assert views["a"]["game"]["you"]["prompt"]["kind"] == "wait"  # the game lists nothing


def test_an_ending_by_the_games_rules_is_no_room_reason(tmp_path: Path, clock: Clock) -> None:
    svc, code = started(tmp_path / "db.sqlite3", clock)
    for n in range(4):
        svc.act("a", {"type": "guess", "n": n})
    views = last_views(svc.act("b", {"type": "guess", "n": 9}))
    assert svc.rooms[code].ended is None
    assert views["b"]["game"]["outcome"]["reason"] == "rules"


def test_the_undo_note_names_the_action_in_the_games_words(tmp_path: Path, clock: Clock) -> None:
    svc, code = started(tmp_path / "db.sqlite3", clock)
    svc.act("a", {"type": "guess", "n": 7})
    reply = svc.room_command("tv", {"type": "undo"})
    assert english(text_json(reply.ack["undone"])) == "Anna's guess — guess 7 after 0"
    notes = [o.payload for o in reply.out if o.event == "note"]
    said = english(text_json(notes[0]["text"]))
    assert said == "Undone: Anna's guess — guess 7 after 0."
    reply = svc.room_command("tv", {"type": "redo"})
    assert english(text_json(reply.ack["redone"])) == "Anna's guess — guess 7 after 0"
    svc.act("tv", {"type": "reveal"})  # the table's action is its words alone
    reply = svc.room_command("tv", {"type": "undo"})
    notes = [o.payload for o in reply.out if o.event == "note"]
    assert english(text_json(notes[0]["text"])) == "Undone: everything shown."


def test_without_words_the_undo_note_names_the_declared_action(
    tmp_path: Path, clock: Clock
) -> None:
    svc, code = started(tmp_path / "db.sqlite3", clock, SecretGame())
    svc.act("a", {"type": "guess", "n": 7})
    reply = svc.room_command("tv", {"type": "undo"})
    assert english(text_json(reply.ack["undone"])) == "Anna's guess"
    svc.act("tv", {"type": "reveal"})
    reply = svc.room_command("tv", {"type": "undo"})
    assert english(text_json(reply.ack["undone"])) == "the table's reveal"
