"""Handoff codes (companion/rooms/handoffs.py): one live code per seat, single use, three
minutes, for one room."""

from __future__ import annotations

import pytest

from companion.games.registry import GAMES
from companion.rooms import RoomError
from companion.rooms.events import CreateEvent
from companion.rooms.handoffs import HANDOFF_MS, Handoffs
from companion.rooms.room import Room

JOIN_URL = "http://t/j/BCDF"


def room(code: str = "BCDF") -> Room:
    create = CreateEvent(kind="create", game="buzzer", seed=1, host_token="h", at=0.0)
    made = Room(code, GAMES["buzzer"], create)
    for name in ("Anna", "Ben"):
        made.prepare({"kind": "join", "name": name, "token": f"{name}-token", "at": 0.0})()
    return made


def refusal(call: object) -> tuple[str, str]:
    with pytest.raises(RoomError) as refused:
        call()  # type: ignore[operator]
    return refused.value.code, refused.value.message


USED = ("bad_token", "That code has expired or was used already: ask the host for a new one.")


def test_a_code_gives_its_seat_once() -> None:
    handoffs, table = Handoffs(), room()
    ack = handoffs.issue(table, 1, 1000.0, JOIN_URL)
    code = ack["handoff"]
    assert ack == {
        "ok": True,
        "handoff": code,
        "url": f"{JOIN_URL}#handoff={code}",
        "expires_at": 1000.0 + HANDOFF_MS,
    }
    assert "Ben-token" not in str(ack)  # the seat's own key never reaches the TV
    assert handoffs.url(code, table, 2000.0, JOIN_URL) == ack["url"]  # not used up by showing it
    assert handoffs.redeem(code, table, 2000.0) == "Ben-token"
    assert refusal(lambda: handoffs.redeem(code, table, 2000.0)) == USED
    assert refusal(lambda: handoffs.url(code, table, 2000.0, JOIN_URL)) == (
        "unknown_room",
        "That code has expired or was used.",
    )


def test_a_seat_has_one_live_code_and_codes_expire() -> None:
    handoffs, table = Handoffs(), room()
    old = handoffs.issue(table, 0, 1000.0, JOIN_URL)["handoff"]
    new = handoffs.issue(table, 0, 2000.0, JOIN_URL)["handoff"]
    other = handoffs.issue(table, 1, 2000.0, JOIN_URL)["handoff"]
    assert refusal(lambda: handoffs.redeem(old, table, 2000.0)) == USED
    assert handoffs.redeem(other, table, 3000.0) == "Ben-token"  # another seat's code lives on
    assert refusal(lambda: handoffs.redeem(new, table, 2000.0 + HANDOFF_MS)) == USED


def test_a_code_works_only_in_its_room_and_is_spent_by_any_try() -> None:
    handoffs, table, elsewhere = Handoffs(), room("BCDF"), room("GHJK")
    code = handoffs.issue(table, 0, 1000.0, JOIN_URL)["handoff"]
    assert refusal(lambda: handoffs.url(code, elsewhere, 1000.0, JOIN_URL))[0] == "unknown_room"
    assert refusal(lambda: handoffs.redeem(code, elsewhere, 1000.0)) == USED
    assert refusal(lambda: handoffs.redeem(code, table, 1000.0)) == USED


@pytest.mark.parametrize("seat", [2, -1])
def test_only_a_seat_of_the_room_gets_a_code(seat: int) -> None:
    handoffs = Handoffs()
    assert refusal(lambda: handoffs.issue(room(), seat, 0.0, JOIN_URL)) == (
        "bad_request",
        "There is no such seat.",
    )


def test_a_seat_that_left_gets_no_code() -> None:
    handoffs, table = Handoffs(), room()
    table.prepare({"kind": "start", "at": 0.0})()
    table.prepare({"kind": "leave", "seat": 1, "at": 0.0})()
    assert refusal(lambda: handoffs.issue(table, 1, 0.0, JOIN_URL))[1] == "There is no such seat."
