"""What each screen may see. The table view holds nobody's secrets; a seat's view adds ``you``
with that seat's own secrets only: her formula, hand, private draw and Decree look."""

from __future__ import annotations

from typing import Any

from companion.games.wicked_witches_way import scoring, spells
from companion.games.wicked_witches_way.black_magic import (
    Spell,
    acrobatics,
    card_json,
    is_acrobatics,
)
from companion.games.wicked_witches_way.deadlines import deadline
from companion.games.wicked_witches_way.dice import face_table
from companion.games.wicked_witches_way.state import DecreeStage, GameState, Phase, Step
from companion.games.wicked_witches_way.turn import can_close_lid

#: the dice are hidden while the formulas are written; until the roll, the last turn's show
_DICE_SHOWN = (Phase.ROLL, Phase.LOOK, Phase.RESOLVE, Phase.OVER)


def table_view(state: GameState) -> dict[str, Any]:
    over = state.phase is Phase.OVER
    final = scoring.final(state) if over else None
    totals = {row["seat"]: row["total"] for row in final or []}
    valid = state.valid if state.phase in (Phase.ROLL, Phase.RESOLVE, Phase.OVER) else None
    physical = state.options.physical_deck
    window = state.window
    return {
        "phase": state.phase.value,
        "turn": state.turn,
        "roller": state.roller,
        "dice": (
            [d.to_json() for d in state.dice]
            if state.dice is not None and state.phase in _DICE_SHOWN
            else None
        ),
        "valid": None if valid is None else valid.describe(),
        "lid_closed_by": state.lid_closed_by,
        "lid_closed_at": state.lid_closed_at,
        "curse": state.curse,
        "witches": [
            {
                "seat": w.seat,
                "name": w.name,
                "witch": w.witch,
                "position": w.position,
                "finished_rank": w.finished_rank,
                "score": totals.get(w.seat, scoring.place_points(w.position, w.finished_rank)),
                "handicap": w.level.value,
                "start": w.start,
                "locked": state.phase in (Phase.COMPOSE, Phase.RESOLVE)
                and state.formulas[w.seat] is not None,
                "hand_size": None if physical else len(w.hand),
                "in_decree": state.in_decree(w.seat),
            }
            for w in state.witches
        ],
        "order": list(state.order) if state.phase is Phase.RESOLVE else [],
        "current": state.current,
        "step": None if state.step is None or state.current is None else state.step.value,
        "window": None
        if window is None
        else {
            "kind": "fog",
            "seat": window.seat,
            "card": window.spell.value,
            "until": window.until,
        },
        "deadline": deadline(state),
        "results": [r.to_json() for r in state.results],
        "spells": [s.to_json() for s in state.spells],
        "log": list(state.log),
        "deck": {
            "draw_pile": None if physical else len(state.draw_pile),
            "discard": None if physical else len(state.discard),
            "physical": physical,
        },
        "final": final,
        "awaiting_acrobatics": [w.seat for w in state.witches if w.acrobatics_entered is None]
        if over and physical
        else [],
        "placeholders": {"dice": face_table().placeholder, "acrobatics": acrobatics().placeholder},
        "options": state.options.to_json(),
    }


def seat_view(state: GameState, seat: int) -> dict[str, Any]:
    out = table_view(state)
    witch = state.witches[seat]
    locked = state.formulas[seat] if state.phase is not Phase.ROLL else None
    decree = state.decree_of(seat)
    looking = (
        state.phase is Phase.COMPOSE
        and decree is not None
        and decree.stage is DecreeStage.LOOK
        and state.formulas[seat] is None
        and state.dice is not None
    )
    hand = [] if state.options.physical_deck else list(witch.hand)
    out["you"] = {
        "seat": seat,
        "witch": witch.witch,
        "can_close_lid": can_close_lid(state, seat),
        "formula": None if locked is None else locked.to_json(),
        "hand": [card_json(c) for c in hand if not is_acrobatics(c)],
        "acrobatics": [
            {"id": c, "points": card_json(c)["points"], "placeholder": acrobatics().placeholder}
            for c in hand
            if is_acrobatics(c)
        ],
        "keep_choice": [card_json(c) for c in state.keep_choice]
        if state.keep_choice is not None and state.current == seat
        else None,
        "decree": {"dice": [d.to_json() for d in state.dice or ()], "until": decree.until}
        if looking and decree is not None
        else None,
        "prompts": prompts(state, seat),
    }
    return out


def prompts(state: GameState, seat: int) -> list[str]:
    """What this seat can do now, in the spec's words."""
    out: list[str] = []
    window = state.window
    current = state.current == seat and window is None
    if state.phase is Phase.ROLL and state.roller == seat:
        out.append("roll")
    if can_close_lid(state, seat):
        out.append("close_lid")
    if state.phase is Phase.COMPOSE and state.formulas[seat] is None:
        if window is None or window.seat != seat:
            out.append("formula")
        if window is None and _may_decree(state, seat):
            out.append("decree")
    if current and state.step is Step.APPLY:
        out.append("apply")
    if current and state.step is Step.AFTER:
        out.append("after")
    if state.current == seat and state.step is Step.KEEP:
        out.append("keep")
    if window is not None and window.seat != seat and spells.holds(state, seat, Spell.MAGIC_FOG):
        out.append("fog")
    if (
        state.phase is Phase.OVER
        and state.options.physical_deck
        and state.witches[seat].acrobatics_entered is None
    ):
        out.append("acrobatics")
    return out


def _may_decree(state: GameState, seat: int) -> bool:
    if state.decree_of(seat) is not None or not spells.holds(state, seat, Spell.DECREE):
        return False
    return all(
        state.formulas[k] is not None or state.in_decree(k) for k in state.seats if k != seat
    )
