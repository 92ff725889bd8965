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
    parts: dict[str, str | Text] = {"tile": say(top.spec.name), "cell": name(at)}
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


#: the Prophet's rearrangements: (a tile brought to the top, the exhaustion token removed)
ARRANGE = {
    (False, False): N_("facing {side}"),
    (False, True): N_("facing {side}, exhaustion removed"),
    (True, False): N_("{tile} on top, facing {side}"),
    (True, True): N_("{tile} on top, facing {side}, exhaustion removed"),
}


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
        Choice("target", say("Work on the stack at {cell}", cell=name(cell)), cell)
        for cell, _ in state.stacks
    ]


def arrange_choices(state: GameState, task: Task) -> list[Choice]:
    """A tile of the stack brought to the top (the others keep their order), one facing for
    the whole stack, and the exhaustion token removed or not; something must change."""
    assert task.cell is not None
    stack = state.stack(task.cell)
    assert stack is not None
    out = []
    refreshes = (False, True) if stack.exhausted else (False,)
    height = len(stack.tiles)
    for index in range(height - 1, -1, -1):
        tile = stack.tiles[index]
        for facing in Dir:
            for refresh in refreshes:
                if index == height - 1 and facing == stack.top.facing and not refresh:
                    continue
                parts: dict[str, str | Text] = {"side": facing.word.upper()}
                if index != height - 1:
                    parts["tile"] = say(tile.spec.name)
                label = say(ARRANGE[index != height - 1, refresh], **parts)
                out.append(
                    Choice("arrange", label, task.cell, facing=facing, index=index, flag=refresh)
                )
    return out


def arrange(state: GameState, choice: Choice) -> GameState:
    assert choice.at is not None and choice.facing is not None
    stack = state.stack(choice.at)
    assert stack is not None
    tiles = list(stack.tiles)
    tiles.append(tiles.pop(choice.index))
    stack = replace(stack, tiles=tuple(tiles))
    stack = altars.turned(stack, choice.facing)
    if choice.flag:
        stack = replace(stack, exhausted=False)
    return state.put(choice.at, stack)


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
            label = say("Remove the {tile} from {cell}", tile=say(tile.spec.name), cell=name(cell))
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
                cell=name(altar.cell),
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
        Choice("swap", say("Swap {cell} and {other}", cell=name(a), other=name(b)), a, b)
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
                cell=name(at),
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
