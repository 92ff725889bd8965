"""A view made of a part several views share and a few keys of its own (docs/architecture.md,
"Capacity"): the transport encodes the shared part once for all of them."""

from __future__ import annotations

from typing import Any


class Layered(dict[str, Any]):
    """A dict made of a part several messages share (``base``) and a few keys of its own
    (``own``): equal to their union and used as it. The transport encodes ``base`` once for
    every message of a broadcast that shares it (docs/architecture.md, "Capacity"); neither
    part may change afterwards.

    >>> shared = {"code": "BCDF", "players": []}
    >>> room = Layered(shared, {"seat": 1})
    >>> room == {"code": "BCDF", "players": [], "seat": 1}, room.base is shared
    (True, True)
    """

    __slots__ = ("base", "own")

    def __init__(self, base: dict[str, Any], own: dict[str, Any]) -> None:
        super().__init__(base)
        self.update(own)
        self.base = base
        self.own = own
