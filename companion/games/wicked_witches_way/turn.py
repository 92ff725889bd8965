"""Phases 1–2 of a turn: handicaps (before the first roll), the roll, the lid, the formulas;
and a seat that leaves the table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.engine import BadRequest, Illegal, NotYourTurn, TooLate
from companion.engine.text import N_, say
from companion.games.wicked_witches_way import dice, payload, resolution, track
from companion.games.wicked_witches_way.black_magic import Spell
from companion.games.wicked_witches_way.spells import holds
from companion.games.wicked_witches_way.state import Formula, GameState, Level, Phase


def handicap(state: GameState, action: Mapping[str, Any]) -> GameState:
    """``handicap {seat, level, start?}`` by the table (a table decision, set by the host):
    a novice starts on 5, 6 or 7; an expert never gets the bonus."""
    if state.phase is not Phase.ROLL or state.turn != 1:
        raise Illegal("Handicaps are set before the first roll.")
    target = action["seat"]
    level = Level(action["level"])
    start = action.get("start")
    if level is Level.NOVICE:
        start = track.NOVICE_STARTS[0] if start is None else start
        if start not in track.NOVICE_STARTS:
            raise BadRequest("A novice starts on space 5, 6 or 7.")
    elif start not in (None, track.START):
        raise BadRequest("Only a novice starts ahead (on space 5, 6 or 7).")
    else:
        start = track.START
    name = state.name(target)
    text = {
        Level.NORMAL: say("{name} flies as a normal pilot, from the start.", name=name),
        Level.NOVICE: say("{name} flies as a novice, starting on space {n}.", name=name, n=start),
        Level.EXPERT: say("{name} flies as an expert: never the perfect-formula bonus.", name=name),
    }[level]
    return state.with_witch(target, level=level, start=start, position=start).said(text)


def roll(state: GameState, seat: int | None, action: Mapping[str, Any], at: float) -> GameState:
    """``roll {}`` by the roller or the table: the app rolls, or with physical dice the real
    dice have been thrown into the box; either way the look and the lid race begin at once.
    The faces of physical dice are entered only when the lid opens (``dice``)."""
    if state.phase is Phase.RESOLVE:
        raise Illegal("Wait: the next roll comes when every formula has been applied.")
    if state.phase is not Phase.ROLL:
        raise Illegal("The dice are already rolled this turn.")
    if seat is not None and seat != state.roller:
        raise NotYourTurn("Wait: {name} rolls the dice.", name=state.name(state.roller))
    if action.get("dice") is not None:
        if state.options.physical_dice:
            raise BadRequest("Enter the dice when the lid opens, once every formula is written.")
        raise BadRequest("The app rolls the dice (the 'physical dice' option is off).")
    rolled = (
        None
        if state.options.physical_dice
        else dice.roll(state.seed, state.turn, state.options.faces)
    )
    who = say(N_("The table")) if seat is None else state.name(seat)
    if rolled is None:
        text = say("{who} rolls the dice: look in the box!", who=who)
    else:
        text = say("{who} rolls the dice: look in the great book of magic!", who=who)
    return replace(state, phase=Phase.LOOK, dice=rolled, rolled_at=at, results=(), spells=()).said(
        text
    )


def enter_dice(
    state: GameState, seat: int | None, action: Mapping[str, Any], at: float
) -> GameState:
    """``dice {dice: [9 × {symbol, color}]}``: the faces seen in the box (physical dice)."""
    try:
        faces = dice.parse_dice(action.get("dice"))
    except ValueError as exc:  # its sentence, made with say()
        raise BadRequest(exc.args[0]) from None
    return resolution.enter_dice(state, seat, faces, at)


def can_close_lid(state: GameState, seat: int) -> bool:
    return (
        state.phase is Phase.LOOK
        and state.witches[seat].position > track.LOWEST
        and not state.is_gone(seat)
    )


def close_lid(state: GameState, seat: int | None, at: float) -> GameState:
    """The race: the first press in fair order closes the lid; the table may close it too."""
    if state.phase in (Phase.COMPOSE, Phase.RESOLVE):
        closer = state.lid_closed_by
        first = say(N_("The table")) if closer is None else state.name(closer)
        raise TooLate("Too late: {first} closed the lid first.", first=first)
    if state.phase is not Phase.LOOK:
        raise Illegal("The dice are not rolled yet.")
    if seat is not None and not can_close_lid(state, seat):
        raise Illegal(
            "{name} is on space −2 and can no longer close the lid.", name=state.name(seat)
        )
    seconds = state.options.compose_seconds
    who = say(N_("The table")) if seat is None else state.name(seat)
    state = replace(
        state,
        phase=Phase.COMPOSE,
        lid_closed_by=seat,
        lid_closed_at=at,
        compose_until=at + 1000 * seconds if seconds else None,
        formulas=tuple(None for _ in state.witches),
        decrees=(),
    ).said(say("{who} closes the lid! Write your formulas.", who=who))
    for gone in state.gone:  # nobody waits for a witch who left: she writes nothing
        state = lock(state, gone, Formula(), f"{state.name(gone)} has left: no formula.", at)
    return state


def formula(state: GameState, seat: int, action: Mapping[str, Any], at: float) -> GameState:
    """``formula {cards, second?}``: locked at once, never changed afterwards."""
    if state.phase is Phase.LOOK:
        raise Illegal("Close the lid first, then write your formula.")
    if state.phase is not Phase.COMPOSE:
        raise Illegal("This is not the time to write a formula.")
    if state.formulas[seat] is not None:
        raise Illegal("Your formula is already locked.")
    if state.window is not None and state.window.seat == seat:
        raise Illegal("Wait for your Decree to take effect.")
    cards = payload.symbols(action.get("cards", []), N_("Formula"))
    second = None
    if action.get("second"):
        if not holds(state, seat, Spell.DOUBLE_CROSS):
            raise Illegal("Only a witch holding Double Cross writes 2 formulas.")
        second = payload.symbols(action.get("second"), N_("Second formula"))
        if set(second) & set(cards):
            raise BadRequest("You have one card of each symbol: the 2 formulas cannot share one.")
    text = say("{name} has written her formula.", name=state.name(seat))
    return lock(state, seat, Formula(cards, second), text, at)


def lock(state: GameState, seat: int, locked: Formula, text: str, at: float) -> GameState:
    state = state.with_formula(seat, locked).said(text)
    if all(f is not None for f in state.formulas):
        return resolution.begin(state, at)
    return state


def force_empty(state: GameState, action: Mapping[str, Any], at: float) -> GameState:
    """The table's ``pass {seat}`` while formulas are written: an empty formula for a player
    who left (or will not write)."""
    target = action.get("seat")
    if target is None:
        raise BadRequest("Say which seat to pass for (seat).")
    if state.formulas[target] is not None:
        raise Illegal("{name}'s formula is already locked.", name=state.name(target))
    if state.window is not None and state.window.seat == target:
        raise Illegal("Wait for the end of the Magic Fog window.")
    text = say("The table passes for {name}: no formula.", name=state.name(target))
    return lock(state, target, Formula(), text, at)


def seat_left(state: GameState, seat: int, at: float) -> GameState:
    """The player of ``seat`` left or was removed. Her witch stays on the track where she is,
    never rolls, and is never waited for: she writes no formula (one already locked stays),
    gets no moment in the reveal (her formula is applied at once, the first card drawn is
    kept), and any Decree of hers ends. Calling it again changes nothing."""
    if state.is_gone(seat):
        return state
    name = state.name(seat)
    state = replace(state, gone=(*state.gone, seat)).said(
        say("{name}'s player has left the table: {name} stays on the track.", name=name)
    )
    if state.phase is Phase.ROLL and state.roller == seat:
        roller = resolution.draw_roller(state, state.turn)
        if roller != seat:
            state = replace(state, roller=roller).said(
                say("{name} rolls instead.", name=state.name(roller))
            )
    elif state.phase is Phase.COMPOSE and state.formulas[seat] is None:
        window = state.window
        if window is not None and window.seat == seat:  # her Decree ends unanswered
            discard = (*state.discard, window.card) if window.card else state.discard
            state = replace(state, window=None, discard=discard)
        state = lock(state, seat, Formula(), f"{name} writes no formula.", at)
    elif state.phase is Phase.RESOLVE and state.current == seat and state.window is None:
        state = resolution.step_over(state, at)
    return state
