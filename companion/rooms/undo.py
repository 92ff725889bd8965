"""The host's undo and redo (the ``undo`` and ``redo`` events, docs/protocol.md): the room's
history (companion/rooms/history.py) taken back a step, or put back, with the game clock.

Each is prepared like every room event: checked against the room, then a commit function that
changes it (``Room.prepare``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine import ErrorCode, State
from companion.rooms.errors import RoomError
from companion.rooms.events import RedoEvent, UndoEvent
from companion.rooms.history import Undone
from companion.rooms.status import Status

if TYPE_CHECKING:
    from companion.rooms.room import Commit, Room


def undoable(room: Room) -> None:
    """RoomError unless the room's game can be undone now: in play, or over by its own rules."""
    if room.status is Status.PLAYING:
        return
    if room.status is Status.OVER and room.state is not None and room.game.is_over(room.state):
        return
    raise RoomError(ErrorCode.ILLEGAL, "Undo works while a game is in play (not paused).")


def undo(room: Room, event: UndoEvent) -> Commit:
    """The last action and the timers after it, taken back; the game clock goes back to
    the game time of that action, so its timers resume with the time they had left then."""
    undoable(room)
    history = room.history
    index = history.last_action()
    if index is None:
        raise RoomError(ErrorCode.ILLEGAL, "Nothing to undo in this game.")
    at = float(event["at"])
    now = room.game_time(at)
    step = history.done[index]
    label = room.label(step)
    offset = round(at - step.at)
    restored = still_gone(room, step.before, at - offset)

    def commit() -> None:
        steps = tuple(history.done[index:])
        del history.done[index:]
        history.undone.append(Undone(room.state, now, label, steps))
        room.last_undo = label
        room.status = Status.PLAYING
        room.offset = offset
        room._set_state(restored)

    return commit


def redo(room: Room, event: RedoEvent) -> Commit:
    """What the last undo took back, put back; the game clock goes forward to the game
    time of that undo, so the timers resume with the time they had left then."""
    undoable(room)
    history = room.history
    if not history.undone:
        raise RoomError(ErrorCode.ILLEGAL, "Nothing to redo.")
    at = float(event["at"])
    top = history.undone[-1]
    offset = round(at - top.at)
    restored = still_gone(room, top.state, at - offset)

    def commit() -> None:
        history.undone.pop()
        history.done.extend(top.steps)
        room.last_undo = top.label
        room.status = Status.PLAYING
        room.offset = offset
        room._set_state(restored)

    return commit


def still_gone(room: Room, state: State, at: float) -> State:
    """A seat that left stays gone in a state from before it left (``at``: game time); a seat
    that sits out this game is none of its seats."""
    for player in room.players:
        if player.gone and not player.sitting_out:
            state = room.game.seat_left(state, player.seat, at)
    return state
