"""The state of a Witchcraft game: frozen values only, changed with ``dataclasses.replace``."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from companion.games.witchcraft.geometry import Cell, Dir
from companion.games.witchcraft.tiles import AltarKind, Data, Guild, Kind, data, kind


class Phase(enum.StrEnum):
    MASTER = "master"  # master mode: each player sets three tiles aside
    PLACEMENT = "placement"
    ENCOUNTER = "encounter"
    OVER = "over"


@dataclass(frozen=True)
class Tile:
    """One tile: ``gem`` is the guild it was dealt to (its id says so too); who controls it is
    the stack's owner."""

    id: str
    kind: str
    gem: Guild
    facing: Dir = Dir.N
    #: what is printed on it as the room's box says (None: the data file's)
    printed: Kind | None = field(default=None, compare=False, repr=False)

    @property
    def spec(self) -> Kind:
        return self.printed if self.printed is not None else kind(self.kind)


@dataclass(frozen=True)
class Stack:
    """Tiles on one space, bottom first; the top tile speaks for the whole stack."""

    tiles: tuple[Tile, ...]
    owner: int
    exhausted: bool = False
    #: shield tokens from the Altar of Protection, by the side they protect
    tokens: frozenset[Dir] = frozenset()

    @property
    def top(self) -> Tile:
        return self.tiles[-1]

    def shields(self) -> frozenset[Dir]:
        """Every protected side: the top tile's printed shields and the tokens."""
        return self.top.spec.shield_dirs(self.top.facing) | self.tokens

    def holds(self, tile_id: str) -> bool:
        return any(t.id == tile_id for t in self.tiles)

    def faced(self, facing: Dir) -> Stack:
        """The whole stack turned to ``facing`` (its tiles turn together)."""
        return replace(self, tiles=tuple(replace(t, facing=facing) for t in self.tiles))


@dataclass(frozen=True)
class Altar:
    kind: AltarKind
    cell: Cell


#: the decider of a task the table enters on the TV (the real board's set-up), not a seat
TABLE = -1


class TaskKind(enum.StrEnum):
    """A step of a turn still to come. Most need a decision by ``Task.seat``."""

    ENTER_ALTAR = "enter_altar"  # the real board: the table enters the altar on a space
    ENTER_SPECIAL = "enter_special"  # ... and the special tile a guild drew
    ENTER_POWER = "enter_power"  # ... and a player her power tile, on her phone
    ASIDE = "aside"  # master mode: set one more tile aside
    DROP = "drop"  # put the next captured (or Prince-scattered) tile onto a stack
    ALTAR = "altar"  # an altar's power starts (automatic: becomes the steps below)
    ENERGY = "energy"  # remove an exhaustion token (``count`` more may follow)
    PROTECT = "protect"  # put a shield token on a side of a stack
    TELEPORT = "teleport"  # move a stack one space (or keep it) ...
    TELEPORT_FACE = "teleport_face"  # ... and choose its facing
    SUMMON_MAP = "summon_map"  # choose a pair of map tiles and where they go
    SUMMON_PICK = "summon_pick"  # choose the map tile the opponent summons onto
    SUMMON = "summon"  # place a set-aside wizard on a map tile (``cells``)
    PROPHET = "prophet"  # choose the stack the Prophet works on
    PROPHET_REFRESH = "prophet_refresh"  # remove the stack's exhaustion token or not
    PROPHET_ARRANGE = "prophet_arrange"  # lay the stack's next tile (bottom first) and its facing
    PRINCE = "prince"  # choose the stack and the tile to remove
    BARBARIAN = "barbarian"  # choose the altar to remove
    KEYKEEPER = "keykeeper"  # choose the two stacks to swap
    FACE = "face"  # choose the facing of the stack on ``cell`` (Key Keeper)
    EXHAUST = "exhaust"  # automatic: the caster's stack gets its exhaustion token
    AFTER = "after"  # use the power tile now, or end the turn
    END = "end"  # automatic: the turn passes


#: the real board's entries before the first wizard is placed (``entries.py``)
SETUP_ENTRIES = frozenset({TaskKind.ENTER_ALTAR, TaskKind.ENTER_SPECIAL, TaskKind.ENTER_POWER})


@dataclass(frozen=True)
class Task:
    kind: TaskKind
    seat: int
    tiles: tuple[Tile, ...] = ()
    cell: Cell | None = None
    cells: tuple[Cell, ...] = ()
    count: int = 0
    altar: AltarKind | None = None
    tile_id: str = ""
    #: the Prophet's new stack so far, bottom first
    laid: tuple[Tile, ...] = ()


