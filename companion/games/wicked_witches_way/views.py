"""What each screen may see. The table view holds nobody's secrets; a seat's view adds ``you``
with that seat's own secrets only: her formula (until all are revealed), hand, private draw
and Decree look. Nothing in any view depends on whether a witch holds a spell she could play:
every witch gets the same moments and the same prompts."""

from __future__ import annotations

from typing import Any

from companion.engine.text import text_json
from companion.games.wicked_witches_way import scoring, spells
from companion.games.wicked_witches_way.black_magic import (
    Spell,
    card_json,
    is_acrobatics,
    points_of,
)
from companion.games.wicked_witches_way.deadlines import deadline
from companion.games.wicked_witches_way.state import DecreeStage, Formula, GameState, Phase, Step
from companion.games.wicked_witches_way.turn import can_close_lid

#: the dice are hidden while the formulas are written; until the roll, the last turn's show
_DICE_SHOWN = (Phase.ROLL, Phase.LOOK, Phase.RESOLVE, Phase.OVER)
#: the steps of the reveal before the lid is off and the dice are known
_LID_ON = (Step.REVEAL, Step.READ)


def dice_shown(state: GameState) -> bool:
    if state.dice is None or state.phase not in _DICE_SHOWN:
        return False
    return not (state.phase is Phase.RESOLVE and state.step in _LID_ON)


def table_view(state: GameState) -> dict[str, Any]:
    final = scoring.final(state) if state.phase is Phase.OVER else None
    shown = dice_shown(state) and state.phase is not Phase.LOOK
    valid = state.valid if shown else None
    resolving = state.phase is Phase.RESOLVE
    return {
        "phase": state.phase.value,
        "turn": state.turn,
        "roller": state.roller,
        "dice": [d.to_json() for d in state.dice or ()] if dice_shown(state) else None,
        "valid": None if valid is None else valid.describe(),
        "lid_closed_by": state.lid_closed_by,
        "lid_closed_at": state.lid_closed_at,
        "curse": state.curse,
        "witches": _witches(state, final),
        # every formula, revealed together once all are locked (the rulebook's phase 3)
        "formulas": [{"seat": k, **(state.formulas[k] or Formula()).to_json()} for k in state.seats]
        if resolving
        else None,
        "order": list(state.order) if resolving else [],
        "current": state.current,
        "step": state.step.value if resolving and state.step is not None else None,
        "holding": state.current if resolving and state.holding else None,
        "decree": _decree_look(state),
        "window": _fog_window(state),
        "deadline": deadline(state),
        "results": [r.to_json() for r in state.results],
        "spells": [s.to_json() for s in state.spells],
        "log": [text_json(line) for line in state.log],
        "deck": _deck(state),
        "final": final,
        "awaiting_acrobatics": _awaiting_acrobatics(state),
        "placeholders": {
            "dice": state.options.faces.placeholder,
            "acrobatics": state.options.acrobatics.placeholder,
        },
        "options": state.options.to_json(),
    }


def _witches(state: GameState, final: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Every witch's public row: where she stands, her score (the final one once over)."""
    totals = {row["seat"]: row["total"] for row in final or []}
    physical = state.options.physical_deck
    return [
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
            "gone": state.is_gone(w.seat),
        }
        for w in state.witches
    ]


def _fog_window(state: GameState) -> dict[str, Any] | None:
    """The Magic Fog window open now: whose spell, until when."""
    window = state.window
    if window is None:
        return None
    return {"kind": "fog", "seat": window.seat, "card": window.spell.value, "until": window.until}


def _deck(state: GameState) -> dict[str, Any]:
    """The piles' sizes, which the app knows only when it deals the cards itself."""
    physical = state.options.physical_deck
    return {
        "draw_pile": None if physical else len(state.draw_pile),
        "discard": None if physical else len(state.discard),
        "physical": physical,
    }


def _awaiting_acrobatics(state: GameState) -> list[int]:
    """Once the game is over with the table's own cards: the seats still to enter their
    acrobatics points."""
    if state.phase is not Phase.OVER or not state.options.physical_deck:
        return []
    return [
        w.seat for w in state.witches if w.acrobatics_entered is None and not state.is_gone(w.seat)
    ]


def _decree_look(state: GameState) -> dict[str, Any] | None:
    """The Decree look under way, for every screen: who looks, until when (not the dice)."""
    for decree in state.decrees:
        if (
            state.phase is Phase.COMPOSE
            and decree.stage is DecreeStage.LOOK
            and state.formulas[decree.seat] is None
        ):
            return {"seat": decree.seat, "until": decree.until}
    return None


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
    )
    hand = [] if state.options.physical_deck else list(witch.hand)
    values = state.options.acrobatics
    out["you"] = {
        "seat": seat,
        "witch": witch.witch,
        "can_close_lid": can_close_lid(state, seat),
        "formula": None if locked is None else locked.to_json(),
        "hand": [card_json(c) for c in hand if not is_acrobatics(c)],
        "acrobatics": [
            {
                "id": c,
                "points": points_of(c, values),
                "placeholder": values.placeholder,
            }
            for c in hand
            if is_acrobatics(c)
        ],
        "keep_choice": [card_json(c, values) for c in state.keep_choice]
        if state.keep_choice is not None and state.current == seat
        else None,
        # with physical dice the app has no dice to show: she lifts the lid of the real box
        "decree": {
            "dice": None if state.dice is None else [d.to_json() for d in state.dice],
            "until": decree.until,
        }
        if looking and decree is not None
        else None,
        "prompts": prompts(state, seat),
    }
    return out


def prompts(state: GameState, seat: int) -> list[str]:
    """What this seat can do now, in the spec's words. ``apply`` and ``after`` are the current
    witch's moments, offered to every witch alike whatever she holds."""
    out: list[str] = []
    if state.is_gone(seat):
        return out
    window = state.window
    current = state.current == seat and window is None
    if state.phase is Phase.ROLL and state.roller == seat:
        out.append("roll")
    if (
        state.options.physical_dice
        and state.phase is Phase.RESOLVE
        and state.step in (Step.READ, Step.SORT)
        and state.roller == seat
    ):
        out.append("dice")
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
