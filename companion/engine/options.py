"""Typed game options that the host sets in the lobby."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine.text import say


class OptionType(enum.StrEnum):
    BOOL = "bool"
    INT = "int"
    CHOICE = "choice"


class OptionError(ValueError):
    """An option value that does not fit its declaration: an English template and its parts,
    like a refusal (the option's label is a part to translate: ``say(label)``)."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params) if params else template)


@dataclass(frozen=True)
class Option:
    """One host setting with its default.

    >>> Option("rounds", OptionType.INT, 5, "Rounds", low=1, high=20).check(25)
    Traceback (most recent call last):
    ...
    companion.engine.options.OptionError: Rounds must be between 1 and 20.
    """

    id: str
    type: OptionType
    default: Any
    label: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None

    def check(self, value: Any) -> Any:
        """``value`` if it is valid for this option, else OptionError."""
        if self.type is OptionType.BOOL:
            if not isinstance(value, bool):
                raise OptionError("{option} must be on or off.", option=say(self.label))
            return value
        if self.type is OptionType.INT:
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError("{option} must be a whole number.", option=say(self.label))
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                raise OptionError(
                    "{option} must be between {low} and {high}.",
                    option=say(self.label),
                    low=self.low,
                    high=self.high,
                )
            return value
        if value not in self.choices:
            raise OptionError(
                "{option} must be one of: {choices}.",
                option=say(self.label),
                choices=", ".join(self.choices),
            )
        return value

    def describe(self) -> dict[str, Any]:
        """The option as GET /api/games lists it."""
        out: dict[str, Any] = {
            "id": self.id,
            "type": self.type.value,
            "default": self.default,
            "label": self.label,
        }
        if self.choices:
            out["choices"] = list(self.choices)
        if self.low is not None:
            out["min"] = self.low
        if self.high is not None:
            out["max"] = self.high
        return out


def resolve_options(
    declared: Sequence[Option], given: Mapping[str, Any], base: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Defaults (or ``base``) overlaid with the ``given`` values; unknown ids are an error.

    >>> opts = [Option("fast", OptionType.BOOL, False, "Fast")]
    >>> resolve_options(opts, {"fast": True})
    {'fast': True}
    >>> resolve_options(opts, {"slow": 1})
    Traceback (most recent call last):
    ...
    companion.engine.options.OptionError: Unknown option: slow.
    """
    by_id = {o.id: o for o in declared}
    out = dict(base) if base is not None else {o.id: o.default for o in declared}
    for key, value in given.items():
        option = by_id.get(key)
        if option is None:
            raise OptionError("Unknown option: {option}.", option=str(key)[:40])
        out[key] = option.check(value)
    return out
