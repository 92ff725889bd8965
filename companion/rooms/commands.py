"""Room commands (the ``room`` message: docs/protocol.md, "Joining, seats and host commands").

Each command is declared once, like a game action: its name, who may send it, its fields
(``Field`` declarations, checked by the engine's rules or the room's own: companion/rooms/
validation.py) and its handler. A command is refused — with its sentence, and nothing stored —
when it is unknown, when its sender may not send it, or when a field is wrong; only then does
its handler run, with the checked fields.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.engine import ErrorCode, Field, FieldType
from companion.engine.text import N_, say, text_json
from companion.rooms import validation as check
from companion.rooms.avatars import AvatarField
from companion.rooms.codes import new_seed
from companion.rooms.errors import RoomError
from companion.rooms.events import (
    AvatarEvent,
    EndEvent,
    FirstEvent,
    GameEvent,
    KickEvent,
    LanguageEvent,
    LeaveEvent,
    LockEvent,
    OptionsEvent,
    OrderEvent,
    PauseEvent,
    RedoEvent,
    RematchEvent,
    ResumeEvent,
    RoomEvent,
    StartEvent,
    UndoEvent,
    UnlockEvent,
)
from companion.rooms.handoffs import Handoffs
from companion.rooms.live import LiveRooms
from companion.rooms.messages import Outbound, Reply
from companion.rooms.party import next_game, options_for
from companion.rooms.room import Player, Room
from companion.rooms.views import Binding, seat_of

#: the longest command name (as for game actions)
TYPE_MAX = 40
#: the refusal of a host command from anyone but the host
HOST_ONLY = N_("Only the host can do that.")


class By(enum.StrEnum):
    """Who may send a command."""

    HOST = "host"  # the table, or a seat that also holds the host key (a solo game)
    SEAT = "seat"  # a player, for their own seat
    ANYONE = "anyone"  # any connection in the room


@dataclass(frozen=True)
class Desk:
    """What the handlers work with."""

    live: LiveRooms
    handoffs: Handoffs
    #: the languages a host may make the room's (ServiceConfig.languages)
    languages: tuple[str, ...]


@dataclass(frozen=True)
class Call:
    """One accepted command, as its handler gets it."""

    conn: str
    binding: Binding
    room: Room
    at: float
    #: the sender's seat (None: the table or a spectator)
    player: Player | None
    #: the declared fields, checked
    fields: Mapping[str, Any]

    @property
    def seat(self) -> int:
        """The sender's seat number (for commands only a seat may send)."""
        assert self.player is not None
        return self.player.seat


Handler = Callable[[Desk, Call], Reply]


@dataclass(frozen=True)
class Command:
    name: str
    by: By
    run: Handler
    fields: tuple[Field, ...] = ()
    #: the sentence for a sender this command is not for
    refusal: str = HOST_ONLY

    def allows(self, binding: Binding, player: Player | None) -> bool:
        if self.by is By.HOST:
            return binding.may_host
        return self.by is By.ANYONE or player is not None


def host_command(name: str, run: Handler, *fields: Field) -> Command:
    """A command only the host sends."""
    return Command(name, By.HOST, run, fields)


def seat_command(name: str, run: Handler, *fields: Field, refusal: str) -> Command:
    """A command a player sends for their own seat."""
    return Command(name, By.SEAT, run, fields, refusal)


def run(
    desk: Desk, conn: str, binding: Binding, room: Room, data: Mapping[str, Any], at: float
) -> Reply:
    """Carry out the command ``data`` from ``conn``, bound to ``room`` as ``binding``."""
    kind = check.text(data, "type", TYPE_MAX)
    command = COMMANDS.get(kind)
    if command is None:
        raise RoomError(ErrorCode.BAD_REQUEST, "Unknown room command {kind}.", kind=repr(kind))
    player = seat_of(room, binding)
    if not command.allows(binding, player):
        raise RoomError(ErrorCode.FORBIDDEN, command.refusal)
    fields = check.fields(data, command.fields)
    return command.run(desk, Call(conn, binding, room, at, player, fields))


