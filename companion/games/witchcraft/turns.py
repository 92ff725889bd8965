"""The encounter's turns: the legal moves, applying a chosen one, and the end of the game.

A turn is one main move (activate a wizard at an enemy or an altar, or a special tile's power),
with the power tile usable once before or after it. A move with follow-up decisions (where the
captured tiles go, what an altar does) leaves tasks, decided one at a time by the seat each
names. When the last task is done the turn passes. The player to move loses when they have no
legal move or no wizard; the game is drawn when both players repeat their activations for three
rounds (the rulebook's only draw), or, when the host turns on the app's own option, after a
long spell without captures.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import Illegal
from companion.engine.memo import per_state
from companion.engine.text import N_, Text, say
from companion.games.witchcraft import altars, captures, entries, placement, specials
from companion.games.witchcraft.choices import Choice
from companion.games.witchcraft.geometry import Cell, name
from companion.games.witchcraft.spells import activations
from companion.games.witchcraft.state import (
    Entry,
    GameState,
    Phase,
    Task,
    TaskKind,
    other,
)
from companion.games.witchcraft.tiles import GUILD_NAMES, GUILDS

#: rounds of identical activations that draw the game
REPEATS = 3


@per_state  # asked by the view, ``Game.choices``, ``choose`` and ``advance`` of one state
def main_choices(state: GameState) -> list[Choice]:
    """Every legal main move of the player to move (the power tile first, if usable)."""
    seat = state.turn
    out = []
    player = state.players[seat]
    power = player.power
    usable = power is not None and player.power_ready and not state.used_power
    if power is not None and usable and altars.works(state, seat, power):
        text = say("Use your power tile ({altar}) first", altar=say(power.label))
        out.append(Choice("power", text))
    for cell, stack in state.stacks:
        if stack.owner != seat or stack.exhausted:
            continue
        if stack.top.spec.special:
            out.extend(specials.main_choices(state, seat, cell))
            continue
        for hits, crossed in activations(state, cell, lambda k: altars.works(state, seat, k)):
            out.append(
                Choice("cast", cast_label(state, cell, hits), cell, targets=hits, lines=crossed)
            )
    return out


def cast_label(state: GameState, at: Cell, hits: tuple[Cell, ...]) -> str:
    stack = state.stack(at)
    assert stack is not None
    parts = []
    for cell in hits:
        altar = state.altar(cell)
        if altar is not None:
            parts.append(say("the {altar}", altar=say(altar.kind.label)))
        else:
            hit = state.stack(cell)
            assert hit is not None
            high = len(hit.tiles)
            template = N_("the {tile} on {cell} (stack of {n})") if high > 1 else HIT
            parts.append(
                say(
                    template, tile=say(hit.top.spec.name), cell=name(cell, state.kit.height), n=high
                )
            )
    return say(
        "{tile} at {cell} hits {targets}",
        tile=say(stack.top.spec.name),
        cell=name(at, state.kit.height),
        targets=specials.joined(parts),
    )


HIT = N_("the {tile} on {cell}")


@per_state
def choices(state: GameState) -> list[Choice]:
    """The legal decisions of the seat the game waits for, in a fixed order."""
    if state.phase is Phase.OVER:
        return []
    if state.tasks:
        return task_choices(state, state.tasks[0])
    if entries.drawing(state):
        return entries.draw_choices(state)
    if state.phase is Phase.PLACEMENT:
        return placement.place_choices(state)
    return main_choices(state)


def task_choices(state: GameState, task: Task) -> list[Choice]:
    kind = task.kind
    if kind is TaskKind.ENTER_ALTAR:
        return entries.altar_choices(state, task)
    if kind is TaskKind.ENTER_SPECIAL:
        return entries.special_choices(state, task)
    if kind is TaskKind.ENTER_POWER:
        return entries.power_choices(task)
    if kind is TaskKind.ASIDE:
        return placement.aside_choices(state, task)
    if kind is TaskKind.DROP:
        return captures.drop_choices(state, task)
    if kind is TaskKind.ENERGY:
        return altars.energy_choices(state, task)
    if kind is TaskKind.PROTECT:
        return altars.protect_choices(state, task.seat)
    if kind is TaskKind.TELEPORT:
        return altars.teleport_choices(state, task.seat)
    if kind is TaskKind.TELEPORT_FACE:
        return altars.facing_choices(state, task, keep=task.count > 0)
    if kind is TaskKind.FACE:
        return altars.facing_choices(state, task, keep=True)
    if kind is TaskKind.SUMMON_MAP:
        return altars.map_choices(state)
    if kind is TaskKind.SUMMON_PICK:
        return altars.pick_choices(state, task)
    if kind is TaskKind.SUMMON:
        return altars.summon_choices(state, task)
    if kind is TaskKind.PROPHET:
        return specials.prophet_targets(state)
    if kind is TaskKind.PROPHET_REFRESH:
        return specials.refresh_choices(state, task)
    if kind is TaskKind.PROPHET_ARRANGE:
        return specials.arrange_choices(state, task)
    if kind is TaskKind.PRINCE:
        return specials.prince_choices(state, task.seat)
    if kind is TaskKind.BARBARIAN:
        return specials.barbarian_choices(state)
    if kind is TaskKind.KEYKEEPER:
        return specials.keykeeper_choices(state, task.seat)
    if kind is TaskKind.AFTER:
        return after_choices(state, task)
    return []  # automatic tasks


def after_choices(state: GameState, task: Task) -> list[Choice]:
    """After the activation, a player with an unused power tile is always asked (so the table
    cannot tell from the question whether the tile could work now); "use it" is offered only
    when its effect can happen."""
    player = state.players[task.seat]
    power = player.power
    if state.used_power or power is None or not player.power_ready:
        return []
    if not state.own(other(task.seat)):
        return []  # the opponent has no wizard left: the game ends with this turn
    out = [Choice("end", say("End your turn"))]
    if altars.works(state, task.seat, power):
        text = say("Use your power tile ({altar}) now", altar=say(power.label))
        out.append(Choice("power", text))
    return out


# -- applying a decision -------------------------------------------------------------------------


def choose(state: GameState, index: int) -> GameState:
    """The state after the decider takes choice ``index`` of ``choices(state)``."""
    listed = choices(state)
    if not 0 <= index < len(listed):
        raise Illegal("That is not one of your choices now; choose again.")
    choice = listed[index]
    state = replace(state, ply=state.ply + 1)
    if state.tasks:
        task, rest = state.tasks[0], state.tasks[1:]
        state, more = resolve(replace(state, tasks=rest), task, choice)
        state = replace(state, tasks=(*more, *state.tasks))
    elif entries.drawing(state):
        state = logged(entries.draw(state, choice), state.turn, say("draws a tile"))
    elif state.phase is Phase.PLACEMENT:
        state = placement.place(state, choice)
    else:
        state = main(state, choice)
    return advance(state)


def logged(
    state: GameState,
    seat: int,
    text: str,
    at: Cell | None = None,
    lines: tuple[Cell, ...] = (),
    targets: tuple[Cell, ...] = (),
) -> GameState:
    """The state with one more line in the move list."""
    return replace(state, log=(*state.log, Entry(seat, text, at, lines, targets)))


def main(state: GameState, choice: Choice) -> GameState:
    seat = state.turn
    if choice.kind == "power":
        return use_power(state, seat)
    assert choice.at is not None
    stack = state.stack(choice.at)
    assert stack is not None
    caster = stack.top
    state = replace(state, caster=caster.id, activations=(*state.activations, caster.id))
    follow: tuple[Task, ...] = ()
    if choice.kind == "cast":
        hit = tuple(c for c in choice.targets if state.stack(c) is not None)
        struck = tuple(c for c in choice.targets if state.altar(c) is not None)
        state = logged(state, seat, choice.label, at=choice.at, lines=choice.lines,
                    targets=choice.targets)  # fmt: skip
        if hit:
            state, drop = captures.capture(state, seat, hit)
            follow += (drop,)
        for cell in struck:
            altar = state.altar(cell)
            assert altar is not None
            follow += (altars.start(altar.kind, seat),)
    elif choice.kind == "priest":
        state = logged(state, seat, choice.label, at=choice.at, lines=choice.lines,
                    targets=choice.targets)  # fmt: skip
        follow = specials.priest(state, seat, choice)
    else:
        state = logged(state, seat, choice.label, at=choice.at)
        task_kind = {
            "prophet": TaskKind.PROPHET,
            "prince": TaskKind.PRINCE,
            "barbarian": TaskKind.BARBARIAN,
            "keykeeper": TaskKind.KEYKEEPER,
        }[choice.kind]
        follow = (Task(task_kind, seat),)
    tail = (
        Task(TaskKind.EXHAUST, seat, tile_id=caster.id),
        Task(TaskKind.AFTER, seat),
        Task(TaskKind.END, seat),
    )
    return replace(state, tasks=(*follow, *tail))


def use_power(state: GameState, seat: int) -> GameState:
    player = state.players[seat]
    assert player.power is not None
    state = state.with_player(seat, replace(player, power_used=True))
    state = replace(state, used_power=True)
    state = logged(state, seat, say("uses the power tile: {altar}", altar=say(player.power.label)))
    return replace(state, tasks=(altars.start(player.power, seat), *state.tasks))


def resolve(state: GameState, task: Task, choice: Choice) -> tuple[GameState, tuple[Task, ...]]:
    """One decision of a task: the new state and the tasks it leads to."""
    kind = task.kind
    seat = task.seat
    note = choice.label
    more: tuple[Task, ...] = ()
    if kind is TaskKind.ENTER_ALTAR:
        state = entries.enter_altar(state, task, choice)
    elif kind is TaskKind.ENTER_SPECIAL:
        state = entries.enter_special(state, task, choice)
    elif kind is TaskKind.ENTER_POWER:
        state = entries.enter_power(state, task, choice)
        note = say("enters the power tile")  # secret: only her phone knows which
    elif kind is TaskKind.ASIDE:
        state, more = placement.set_aside(state, task, choice)
        note = say("sets a tile aside")  # secret until the placement begins
    elif kind is TaskKind.DROP:
        state, more = captures.drop(state, task, choice)
    elif kind is TaskKind.ENERGY:
        state, more = altars.refresh(state, task, choice)
    elif kind is TaskKind.PROTECT:
        state = altars.protect(state, choice)
    elif kind is TaskKind.TELEPORT:
        state, more = altars.teleport(state, task, choice)
    elif kind in (TaskKind.TELEPORT_FACE, TaskKind.FACE):
        state = altars.face(state, choice)
    elif kind is TaskKind.SUMMON_MAP:
        state, more = altars.lay_maps(state, task, choice)
    elif kind is TaskKind.SUMMON_PICK:
        state, more = altars.pick(state, task, choice)
    elif kind is TaskKind.SUMMON:
        state = altars.summon(state, task, choice)
    elif kind is TaskKind.PROPHET:
        assert choice.at is not None
        more = specials.prophet_tasks(state, seat, choice.at)
    elif kind is TaskKind.PROPHET_REFRESH:
        more = specials.after_refresh(task, choice)
    elif kind is TaskKind.PROPHET_ARRANGE:
        state, more = specials.arrange(state, task, choice)
    elif kind is TaskKind.PRINCE:
        state, more = specials.prince(state, task, choice)
    elif kind is TaskKind.BARBARIAN:
        state = specials.destroy(state, choice)
    elif kind is TaskKind.KEYKEEPER:
        state, more = specials.swap(state, task, choice)
    elif kind is TaskKind.AFTER:
        if choice.kind == "power":
            return use_power(state, seat), ()
        return state, ()
    return logged(state, seat, told(note), at=choice.at), more


#: a choice's text ("Put the Golem onto a1") as the move list tells it ("puts the Golem…"):
#: each its own template, so that each language words it (a verb's person is no suffix there)
TOLD = {
    N_("Put the {tile} onto {cell} ({left} more to place)"): N_(
        "puts the {tile} onto {cell} ({left} more to place)"
    ),
    N_("Put the {tile} onto {cell}"): N_("puts the {tile} onto {cell}"),
    N_("Remove the exhaustion token at {cell}"): N_("removes the exhaustion token at {cell}"),
    N_("Leave the exhaustion token at {cell}"): N_("leaves the exhaustion token at {cell}"),
    N_("Keep the order and facings"): N_("keeps the order and facings"),
    N_("Lay the {tile} facing {side} ({n} of {total} from the bottom)"): N_(
        "lays the {tile} facing {side} ({n} of {total} from the bottom)"
    ),
    N_("Remove the {tile} from {cell}"): N_("removes the {tile} from {cell}"),
    N_("Shield {cell} against spells from the {side}"): N_(
        "shields {cell} against spells from the {side}"
    ),
    N_("Move {cell} to {to}"): N_("moves {cell} to {to}"),
    N_("Turn the stack at {cell} where it stands"): N_("turns the stack at {cell} where it stands"),
    N_("Face {side}"): N_("faces {side}"),
    N_("Keep facing {side}"): N_("keeps facing {side}"),
    N_("Keep the second token"): N_("keeps the second token"),
    N_("Summon the {tile} on {cell} facing {side}"): N_(
        "summons the {tile} on {cell} facing {side}"
    ),
    N_("Work on the stack at {cell}"): N_("works on the stack at {cell}"),
    N_("Destroy the {altar} at {cell}"): N_("destroys the {altar} at {cell}"),
    N_("Swap {cell} and {other}"): N_("swaps {cell} and {other}"),
}


def told(text: str) -> str:
    """The choice's text in the third person, for the move list.

    >>> told(say("Put the {tile} onto {cell}", tile=say("Golem"), cell="a1"))
    'puts the Golem onto a1'
    >>> told(say("{who} summons on {cell}", who="Ben", cell="z1"))
    'Ben summons on z1'
    """
    if not isinstance(text, Text):
        return text
    return Text(TOLD.get(text.template, text.template), text.params)


def advance(state: GameState) -> GameState:
    """Run the automatic tasks, skip decisions nobody can take, and end the turn when its
    tasks are done; then see whether the game is over."""
    while state.phase is not Phase.OVER:
        if not state.tasks:
            if state.phase is Phase.MASTER:
                state = placement.master_done(state)
                continue
            if state.phase is Phase.ENCOUNTER and not main_choices(state):
                return finish(state, other(state.turn), "no-move")
            return state
        task, rest = state.tasks[0], state.tasks[1:]
        if task.kind is TaskKind.ALTAR:
            state = replace(state, tasks=(*altars.expand(state, task), *rest))
        elif task.kind is TaskKind.EXHAUST:
            where = state.where(task.tile_id)
            stack = state.stack(where) if where is not None else None
            state = replace(state, tasks=rest)
            if where is not None and stack is not None:
                state = state.put(where, replace(stack, exhausted=True))
        elif task.kind is TaskKind.END:
            state = end_turn(replace(state, tasks=rest))
        elif not task_choices(state, task):
            state = replace(state, tasks=rest)  # nothing left to decide (no space, no target)
        else:
            return state
    return state


def end_turn(state: GameState) -> GameState:
    mover = state.turn
    quiet = 0 if state.struck else state.quiet_turns + 1
    state = replace(
        state, turn=other(mover), caster="", used_power=False, struck=False, quiet_turns=quiet
    )
    if not state.own(other(mover)):
        return finish(state, mover, "no-wizard")
    if not state.own(mover):
        return finish(state, other(mover), "no-wizard")
    if repeated(state.activations):
        return finish(state, None, "repeated")
    limit = state.options.quiet_rounds
    if limit and quiet >= 2 * limit:
        return finish(state, None, "quiet")
    return state


def repeated(activations: tuple[str, ...], rounds: int = REPEATS) -> bool:
    """Whether the last ``rounds`` rounds (a turn of each player) activated the same tiles.

    >>> repeated(("r1", "g2", "r1", "g2", "r1", "g2"))
    True
    >>> repeated(("r1", "g2", "r1", "g2", "r3", "g2"))
    False
    """
    if len(activations) < 2 * rounds:
        return False
    last = activations[-2:]
    return all(activations[-2 * k - 2 : len(activations) - 2 * k] == last for k in range(rounds))


#: why a game ends, completing a sentence about the player who lost (first) or about both
#: players, for a draw (second)
REASONS = {
    "no-move": (N_("{who} ({guild}) wins: {loser} has no legal move."), ""),
    "no-wizard": (N_("{who} ({guild}) wins: {loser} controls no wizard."), ""),
    "time": (N_("{who} ({guild}) wins: {loser} ran out of time."), ""),
    "left": (N_("{who} ({guild}) wins: {loser} left the game."), ""),
    "resigned": (N_("{who} ({guild}) wins: {loser} resigned."), ""),
    "repeated": ("", N_("Draw: both players repeated the same activations for three rounds.")),
    "quiet": ("", N_("Draw: the rounds without a capture reached the limit ({rounds}).")),
}


def finish(state: GameState, winner: int | None, reason: str) -> GameState:
    """The game ends: ``winner`` wins (None: a draw) for ``reason`` (a key of ``REASONS``)."""
    won, drawn = REASONS[reason]
    if winner is None:
        text = say(drawn, rounds=state.options.quiet_rounds)
    else:
        text = say(
            won,
            who=state.players[winner].name,
            guild=say(GUILD_NAMES[GUILDS[winner]]),
            loser=state.players[other(winner)].name,
        )
    clock = state.clock
    if clock is not None:
        clock = replace(clock, running=None)
    seat = winner if winner is not None else state.turn
    return replace(
        state,
        phase=Phase.OVER,
        winner=winner,
        result=text,
        tasks=(),
        clock=clock,
        log=(*state.log, Entry(seat, text)),
    )
