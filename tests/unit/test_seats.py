"""Seats at a real table: in the order people sit, and moved to another phone."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from companion.engine import Game, Rng
from companion.games.registry import GAMES
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.store import SqliteStore
from tests.unit.test_room_service import Clock, make


def lobby(tmp_path: Path, clock: Clock, names=("Anna", "Ben", "Cleo")):
    svc = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000)
    room = svc.create_room({"game": "buzzer", "seed": 1})
    code = room["code"]
    svc.host("tv", {"code": code, "host_token": room["host_token"]})
    tokens = [
        svc.join(f"p{k}", {"code": code, "name": n}).ack["token"] for k, n in enumerate(names)
    ]
    return svc, svc.rooms[code], tokens


def test_the_host_puts_the_seats_in_table_order(tmp_path: Path, clock: Clock) -> None:
    svc, room, tokens = lobby(tmp_path, clock)
    reply = svc.room_command("tv", {"type": "order", "seats": [2, 0, 1]})
    assert reply.ack == {"ok": True}
    assert [(p.seat, p.name) for p in room.players] == [(0, "Cleo"), (1, "Anna"), (2, "Ben")]
    assert room.player_by_token(tokens[2]).seat == 0  # the tokens stay with their players
    phone = next(o.payload for o in reply.out if o.to == "p2" and o.event == "view")
    assert phone["room"]["seat"] == 0
    svc.room_command("tv", {"type": "start"})
    assert room.state.players == ("Cleo", "Anna", "Ben")  # the game's clockwise follows it


@pytest.mark.parametrize("seats", [[0, 1], [0, 1, 1], [0, 1, 3], "012", [0, 1, True]])
def test_a_new_order_names_every_seat_once(tmp_path: Path, clock: Clock, seats) -> None:
    svc, room, _ = lobby(tmp_path, clock)
    with pytest.raises(RoomError) as err:
        svc.room_command("tv", {"type": "order", "seats": seats})
    assert err.value.code == "bad_request"
    assert [p.name for p in room.players] == ["Anna", "Ben", "Cleo"]


def test_seats_are_reordered_only_by_the_host_and_only_in_the_lobby(
    tmp_path: Path, clock: Clock
) -> None:
    svc, room, _ = lobby(tmp_path, clock)
    with pytest.raises(RoomError) as err:
        svc.room_command("p0", {"type": "order", "seats": [2, 1, 0]})
    assert err.value.code == "forbidden"
    svc.room_command("tv", {"type": "start"})
    with pytest.raises(RoomError) as err:
        svc.room_command("tv", {"type": "order", "seats": [2, 1, 0]})
    assert err.value.code == "game_started"


def test_the_order_replays_after_a_restart(tmp_path: Path, clock: Clock) -> None:
    svc, room, _ = lobby(tmp_path, clock)
    svc.room_command("tv", {"type": "order", "seats": [1, 2, 0]})
    again = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000).rooms[room.code]
    assert [p.name for p in again.players] == ["Ben", "Cleo", "Anna"]


def test_a_seat_moves_to_another_phone_once(tmp_path: Path, clock: Clock) -> None:
    svc, room, tokens = lobby(tmp_path, clock)
    svc.room_command("tv", {"type": "start"})
    ack = svc.room_command("tv", {"type": "handoff", "seat": 1}).ack
    assert ack["ok"] and ack["url"].endswith(f"/j/{room.code}#handoff={ack['handoff']}")
    assert ack["expires_at"] > clock.now and tokens[1] not in str(ack)  # the key stays hidden
    reply = svc.join("spare", {"code": room.code, "handoff": ack["handoff"]})
    assert (reply.ack["seat"], reply.ack["token"]) == (1, tokens[1])
    assert [o.to for o in reply.out if o.payload == {"kind": "replaced"}] == ["p1"]
    assert [o.to for o in reply.out if o.payload == {"kind": "handoff", "seat": 1}] == ["tv"]
    with pytest.raises(RoomError) as err:  # single use
        svc.join("thief", {"code": room.code, "handoff": ack["handoff"]})
    assert err.value.code == "bad_token"
    with pytest.raises(RoomError) as err:  # the old phone is dropped
        svc.act("p1", {"type": "buzz", "t": 1})
    assert err.value.message == "Join a room first."


def test_a_handoff_code_expires(tmp_path: Path, clock: Clock) -> None:
    svc, room, _ = lobby(tmp_path, clock)
    code = svc.room_command("tv", {"type": "handoff", "seat": 0}).ack["handoff"]
    clock.now += 3 * 60 * 1000 + 1
    with pytest.raises(RoomError) as err:
        svc.join("late", {"code": room.code, "handoff": code})
    assert err.value.code == "bad_token" and "expired" in err.value.message


def test_only_the_host_hands_a_seat_over(tmp_path: Path, clock: Clock) -> None:
    svc, room, _ = lobby(tmp_path, clock)
    with pytest.raises(RoomError) as err:
        svc.room_command("p0", {"type": "handoff", "seat": 1})
    assert err.value.code == "forbidden"
    with pytest.raises(RoomError) as err:
        svc.room_command("tv", {"type": "handoff", "seat": 7})
    assert err.value.code == "bad_request"


@dataclass(frozen=True)
class Turns:
    players: tuple[str, ...]
    first: int


class TurnGame(Game[Turns]):
    """A game whose only rule is who goes first: drawn from the seed, unless the table chose."""

    id, title, min_players, max_players = "turns", "Turns", 2, 6

    def new_state(self, players: tuple[str, ...], options: Mapping[str, Any], seed: int) -> Turns:
        return Turns(players, Rng(seed, "first").randint(0, len(players) - 1))

    def start_with(self, state: Turns, seat: int) -> Turns:
        return replace(state, first=seat)

    def view(self, state: Turns, seat: int | None) -> dict[str, Any]:
        return {"first": state.first}


def test_the_host_chooses_who_starts_and_it_follows_the_player(
    tmp_path: Path, clock: Clock
) -> None:
    games = {**GAMES, "turns": TurnGame()}
    svc = RoomService(SqliteStore(tmp_path / "db.sqlite3"), games, clock, ServiceConfig("http://t"))
    made = svc.create_room({"game": "turns", "seed": 5})
    code = made["code"]
    svc.host("tv", {"code": code, "host_token": made["host_token"]})
    for k, name in enumerate(("Anna", "Ben", "Cleo")):
        svc.join(f"p{k}", {"code": code, "name": name})
    reply = svc.room_command("tv", {"type": "first", "seat": 2})
    assert next(o.payload for o in reply.out if o.to == "tv")["room"]["first"] == 2
    svc.room_command("tv", {"type": "order", "seats": [2, 0, 1]})  # Cleo moves to seat 0
    svc.room_command("tv", {"type": "start"})
    room = svc.rooms[code]
    assert room.state.players[room.state.first] == "Cleo"
    again = RoomService(
        SqliteStore(tmp_path / "db.sqlite3"), games, clock, ServiceConfig("http://t")
    )
    assert again.rooms[code].state == room.state  # replays


def test_who_starts_is_drawn_unless_chosen_and_only_for_games_with_a_first_player(
    tmp_path: Path, clock: Clock
) -> None:
    svc, room, _ = lobby(tmp_path, clock)  # buzzer has no first player
    with pytest.raises(RoomError) as err:
        svc.room_command("tv", {"type": "first", "seat": 1})
    assert err.value.code == "illegal"
    game = TurnGame()
    assert game.has_first_player and not GAMES["buzzer"].has_first_player
    drawn = game.setup(["a", "b", "c"], {}, 5)
    assert game.setup(["a", "b", "c"], {}, 5, first=None) == drawn
    assert game.setup(["a", "b", "c"], {}, 5, first=1).first == 1
