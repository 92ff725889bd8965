"""Bad boxes for a game's box declarations (companion/engine/box.py): for every field, at any
depth, sparse boxes that hold one bad value of it, each with the words its refusal must name.
The per-game box tests run them all through ``assert_refused``, and check the defaults with
``assert_defaults_pass``."""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from companion.engine import BoxField, BoxKind, Game, OptionError, SetupError, check_box


def assert_refused(
    game: Game[Any],
    given: dict[str, Any],
    label: str,
    players: Sequence[str],
    kept: dict[str, Any] | None = None,
) -> None:
    """``given`` is refused both ways, nothing kept: as the lobby's option (over the options
    ``kept``; the refusal starts "Your box" and names the field's ``label``) and at setup."""
    with pytest.raises(OptionError) as refused:
        game.checked_options({"box": given}, kept or {"box": {}})
    assert str(refused.value).startswith("Your box")
    assert label in str(refused.value), given
    with pytest.raises(SetupError):
        game.setup(tuple(players), {"box": given}, 1)


def assert_defaults_pass(fields: Sequence[BoxField]) -> None:
    """Every field's default passes its own check unchanged (the data files' placeholders)."""
    defaults = {f.id: f.default for f in fields}
    assert check_box(fields, defaults) == defaults


def bad_values(field: BoxField) -> list[Any]:
    """Values no declaration of this kind and range accepts."""
    kind = field.kind
    if kind is BoxKind.INT:
        assert field.low is not None and field.high is not None
        return [field.low - 1, field.high + 1, "3", True, None]
    if kind is BoxKind.TEXT:
        return ["", "   ", "x" * (field.text_max + 1), 7, "a\tb"]
    if kind is BoxKind.CHOICE:
        return ["not one of them", 1]
    if kind is BoxKind.MULTI:
        return [["not one of them"], [field.choices[0]] * 2, field.choices[0]]
    if kind in (BoxKind.CELL,):
        return ["z99", 3]
    if kind in (BoxKind.CELLS,):
        return [["z99"], "a1"]
    if kind is BoxKind.SIDES:
        return [[8], [1, 1], 1]
    if kind is BoxKind.RECORD:
        return [[], "x"]
    low, high = field.span  # LIST
    return [[None] * (high + 1), {}] + ([[]] if low > 0 else [])


def bad_boxes(fields: Sequence[BoxField]) -> Iterator[tuple[dict[str, Any], str]]:
    """``(sparse box, the label of the field it gets wrong)`` for every field at every depth
    (in a list, its first item)."""
    for field in fields:
        for value, label in _bad(field, field.default):
            yield {field.id: value}, label


def _bad(field: BoxField, default: Any) -> Iterator[tuple[Any, str]]:
    for value in bad_values(field):
        yield value, field.label
    if field.kind is BoxKind.RECORD:
        for sub in field.item:
            for value, label in _bad(sub, (default or {}).get(sub.id, sub.default)):
                yield {sub.id: value}, label
    if field.kind is BoxKind.LIST:
        (item,) = field.item
        whole = copy.deepcopy(default) if isinstance(default, list) else []
        low, _ = field.span
        while len(whole) < max(low, 1):
            whole.append(copy.deepcopy(item.default))
        for value, label in _bad(item, whole[0]):
            yield [value, *whole[1:]], label
