"""Spells: lines of sight, what a wizard's activation would hit, and whether that is legal.

A missile or thunder hits the first enemy tile or altar in line; friendly tiles do not block,
altars do. A blast may pick any enemy or altar in line up to the first altar. A shield on the
side facing the caster stops a missile or a blast (the move is then illegal in that direction);
thunder breaks it. A wizard with two spell directions hits in both; the activation is legal if
at least one direction hits something the hit can affect.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import product

from companion.games.witchcraft.geometry import Cell, Dir, ray
from companion.games.witchcraft.state import GameState
from companion.games.witchcraft.tiles import AltarKind, Spell


@dataclass(frozen=True)
class Line:
    """One direction of one activation: the spaces crossed and what may be hit."""

    direction: Dir
    spell: Spell
    crossed: tuple[Cell, ...]
    #: the legal targets (a missile or thunder has at most one; a blast may have several)
    targets: tuple[Cell, ...]


def shielded(state: GameState, target: Cell, direction: Dir) -> bool:
    """Whether the stack on ``target`` has a shield on the side a spell travelling in
    ``direction`` arrives at (the side facing back towards the caster)."""
    stack = state.stack(target)
    return stack is not None and direction.opposite in stack.shields()


def lines(state: GameState, at: Cell, altar_works: Callable[[AltarKind], bool]) -> list[Line]:
    """The lines of the wizard on ``at`` (its top tile's spells as it faces now).

    ``altar_works`` says whether hitting an altar of that kind can have its effect now (an
    altar whose effect cannot happen is no legal target, but it still blocks).
    """
    stack = state.stack(at)
    assert stack is not None
    out = []
    for direction, spell in stack.top.spec.spell_dirs(stack.top.facing):
        crossed: list[Cell] = []
        targets: list[Cell] = []
        for cell in ray(at, direction, state.cells):
            crossed.append(cell)
            altar = state.altar(cell)
            other = state.stack(cell)
            if spell is Spell.PRIEST:
                if altar is not None and altar_works(altar.kind):
                    targets.append(cell)
                if other is not None and other.owner != stack.owner:
                    break  # enemy wizards block the Priest; altars do not
                continue
            if altar is not None:
                if altar_works(altar.kind):
                    targets.append(cell)
                break  # altars always block
            if other is None or other.owner == stack.owner:
                continue  # friendly tiles do not block
            if spell is Spell.THUNDER or not shielded(state, cell, direction):
                targets.append(cell)
            if spell is not Spell.BLAST:
                break  # the first enemy takes the spell, shielded or not
        out.append(Line(direction, spell, tuple(crossed), tuple(targets)))
    return out


def activations(
    state: GameState, at: Cell, altar_works: Callable[[AltarKind], bool]
) -> list[tuple[tuple[Cell, ...], tuple[Cell, ...]]]:
    """Every legal way to activate the casting wizard on ``at``: (targets hit, spaces crossed).

    A blast direction offers each of its targets; a missile or thunder direction its single
    target; a direction with no legal target hits nothing. At least one hit is needed.
    """
    found = lines(state, at, altar_works)
    crossed = tuple(c for line in found for c in line.crossed)
    per_line: list[list[Cell | None]] = [
        list(line.targets) if line.targets else [None] for line in found
    ]
    out = []
    for combo in product(*per_line):
        hits = tuple(c for c in combo if c is not None)
        if hits:
            out.append((hits, crossed))
    return out
