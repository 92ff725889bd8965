"""The special tiles' powers: Prophet, Prince, Barbarian, Key Keeper and Priest.

Each is activated like a wizard (it must be on top of an unexhausted stack of its owner's) and
is exhausted afterwards. Each is legal only when its effect can happen.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from companion.engine.text import N_, Text, say
from companion.games.witchcraft import altars
from companion.games.witchcraft.choices import Choice
from companion.games.witchcraft.geometry import Cell, Dir, name
from companion.games.witchcraft.spells import lines
from companion.games.witchcraft.state import GameState, Task, TaskKind


def main_choices(state: GameState, seat: int, at: Cell) -> list[Choice]:
    """The ways to activate the special tile on top of the stack on ``at``."""
    stack = state.stack(at)
    assert stack is not None
    top = stack.top
    parts: dict[str, str | Text] = {"tile": say(top.spec.name), "cell": name(at, state.kit.height)}
    if top.kind == "prophet":
        text = say("{tile} at {cell}: refresh, reorder or turn a stack", **parts)
        return [Choice("prophet", text, at)]
    if top.kind == "prince":
        if prince_choices(state, seat):
            text = say("{tile} at {cell}: break up one of your stacks", **parts)
            return [Choice("prince", text, at)]
        return []
    if top.kind == "barbarian":
        if state.altars:
            return [Choice("barbarian", say("{tile} at {cell}: destroy an altar", **parts), at)]
        return []
    if top.kind == "keykeeper":
        if len(state.own(seat)) >= 2:
            text = say("{tile} at {cell}: swap two of your stacks", **parts)
            return [Choice("keykeeper", text, at)]
        return []
    if top.kind == "priest":
        return priest_choices(state, seat, at)
    return []


def joined(parts: list[Text]) -> Text:
    """Texts joined with "and", as one text the page translates part by part.

    >>> joined([say("a"), say("b"), say("c")])
    'a and b and c'
    """
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = say("{first} and {rest}", first=part, rest=out)
    return out


# -- Prophet -------------------------------------------------------------------------------------


def prophet_targets(state: GameState) -> list[Choice]:
    return [
        Choice(
            "target", say("Work on the stack at {cell}", cell=name(cell, state.kit.height)), cell
        )
        for cell, _ in state.stacks
    ]


#: the Altar of Energy's words (one template, one translation)
REFRESH = N_("Remove the exhaustion token at {cell}")


def refresh_choices(state: GameState, task: Task) -> list[Choice]:
    """First, whether the Prophet removes the stack's exhaustion token (asked only when it has
    one: the Prophet's own stack is exhausted only after its power is resolved)."""
    assert task.cell is not None
    stack = state.stack(task.cell)
    assert stack is not None
    if not stack.exhausted:
        return []
    cell = name(task.cell, state.kit.height)
    return [
        Choice("refresh", say(REFRESH, cell=cell), task.cell, flag=True),
        Choice("keep", say("Leave the exhaustion token at {cell}", cell=cell), task.cell),
    ]


def prophet_tasks(state: GameState, seat: int, cell: Cell) -> tuple[Task, ...]:
    """The stack chosen: the exhaustion token first (when it has one), then the order and
    facings, every tile of the stack still to lay."""
    stack = state.stack(cell)
    assert stack is not None
    kind = TaskKind.PROPHET_REFRESH if stack.exhausted else TaskKind.PROPHET_ARRANGE
    return (Task(kind, seat, cell=cell, tiles=stack.tiles),)


def after_refresh(task: Task, choice: Choice) -> tuple[Task, ...]:
    """The order and facings come next (``count`` 1: the token was removed)."""
    return (replace(task, kind=TaskKind.PROPHET_ARRANGE, count=int(choice.flag)),)


def arrange_choices(state: GameState, task: Task) -> list[Choice]:
    """The stack is laid again from the bottom: each decision puts one of the tiles still to lay
    (``task.tiles``) next, with its own facing ("change the order and facing of all the tiles").
    Before the first, a refreshed stack may also be left as it is; the last tile cannot
    rebuild the very stack the Prophet started from when nothing else changed (the move must
    have an effect)."""
    assert task.cell is not None
    stack = state.stack(task.cell)
    assert stack is not None
    out = []
    if not task.laid and task.count:
        out.append(Choice("arrange", say("Keep the order and facings"), task.cell, index=-1))
    total = len(stack.tiles)
    for index, tile in enumerate(task.tiles):
        for facing in Dir:
            laid = (*task.laid, replace(tile, facing=facing))
            if len(laid) == total and laid == stack.tiles and not task.count:
                continue  # nothing would change
            label = say(
                "Lay the {tile} facing {side} (from the bottom: {n} of {total})",
                tile=say(tile.spec.name),
                side=facing.word.upper(),
                n=len(laid),
                total=total,
            )
            out.append(Choice("arrange", label, task.cell, facing=facing, index=index, tile=tile))
    return out


