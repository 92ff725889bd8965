"""Checks on client payloads; every failure is a RoomError(ErrorCode.BAD_REQUEST, ...)."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from companion.engine import ErrorCode, Field, FieldType, IllegalAction
from companion.rooms.errors import RoomError

NAME_MAX = 20
TOKEN_MAX = 64


def payload(raw: object) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise RoomError(ErrorCode.BAD_REQUEST, "The message must be an object.")
    return raw


def text(data: Mapping[str, Any], key: str, max_len: int) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise RoomError(ErrorCode.BAD_REQUEST, f"'{key}' must be a non-empty string.")
    if len(value) > max_len:
        raise RoomError(
            ErrorCode.BAD_REQUEST, f"'{key}' is too long (at most {max_len} characters)."
        )
    return value


def field(data: Mapping[str, Any], declared: Field) -> Any:
    """``data[declared.name]`` checked by the engine's field rules (the ones game actions use).

    >>> field({"t": float("inf")}, Field("t", FieldType.NUMBER))
    Traceback (most recent call last):
    ...
    companion.rooms.errors.RoomError: 't' must be a finite number.
    """
    try:
        return declared.check(data.get(declared.name))
    except IllegalAction as exc:
        raise RoomError(exc.code, exc.message) from exc


def integer(data: Mapping[str, Any], key: str) -> int:
    value: int = field(data, Field(key, FieldType.INT))
    return value


def number(data: Mapping[str, Any], key: str) -> float:
    return float(field(data, Field(key, FieldType.NUMBER)))


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
        raise RoomError(ErrorCode.BAD_REQUEST, "Your name must be text.")
    name = " ".join(raw.split())
    if not name:
        raise RoomError(ErrorCode.BAD_REQUEST, "Please enter a name.")
    if len(name) > NAME_MAX:
        raise RoomError(ErrorCode.BAD_REQUEST, f"Names are at most {NAME_MAX} characters.")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise RoomError(ErrorCode.BAD_REQUEST, "Names may only use printable characters.")
    return name
