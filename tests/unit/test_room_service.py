"""The room service in-process, with a hand-driven clock and a real SQLite file."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from companion.engine import (
    Field,
    FieldType,
    Game,
    Option,
    OptionType,
    Payload,
    by_seat,
    by_table,
)
from companion.games.registry import GAMES
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.store import SqliteStore


@dataclass(frozen=True)
class SecretState:
    secrets: tuple[int, ...]
    guesses: tuple[int, ...] = ()


class SecretGame(Game[SecretState]):
    """A tiny game with per-seat secrets, to check that views never leak them."""

    id, title, min_players, max_players = "secret", "Secret numbers", 1, 4
    options = (Option("bonus", OptionType.INT, 0, "Bonus", low=0, high=5),)

    def __init__(self) -> None:
        super().__init__(
            by_seat("guess", self._guess, Field("n", FieldType.INT, message="Guess a number.")),
            by_table("reveal", lambda state, seat, action, at: state),
        )

    def new_state(
        self, players: tuple[str, ...], options: Mapping[str, Any], seed: int
    ) -> SecretState:
        return SecretState(tuple(1000 + 111 * seed + k for k in range(len(players))))

    def _guess(self, state: SecretState, seat: int, action: Payload, at: float) -> SecretState:
        return replace(state, guesses=(*state.guesses, action["n"]))

    def view(self, state: SecretState, seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {"guesses": list(state.guesses)}
        if seat is not None:
            out["mine"] = state.secrets[seat]
        return out

    def private(self, state: SecretState, seat: int) -> list[Any]:
        return [state.secrets[seat]]

    def is_over(self, state: SecretState) -> bool:
        return len(state.guesses) >= 5


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def make(db: Path, clock: Clock, expiry: float = 60_000.0) -> RoomService:
    games = {**GAMES, "secret": SecretGame()}
    return RoomService(SqliteStore(db), games, clock, ServiceConfig("http://t", expiry))


def views_for(out, conn):
    return [o.payload for o in out if o.to == conn and o.event == "view"]


def test_every_view_is_built_for_its_recipients_seat(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock)
    room = svc.create_room({"game": "secret", "seed": 1})
    code = room["code"]
    sent: dict[str, list[Any]] = {"tv": [], "a": [], "b": [], "spy": []}

    def keep(reply):
        for o in reply.out:
            sent[o.to].append(o.payload)
        return reply.ack

    keep(svc.host("tv", {"code": code, "host_token": room["host_token"]}))
    sent["a"].append(keep(svc.join("a", {"code": code, "name": "Anna"})))
    sent["b"].append(keep(svc.join("b", {"code": code, "name": "Ben"})))
    sent["spy"].append(keep(svc.watch("spy", {"code": code})))
    keep(svc.room_command("tv", {"type": "start"}))
    keep(svc.act("a", {"type": "guess", "n": 3}))
    secret_a, secret_b = 1111, 1112  # seed 1: 1000 + 111 + seat
    for conn, mine, other in (("a", secret_a, secret_b), ("b", secret_b, secret_a)):
        game_views = [v["game"] for v in sent[conn] if isinstance(v, dict) and v.get("game")]
        assert game_views and all(v["mine"] == mine for v in game_views)
        assert str(other) not in json.dumps(sent[conn])
    for conn in ("tv", "spy"):
        dumped = json.dumps(sent[conn])
        assert str(secret_a) not in dumped and str(secret_b) not in dumped
    assert room["host_token"] not in json.dumps(sent["a"] + sent["b"] + sent["spy"])


def test_views_are_built_once_per_audience_not_per_connection(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock)
    game = svc.games["secret"]
    room = svc.create_room({"game": "secret", "seed": 1})
    code = room["code"]
    svc.host("tv", {"code": code, "host_token": room["host_token"]})
    token = svc.join("a", {"code": code, "name": "Anna"}).ack["token"]
    svc.join("b", {"code": code, "name": "Ben"})
    svc.watch("spy1", {"code": code})
    svc.watch("spy2", {"code": code})
    svc.room_command("tv", {"type": "start"})
    svc.join("a2", {"code": code, "token": token})  # Anna on a second device: "a" is replaced
    svc.watch("spy3", {"code": code})
    built: list[int | None] = []
    original = game.view

    def counting(state: SecretState, seat: int | None) -> dict[str, Any]:
        built.append(seat)
        return original(state, seat)

    game.view = counting  # type: ignore[method-assign]
    try:
        reply = svc.act("b", {"type": "guess", "n": 4})
    finally:
        del game.view
    assert sorted(built, key=str) == sorted([None, 0, 1], key=str)  # table, Anna, Ben: once each
    by_conn = {o.to: o.payload for o in reply.out if o.event == "view"}
    assert set(by_conn) == {"tv", "a2", "b", "spy1", "spy2", "spy3"}
    assert by_conn["spy1"]["game"] == by_conn["tv"]["game"] and "mine" not in by_conn["tv"]["game"]
    assert by_conn["a2"]["game"]["mine"] == 1111 and by_conn["b"]["game"]["mine"] == 1112
    assert (
        by_conn["tv"]["room"]["role"] == "host" and by_conn["spy3"]["room"]["role"] == "spectator"
    )


def test_the_log_replays_to_the_same_rooms(tmp_path: Path, clock: Clock) -> None:
    db = tmp_path / "db.sqlite3"
    svc = make(db, clock)
    room = svc.create_room({"game": "buzzer", "options": {"random_delay": False}})
    code = room["code"]
    svc.host("tv", {"code": code, "host_token": room["host_token"]})
    token = svc.join("a", {"code": code, "name": "Anna"}).ack["token"]
    svc.join("b", {"code": code, "name": "Ben"})
    svc.room_command("tv", {"type": "start"})
    svc.act("tv", {"type": "arm"})
    clock.now += 3500  # the round opened 500 ms ago: the timeout is logged before the press
    svc.act("b", {"type": "buzz", "t": 1.0})
    svc.act("tv", {"type": "award", "seat": 1, "points": 2})
    before = svc.rooms[code].game.view(svc.rooms[code].state, 0)

    again = make(db, clock)
    assert again.rooms[code].game.view(again.rooms[code].state, 0) == before
    reply = again.join("a2", {"code": code, "token": token})
    assert reply.ack["seat"] == 0 and reply.ack["view"]["game"]["scores"] == {"0": 0, "1": 2}


def test_refused_requests_change_nothing(tmp_path: Path, clock: Clock) -> None:
    db = tmp_path / "db.sqlite3"
    svc = make(db, clock)
    room = svc.create_room({"game": "buzzer"})
    code = room["code"]
    svc.host("tv", {"code": code, "host_token": room["host_token"]})
    svc.join("a", {"code": code, "name": "Anna"})
    seq = svc.rooms[code].seq
    bad = [
        lambda: svc.join("x", {"code": code, "name": "anna"}),  # name taken, ignoring case
        lambda: svc.join("x", {"code": code, "name": ""}),
        lambda: svc.join("x", {"code": code, "name": "x" * 25}),
        lambda: svc.join("x", {"code": code, "name": 7}),
        lambda: svc.join("x", {"code": code, "token": "nope"}),
        lambda: svc.join("a", {"code": code, "name": "Again"}),  # a second join on a bound socket
        lambda: svc.act("a", {"type": "buzz", "t": 1}),  # not started
        lambda: svc.room_command("a", {"type": "start"}),  # not the host
        lambda: svc.room_command("tv", {"type": "kick", "seat": 5}),
        lambda: svc.room_command("tv", {"type": "options", "options": {"false_start": "yes"}}),
        lambda: svc.room_command("tv", {"type": "fly"}),
        lambda: svc.host("y", {"code": code, "host_token": "wrong"}),
    ]
    for attempt in bad:
        with pytest.raises(RoomError):
            attempt()
    assert svc.rooms[code].seq == seq
    assert len(make(db, clock).rooms[code].players) == 1


def test_game_over_by_its_own_rules_ends_the_room(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock)
    room = svc.create_room({"game": "secret", "seed": 2})
    svc.host("tv", {"code": room["code"], "host_token": room["host_token"]})
    svc.join("a", {"code": room["code"], "name": "Anna"})
    svc.room_command("tv", {"type": "start"})
    for n in range(5):
        svc.act("a", {"type": "guess", "n": n})
    assert svc.rooms[room["code"]].status.value == "over"
    svc.room_command("tv", {"type": "rematch"})
    assert svc.rooms[room["code"]].status.value == "playing"


def test_idle_rooms_expire_and_leave_the_store(tmp_path: Path, clock: Clock) -> None:
    db = tmp_path / "db.sqlite3"
    svc = make(db, clock, expiry=10_000)
    room = svc.create_room({"game": "buzzer"})
    svc.join("a", {"code": room["code"], "name": "Anna"})
    clock.now += 5_000
    assert svc.tick() == [] and room["code"] in svc.rooms
    clock.now += 10_001
    out = svc.tick()
    assert [(o.to, o.payload) for o in out] == [("a", {"kind": "expired"})]
    assert room["code"] not in svc.rooms
    assert room["code"] not in make(db, clock).rooms


def test_a_pause_stops_the_game_clock(tmp_path: Path, clock: Clock) -> None:
    """Timers resume where they stopped: an armed round still has its countdown after a pause."""
    db = tmp_path / "db.sqlite3"
    svc = make(db, clock)
    room = svc.create_room({"game": "buzzer", "options": {"random_delay": False}})
    code = room["code"]
    svc.host("tv", {"code": code, "host_token": room["host_token"]})
    svc.join("a", {"code": code, "name": "Anna"})
    svc.room_command("tv", {"type": "start"})
    svc.act("tv", {"type": "arm"})
    opens_at = svc.rooms[code].deadline()  # server time
    clock.now += 1_000
    svc.room_command("tv", {"type": "pause"})
    clock.now += 60_000  # long past the opening time
    svc.tick()
    assert svc.rooms[code].state.status.value == "armed"
    svc.room_command("tv", {"type": "resume"})
    svc.tick()
    state = svc.rooms[code].state
    assert state.status.value == "armed"  # 2 s of countdown were left, and still are
    assert svc.rooms[code].deadline() == opens_at + 60_000
    again = make(db, clock)
    assert again.rooms[code].state == state  # the replay finds the same game clock
    assert again.rooms[code].deadline() == opens_at + 60_000


def test_seats_follow_the_options(tmp_path: Path, clock: Clock) -> None:
    """Witch's Brew seats a sixth player only with the 6th Player expansion."""
    svc = make(tmp_path / "db.sqlite3", clock)
    room = svc.create_room({"game": "witchs-brew"})
    code = room["code"]
    svc.host("tv", {"code": code, "host_token": room["host_token"]})
    for k in range(5):
        svc.join(f"p{k}", {"code": code, "name": f"P{k}"})
    with pytest.raises(RoomError) as err:
        svc.join("p5", {"code": code, "name": "Sixth"})
    assert err.value.code == "room_full" and "5" in err.value.message
    reply = svc.room_command("tv", {"type": "options", "options": {"sixth_player": True}})
    assert reply.out[0].payload["room"]["seats"] == 6
    assert svc.join("p5", {"code": code, "name": "Sixth"}).ack["seat"] == 5


