"""What the pages see. The faith values appear only once the trial has happened.

Every text is a key and its parameters (the pages translate them), except the names of the
printed cards: the room's box, or ``data/``'s placeholders (each marked ``placeholder`` until the
host enters it).
"""

from __future__ import annotations

from typing import Any

from companion.games.carodejnice.cards import (
    CHALLENGES_PER_JUROR,
    GENERAL_CHALLENGES,
    Box,
)
from companion.games.carodejnice.losses import FAILED_MISSIONS_LOSE, LOST_SOULS_LOSE
from companion.games.carodejnice.state import ROUND_PHASES, Phase, State
from companion.games.carodejnice.trial import verdict

#: what the player may record in each phase of the jurors game (besides the card buttons)
RECORD = {
    Phase.SETUP: ("ready",),
    Phase.WITCHES: ("done",),
    Phase.MISSION: ("accept",),
    Phase.REST: ("done",),
    Phase.RESOLVE: ("resolve",),
    Phase.DECIDE: ("decide",),
    Phase.CLEANUP: ("cleanup",),
    Phase.OVER: (),
}
CARD_ACTIONS = ("townsfolk", "curse", "return_curse", "card")


def jurors(state: State) -> list[dict[str, Any]]:
    """``[{key, name, placeholder, conviction, faith, sum, convinced}]``: faith, sum and
    convinced stay ``None`` until the trial.

    >>> from companion.games.carodejnice.state import Juror
    >>> s = State(seed=1, player="A", scenario=0, jurors=(Juror("juror_a", "A", 4, (2, 5)),))
    >>> jurors(s)[0]["faith"] is None
    True
    """
    out = []
    revealed = state.trial is not None
    for juror in state.jurors:
        out.append(
            {
                "key": juror.key,
                "name": juror.name,
                "placeholder": state.cards.juror(juror.key).placeholder,
                "conviction": juror.conviction,
                "faith": list(juror.faith) if revealed else None,
                "sum": sum(juror.faith) if revealed else None,
                "convinced": juror.conviction >= sum(juror.faith) if revealed else None,
            }
        )
    return out


def checklist(box: Box, state: State) -> list[dict[str, Any]]:
    """The set-up, step by step, as keys and parameters for the pages."""
    names = [j.name for j in state.jurors]
    return [
        {"step": "jurors", "jurors": names},
        {"step": "faith"},
        {
            "step": "laid_out",
            "missions": [box.mission(m).name for m in state.laid_out],
        },
        {
            "step": "deck",
            "act3": [box.mission(m).name for m in state.deck if box.mission(m).act == 3],
            "act2": [box.mission(m).name for m in state.deck if box.mission(m).act == 2],
        },
        {
            "step": "challenges",
            "general": GENERAL_CHALLENGES,
            "tied": CHALLENGES_PER_JUROR * len(state.jurors),
            "jurors": names,
            "deal": [{"mission": box.mission(m).name, "count": n} for m, n in state.challenges],
        },
        {"step": "townsfolk"},
        {"step": "witches"},
        {"step": "curses", "curse_deck": box.curse_deck},
    ]


def mission(box: Box, state: State, mission_id: str) -> dict[str, Any]:
    card = box.mission(mission_id)
    dealt = dict(state.challenges).get(mission_id, 0)
    return {**card.to_json(), "juror_name": box.juror(card.juror).name, "dealt": dealt}


def result(state: State) -> dict[str, Any] | None:
    if state.loss is not None:
        return {"kind": "loss", "loss": state.loss.value}
    if state.trial is not None:
        result = verdict(state.jurors)
        return {
            "kind": "trial",
            "cause": state.trial.value,
            "convinced": result.count,
            "degree": result.degree.value,
            "innocent": result.degree.innocent,
        }
    if state.won is not None:
        return {"kind": "tale", "won": state.won}
    return None


def _tale_record(state: State) -> list[str]:
    """A tale records its tracks and steps through the phases by hand."""
    if state.phase is Phase.SETUP:
        return ["ready"]
    return [] if state.phase is Phase.OVER else ["done", "track", "finish"]


def view(box: Box, state: State) -> dict[str, Any]:
    tale = box.scenarios[state.scenario - 1] if state.scenario else None
    last = state.last
    return {
        "mode": "tale" if tale else "jurors",
        "scenario": state.scenario,
        "player": state.player,
        "phase": state.phase.value,
        "phase_number": state.phase.number,
        "phases": [p.value for p in ROUND_PHASES],
        "round": state.round,
        "record": list(RECORD[state.phase]) if not tale else _tale_record(state),
        "placeholder": box.placeholder,
        "jurors": jurors(state),
        "conviction_max": box.conviction_max,
        "missions": {
            "laid_out": [mission(box, state, m) for m in state.laid_out],
            "deck": len(state.deck),
            "next": box.mission(state.deck[0]).name if state.deck else None,
            "accepted": mission(box, state, state.accepted) if state.accepted else None,
            "revealed": mission(box, state, state.revealed) if state.revealed else None,
            "succeeded": len(state.succeeded),
            "failed": len(state.failed),
        },
        "last": None
        if last is None
        else {
            "mission": box.mission(last.mission).name,
            "strength": last.strength,
            "spent": last.spent,
            "left": last.strength - last.spent,
            "difficulty": last.difficulty,
            "success": last.success,
            "juror": box.juror(last.juror).name if last.juror else None,
            "value": last.value,
            "servants": last.servants,
        },
        "counters": {
            "failed": len(state.failed),
            "failed_limit": FAILED_MISSIONS_LOSE,
            "lost_souls": state.lost_souls,
            "lost_souls_limit": LOST_SOULS_LOSE,
            "curse_deck": state.curse_deck,
            "challenge_deck": state.challenge_deck,
            "servants": state.servants,
        },
        "setup": checklist(box, state) if not tale else [],
        "tale": None
        if tale is None
        else {
            "number": tale.number,
            "title": tale.title,
            "placeholder": box.scenarios_placeholder,
            "tracks": [
                {"name": t.name, "value": v, "max": t.max, "goal": t.goal}
                for t, v in zip(tale.tracks, state.tracks, strict=True)
            ],
        },
        "result": result(state),
    }


def reference() -> dict[str, Any]:
    """Static facts the pages show: the loss limits and the degree table (what the cards
    print is each room's box: in its views)."""
    return {
        "failed_limit": FAILED_MISSIONS_LOSE,
        "lost_souls_limit": LOST_SOULS_LOSE,
        "degrees": {"3": "triumph", "2": "draw", "1": "defeat", "0": "rout"},
    }
