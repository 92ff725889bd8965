"""Your box: the values printed on a group's own components that no rulebook gives.

A game declares its box as :class:`BoxField` values (``Game.box``) next to its options: each
value the app cannot know from the rulebook (a Witch card's Defense, a die's faces…), with its
kind, its range and today's placeholder value as the default. The host fills in what the box
on the table says, and the room carries it as the option ``box``: a **sparse** object (any field
left out keeps its default), checked by :func:`check_box` like any option. A game reads it
through :class:`Box`, which fills in the defaults and knows which values are still
placeholders, so that a value the host entered loses its placeholder mark on every screen.

>>> fields = (
...     BoxField("track", BoxKind.INT, 12, "Track length", low=6, high=30),
...     BoxField("jurors", BoxKind.LIST, ["Ada", "Bea"], "Jurors", low=1, high=5,
...              item=(BoxField("name", BoxKind.TEXT, "Juror", "Juror"),)),
... )
>>> given = check_box(fields, {"jurors": ["  Zora ", "Ida"]})
>>> given
{'jurors': ['Zora', 'Ida']}
>>> box = Box(fields, given)
>>> box.value("track"), box.value("jurors"), box.placeholder("track"), box.placeholder("jurors")
(12, ['Zora', 'Ida'], True, False)
>>> check_box(fields, {"jurors": ["Zora", ""]})
Traceback (most recent call last):
...
companion.engine.options.OptionError: Your box: Juror 2 must be text (length: 1 to 40).
"""

from __future__ import annotations

import copy
import enum
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine.options import OptionError
from companion.engine.text import N_, Text, say

#: the longest TEXT when a field does not say
TEXT_MAX = 40
#: a square tile's sides and corners, clockwise from its facing (SIDES)
TILE_SIDES = 8
#: the most columns a board may have: one letter each
MAX_COLUMNS = 26


class BoxKind(enum.StrEnum):
    INT = "int"  # low..high
    TEXT = "text"  # 1..high characters (default high 40), stripped, no control characters
    CHOICE = "choice"  # one of choices
    MULTI = "multi"  # a list of distinct choices (low..high of them)
    CELL = "cell"  # a board space name, "a1" bottom-left, inside the board named by `board`
    CELLS = "cells"  # a list of `count` distinct CELLs
    SIDES = "sides"  # distinct ints 0..7: a square tile's sides and corners clockwise from facing
    RECORD = "record"  # a dict of the `item` fields (every key optional, defaults fill in)
    LIST = "list"  # a list of values of the one field in `item` (low..high items, or `count`)


@dataclass(frozen=True)
class BoxField:
    """One value of the box, declared. ``label`` and ``help`` are English, marked ``N_()``.

    ``board`` (CELL and CELLS) names the sibling INT fields that hold the board's width and
    height: the space must be on the board the same box describes.

    >>> BoxField("size", BoxKind.INT, 5, "Size")
    Traceback (most recent call last):
    ...
    ValueError: box field size: an int needs low and high
    """

    id: str
    kind: BoxKind
    default: Any
    label: str
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    item: tuple[BoxField, ...] = ()
    count: int | None = None
    board: tuple[str, str] | None = None
    placeholder: bool = True
    help: str = ""

    def __post_init__(self) -> None:
        kind = self.kind
        wrong = (
            "an int needs low and high"
            if kind is BoxKind.INT and (self.low is None or self.high is None)
            else "it needs choices"
            if kind in (BoxKind.CHOICE, BoxKind.MULTI) and not self.choices
            else "it needs board (the width and height fields)"
            if kind in (BoxKind.CELL, BoxKind.CELLS) and self.board is None
            else "cells need a count"
            if kind is BoxKind.CELLS and self.count is None
            else "a record needs its fields"
            if kind is BoxKind.RECORD and not self.item
            else "a list needs exactly one item field"
            if kind is BoxKind.LIST and len(self.item) != 1
            else "a list needs a count or low and high"
            if kind is BoxKind.LIST
            and self.count is None
            and (self.low is None or self.high is None)
            else ""
        )
        if wrong:
            raise ValueError(f"box field {self.id}: {wrong}")

    @property
    def text_max(self) -> int:
        """The longest TEXT this field takes."""
        return TEXT_MAX if self.high is None else self.high

    @property
    def span(self) -> tuple[int, int]:
        """How many values a MULTI, CELLS or LIST holds: (fewest, most)."""
        if self.count is not None:
            return self.count, self.count
        if self.kind is BoxKind.MULTI:
            low = 0 if self.low is None else self.low
            return low, len(self.choices) if self.high is None else self.high
        assert self.low is not None and self.high is not None  # __post_init__ checked
        return self.low, self.high