@dataclass(frozen=True)
class Options:
    tournament: bool = False
    master: bool = False
    physical: bool = False
    clock_minutes: int = 0
    clock_increment: int = 0
    #: the app's own draw after this many rounds without a capture (0: off, as in the rulebook)
    quiet_rounds: int = 0


@dataclass(frozen=True)
class Clock:
    """Chess clocks: each seat's time left (ms) and since when the running one runs."""

    left: tuple[float, float]
    increment: float
    #: game time at which the seat whose decision is awaited started thinking (None: the
    #: clocks wait for the first move)
    since: float | None = None
    #: the seat whose time runs (None: nobody's)
    running: int | None = None


@dataclass(frozen=True)
class Player:
    name: str
    #: face-down wizards still to place (the next one first)
    to_place: tuple[Tile, ...]
    #: the set-aside wizards for summoning
    reserve: tuple[Tile, ...]
    #: the secret power tile (None in tournament mode); ``power_used`` once spent
    power: AltarKind | None
    power_used: bool = False
    #: master mode: every tile of the guild before the three are set aside
    pool: tuple[Tile, ...] = ()
    #: the real board: she has entered the tile she drew (the first of ``to_place``)
    drawn: bool = False

    @property
    def power_ready(self) -> bool:
        return self.power is not None and not self.power_used


@dataclass(frozen=True)
class Entry:
    """One line of the move list, with what the TV highlights."""

    seat: int
    text: str
    at: Cell | None = None
    lines: tuple[Cell, ...] = ()
    targets: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class GameState:
    seed: int
    options: Options
    players: tuple[Player, Player]
    phase: Phase
    #: whose turn it is
    turn: int
    #: who started (the first player stays first in the encounter)
    first: int
    #: every playable space: the main board and the map tiles laid so far
    cells: frozenset[Cell]
    stacks: tuple[tuple[Cell, Stack], ...]
    altars: tuple[Altar, ...]
    #: sizes of the map-tile pairs still in the box
    pairs_left: tuple[int, ...]
    map_tiles: tuple[tuple[Cell, ...], ...] = ()
    tasks: tuple[Task, ...] = ()
    #: accepted decisions so far (the ``ply`` a phone sends back to prove it saw this state)
    ply: int = 0
    log: tuple[Entry, ...] = ()
    #: the tile activated in each encounter turn, for the draw by repetition
    activations: tuple[str, ...] = ()
    #: encounter turns since the last capture
    quiet_turns: int = 0
    #: whether the current turn captured something (it resets the quiet count)
    struck: bool = False
    #: tiles taken by each seat from the other (counted per tile)
    captured: tuple[int, int] = (0, 0)
    removed: tuple[Tile, ...] = ()
    #: the current turn so far: the tile activated, its highlights, the power tile used
    caster: str = ""
    used_power: bool = False
    clock: Clock | None = None
    #: the board and tiles of the room's box (``box.from_box``)
    kit: Data = field(default_factory=data)
    winner: int | None = None
    #: how the game ended, once it has (a sentence: who won and why)
    result: str = ""

    # -- reading ------------------------------------------------------------------------------

    def stack(self, cell: Cell) -> Stack | None:
        for here, stack in self.stacks:
            if here == cell:
                return stack
        return None

    def altar(self, cell: Cell) -> Altar | None:
        for altar in self.altars:
            if altar.cell == cell:
                return altar
        return None

    def own(self, seat: int) -> list[Cell]:
        """The spaces of ``seat``'s stacks."""
        return [cell for cell, stack in self.stacks if stack.owner == seat]

    def free(self, cell: Cell) -> bool:
        return cell in self.cells and self.stack(cell) is None and self.altar(cell) is None

    def where(self, tile_id: str) -> Cell | None:
        for cell, stack in self.stacks:
            if stack.holds(tile_id):
                return cell
        return None

    @property
    def decider(self) -> int | None:
        """The seat whose decision the game waits for (``TABLE``: the table's; None once
        over)."""
        if self.phase is Phase.OVER:
            return None
        if self.tasks:
            return self.tasks[0].seat
        return self.turn

    # -- writing ------------------------------------------------------------------------------

    def put(self, cell: Cell, stack: Stack | None) -> GameState:
        rest = [(c, s) for c, s in self.stacks if c != cell]
        if stack is not None:
            rest.append((cell, stack))
        return replace(self, stacks=tuple(sorted(rest)))

    def with_player(self, seat: int, player: Player) -> GameState:
        players = list(self.players)
        players[seat] = player
        return replace(self, players=(players[0], players[1]))


def other(seat: int) -> int:
    return 1 - seat
