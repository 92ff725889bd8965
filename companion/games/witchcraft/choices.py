"""A choice: one legal decision, as the phone lists it and the engine applies it.

Every decision of the game (a placement, an activation, where a captured tile goes, a shield's
side…) is one of the choices the engine enumerates for the seat it waits for. The phone shows
only those and sends back the index of the one chosen, so an illegal move cannot even be sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.text import text_json
from companion.games.witchcraft.geometry import Cell, Dir
from companion.games.witchcraft.state import Tile


@dataclass(frozen=True)
class Choice:
    kind: str
    #: what the phone lists (made with ``say``: the view sends its template and parts)
    label: str
    #: the space the choice is about (the wizard activated, the space placed on…)
    at: Cell | None = None
    #: a second space (where a stack moves to, the other stack of a swap)
    to: Cell | None = None
    facing: Dir | None = None
    #: what the spell hits (enemy stacks, altars), for the highlight
    targets: tuple[Cell, ...] = ()
    #: the spaces the spell's lines cross, for the highlight
    lines: tuple[Cell, ...] = ()
    #: a group of spaces (a map tile)
    cells: tuple[Cell, ...] = ()
    #: a second group (the symmetric map tile)
    more: tuple[Cell, ...] = ()
    #: which tile of a stack or of a reserve (an index), or a map-tile size
    index: int = -1
    flag: bool = False
    #: the tile the choice lays (the Prophet's): the phone offers the tile, then its facing
    tile: Tile | None = None

    def describe(self, i: int) -> dict[str, Any]:
        out: dict[str, Any] = {"i": i, "kind": self.kind, "label": text_json(self.label)}
        if self.at is not None:
            out["at"] = list(self.at)
        if self.to is not None:
            out["to"] = list(self.to)
        if self.facing is not None:
            out["facing"] = self.facing.word
        for key in ("targets", "lines", "cells", "more"):
            value: tuple[Cell, ...] = getattr(self, key)
            if value:
                out[key] = [list(c) for c in value]
        if self.tile is not None:
            out["tile"] = {
                **self.tile.spec.describe(),
                "index": self.index,
                "gem": self.tile.gem.value,
                "facing": self.tile.facing.word,
            }
        return out
