"""The four altars' powers (also the power tiles' effects).

Hitting an altar is legal only when its power can take effect: the Altar of Energy needs an
exhausted stack of the caster's, the Altar of Summoning a pair of map tiles still in the box and
room to lay it. Each power is a short series of decisions (tasks) for the active player; the
Altar of Summoning also asks the opponent to summon first.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine.text import N_, say
from companion.games.witchcraft.choices import Choice
from companion.games.witchcraft.geometry import Cell, Dir, name, neighbours
from companion.games.witchcraft.state import GameState, Stack, Task, TaskKind, other
from companion.games.witchcraft.tiles import AltarKind


def works(state: GameState, seat: int, kind: AltarKind) -> bool:
    """Whether an altar (or power tile) of ``kind`` used by ``seat`` can have its effect."""
    if kind is AltarKind.ENERGY:
        return any(s.exhausted for _, s in state.stacks if s.owner == seat)
    if kind is AltarKind.PROTECTION:
        return bool(protect_choices(state, seat))
    if kind is AltarKind.TELEPORTATION:
        return bool(state.own(seat))
    return bool(map_choices(state))


def start(kind: AltarKind, seat: int) -> Task:
    return Task(TaskKind.ALTAR, seat, altar=kind)


def expand(state: GameState, task: Task) -> tuple[Task, ...]:
    """The decisions an altar's power asks for (none if it cannot work any more)."""
    assert task.altar is not None
    if not works(state, task.seat, task.altar):
        return ()
    first = {
        AltarKind.ENERGY: TaskKind.ENERGY,
        AltarKind.PROTECTION: TaskKind.PROTECT,
        AltarKind.TELEPORTATION: TaskKind.TELEPORT,
        AltarKind.SUMMONING: TaskKind.SUMMON_MAP,
    }[task.altar]
    return (Task(first, task.seat, count=2),)


# -- Energy --------------------------------------------------------------------------------------


def energy_choices(state: GameState, task: Task) -> list[Choice]:
    out = [
        Choice(
            "refresh",
            say("Remove the exhaustion token at {cell}", cell=name(cell, state.kit.height)),
            cell,
        )
        for cell, stack in state.stacks
        if stack.exhausted
    ]
    if out and task.count < 2:
        out.append(Choice("done", say("Keep the second token")))
    return out


def refresh(state: GameState, task: Task, choice: Choice) -> tuple[GameState, tuple[Task, ...]]:
    if choice.kind == "done" or choice.at is None:
        return state, ()
    stack = state.stack(choice.at)
    assert stack is not None
    state = state.put(choice.at, replace(stack, exhausted=False))
    more = task.count - 1
    if more > 0 and any(s.exhausted for _, s in state.stacks):
        return state, (replace(task, count=more),)
    return state, ()


# -- Protection ----------------------------------------------------------------------------------


def protect_choices(state: GameState, seat: int) -> list[Choice]:
    out = []
    for cell, stack in state.stacks:
        if stack.owner != seat:
            continue
        for side in Dir:
            if side not in stack.shields():
                label = say(
                    "Shield {cell} against spells from the {side}",
                    cell=name(cell, state.kit.height),
                    side=side.word.upper(),
                )
                out.append(Choice("shield", label, at=cell, facing=side))
    return out


def protect(state: GameState, choice: Choice) -> GameState:
    assert choice.at is not None and choice.facing is not None
    stack = state.stack(choice.at)
    assert stack is not None
    return state.put(choice.at, replace(stack, tokens=stack.tokens | {choice.facing}))


# -- Teleportation -------------------------------------------------------------------------------


def teleport_choices(state: GameState, seat: int) -> list[Choice]:
    out = []
    for cell in state.own(seat):
        turn = say("Turn the stack at {cell} where it stands", cell=name(cell, state.kit.height))
        out.append(Choice("turn", turn, cell, cell))
        for near in neighbours(cell):
            if state.free(near):
                move = say(
                    "Move {cell} to {to}",
                    cell=name(cell, state.kit.height),
                    to=name(near, state.kit.height),
                )
                out.append(Choice("move", move, cell, near))
    return out


def teleport(state: GameState, task: Task, choice: Choice) -> tuple[GameState, tuple[Task, ...]]:
    assert choice.at is not None and choice.to is not None
    stack = state.stack(choice.at)
    assert stack is not None
    state = state.put(choice.at, None).put(choice.to, stack)
    moved = 1 if choice.to != choice.at else 0
    return state, (Task(TaskKind.TELEPORT_FACE, task.seat, cell=choice.to, count=moved),)


def facing_choices(state: GameState, task: Task, *, keep: bool) -> list[Choice]:
    """The facings for the stack on ``task.cell``; the current one only if ``keep``."""
    assert task.cell is not None
    stack = state.stack(task.cell)
    assert stack is not None
    out = []
    for facing in Dir:
        if facing == stack.top.facing and not keep:
            continue
        word = N_("Keep facing {side}") if facing == stack.top.facing else N_("Face {side}")
        out.append(Choice("face", say(word, side=facing.word.upper()), task.cell, facing=facing))
    return out


