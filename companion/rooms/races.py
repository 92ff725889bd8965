"""Races: a press is timed fairly when it arrives, waits for its settle window, and is decided
with the others in fair order; each press then gets its verdict (docs/fairness.md, "The settle
window").
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.engine import ErrorCode
from companion.rooms.errors import RoomError
from companion.rooms.events import ActEvent, RoomEvent
from companion.rooms.messages import Pending
from companion.rooms.room import Room, Status
from companion.timing import (
    CAP_MS,
    ClockEstimate,
    FairPress,
    fair_time,
    photo_finish,
    settle_at,
    settle_order,
    uncertainty,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Entry:
    press: FairPress
    action: Mapping[str, Any]
    pending: Pending


@dataclass
class RaceBuffer:
    """The presses of one room that arrived but are not decided yet."""

    entries: list[Entry] = field(default_factory=list)
    due: float = 0.0

    @property
    def first_fair(self) -> float:
        return min(e.press.fair for e in self.entries)

    def add(self, entry: Entry, others: Iterable[ClockEstimate | None]) -> None:
        """Add a press; ``others`` are the clock estimates of those who could still press."""
        self.entries.append(entry)
        self.due = settle_at(self.first_fair, window(others))

    def ordered(self) -> list[Entry]:
        by_key = {e.press.key: e for e in self.entries}
        return [by_key[p.key] for p in settle_order([e.press for e in self.entries])]


def window(others: Iterable[ClockEstimate | None]) -> float:
    """The largest plausible one-way latency among ``others``, at most the cap.

    The largest recent round trip bounds one way generously; a connection without samples
    could be anything up to the cap.

    >>> window([])
    0.0
    >>> window([ClockEstimate(0.0, 40.0, 90.0, 8), None])
    250.0
    """
    return max(
        (CAP_MS if e is None else min(e.rtt_max, CAP_MS) for e in others),
        default=0.0,
    )


class Recorder(Protocol):
    """What a race needs of the live rooms (``LiveRooms``)."""

    def record(self, room: Room, event: RoomEvent) -> None: ...

    def advance(self, room: Room, until: float) -> None: ...

    def catch_up(self, room: Room, now: float) -> None: ...

    def schedule(self, room: Room) -> None: ...

    def hold(self, pending: Pending, ack: dict[str, Any]) -> None: ...


@dataclass(frozen=True)
class Arrival:
    """A race press as it reached the server: the seat (None: the table), the checked action,
    the client's time ``t`` of the press, the server time ``at`` it arrived, and the presser's
    clock estimate (None: no samples yet)."""

    seat: int | None
    action: Mapping[str, Any]
    t: float
    at: float
    estimate: ClockEstimate | None


class Races:
    """The presses of every room that wait for their verdict, by room code."""

    def __init__(self) -> None:
        self._buffers: dict[str, RaceBuffer] = {}
        self._arrivals = itertools.count()  # every press's place in arrival order

    def waiting(self, code: str) -> RaceBuffer | None:
        """The room's presses waiting for their verdict, if any."""
        return self._buffers.get(code)

    def limit(self, code: str, now: float) -> float:
        """How far the room's deadlines may fire (server time): not past a press still waiting to
        settle."""
        buffer = self._buffers.get(code)
        return now if buffer is None else min(now, buffer.first_fair)

    def cancel(self, code: str) -> list[Entry]:
        """Drop the room's waiting presses (the caller answers them)."""
        return self._buffers.pop(code, RaceBuffer()).entries

    def press(
        self,
        room: Room,
        arrival: Arrival,
        seated: Iterable[tuple[int, ClockEstimate | None]],
        live: Recorder,
    ) -> Pending:
        """Time a press fairly and hold it until no earlier press can still arrive. ``seated``:
        every seat with a connection in the room, and its clock estimate (a seat that has not
        pressed yet could still press earlier)."""
        if room.status is Status.PAUSED:
            raise RoomError(ErrorCode.FORBIDDEN, "The game is paused.")
        if room.status is not Status.PLAYING:
            raise RoomError(ErrorCode.ILLEGAL, "The game is not in play.")
        live.catch_up(room, arrival.at)
        estimate = arrival.estimate
        press = FairPress(
            key=next(self._arrivals),
            seat=arrival.seat,
            t=arrival.t,
            offset=None if estimate is None else estimate.offset,
            rtt=None if estimate is None else estimate.rtt_min,
            arrival=arrival.at,
            # the race's opening in server time, as every time of the sequencer
            fair=fair_time(arrival.t, arrival.at, estimate, room.race_opened_at()),
            uncertainty=uncertainty(estimate),
        )
        buffer = self._buffers.setdefault(room.code, RaceBuffer())
        pressed = {e.press.seat for e in buffer.entries} | {arrival.seat}
        others = [e for seat, e in seated if seat not in pressed]
        pending = Pending()
        buffer.add(Entry(press, arrival.action, pending), others)
        live.schedule(room)  # the verdict is due when the settle window closes
        return pending

    def settle(self, room: Room, now: float, live: Recorder) -> dict[str, Any]:
        """Apply the room's waiting presses in fair order, each as a logged ``act`` (the
        deadlines before it first); each press's ack is held until the section is durable (a
        press the rules refuse gets its error and how late it was). The race's report becomes
        the room's last race (``view.room.race``, tied to the game's position: see
        ``History.settle``) and is returned."""
        buffer = self._buffers.pop(room.code)
        first: float | None = None
        report = []
        ordered = buffer.ordered()
        for i, entry in enumerate(ordered):
            press = entry.press
            live.advance(room, press.fair)
            ack = _decide(room, entry, first, live)
            if ack["ok"]:
                first = press.fair if first is None else first
            live.hold(entry.pending, ack)  # released once durable
            verdict = ack if ack["ok"] else ack["error"]
            report.append(
                {
                    "seat": press.seat,
                    **press.record(),
                    "ok": ack["ok"],
                    "margin_ms": verdict.get("margin_ms"),
                    "error": None if ack["ok"] else verdict["code"],
                    # a photo finish with the press before it (docs/fairness.md)
                    "close": i > 0 and _photo_finish(ordered[i - 1].press, press),
                }
            )
        race = {
            "type": buffer.entries[0].action.get("type"),
            "settled_at": now,
            # the moment of the game the race decided (game time, as the game's own times): a
            # page tells this race from an earlier one by it
            "at": None if first is None else room.game_time(first),
            "presses": report,
        }
        room.history.settle(race)
        return race


