"""Checks on client payloads; every failure is a RoomError(ErrorCode.BAD_REQUEST, ...)."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

import grapheme  # type: ignore[import-untyped]

from companion.engine import ErrorCode, Field, FieldType, IllegalAction
from companion.rooms.errors import RoomError

#: the longest name, in characters as people see them (graphemes)
NAME_MAX = 24
#: a bound on code points too: one grapheme may hold many (flags, families, skin tones)
NAME_CODE_POINTS_MAX = 120
#: format characters emoji sequences use: zero-width joiner, variation selectors, tag characters
_EMOJI_FORMAT = frozenset(["\u200d", "\ufe0e", "\ufe0f", *map(chr, range(0xE0020, 0xE0080))])
TOKEN_MAX = 64


def payload(raw: object) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise RoomError(ErrorCode.BAD_REQUEST, "The message must be an object.")
    return raw


def text(data: Mapping[str, Any], key: str, max_len: int) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise RoomError(ErrorCode.BAD_REQUEST, "'{field}' must be a non-empty string.", field=key)
    if len(value) > max_len:
        raise RoomError(
            ErrorCode.BAD_REQUEST,
            "'{field}' is too long (at most {n} characters).",
            field=key,
            n=max_len,
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
        raise RoomError(exc.code, exc.template, **exc.params) from exc


def integer(data: Mapping[str, Any], key: str) -> int:
    value: int = field(data, Field(key, FieldType.INT))
    return value


def number(data: Mapping[str, Any], key: str) -> float:
    return float(field(data, Field(key, FieldType.NUMBER)))


def player_name(raw: object) -> str:
    """A trimmed name of 1–24 printable characters as people see them (graphemes: an emoji
    sequence such as 🧙‍♀️ is one), unique in the room ignoring case.

    >>> player_name("  Sofia 🧙‍♀️ ")
    'Sofia 🧙‍♀️'
    >>> player_name("a\\x00b")
    Traceback (most recent call last):
    ...
    companion.rooms.errors.RoomError: Names may only use printable characters.
    >>> player_name("x" * 25)
    Traceback (most recent call last):
    ...
    companion.rooms.errors.RoomError: Names are at most 24 characters (this one has 25).
    """
    if not isinstance(raw, str):
        raise RoomError(ErrorCode.BAD_REQUEST, "Your name must be text.")
    name = " ".join(raw.split())
    if not name:
        raise RoomError(ErrorCode.BAD_REQUEST, "Please enter a name.")
    if len(name) > NAME_CODE_POINTS_MAX:
        raise RoomError(ErrorCode.BAD_REQUEST, "Names are at most {max} characters.", max=NAME_MAX)
    length = grapheme.length(name)
    if length > NAME_MAX:
        raise RoomError(
            ErrorCode.BAD_REQUEST,
            "Names are at most {max} characters (this one has {length}).",
            max=NAME_MAX,
            length=length,
        )
    if any(not _printable(ch) for ch in name):
        raise RoomError(ErrorCode.BAD_REQUEST, "Names may only use printable characters.")
    return name


def _printable(ch: str) -> bool:
    """Letters, marks, numbers, symbols, punctuation, spaces, and the invisible joiners and
    selectors emoji sequences are made of; never control characters, private use, unassigned
    code points or the bidirectional overrides that could reorder the text around a name."""
    category = unicodedata.category(ch)
    if category == "Cf":
        return ch in _EMOJI_FORMAT
    return not category.startswith("C")
