"""Checks on client payloads; every failure is a RoomError(ErrorCode.BAD_REQUEST, ...)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import grapheme  # type: ignore[import-untyped]

from companion.engine import ErrorCode, Field, FieldType, IllegalAction
from companion.engine.text import N_
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


@dataclass(frozen=True)
class TextField(Field):
    """A non-empty string of at most ``max_length`` characters, refused with the room layer's
    own sentences (older than the engine's, and on the pages since).

    >>> TextField("lang", FieldType.TEXT, max_length=2).check("cs")
    'cs'
    >>> TextField("lang", FieldType.TEXT, max_length=2).check("")
    Traceback (most recent call last):
    ...
    companion.engine.errors.BadRequest: 'lang' must be a non-empty string.
    """

    def check(self, value: Any) -> Any:
        if not isinstance(value, str) or not value:
            raise self.refuse(N_("'{field}' must be a non-empty string."))
        if len(value) > self.max_length:
            raise self.refuse(
                N_("'{field}' is too long (characters at most: {n})."), n=self.max_length
            )
        return value


@dataclass(frozen=True)
class ObjectField(Field):
    """A JSON object, copied (its values are checked by whoever reads them); ``message`` is the
    refusal of anything else.

    >>> ObjectField("options", FieldType.JSON, message="Give an object.").check([1])
    Traceback (most recent call last):
    ...
    companion.engine.errors.BadRequest: Give an object.
    """

    def check(self, value: Any) -> Any:
        if not isinstance(value, Mapping):
            raise self.refuse(self.message)
        return dict(value)


#: the game options of a new room, or the ones the host changes in the lobby
OPTIONS_FIELD = ObjectField("options", FieldType.JSON, message="'options' must be an object.")


def text(data: Mapping[str, Any], key: str, max_len: int) -> str:
    value: str = field(data, TextField(key, FieldType.TEXT, max_length=max_len))
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


def fields(data: Mapping[str, Any], declared: Iterable[Field]) -> dict[str, Any]:
    """Every declared field of ``data``, checked. An optional field that is absent (or null)
    takes its default; a required one is checked as it is, so a missing value gets the
    field's own sentence ("'seat' must be a whole number.").

    >>> fields({"seat": 2}, [Field("seat", FieldType.INT)])
    {'seat': 2}
    >>> fields({}, [Field("seat", FieldType.INT, required=False, default=None)])
    {'seat': None}
    """
    out: dict[str, Any] = {}
    for declaration in declared:
        if data.get(declaration.name) is None and not declaration.required:
            out[declaration.name] = declaration.default
        else:
            out[declaration.name] = field(data, declaration)
    return out


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