def _decide(room: Room, entry: Entry, first: float | None, live: Recorder) -> dict[str, Any]:
    """Record one press of a race; its ack: ``at`` and the margin behind the first accepted
    press, or the refusal (with that margin, if a press was accepted before it)."""
    press = entry.press
    event: ActEvent = {
        "kind": "act",
        "seat": press.seat,
        # the game may share a place on a photo finish (the buzzer's ``ties``): the bound of
        # the fair time travels with the action, set here and never by the client
        "action": {**entry.action, "uncertainty_ms": press.uncertainty},
        "at": press.fair,
        "race": press.record(),
    }
    try:
        live.record(room, event)
    except RoomError as exc:
        ack = exc.as_ack()
        if first is not None:
            ack["error"]["margin_ms"] = round(press.fair - first, 1)
        return ack
    except Exception:
        # One press that cannot be stored must not void the race for the others.
        log.exception("room %s: a race press could not be applied", room.code)
        return RoomError(ErrorCode.INTERNAL, "Your press could not be recorded.").as_ack()
    first = press.fair if first is None else first
    return {"ok": True, "at": press.fair, "margin_ms": round(press.fair - first, 1)}


def _photo_finish(earlier: FairPress, later: FairPress) -> bool:
    return photo_finish(later.fair - earlier.fair, earlier.uncertainty, later.uncertainty)