def face(state: GameState, choice: Choice) -> GameState:
    assert choice.at is not None and choice.facing is not None
    stack = state.stack(choice.at)
    assert stack is not None
    return state.put(choice.at, turned(stack, choice.facing))


def turned(stack: Stack, facing: Dir) -> Stack:
    """The stack turned to ``facing``; its shield tokens turn with it (they lie on its sides)."""
    steps = (facing - stack.top.facing) % 8
    return replace(stack.faced(facing), tokens=frozenset(t.turned(steps) for t in stack.tokens))


# -- Summoning -----------------------------------------------------------------------------------


def mirror(state: GameState, cell: Cell) -> Cell:
    """The space symmetric to ``cell`` through the board's centre."""
    d = state.kit
    return (d.width - 1 - cell[0], d.height - 1 - cell[1])


def placements(state: GameState, size: int) -> list[tuple[Cell, ...]]:
    """Where a map tile of ``size`` spaces may lie along the board's edges: in a row just
    outside an edge, with every space adjacent to the board (a 3-space tile: at least two)."""
    d = state.kit
    need = size if size < 3 else 2
    out = []
    for edge in range(4):
        length = d.width if edge in (0, 2) else d.height
        for start in range(-1, length):
            spots = list(range(start, start + size))
            inside = sum(1 for s in spots if 0 <= s < length)
            if inside < need:
                continue
            if edge == 0:
                cells = tuple((s, -1) for s in spots)
            elif edge == 2:
                cells = tuple((s, d.height) for s in spots)
            elif edge == 1:
                cells = tuple((d.width, s) for s in spots)
            else:
                cells = tuple((-1, s) for s in spots)
            out.append(cells)
    return out


def map_choices(state: GameState) -> list[Choice]:
    out = []
    for size in sorted(set(state.pairs_left)):
        for cells in placements(state, size):
            partner = tuple(mirror(state, c) for c in cells)
            if any(c in state.cells for c in cells + partner) or set(cells) & set(partner):
                continue
            label = say(
                N_("1-space map tiles at {cell} and {other}")
                if size == 1
                else N_("{size}-spaces map tiles at {cell} and {other}"),
                size=size,
                cell=name(cells[0], state.kit.height),
                other=name(partner[0], state.kit.height),
            )
            out.append(Choice("map", label, cells[0], cells=cells, more=partner, index=size))
    return out


def lay_maps(state: GameState, task: Task, choice: Choice) -> tuple[GameState, tuple[Task, ...]]:
    left = list(state.pairs_left)
    left.remove(choice.index)
    state = replace(
        state,
        cells=state.cells | set(choice.cells) | set(choice.more),
        map_tiles=(*state.map_tiles, choice.cells, choice.more),
        pairs_left=tuple(left),
    )
    return state, (Task(TaskKind.SUMMON_PICK, task.seat, cells=choice.cells + choice.more),)


def pick_choices(state: GameState, task: Task) -> list[Choice]:
    half = len(task.cells) // 2
    first, second = task.cells[:half], task.cells[half:]
    opponent = state.players[other(task.seat)].name
    return [
        Choice(
            "pick",
            say("{who} summons on {cell}", who=opponent, cell=name(tile[0], state.kit.height)),
            tile[0],
            cells=tile,
            more=rest,
        )
        for tile, rest in ((first, second), (second, first))
    ]


def pick(state: GameState, task: Task, choice: Choice) -> tuple[GameState, tuple[Task, ...]]:
    opponent = other(task.seat)
    tasks = (
        Task(TaskKind.SUMMON, opponent, cells=choice.cells),
        Task(TaskKind.SUMMON, task.seat, cells=choice.more),
    )
    return state, tasks


def summon_choices(state: GameState, task: Task) -> list[Choice]:
    reserve = state.players[task.seat].reserve
    out = []
    seen: set[str] = set()
    for index, tile in enumerate(reserve):
        if tile.kind in seen:
            continue
        seen.add(tile.kind)
        for cell in task.cells:
            if not state.free(cell):
                continue
            for facing in Dir:
                label = say(
                    "Summon the {tile} on {cell} facing {side}",
                    tile=say(tile.spec.name),
                    cell=name(cell, state.kit.height),
                    side=facing.word.upper(),
                )
                out.append(Choice("summon", label, cell, facing=facing, index=index))
    return out


def summon(state: GameState, task: Task, choice: Choice) -> GameState:
    assert choice.at is not None and choice.facing is not None
    player = state.players[task.seat]
    tile = replace(player.reserve[choice.index], facing=choice.facing)
    reserve = player.reserve[: choice.index] + player.reserve[choice.index + 1 :]
    state = state.with_player(task.seat, replace(player, reserve=reserve))
    return state.put(choice.at, Stack((tile,), task.seat))