def test_rooms_in_play_at_once_are_bounded(tmp_path: Path, clock: Clock) -> None:
    games = {**GAMES, "secret": SecretGame()}
    config = ServiceConfig("http://t", 60_000.0, max_rooms=3)
    svc = RoomService(SqliteStore(tmp_path / "db.sqlite3"), games, clock, config)
    codes = [svc.create_room({"game": "buzzer"})["code"] for _ in range(3)]
    for n, code in enumerate(codes):
        assert svc.join(f"phone{n}", {"code": code, "name": "Anna"}).ack["ok"]
    with pytest.raises(RoomError) as err:
        svc.create_room({"game": "buzzer"})
    assert err.value.code == "rate_limited" and "try again later" in err.value.message
    assert sorted(svc.rooms) == sorted(codes)


def test_a_few_addresses_cannot_fill_the_server_with_empty_rooms(
    tmp_path: Path, clock: Clock
) -> None:
    """Issue 24: 30 addresses create rooms as fast as they are allowed; each holds at most
    ``unplayed_rooms_per_address`` empty ones, and when the server is full the oldest empty
    rooms give way, so a fresh address creates a room at once and no room in play closes."""
    config = ServiceConfig("http://t", 60_000.0, max_rooms=100, unplayed_rooms_per_address=4)
    svc = RoomService(SqliteStore(tmp_path / "db.sqlite3"), GAMES, clock, config)
    party = svc.create_room({"game": "buzzer"}, creator="192.168.1.20")
    svc.host("tv", {"code": party["code"], "host_token": party["host_token"]})
    assert svc.join("anna", {"code": party["code"], "name": "Anna"}).ack["ok"]
    first = svc.create_room({"game": "buzzer"}, creator="10.0.0.1")["code"]
    svc.host("lonely tv", {"code": first, "host_token": svc.rooms[first].host_token})
    refused, told = 0, []
    for _ in range(10):
        for n in range(30):
            clock.now += 1
            try:
                svc.create_room({"game": "buzzer"}, creator=f"10.0.0.{n + 1}", evicted=told)
            except RoomError as exc:
                assert exc.code == "rate_limited" and exc.message == (
                    "Too many new rooms from here: wait a minute."
                )
                refused += 1
    assert refused > 0
    holders = Counter(svc._creators[code] for code in svc.rooms if code in svc._creators)
    assert max(holders.values()) <= 4, holders
    assert len(svc.rooms) == 100
    assert party["code"] in svc.rooms  # a room in play never gives way
    assert first not in svc.rooms  # the oldest empty room did, and its TV was told
    assert any(m.to == "lonely tv" and m.payload.get("kind") == "expired" for m in told), told
    fresh = svc.create_room({"game": "buzzer"}, creator="172.16.0.9")
    assert fresh["code"] in svc.rooms and len(svc.rooms) == 100


