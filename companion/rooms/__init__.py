"""Rooms, seats, tokens, lobby and host controls. Returns messages; never holds a socket."""

from companion.rooms.errors import RoomError
from companion.rooms.messages import Outbound, Reply
from companion.rooms.service import RoomService, ServiceConfig

__all__ = ["Outbound", "Reply", "RoomError", "RoomService", "ServiceConfig"]