def record(id: str, label: str, *fields: BoxField, help: str = "") -> BoxField:
    """A RECORD of ``fields`` whose default is theirs, key by key (what a record given nothing,
    or a list's item, reads: the one shape every game's records have).

    >>> size = record("size", "Size", BoxField("w", BoxKind.INT, 5, "Width", low=1, high=9))
    >>> size.kind, size.default, [f.id for f in size.item]
    (<BoxKind.RECORD: 'record'>, {'w': 5}, ['w'])
    """
    return BoxField(id, BoxKind.RECORD, {f.id: f.default for f in fields}, label, item=fields,
                    help=help)  # fmt: skip


# -- cells --------------------------------------------------------------------------------------


_CELL = re.compile(r"([a-z])([1-9][0-9]?)")


def cell_name(x: int, y: int) -> str:
    """The name of the space in column ``x`` and row ``y`` (from 0, bottom-left).

    >>> cell_name(0, 0), cell_name(1, 1), cell_name(8, 8)
    ('a1', 'b2', 'i9')
    """
    return f"{chr(ord('a') + x)}{y + 1}"


def cell_xy(name: str) -> tuple[int, int]:
    """Column and row (from 0) of a checked space name: the inverse of :func:`cell_name`.

    >>> cell_xy("b2"), cell_xy("a10")
    ((1, 1), (0, 9))
    """
    found = _CELL.fullmatch(name)
    if found is None:
        raise ValueError(f"not a space name: {name!r}")
    return ord(found[1]) - ord("a"), int(found[2]) - 1


def _on_board(value: object, width: int, height: int) -> str | None:
    """``value`` as a space name (lower case) if it names a space of the board, else None."""
    if not isinstance(value, str):
        return None
    name = value.strip().lower()
    if _CELL.fullmatch(name) is None:
        return None
    x, y = cell_xy(name)
    return name if x < width and y < height else None


# -- checking -----------------------------------------------------------------------------------


def _path(outer: Text | None, inner: Text) -> Text:
    """The words that name a field inside another: "Juror 3 · Name"."""
    return inner if outer is None else say("{outer} · {inner}", outer=outer, inner=inner)


def _item_path(outer: Text | None, item: BoxField, index: int) -> Text:
    """The words that name a list's ``index``-th value (from 0): "Juror 3"."""
    return _path(outer, say("{item} {number}", item=say(item.label), number=index + 1))


def _span_words(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _wrong_form(where: Text) -> OptionError:
    return OptionError(N_("Your box: {field} has the wrong form."), field=where)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_value(
    field: BoxField, value: Any, where: Text, siblings: Mapping[str, Any], under: Text | None
) -> Any:
    """``value`` checked against ``field``. ``where`` names the field in words; a list's items
    are named under ``under`` instead, without the list's own label ("Juror 3 · Name", not
    "Jurors · Juror 3 · Name"); ``siblings``: the values of the fields beside it, defaults
    filled in, for a board's size."""
    return _CHECKS[field.kind](field, value, where, siblings, under)


def _check_int(field: BoxField, value: Any, where: Text, *_: Any) -> Any:
    assert field.low is not None and field.high is not None
    if not _is_int(value) or not field.low <= value <= field.high:
        raise OptionError(
            N_("Your box: {field} must be a whole number from {low} to {high}."),
            field=where,
            low=field.low,
            high=field.high,
        )
    return value


def _check_text(field: BoxField, value: Any, where: Text, *_: Any) -> Any:
    text = value.strip() if isinstance(value, str) else None
    if text is None or not 1 <= len(text) <= field.text_max:
        raise OptionError(
            N_("Your box: {field} must be text (length: 1 to {high})."),
            field=where,
            high=field.text_max,
        )
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text):
        raise OptionError(N_("Your box: {field} must not contain control characters."), field=where)
    return text