def arrange(state: GameState, task: Task, choice: Choice) -> tuple[GameState, tuple[Task, ...]]:
    """One tile laid (or the order kept); once the last is laid the stack on the board is the
    new one. Shield tokens lie on the stack's sides: they turn as its top tile turns."""
    assert task.cell is not None
    stack = state.stack(task.cell)
    assert stack is not None
    if task.count:
        stack = replace(stack, exhausted=False)
    if choice.index < 0:
        return state.put(task.cell, stack), ()
    assert choice.facing is not None
    tile = replace(task.tiles[choice.index], facing=choice.facing)
    rest = task.tiles[: choice.index] + task.tiles[choice.index + 1 :]
    laid = (*task.laid, tile)
    if rest:
        return state, (replace(task, tiles=rest, laid=laid),)
    steps = (laid[-1].facing - stack.top.facing) % 8
    tokens = frozenset(t.turned(steps) for t in stack.tokens)
    return state.put(task.cell, replace(stack, tiles=laid, tokens=tokens)), ()


# -- Prince --------------------------------------------------------------------------------------


def prince_choices(state: GameState, seat: int) -> list[Choice]:
    """A stack of yours and the tile of it that leaves the game; the rest must have another
    stack of yours to go onto."""
    mine = state.own(seat)
    out = []
    for cell in mine:
        stack = state.stack(cell)
        assert stack is not None
        if len(stack.tiles) > 1 and len(mine) < 2:
            continue
        for index in range(len(stack.tiles) - 1, -1, -1):
            tile = stack.tiles[index]
            label = say(
                "Remove the {tile} from {cell}",
                tile=say(tile.spec.name),
                cell=name(cell, state.kit.height),
            )
            out.append(Choice("remove", label, cell, index=index))
    return out


def prince(state: GameState, task: Task, choice: Choice) -> tuple[GameState, tuple[Task, ...]]:
    assert choice.at is not None
    stack = state.stack(choice.at)
    assert stack is not None
    gone = stack.tiles[choice.index]
    rest = stack.tiles[: choice.index] + stack.tiles[choice.index + 1 :]
    state = replace(state.put(choice.at, None), removed=(*state.removed, gone))
    if not rest:
        return state, ()
    return state, (Task(TaskKind.DROP, task.seat, tiles=tuple(reversed(rest))),)


# -- Barbarian -----------------------------------------------------------------------------------


def barbarian_choices(state: GameState) -> list[Choice]:
    return [
        Choice(
            "destroy",
            say(
                "Destroy the {altar} at {cell}",
                altar=say(altar.kind.label),
                cell=name(altar.cell, state.kit.height),
            ),
            altar.cell,
        )
        for altar in state.altars
    ]


def destroy(state: GameState, choice: Choice) -> GameState:
    return replace(state, altars=tuple(a for a in state.altars if a.cell != choice.at))


# -- Key Keeper ----------------------------------------------------------------------------------


def keykeeper_choices(state: GameState, seat: int) -> list[Choice]:
    return [
        Choice(
            "swap",
            say(
                "Swap {cell} and {other}",
                cell=name(a, state.kit.height),
                other=name(b, state.kit.height),
            ),
            a,
            b,
        )
        for a, b in combinations(state.own(seat), 2)
    ]


def swap(state: GameState, task: Task, choice: Choice) -> tuple[GameState, tuple[Task, ...]]:
    assert choice.at is not None and choice.to is not None
    first, second = state.stack(choice.at), state.stack(choice.to)
    assert first is not None and second is not None
    state = state.put(choice.at, second).put(choice.to, first)
    return state, (
        Task(TaskKind.FACE, task.seat, cell=choice.to),
        Task(TaskKind.FACE, task.seat, cell=choice.at),
    )


# -- Priest --------------------------------------------------------------------------------------


def priest_choices(state: GameState, seat: int, at: Cell) -> list[Choice]:
    """Every non-empty set of the altars in the Priest's lines whose power can work."""
    found = lines(state, at, lambda kind: altars.works(state, seat, kind))
    targets = [c for line in found for c in line.targets]
    priest = state.stack(at)
    assert priest is not None
    crossed = tuple(c for line in found for c in line.crossed)
    out = []
    for size in range(1, len(targets) + 1):
        for chosen in combinations(targets, size):
            kinds = []
            for cell in chosen:
                altar = state.altar(cell)
                assert altar is not None
                kinds.append(say("the {altar}", altar=say(altar.kind.label)))
            label = say(
                "{tile} at {cell}: activate {altars}",
                tile=say(priest.top.spec.name),
                cell=name(at, state.kit.height),
                altars=joined(kinds),
            )
            out.append(Choice("priest", label, at, targets=chosen, lines=crossed))
    return out


def priest(state: GameState, seat: int, choice: Choice) -> tuple[Task, ...]:
    tasks = []
    for cell in choice.targets:
        altar = state.altar(cell)
        assert altar is not None
        tasks.append(altars.start(altar.kind, seat))
    return tuple(tasks)
