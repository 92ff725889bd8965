"""Rooms, seats, tokens, lobby and host controls. Returns messages; never holds a socket."""

from companion.rooms.config import ServiceConfig
from companion.rooms.errors import RoomError
from companion.rooms.messages import Outbound, Pending, Reply
from companion.rooms.service import RoomService

__all__ = ["Outbound", "Pending", "Reply", "RoomError", "RoomService", "ServiceConfig"]