def _check_choice(field: BoxField, value: Any, where: Text, *_: Any) -> Any:
    if not isinstance(value, str) or value not in field.choices:
        raise OptionError(
            N_("Your box: {field} must be one of: {choices}."),
            field=where,
            choices=", ".join(field.choices),
        )
    return value


def _check_record(field: BoxField, value: Any, where: Text, *_: Any) -> Any:
    if not isinstance(value, Mapping):
        raise _wrong_form(where)
    return _check_group(field.item, value, where)


def _board(field: BoxField, siblings: Mapping[str, Any]) -> tuple[int, int, str]:
    """The width and height of the board the sibling fields describe, and its last space."""
    assert field.board is not None
    width, height = (siblings[name] for name in field.board)
    return width, height, cell_name(width - 1, height - 1)


def _check_cell(
    field: BoxField, value: Any, where: Text, siblings: Mapping[str, Any], *_: Any
) -> Any:
    width, height, corner = _board(field, siblings)
    name = _on_board(value, width, height)
    if name is None:
        raise OptionError(
            N_("Your box: {field} must be a space on the board, from a1 to {corner}."),
            field=where,
            corner=corner,
        )
    return name


def _check_cells(
    field: BoxField, value: Any, where: Text, siblings: Mapping[str, Any], *_: Any
) -> Any:
    width, height, corner = _board(field, siblings)
    if not isinstance(value, list):
        raise _wrong_form(where)
    names = [_on_board(v, width, height) for v in value]
    if len(value) != field.count or None in names or len(set(names)) != len(names):
        raise OptionError(
            N_(
                "Your box: {field} must be different spaces on the board, from a1 to "
                "{corner} (how many: {span})."
            ),
            field=where,
            corner=corner,
            span=field.count,
        )
    return names


def _check_list(
    field: BoxField, value: Any, where: Text, siblings: Mapping[str, Any], under: Text | None
) -> Any:
    if not isinstance(value, list):
        raise _wrong_form(where)
    low, high = field.span
    if not low <= len(value) <= high:
        raise OptionError(
            N_("Your box: {field} must be a list (how many: {span})."),
            field=where,
            span=_span_words(low, high),
        )
    (item,) = field.item
    paths = [_item_path(under, item, i) for i in range(len(value))]
    return [_check_value(item, v, p, siblings, p) for v, p in zip(value, paths, strict=True)]


def _check_multi(field: BoxField, value: Any, where: Text, *_: Any) -> Any:
    if not isinstance(value, list):
        raise _wrong_form(where)
    low, high = field.span
    if (
        not low <= len(value) <= high
        or any(not isinstance(v, str) or v not in field.choices for v in value)
        or len(set(value)) != len(value)
    ):
        raise OptionError(
            N_("Your box: {field} must be different ones of: {choices} (how many: {span})."),
            field=where,
            choices=", ".join(field.choices),
            span=_span_words(low, high),
        )
    return list(value)


def _check_sides(field: BoxField, value: Any, where: Text, *_: Any) -> Any:
    if not isinstance(value, list):
        raise _wrong_form(where)
    sides = set(value)
    if any(not _is_int(v) or not 0 <= v < TILE_SIDES for v in value) or len(sides) < len(value):
        raise OptionError(
            N_("Your box: {field} must be different sides of the tile, from 0 to 7."),
            field=where,
        )
    return sorted(value)


#: each kind's check: (field, value, where, siblings, under) -> the checked value
_CHECKS: dict[BoxKind, Callable[..., Any]] = {
    BoxKind.INT: _check_int,
    BoxKind.TEXT: _check_text,
    BoxKind.CHOICE: _check_choice,
    BoxKind.MULTI: _check_multi,
    BoxKind.CELL: _check_cell,
    BoxKind.CELLS: _check_cells,
    BoxKind.SIDES: _check_sides,
    BoxKind.RECORD: _check_record,
    BoxKind.LIST: _check_list,
}


