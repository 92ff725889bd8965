"""Board geometry: cells, the eight directions, lines of sight and cell names.

A cell is ``(x, y)``: x grows to the right (east), y grows downwards (south), as the TV draws
the board. The main board is ``width`` × ``height``; map tiles added by the Altar of Summoning
lie one row or column outside it, so their cells have x = -1 or width, y = -1 or height.
"""

from __future__ import annotations

import enum

Cell = tuple[int, int]


class Dir(enum.IntEnum):
    """The eight directions, clockwise from north (the top of the TV)."""

    N = 0
    NE = 1
    E = 2
    SE = 3
    S = 4
    SW = 5
    W = 6
    NW = 7

    @property
    def delta(self) -> Cell:
        return _DELTAS[self]

    def turned(self, steps: int) -> Dir:
        """This direction turned ``steps`` eighths clockwise.

        >>> Dir.N.turned(2), Dir.W.turned(4), Dir.NW.turned(1)
        (<Dir.E: 2>, <Dir.E: 2>, <Dir.N: 0>)
        """
        return Dir((self + steps) % 8)

    @property
    def opposite(self) -> Dir:
        return self.turned(4)

    @property
    def word(self) -> str:
        return self.name.lower()


_DELTAS: dict[int, Cell] = {
    0: (0, -1),
    1: (1, -1),
    2: (1, 0),
    3: (1, 1),
    4: (0, 1),
    5: (-1, 1),
    6: (-1, 0),
    7: (-1, -1),
}


def step(cell: Cell, direction: Dir, times: int = 1) -> Cell:
    dx, dy = direction.delta
    return (cell[0] + dx * times, cell[1] + dy * times)


def ray(start: Cell, direction: Dir, cells: frozenset[Cell]) -> list[Cell]:
    """The cells seen from ``start`` looking in ``direction``, nearest first, up to the edge of
    the playing area (a line of sight never jumps a gap in the board).

    >>> board = frozenset((x, y) for x in range(3) for y in range(3))
    >>> ray((0, 2), Dir.NE, board)
    [(1, 1), (2, 0)]
    >>> ray((0, 0), Dir.W, board)
    []
    """
    out = []
    here = step(start, direction)
    while here in cells:
        out.append(here)
        here = step(here, direction)
    return out


def neighbours(cell: Cell) -> list[Cell]:
    return [step(cell, d) for d in Dir]


def name(cell: Cell, height: int) -> str:
    """A cell's name on a board ``height`` rows high: columns a, b, c… from the left, rows 1,
    2, 3… from the bottom (as the box names the altar spaces: ``a1`` is the bottom-left space);
    a map tile's cells outside the board are in column ``z`` (left), the column after the last
    (right), row 0 (bottom) or the row after the last (top).

    >>> name((0, 4), 5), name((4, 2), 5), name((-1, 1), 5), name((2, -1), 5), name((2, 5), 5)
    ('a1', 'e3', 'z4', 'c6', 'c0')
    """
    x, y = cell
    column = "z" if x < 0 else chr(ord("a") + x)
    return f"{column}{height - y}"
