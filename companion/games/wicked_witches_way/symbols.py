"""The nine symbols, the two colours and a rolled die.

>>> Die.parse({"symbol": "skull", "color": "orange"})
Die(symbol=<Symbol.SKULL: 'skull'>, color=<Color.ORANGE: 'orange'>)
>>> Die.parse({"symbol": "toad", "color": "orange"})
Traceback (most recent call last):
...
ValueError: 'toad' is not a symbol.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.engine.text import N_, say


class Symbol(enum.StrEnum):
    """The symbols in the rulebook's order, which is also the order the app lists them in."""

    EAR = "ear"
    STAR = "star"
    SKULL = "skull"
    SPIDER = "spider"
    WEB = "web"
    EYE = "eye"
    LIGHTNING = "lightning"
    CLOUD = "cloud"
    BURST = "burst"

    @property
    def label(self) -> str:
        return _LABELS[self]

    @classmethod
    def parse(cls, value: object) -> Symbol:
        if isinstance(value, str):
            try:
                return cls(value)
            except ValueError:
                pass
        raise ValueError(say("{value} is not a symbol.", value=repr(str(value)[:20])))


_LABELS = {
    Symbol.EAR: N_("Ear"),
    Symbol.STAR: N_("Star"),
    Symbol.SKULL: N_("Skull"),
    Symbol.SPIDER: N_("Spider"),
    Symbol.WEB: N_("Spider web"),
    Symbol.EYE: N_("Eye"),
    Symbol.LIGHTNING: N_("Lightning bolt"),
    Symbol.CLOUD: N_("Cloud"),
    Symbol.BURST: N_("Burst"),
}

#: the symbols in order, as a tuple (``SYMBOLS[i]``)
SYMBOLS: tuple[Symbol, ...] = tuple(Symbol)


class Color(enum.StrEnum):
    ORANGE = "orange"
    BLACK = "black"

    @property
    def other(self) -> Color:
        return Color.BLACK if self is Color.ORANGE else Color.ORANGE

    @classmethod
    def parse(cls, value: object) -> Color:
        if isinstance(value, str):
            try:
                return cls(value)
            except ValueError:
                pass
        raise ValueError(
            say("{value} is not a colour (orange or black).", value=repr(str(value)[:20]))
        )


@dataclass(frozen=True)
class Die:
    """One die as it lies in the box: the symbol on top and its colour."""

    symbol: Symbol
    color: Color

    @classmethod
    def parse(cls, raw: object) -> Die:
        if not isinstance(raw, dict):
            raise ValueError(say(N_("A die is {symbol, color}.")))
        return cls(Symbol.parse(raw.get("symbol")), Color.parse(raw.get("color")))

    def to_json(self) -> dict[str, Any]:
        return {"symbol": self.symbol.value, "color": self.color.value}


def in_order(symbols: Iterable[Symbol]) -> list[Symbol]:
    """``symbols`` sorted in the rulebook's order.

    >>> [s.value for s in in_order({Symbol.BURST, Symbol.EAR, Symbol.WEB})]
    ['ear', 'web', 'burst']
    """
    return sorted(symbols, key=SYMBOLS.index)