# -- the handlers ----------------------------------------------------------------------------


def _changed(desk: Desk, call: Call, event: RoomEvent) -> Reply:
    """Record ``event``; every connection gets the new view."""
    desk.live.record(call.room, event)
    return Reply({"ok": True}, desk.live.broadcast(call.room))


def _announced(desk: Desk, call: Call, event: RoomEvent) -> Reply:
    """Record ``event``; every connection is told (a note of its kind, for a toast) and gets
    the new view."""
    desk.live.record(call.room, event)
    note = desk.live.notify(call.room, {"kind": event["kind"]})
    return Reply({"ok": True}, note + desk.live.broadcast(call.room))


def _leave(desk: Desk, call: Call) -> Reply:
    desk.live.record(call.room, LeaveEvent(kind="leave", seat=call.seat, at=call.at))
    desk.live.members.unbind(call.conn)
    return Reply({"ok": True}, desk.live.broadcast(call.room))


def _avatar(desk: Desk, call: Call) -> Reply:
    event = AvatarEvent(kind="avatar", seat=call.seat, avatar=call.fields["avatar"], at=call.at)
    return _changed(desk, call, event)


def _kick(desk: Desk, call: Call) -> Reply:
    """Remove a seat; its connections are told and leave the room."""
    room, seat = call.room, call.fields["seat"]
    kicked = room.players[seat] if 0 <= seat < len(room.players) else None
    desk.live.record(room, KickEvent(kind="kick", at=call.at, seat=seat))
    out: list[Outbound] = []
    if kicked is not None:
        for victim in desk.live.members.with_token(room.code, kicked.token):
            out.append(Outbound(victim, "note", {"kind": "kicked"}))
            desk.live.members.unbind(victim)
    return Reply({"ok": True}, out + desk.live.broadcast(room))


def _lock(desk: Desk, call: Call) -> Reply:
    return _changed(desk, call, LockEvent(kind="lock", at=call.at))


def _unlock(desk: Desk, call: Call) -> Reply:
    return _changed(desk, call, UnlockEvent(kind="unlock", at=call.at))


def _options(desk: Desk, call: Call) -> Reply:
    options = call.fields["options"]
    return _changed(desk, call, OptionsEvent(kind="options", at=call.at, options=options))


def _order(desk: Desk, call: Call) -> Reply:
    return _changed(desk, call, OrderEvent(kind="order", at=call.at, seats=call.fields["seats"]))


def _first(desk: Desk, call: Call) -> Reply:
    return _changed(desk, call, FirstEvent(kind="first", at=call.at, seat=call.fields["seat"]))


def _language(desk: Desk, call: Call) -> Reply:
    lang = call.fields["lang"]
    if lang not in desk.languages:
        raise RoomError(ErrorCode.BAD_REQUEST, "This server does not speak {lang}.", lang=lang)
    return _changed(desk, call, LanguageEvent(kind="language", at=call.at, lang=lang))


def _start(desk: Desk, call: Call) -> Reply:
    desk.live.catch_up(call.room, call.at)
    return _announced(desk, call, StartEvent(kind="start", at=call.at))


def _rematch(desk: Desk, call: Call) -> Reply:
    event = RematchEvent(kind="rematch", at=call.at, seed=new_seed())
    desk.live.catch_up(call.room, call.at)
    return _announced(desk, call, event)


def _game(desk: Desk, call: Call) -> Reply:
    """Switch the room to another game (companion/rooms/room.py, ``Room._game``); everyone is
    told and lands in its lobby."""
    game = next_game(call.room.party.games, call.fields["game"])
    options = options_for(game, call.fields["options"] or {})
    event = GameEvent(
        kind="game",
        at=call.at,
        game=game.id,
        rules=game.rules_version,
        options=options,
        seed=new_seed(),
    )
    if call.fields["players"] is not None:
        event["players"] = call.fields["players"]
    return _announced(desk, call, event)


