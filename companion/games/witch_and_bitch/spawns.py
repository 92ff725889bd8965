"""Generate Enemies: one d4 per player, each naming the Portal that gets the next Enemy from the
pile, base side up while only green Destiny cards have been drawn, evolved from the first orange
card on.

>>> spawn((1, 4, 1), evolved=False).to_json()["portals"]
[1, 4, 1]
>>> spawn((2,), evolved=True).to_json()["side"]
'evolved'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Spawn:
    #: the d4 results, in order: one Enemy from the pile to each
    portals: tuple[int, ...]
    evolved: bool
    #: which round (0: the starting Enemies)
    round: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "portals": list(self.portals),
            "side": "evolved" if self.evolved else "base",
            "round": self.round,
            "count": {str(p): self.portals.count(p) for p in range(1, 5)},
        }


def spawn(portals: tuple[int, ...], evolved: bool, round_number: int = 0) -> Spawn:
    return Spawn(portals, evolved, round_number)
