"""Seeded randomness, so that setup plus the action log always replays to the same state."""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A deterministic generator derived from a seed and a label.

    Games keep the seed in their state and derive a fresh ``Rng`` for each random event
    (``Rng(seed, "round", 3)``), so no mutable generator lives in the state.

    >>> Rng(7, "round", 1).randint(1, 6) == Rng(7, "round", 1).randint(1, 6)
    True
    """

    def __init__(self, seed: int, *labels: object) -> None:
        self._random = random.Random(":".join([str(seed), *map(str, labels)]))

    def randint(self, low: int, high: int) -> int:
        return self._random.randint(low, high)

    def uniform(self, low: float, high: float) -> float:
        return self._random.uniform(low, high)

    def shuffled(self, items: list[T]) -> list[T]:
        out = list(items)
        self._random.shuffle(out)
        return out