def _pause(desk: Desk, call: Call) -> Reply:
    return _announced(desk, call, PauseEvent(kind="pause", at=call.at))


def _resume(desk: Desk, call: Call) -> Reply:
    desk.live.catch_up(call.room, call.at)
    return _announced(desk, call, ResumeEvent(kind="resume", at=call.at))


def _end(desk: Desk, call: Call) -> Reply:
    return _announced(desk, call, EndEvent(kind="end", at=call.at))


def _undo(desk: Desk, call: Call) -> Reply:
    return _undo_or_redo(desk, call, UndoEvent(kind="undo", at=call.at))


def _redo(desk: Desk, call: Call) -> Reply:
    return _undo_or_redo(desk, call, RedoEvent(kind="redo", at=call.at))


def _undo_or_redo(desk: Desk, call: Call, event: UndoEvent | RedoEvent) -> Reply:
    """The host takes back the last action (or puts it back); every screen is told what."""
    room = call.room
    if desk.live.races.waiting(room.code) is not None:
        raise RoomError(ErrorCode.ILLEGAL, "Wait a moment: a race is being decided.")
    desk.live.advance(room, call.at)
    desk.live.record(room, event)
    kind, what = event["kind"], room.last_undo
    text = (
        say("Undone: {what}.", what=what) if kind == "undo" else say("Redone: {what}.", what=what)
    )
    ack: dict[str, Any] = {"ok": True, "undone": room.last_undo}
    if kind == "redo":
        ack["redone"] = room.last_undo
    # the English text, and its template for the pages to translate (companion/engine/text.py)
    note = desk.live.notify(room, {"kind": kind, "text": text, **text_json(text)})
    return Reply(ack, note + desk.live.broadcast(room))


def _handoff(desk: Desk, call: Call) -> Reply:
    """A code that gives a seat to another device (companion/rooms/handoffs.py); nothing is
    recorded and nobody else is told."""
    join_url = desk.live.config.join_url(call.room.code)
    return Reply(desk.handoffs.issue(call.room, call.fields["seat"], call.at, join_url))


SEAT_FIELD = Field("seat", FieldType.INT)
SEATS_FIELD = Field("seats", FieldType.LIST, item=FieldType.INT, max_items=64)

#: every room command, by name
COMMANDS: dict[str, Command] = {
    command.name: command
    for command in (
        seat_command("leave", _leave, refusal="Only a player can leave a seat."),
        seat_command(
            "avatar",
            _avatar,
            AvatarField("avatar", FieldType.JSON),
            refusal="Only a player has an avatar.",
        ),
        host_command("start", _start),
        host_command("kick", _kick, SEAT_FIELD),
        host_command("lock", _lock),
        host_command("unlock", _unlock),
        host_command("pause", _pause),
        host_command("resume", _resume),
        host_command("end", _end),
        host_command("rematch", _rematch),
        # another game for the same seats: its id, its options, who plays it (absent: everyone)
        host_command(
            "game",
            _game,
            check.TextField("game", FieldType.TEXT, max_length=TYPE_MAX),
            check.ObjectField(
                "options",
                FieldType.JSON,
                required=False,
                default=None,
                message="'options' must be an object.",
            ),
            Field(
                "players",
                FieldType.LIST,
                required=False,
                default=None,
                item=FieldType.INT,
                max_items=64,
            ),
        ),
        host_command("options", _options, check.OPTIONS_FIELD),
        host_command("undo", _undo),
        host_command("redo", _redo),
        # the lobby's seats in the order people sit (every current seat number once)
        host_command("order", _order, SEATS_FIELD),
        # who starts: a seat, or null to let the game draw it
        host_command("first", _first, Field("seat", FieldType.INT, required=False, default=None)),
        host_command("handoff", _handoff, SEAT_FIELD),
        host_command("language", _language, check.TextField("lang", FieldType.TEXT, max_length=16)),
    )
}