def _check_group(
    fields: Sequence[BoxField], given: Mapping[str, Any], where: Text | None
) -> dict[str, Any]:
    """A sparse group of fields (the box, or a RECORD) checked: unknown keys refused; a CELL
    is checked after the sizes beside it."""
    by_id = {f.id: f for f in fields}
    for key in given:
        if key not in by_id:
            raise OptionError(N_("Your box has no field {field}."), field=repr(str(key)[:40]))
    out: dict[str, Any] = {}
    later = (BoxKind.CELL, BoxKind.CELLS)
    for field in sorted(fields, key=lambda f: f.kind in later):  # stable: sizes first
        if field.id in given:
            siblings = {f.id: out.get(f.id, f.default) for f in fields}
            here = _path(where, say(field.label))
            out[field.id] = _check_value(field, given[field.id], here, siblings, where)
    return {f.id: out[f.id] for f in fields if f.id in out}


def check_box(fields: Sequence[BoxField], given: object) -> dict[str, Any]:
    """The sparse box ``given``, checked against the declared ``fields``: the same sparse dict
    with each value as the game reads it (texts stripped, spaces in lower case, sides in
    order); OptionError naming the field for a bad value or an unknown key.

    >>> fields = (
    ...     BoxField("width", BoxKind.INT, 5, "Width", low=4, high=9),
    ...     BoxField("height", BoxKind.INT, 5, "Height", low=4, high=9),
    ...     BoxField("altars", BoxKind.CELLS, ["b2", "d2", "b4", "d4"], "Altar spaces",
    ...              count=4, board=("width", "height")),
    ...     BoxField("shields", BoxKind.SIDES, [0], "Shield sides"),
    ... )
    >>> check_box(fields, {"altars": ["B2", "f6", "b5", "e2"], "width": 6, "height": 6})
    {'width': 6, 'height': 6, 'altars': ['b2', 'f6', 'b5', 'e2']}
    >>> check_box(fields, {"altars": ["b2", "f6", "b5", "e2"]})  # f6 is off the 5×5 board
    Traceback (most recent call last):
    ...
    companion.engine.options.OptionError: Your box: Altar spaces must be different spaces on \
the board, from a1 to e5 (how many: 4).
    >>> check_box(fields, {"shields": [2, 0, 2]})
    Traceback (most recent call last):
    ...
    companion.engine.options.OptionError: Your box: Shield sides must be different sides of \
the tile, from 0 to 7.
    >>> check_box(fields, {"colour": "red"})
    Traceback (most recent call last):
    ...
    companion.engine.options.OptionError: Your box has no field 'colour'.
    """
    if not isinstance(given, Mapping):
        raise OptionError(N_("Your box has the wrong form."))
    return _check_group(fields, given, None)


# -- reading ------------------------------------------------------------------------------------


_MISSING: Any = object()


def _filled(field: BoxField, value: Any, default: Any) -> Any:
    """``value`` (a checked sparse value, or _MISSING) with the defaults filled in: a RECORD's
    missing keys from ``default``, a list of records item by item."""
    if value is _MISSING:
        return copy.deepcopy(default)
    if field.kind is BoxKind.RECORD:
        base = default if isinstance(default, Mapping) else {}
        return {
            f.id: _filled(f, value.get(f.id, _MISSING), base.get(f.id, f.default))
            for f in field.item
        }
    if field.kind is BoxKind.LIST and field.item[0].kind is BoxKind.RECORD:
        (item,) = field.item
        row = default if isinstance(default, list) else []
        return [
            _filled(item, v, row[i] if i < len(row) else item.default) for i, v in enumerate(value)
        ]
    return copy.deepcopy(value)


