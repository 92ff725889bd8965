"""The room events: every change to a room, one typed record per kind (docs/architecture.md,
"The event log and replay").

The service builds them, the store keeps them as JSON exactly as built (so the key order below
is the order in the log), and the room prepares them (``Room.prepare``). A stored log is read
back through :func:`parse` (each event) and :func:`parse_create` (event 0), which check that the
event is of a known kind and has the fields its kind needs, so the room's handlers can rely on
them.

This module deliberately does not use ``from __future__ import annotations``: on Python 3.11 a
``TypedDict`` cannot see ``NotRequired`` in a postponed annotation, and :func:`parse` reads
``__required_keys__``.
"""

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from companion.engine import ErrorCode
from companion.rooms.errors import RoomError


class CreateEvent(TypedDict):
    """Event 0 of every room (``POST /api/rooms``)."""

    kind: Literal["create"]
    game: str
    #: the game's ``rules_version`` (absent in logs from before versions were recorded)
    rules: NotRequired[int]
    #: the resolved options (the room resolves them again on replay)
    options: NotRequired[dict[str, Any]]
    seed: int
    host_token: str
    at: float


class _Stamped(TypedDict):
    #: the server time of the change (of a timeout: its deadline; of a race press: its fair time)
    at: float


class JoinEvent(_Stamped):
    kind: Literal["join"]
    #: as the client sent it: the room checks and trims it (on replay too)
    name: str
    token: str
    #: ``{shape, colour}`` the player picked (absent: the room's next free one)
    avatar: NotRequired[dict[str, str]]


class LeaveEvent(_Stamped):
    kind: Literal["leave"]
    seat: int


class KickEvent(_Stamped):
    kind: Literal["kick"]
    seat: int


class AvatarEvent(_Stamped):
    kind: Literal["avatar"]
    seat: int
    avatar: dict[str, str]


class OrderEvent(_Stamped):
    kind: Literal["order"]
    #: the current seat numbers in their new order
    seats: list[int]


class FirstEvent(_Stamped):
    kind: Literal["first"]
    #: who starts; None: the game draws it
    seat: int | None


class LanguageEvent(_Stamped):
    kind: Literal["language"]
    lang: str


class OptionsEvent(_Stamped):
    kind: Literal["options"]
    #: the options to change (the room checks them against the game's declarations)
    options: dict[str, Any]


class RematchEvent(_Stamped):
    kind: Literal["rematch"]
    #: drawn by the server, so that a replay repeats the game
    seed: int


class GameEvent(_Stamped):
    """The host switches the room to another game (lobby, or once a game is over): the seats,
    names, avatars and connections stay; undo never crosses it."""

    kind: Literal["game"]
    #: the registry id of the new game
    game: str
    #: its ``rules_version`` (explains a log that no longer replays)
    rules: int
    #: the resolved options (the room resolves them again on replay)
    options: dict[str, Any]
    #: drawn by the server, so that a replay repeats the game
    seed: int
    #: the seats (numbers before the switch) that play it; absent: everyone seated
    players: NotRequired[list[int]]


class LockEvent(_Stamped):
    kind: Literal["lock"]


class UnlockEvent(_Stamped):
    kind: Literal["unlock"]


class StartEvent(_Stamped):
    kind: Literal["start"]


class PauseEvent(_Stamped):
    kind: Literal["pause"]


class ResumeEvent(_Stamped):
    kind: Literal["resume"]


class EndEvent(_Stamped):
    kind: Literal["end"]


class UndoEvent(_Stamped):
    kind: Literal["undo"]


class RedoEvent(_Stamped):
    kind: Literal["redo"]


class ActEvent(_Stamped):
    kind: Literal["act"]
    #: None: the table
    seat: int | None
    #: the payload as ``Game.accept`` returned it (the declared fields only)
    action: dict[str, Any]
    #: a race press: how its fair time was found (``FairPress.record``)
    race: NotRequired[dict[str, float | int | None]]


class TimeoutEvent(_Stamped):
    """A game deadline passed; ``at`` is the deadline itself."""

    kind: Literal["timeout"]


#: every event after the create event
RoomEvent = (
    JoinEvent
    | LeaveEvent
    | KickEvent
    | AvatarEvent
    | OrderEvent
    | FirstEvent
    | LanguageEvent
    | OptionsEvent
    | RematchEvent
    | GameEvent
    | LockEvent
    | UnlockEvent
    | StartEvent
    | PauseEvent
    | ResumeEvent
    | EndEvent
    | UndoEvent
    | RedoEvent
    | ActEvent
    | TimeoutEvent
)

#: the record of each kind after the create event
KINDS: dict[str, Any] = {
    "join": JoinEvent,
    "leave": LeaveEvent,
    "kick": KickEvent,
    "avatar": AvatarEvent,
    "order": OrderEvent,
    "first": FirstEvent,
    "language": LanguageEvent,
    "options": OptionsEvent,
    "rematch": RematchEvent,
    "game": GameEvent,
    "lock": LockEvent,
    "unlock": UnlockEvent,
    "start": StartEvent,
    "pause": PauseEvent,
    "resume": ResumeEvent,
    "end": EndEvent,
    "undo": UndoEvent,
    "redo": RedoEvent,
    "act": ActEvent,
    "timeout": TimeoutEvent,
}


class DamagedEvent(ValueError):
    """A stored event lacks a field its kind needs (its room is set aside)."""


def parse(raw: Mapping[str, Any]) -> RoomEvent:
    """A stored event as its record: RoomError for an unknown kind, DamagedEvent for a missing
    field. Fields a kind does not know are left as they are (a later version may add some).

    >>> parse({"kind": "kick", "seat": 1, "at": 5.0})
    {'kind': 'kick', 'seat': 1, 'at': 5.0}
    >>> parse({"kind": "kick", "at": 5.0})
    Traceback (most recent call last):
    ...
    companion.rooms.events.DamagedEvent: the kick event lacks 'seat'
    >>> parse({"kind": "shout", "at": 5.0})
    Traceback (most recent call last):
    ...
    companion.rooms.errors.RoomError: Unknown room event 'shout'.
    """
    kind = raw["kind"]
    record = KINDS.get(kind) if isinstance(kind, str) else None
    if record is None:
        raise RoomError(ErrorCode.BAD_REQUEST, "Unknown room event {kind}.", kind=repr(kind))
    _check_fields(kind, record, raw)
    return cast(RoomEvent, raw)


def parse_create(raw: Mapping[str, Any]) -> CreateEvent:
    """Event 0 of a stored log as its record (DamagedEvent for a missing field). Its kind is not
    checked: event 0 is always the one the store's ``create`` wrote."""
    _check_fields("create", CreateEvent, raw)
    return cast(CreateEvent, raw)


def _check_fields(kind: str, record: Any, raw: Mapping[str, Any]) -> None:
    missing = sorted(set(record.__required_keys__) - raw.keys())
    if missing:
        raise DamagedEvent(f"the {kind} event lacks {', '.join(map(repr, missing))}")