def test_idle_lobbies_close_sooner_than_rooms_in_play(tmp_path: Path, clock: Clock) -> None:
    config = ServiceConfig("http://t", idle_expiry_ms=2 * 3_600_000, lobby_expiry_ms=1_800_000)
    svc = RoomService(SqliteStore(tmp_path / "db.sqlite3"), GAMES, clock, config)
    lobby = svc.create_room({"game": "buzzer"})["code"]
    playing = svc.create_room({"game": "buzzer"})
    svc.host("tv", {"code": playing["code"], "host_token": playing["host_token"]})
    svc.join("a", {"code": playing["code"], "name": "Anna"})
    svc.room_command("tv", {"type": "start"})
    clock.now += 1_800_001
    svc.tick()
    assert lobby not in svc.rooms and playing["code"] in svc.rooms
    clock.now += 2 * 3_600_000
    svc.tick()
    assert playing["code"] not in svc.rooms


def test_a_tick_looks_only_at_rooms_whose_time_has_come(tmp_path: Path, clock: Clock) -> None:
    svc = make(tmp_path / "db.sqlite3", clock, expiry=3_600_000)
    for _ in range(300):
        svc.create_room({"game": "buzzer"})
    busy = svc.create_room({"game": "buzzer", "options": {"random_delay": False}})
    svc.host("tv", {"code": busy["code"], "host_token": busy["host_token"]})
    svc.join("a", {"code": busy["code"], "name": "Anna"})
    svc.room_command("tv", {"type": "start"})
    svc.act("tv", {"type": "arm"})
    looked_at: list[str] = []
    original = svc._tick_room

    def spy(room: Any, now: float) -> Any:
        looked_at.append(room.code)
        return original(room, now)

    svc._tick_room = spy  # type: ignore[method-assign]
    for _ in range(10):
        clock.now += 100
        svc.tick()
    clock.now += 3000  # the countdown ends: the round opens
    out = svc.tick()
    assert looked_at == [busy["code"]]
    assert any(o.payload["game"]["status"] == "open" for o in out if o.event == "view")
