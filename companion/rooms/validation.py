"""Checks on client payloads; every failure is a RoomError("bad_request", ...)."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from companion.rooms.errors import RoomError

NAME_MAX = 20
TOKEN_MAX = 64


def payload(raw: object) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise RoomError("bad_request", "The message must be an object.")
    return raw


def text(data: Mapping[str, Any], key: str, max_len: int) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise RoomError("bad_request", f"'{key}' must be a non-empty string.")
    if len(value) > max_len:
        raise RoomError("bad_request", f"'{key}' is too long (at most {max_len} characters).")
    return value


def integer(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RoomError("bad_request", f"'{key}' must be a whole number.")
    return value


def number(data: Mapping[str, Any], key: str) -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise RoomError("bad_request", f"'{key}' must be a number.")
    return float(value)


def player_name(raw: object) -> str:
    """A trimmed name of 1–20 printable characters.

    >>> player_name("  Sofia ")
    'Sofia'
    >>> player_name("a\\x00b")
    Traceback (most recent call last):
    ...
    companion.rooms.errors.RoomError: Names may only use printable characters.
    """
    if not isinstance(raw, str):
        raise RoomError("bad_request", "Your name must be text.")
    name = " ".join(raw.split())
    if not name:
        raise RoomError("bad_request", "Please enter a name.")
    if len(name) > NAME_MAX:
        raise RoomError("bad_request", f"Names are at most {NAME_MAX} characters.")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise RoomError("bad_request", "Names may only use printable characters.")
    return name
