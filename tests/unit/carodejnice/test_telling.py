"""What the one phone is told: the prompt of each phase (act while the game waits for the
player), the ending in words (a loss named, the trial's degree, a tale won or lost, the host's
End) with no ranking, and the undo notes."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine.outcome import Reason
from companion.engine.text import english, text_json
from companion.games.carodejnice import Phase, State

from .helpers import GAME, act, at_resolve, fail, in_round, new, one_round, succeed, with_jurors


def told(state: State, over: Reason | None = None) -> tuple[str, str]:
    prompt = GAME.present(state, 0, over)["you"]["prompt"]
    return prompt["kind"], english(prompt["text"])


def ending(state: State, over: Reason | None = None) -> dict[str, Any]:
    view = GAME.present(state, 0, over)
    assert view["you"]["place"] is None  # a solo game has no ranking
    outcome: dict[str, Any] = view["outcome"]
    assert outcome["ranking"] is None
    return {"reason": outcome["reason"], "text": english(outcome["text"])}


def test_prompt_says_what_to_tap_in_every_phase_of_the_jurors_game() -> None:
    state = new()
    assert told(state) == ("act", "Lay out the cards as the list shows, then tap Set-up done.")
    state = in_round()
    assert told(state) == ("act", "Phase 1: play witches from your hand, then go on.")
    state = act(state, "done")
    assert told(state) == ("act", "Phase 2: accept one of the laid-out missions.")
    state = act(act(state, "accept", mission=state.laid_out[0]), "done")
    assert state.phase is Phase.RESOLVE
    assert told(state) == ("act", "Phase 4: record how the mission went.")


def test_prompt_in_a_tale_names_the_phase() -> None:
    state = act(new(scenario=2), "ready")
    assert told(state) == ("act", "Phase 1: play it as your tale says, then tap Next phase.")


def test_prompt_after_the_player_left_waits() -> None:
    state = GAME.seat_left(in_round(), 0, 0.0)
    assert told(state) == ("wait", "You left the game.")


def test_outcome_a_loss_is_named() -> None:
    state = one_round(in_round(), win=False)
    state = fail(at_resolve(state))
    assert state.phase is Phase.OVER
    assert ending(state) == {"reason": "rules", "text": "Defeat: a second mission failed."}


@pytest.mark.parametrize(
    ("convictions", "text"),
    [
        ((9, 9, 9), "Triumph: all three jurors are convinced."),
        ((9, 9, 0), "A draw: two jurors are convinced, and the witches count as innocent."),
        ((9, 0, 0), "Defeat: only one juror is convinced."),
        ((0, 0, 0), "Rout: no juror is convinced."),
    ],
)
def test_outcome_the_trial_reads_its_degree(convictions: tuple[int, ...], text: str) -> None:
    state = with_jurors(in_round(), *((c, (4, 5)) for c in convictions))
    state = act(succeed(at_resolve(state), juror=0, value=0), "decide", trial=True)
    assert ending(state) == {"reason": "rules", "text": text}


def test_outcome_a_tale_won_or_lost() -> None:
    state = act(new(scenario=2), "ready")
    assert ending(act(state, "finish", won=True))["text"] == "The tale is won"
    assert ending(act(state, "finish", won=False))["text"] == "The tale is lost"


def test_outcome_ended_by_the_host_says_the_round() -> None:
    state = one_round(in_round())
    assert ending(state, Reason.ENDED) == {
        "reason": "ended",
        "text": "Ended by the host in round 2.",
    }
    assert told(state, Reason.ENDED)[0] == "wait"


def test_describe_the_mission_and_the_verdicts() -> None:
    state = act(in_round(), "done")
    mission = state.laid_out[0]
    words = english(text_json(GAME.describe(state, 0, {"type": "accept", "mission": mission})))
    assert words and words != mission
    trial = GAME.describe(state, 0, {"type": "decide", "trial": True})
    assert english(text_json(trial)) == "The trial was chosen."
    assert GAME.describe(state, 0, {"type": "done"}) is None