class Box:
    """The box a room was given (checked by :func:`check_box`), read with the defaults filled
    in. A ``path`` after a field's id goes into it: a RECORD's key, a LIST's index.

    >>> card = (BoxField("name", BoxKind.TEXT, "Renée", "Name", placeholder=False),
    ...         BoxField("defense", BoxKind.INT, 3, "Defense", low=0, high=9))
    >>> fields = (BoxField("witch", BoxKind.RECORD, {"name": "Renée", "defense": 3}, "Witch",
    ...                    item=card),)
    >>> box = Box(fields, {"witch": {"defense": 5}})
    >>> box.value("witch"), box.value("witch", "name")
    ({'name': 'Renée', 'defense': 5}, 'Renée')
    >>> box.entered("witch"), box.entered("witch", "name"), box.placeholder("witch", "defense")
    (True, False, False)
    >>> box.placeholder("witch", "name")  # a value the rulebook states is never a placeholder
    False
    """

    def __init__(self, fields: Sequence[BoxField], given: Mapping[str, Any]) -> None:
        self.fields = tuple(fields)
        self.given = dict(given)
        self._by_id = {f.id: f for f in self.fields}

    def _field(self, id: str, path: Sequence[str | int]) -> BoxField:
        field = self._by_id[id]
        for step in path:
            if field.kind is BoxKind.LIST:
                field = field.item[0]
            else:
                field = next(f for f in field.item if f.id == step)
        return field

    def value(self, id: str, *path: str | int) -> Any:
        """The value of field ``id`` (and ``path`` into it): given, or its default."""
        field = self._by_id[id]
        value = _filled(field, self.given.get(id, _MISSING), field.default)
        for step in path:
            value = value[step]
        return value

    def entered(self, id: str, *path: str | int) -> bool:
        """Whether the host gave field ``id`` (and ``path`` into it: a list is given whole, a
        record key by key)."""
        if id not in self.given:
            return False
        field, value = self._by_id[id], self.given[id]
        for step in path:
            if field.kind is BoxKind.LIST:
                if not isinstance(step, int) or not 0 <= step < len(value):
                    return False
                field, value = field.item[0], value[step]
                continue
            if not isinstance(step, str) or not isinstance(value, dict) or step not in value:
                return False
            field = next(f for f in field.item if f.id == step)
            value = value[step]
        return True

    def placeholder(self, id: str, *path: str | int) -> bool:
        """Whether field ``id`` (and ``path`` into it) still holds a placeholder: declared one,
        and not entered."""
        return self._field(id, path).placeholder and not self.entered(id, *path)

    def as_dict(self) -> dict[str, Any]:
        """Every field's value, defaults filled in."""
        return {f.id: self.value(f.id) for f in self.fields}


def describe_box(fields: Sequence[BoxField]) -> list[dict[str, Any]]:
    """The box's fields as ``GET /api/games`` lists them (for the TV's "Your box" screen).

    >>> describe_box([BoxField("name", BoxKind.TEXT, "Ada", "Name", help="As printed.")])
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'id': 'name', 'kind': 'text', 'label': 'Name', 'default': 'Ada', 'placeholder': True,
      'min': 1, 'max': 40, 'help': 'As printed.'}]
    """
    out: list[dict[str, Any]] = []
    for field in fields:
        one: dict[str, Any] = {
            "id": field.id,
            "kind": field.kind.value,
            "label": field.label,
            "default": copy.deepcopy(field.default),
            "placeholder": field.placeholder,
        }
        if field.kind is BoxKind.TEXT:
            one.update(min=1, max=field.text_max)
        elif field.kind in (BoxKind.MULTI, BoxKind.LIST):
            low, high = field.span
            one.update(min=low, max=high)
        elif field.low is not None or field.high is not None:
            one.update(
                {k: v for k, v in (("min", field.low), ("max", field.high)) if v is not None}
            )
        if field.choices:
            one["choices"] = list(field.choices)
        if field.item:
            one["item"] = describe_box(field.item)
        if field.count is not None:
            one["count"] = field.count
        if field.board is not None:
            one["board"] = list(field.board)
        if field.help:
            one["help"] = field.help
        out.append(one)
    return out
