"""Which symbols are valid this turn, and the verdict on a formula.

The rulebook's check, in its order: group the dice by symbol whatever their colour, eliminate
every group that shows the symbol in both orange and black, keep one die of each group left.

>>> from companion.games.wicked_witches_way.symbols import Color as C, Die, Symbol as S
>>> dice = [Die(S.EAR, C.ORANGE), Die(S.EAR, C.ORANGE), Die(S.STAR, C.ORANGE),
...         Die(S.SKULL, C.ORANGE), Die(S.SKULL, C.BLACK), Die(S.SPIDER, C.BLACK),
...         Die(S.WEB, C.BLACK), Die(S.CLOUD, C.BLACK), Die(S.CLOUD, C.ORANGE)]
>>> valid = valid_symbols(dice)
>>> valid.describe()
{'orange': ['ear', 'star'], 'black': ['spider', 'web']}

Two orange ears count once; the skull and the cloud show in both colours, so they are gone.

>>> judge([S.EAR], valid).verdict.value
'incomplete'
>>> judge([S.STAR, S.EAR], valid)
Judgement(verdict=<Verdict.PERFECT: 'perfect'>, color=<Color.ORANGE: 'orange'>, reason='')
>>> judge([S.SKULL, S.EAR], valid).reason
'Skull shows in both colours'
>>> judge([S.EAR, S.WEB], valid).reason
'The formula mixes orange and black'
>>> judge([S.EYE], valid).reason
'Eye is not on the dice'
>>> judge([], valid).verdict.value
'empty'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.engine.text import N_, say
from companion.games.wicked_witches_way.symbols import Color, Die, Symbol, in_order


@dataclass(frozen=True)
class Valid:
    """The symbols valid this turn in each colour (a symbol is valid in one colour at most)."""

    orange: frozenset[Symbol]
    black: frozenset[Symbol]
    #: symbols on the dice in both colours (eliminated), for the explanations
    both: frozenset[Symbol] = frozenset()

    def of(self, color: Color) -> frozenset[Symbol]:
        return self.orange if color is Color.ORANGE else self.black

    def color_of(self, symbol: Symbol) -> Color | None:
        if symbol in self.orange:
            return Color.ORANGE
        if symbol in self.black:
            return Color.BLACK
        return None

    def describe(self) -> dict[str, Any]:
        return {
            "orange": [s.value for s in in_order(self.orange)],
            "black": [s.value for s in in_order(self.black)],
        }


def valid_symbols(dice: Iterable[Die]) -> Valid:
    """Group by symbol, drop the groups showing both colours, keep one die per group."""
    colors: dict[Symbol, set[Color]] = {}
    for die in dice:
        colors.setdefault(die.symbol, set()).add(die.color)
    return Valid(
        orange=frozenset(s for s, c in colors.items() if c == {Color.ORANGE}),
        black=frozenset(s for s, c in colors.items() if c == {Color.BLACK}),
        both=frozenset(s for s, c in colors.items() if len(c) == 2),
    )


class Verdict(enum.StrEnum):
    EMPTY = "empty"
    FORBIDDEN = "forbidden"
    INCOMPLETE = "incomplete"
    PERFECT = "perfect"

    @property
    def is_valid(self) -> bool:
        return self in (Verdict.INCOMPLETE, Verdict.PERFECT)


@dataclass(frozen=True)
class Judgement:
    verdict: Verdict
    #: the formula's colour when it is valid (incomplete or perfect), else None
    color: Color | None
    #: why a formula is forbidden, as a phrase ("Skull shows in both colours")
    reason: str = ""


#: why a formula of both colours is refused (the sentence a log line starts with)
MIXED = N_("The formula mixes orange and black")


def judge(cards: Iterable[Symbol], valid: Valid) -> Judgement:
    """The verdict on one formula.

    A formula is valid when all its symbols are valid in one and the same colour (the cards
    carry symbols only: a symbol's colour is the one it shows on the dice). It is perfect when
    it holds every valid symbol of that colour.
    """
    formula = set(cards)
    if not formula:
        return Judgement(Verdict.EMPTY, None)
    for symbol in in_order(formula):
        if symbol in valid.both:
            reason = say("{symbol} shows in both colours", symbol=say(symbol.label))
            return Judgement(Verdict.FORBIDDEN, None, reason)
        if valid.color_of(symbol) is None:
            reason = say("{symbol} is not on the dice", symbol=say(symbol.label))
            return Judgement(Verdict.FORBIDDEN, None, reason)
    colors = {valid.color_of(s) for s in formula}
    if len(colors) > 1:
        return Judgement(Verdict.FORBIDDEN, None, say(MIXED))
    (color,) = colors
    assert color is not None
    if formula == valid.of(color):
        return Judgement(Verdict.PERFECT, color)
    return Judgement(Verdict.INCOMPLETE, color)
