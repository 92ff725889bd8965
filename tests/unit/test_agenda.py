"""The agenda of timers (companion/rooms/agenda.py): when each room next needs the ticker."""

from __future__ import annotations

import math

from companion.games.registry import GAMES
from companion.rooms.agenda import Agenda, expiry, next_due
from companion.rooms.config import ServiceConfig
from companion.rooms.events import CreateEvent
from companion.rooms.room import Room

CONFIG = ServiceConfig("http://t", idle_expiry_ms=7_200_000, lobby_expiry_ms=1_800_000)


def room(game: str, *players: str, started: bool = False, **options: object) -> Room:
    create = CreateEvent(
        kind="create", game=game, options=dict(options), seed=1, host_token="h", at=1000.0
    )
    made = Room("BCDF", GAMES[game], create)
    for name in players:
        made.prepare({"kind": "join", "name": name, "token": name, "at": 1000.0})()
    if started:
        made.prepare({"kind": "start", "at": 1000.0})()
    return made


def test_rooms_come_due_in_time_order_and_once() -> None:
    agenda = Agenda()
    agenda.put("BCDF", 300.0)
    agenda.put("GHJK", 100.0)
    agenda.put("MNPR", 200.0)
    agenda.put("BCDF", 150.0)  # earlier: replaces 300
    agenda.put("GHJK", 900.0)  # later: ignored, the room is looked at at 100 and put back
    assert agenda.pop_due(99.0) == []
    assert agenda.pop_due(160.0) == ["GHJK", "BCDF"]
    assert agenda.due("BCDF") is None and agenda.due("MNPR") == 200.0
    assert agenda.pop_due(1000.0) == ["MNPR"]  # the superseded 300 of BCDF is skipped
    assert agenda.pop_due(1000.0) == []


def test_a_forgotten_room_never_comes_due_and_can_come_back() -> None:
    agenda = Agenda()
    agenda.put("BCDF", 100.0)
    agenda.forget("BCDF")
    assert agenda.pop_due(500.0) == []
    agenda.put("BCDF", 600.0)
    assert agenda.pop_due(600.0) == ["BCDF"]


def test_a_lobby_expires_sooner_than_a_game_and_a_saved_solo_game_never() -> None:
    assert expiry(room("buzzer", "Anna"), CONFIG) == 1_800_000
    assert expiry(room("buzzer", "Anna", started=True), CONFIG) == 7_200_000
    assert expiry(room("carodejnice", "Anna", started=True), CONFIG) == math.inf
    short_idle = ServiceConfig("http://t", idle_expiry_ms=60_000, lobby_expiry_ms=1_800_000)
    assert expiry(room("buzzer", "Anna"), short_idle) == 60_000


def test_the_next_moment_is_the_earliest_of_expiry_deadline_and_verdict() -> None:
    lobby = room("buzzer", "Anna")
    assert next_due(lobby, CONFIG, None) == 1000.0 + 1_800_000
    assert next_due(lobby, CONFIG, 5000.0) == 5000.0
    counting = room("buzzer", "Anna", started=True, random_delay=False, countdown=3)
    counting.prepare({"kind": "act", "seat": None, "action": {"type": "arm"}, "at": 2000.0})()
    assert counting.deadline() is not None
    assert next_due(counting, CONFIG, None) == counting.deadline()
    assert next_due(counting, CONFIG, 2500.0) == 2500.0
