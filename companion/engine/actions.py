"""Declared actions: each game action is declared once — its name, who may send it, whether it
is a race, and the fields of its payload with their types and ranges.

The engine reads a payload against its declaration before the game sees it: the shape and the
sender are checked here, with readable messages built from the declaration, and only the
declared fields travel on (unknown fields are dropped; absent optional fields stay absent unless
they declare a default). The game's handler then judges only what the rules say.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from companion.engine.errors import BadRequest, Forbidden
from companion.engine.text import N_

S = TypeVar("S")

#: a checked payload: the action's ``type`` and its declared fields
Payload = Mapping[str, Any]

_MISSING: Any = object()


class Sender(enum.StrEnum):
    """Who may send an action: a seat (a player's phone), the table (the TV), or either."""

    SEAT = "seat"
    TABLE = "table"
    ANYONE = "anyone"


class FieldType(enum.StrEnum):
    BOOL = "bool"
    INT = "int"  # a whole number (never a bool)
    NUMBER = "number"  # a finite number
    TEXT = "text"  # a non-empty string, optionally one of ``choices``
    SEAT = "seat"  # a seat number of this game (checked against the game's seats in apply)
    LIST = "list"  # a list of ``item`` values
    JSON = "json"  # any JSON value the game parses itself (e.g. dice faces)


@dataclass(frozen=True)
class Field:
    """One payload field.

    >>> Field("points", FieldType.INT, low=-100, high=100).check(101)
    Traceback (most recent call last):
    ...
    companion.engine.errors.BadRequest: 'points' must be between -100 and 100.
    >>> Field("cards", FieldType.LIST, item=FieldType.TEXT, max_items=2).check(["ear"])
    ['ear']
    >>> Field("cards", FieldType.LIST, item=FieldType.TEXT, choices=("ear",)).check(["eye"])
    Traceback (most recent call last):
    ...
    companion.engine.errors.BadRequest: 'cards' must be one of: ear.
    >>> Field("use", FieldType.BOOL, message="Say yes or no.").check(1)
    Traceback (most recent call last):
    ...
    companion.engine.errors.BadRequest: Say yes or no.

    A refusal is an English template with the field's parts apart, so that the page translates
    it (docs/architecture.md, "Languages"); a declared ``message`` may name ``{field}``,
    ``{low}``, ``{high}``, ``{max_items}`` and its own ``parts`` too:

    >>> try:
    ...     Field("points", FieldType.INT, high=5, message="Up to {high} points.").check(9)
    ... except BadRequest as e:
    ...     print(e.template, e.params)
    Up to {high} points. {'high': 5}
    """

    name: str
    type: FieldType
    required: bool = True
    #: used when the field is absent (only for optional fields)
    default: Any = _MISSING
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    #: the type of a LIST's items
    item: FieldType | None = None
    max_items: int = 20
    max_length: int = 100
    #: the whole sentence to answer when the value is wrong (instead of the built one)
    message: str = ""
    #: the same for a wrong item of a LIST
    item_message: str = ""
    #: more ``(name, value)`` parts a ``message`` may name (besides the field's own)
    parts: tuple[tuple[str, object], ...] = ()
    #: a value typed in that nobody could list (a strength, a count): ``Game.choices`` lists
    #: its decision once, with a representative value that stands for every value of this
    #: field, so wherever the game lists that decision it accepts it with any value here
    free: bool = False

    def refuse(self, template: str, **params: object) -> BadRequest:
        """The refusal for a wrong value: the declared ``message`` if there is one, else the
        built ``template``; each with the parts it names."""
        if not self.message:
            return BadRequest(template, field=self.name, **params)
        parts: dict[str, object] = {"field": self.name, "low": self.low, "high": self.high}
        parts["max_items"] = self.max_items
        parts.update(self.parts)
        named = {k: v for k, v in parts.items() if "{" + k + "}" in self.message}
        return BadRequest(self.message, **named)

    def check(self, value: Any) -> Any:
        """``value`` if it fits the declaration, else BadRequest with a readable sentence."""
        if self.type is FieldType.LIST:
            if not isinstance(value, list):
                raise self.refuse(N_("'{field}' must be a list."))
            if len(value) > self.max_items:
                raise self.refuse(
                    N_("'{field}' holds too many items (at most: {n})."), n=self.max_items
                )
            item = replace(self, type=self.item or FieldType.JSON, message=self.item_message)
            return [item.check(v) for v in value]
        return self._scalar(self.type, value)

    def _scalar(self, kind: FieldType, value: Any) -> Any:
        if kind is FieldType.BOOL:
            if not isinstance(value, bool):
                raise self.refuse(N_("'{field}' must be true or false."))
            return value
        if kind in (FieldType.INT, FieldType.SEAT):
            if isinstance(value, bool) or not isinstance(value, int):
                raise self.refuse(N_("'{field}' must be a whole number."))
            if kind is FieldType.SEAT and value < 0:
                raise BadRequest("There is no such seat.")
            return self._in_range(value)
        if kind is FieldType.NUMBER:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise self.refuse(N_("'{field}' must be a number."))
            if not math.isfinite(value):
                raise self.refuse(N_("'{field}' must be a finite number."))
            return self._in_range(value)
        if kind is FieldType.TEXT:
            if not isinstance(value, str) or not value:
                raise self.refuse(N_("'{field}' must be text."))
            if len(value) > self.max_length:
                raise self.refuse(N_("'{field}' is too long."))
            if self.choices and value not in self.choices:
                raise self.refuse(
                    N_("'{field}' must be one of: {choices}."), choices=", ".join(self.choices)
                )
            return value
        if not _plain_json(value, MAX_DEPTH):
            raise self.refuse(N_("'{field}' must be plain JSON."))
        return value  # the game parses it

    def _in_range(self, value: float) -> Any:
        if (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            raise self.refuse(
                N_("'{field}' must be between {low} and {high}."), low=self.low, high=self.high
            )
        return value


#: how deeply a JSON field may nest
MAX_DEPTH = 6


def _plain_json(value: Any, depth: int) -> bool:
    """Text, finite numbers, booleans, null, and lists and objects of them, not too deep:
    what every client can parse back (no bytes, no Infinity, no NaN).

    >>> _plain_json({"dice": [{"symbol": "ear"}, 1.5, None]}, MAX_DEPTH)
    True
    >>> _plain_json([b"bytes"], MAX_DEPTH), _plain_json(float("inf"), MAX_DEPTH)
    (False, False)
    >>> _plain_json([[[[[[[[1]]]]]]]], MAX_DEPTH)
    False
    """
    if value is None or isinstance(value, bool | int | str):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if depth <= 0:
        return False
    if isinstance(value, list):
        return all(_plain_json(item, depth - 1) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain_json(v, depth - 1) for k, v in value.items())
    return False


#: a handler: the state after the action (``seat`` None is the table)
Handler = Callable[[S, Any, Payload, float], S]


@dataclass(frozen=True)
class Action(Generic[S]):
    """One declared action: build it with :func:`by_seat`, :func:`by_table` or :func:`by_anyone`."""

    name: str
    sender: Sender
    run: Handler[S]
    fields: tuple[Field, ...] = ()
    #: resolved by the fair sequencer: ``at`` is the fair press time
    race: bool = False
    #: the sentence for a sender this action is not for
    refusal: str = ""
    #: a side action: possible at almost any moment (a raven taken, "I play a spell", resign)
    #: and never what the game waits for, so ``Game.choices`` does not list it
    side: bool = False

    def accept(self, seat: int | None, raw: Mapping[str, Any]) -> dict[str, Any]:
        """The payload as the game sees it, or BadRequest / Forbidden.

        >>> arm = by_table("arm", lambda s, seat, p, at: s, refusal="Only the table arms.")
        >>> arm.accept(None, {"type": "arm", "junk": 1})
        {'type': 'arm'}
        >>> arm.accept(2, {"type": "arm"})
        Traceback (most recent call last):
        ...
        companion.engine.errors.Forbidden: Only the table arms.
        """
        if self.sender is Sender.SEAT and seat is None:
            raise Forbidden(self.refusal or "Only a player can do that; the table cannot.")
        if self.sender is Sender.TABLE and seat is not None:
            raise Forbidden(self.refusal or "Only the table can do that.")
        out: dict[str, Any] = {"type": self.name}
        for field in self.fields:
            value = raw.get(field.name)
            if value is None:
                if field.required:
                    raise field.refuse(N_("'{field}' is missing."))
                if field.default is not _MISSING:
                    out[field.name] = field.default
                continue
            out[field.name] = field.check(value)
        return out

    def seat_fields(self) -> tuple[Field, ...]:
        """Fields that name a seat (checked against the number of seats the room passes to
        ``Game.apply``)."""
        return tuple(f for f in self.fields if f.type is FieldType.SEAT)


def by_seat(
    name: str,
    run: Callable[[S, int, Payload, float], S],
    *fields: Field,
    race: bool = False,
    refusal: str = "",
    side: bool = False,
) -> Action[S]:
    """An action only a seat sends; the handler gets the seat as an ``int``."""
    return Action(name, Sender.SEAT, run, fields, race, refusal, side)


def by_table(
    name: str,
    run: Callable[[S, None, Payload, float], S],
    *fields: Field,
    race: bool = False,
    refusal: str = "",
    side: bool = False,
) -> Action[S]:
    """An action only the table (the TV) sends; the handler gets ``None`` as the seat."""
    return Action(name, Sender.TABLE, run, fields, race, refusal, side)


def by_anyone(
    name: str,
    run: Callable[[S, int | None, Payload, float], S],
    *fields: Field,
    race: bool = False,
    side: bool = False,
) -> Action[S]:
    """An action a seat or the table may send."""
    return Action(name, Sender.ANYONE, run, fields, race, side=side)
