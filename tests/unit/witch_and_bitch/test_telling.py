"""What each phone is told: the prompt of every step (act exactly when the seat has a decision),
the ending of every kind (the scenario's, the host's End, everyone gone) and the undo notes."""

from __future__ import annotations

from dataclasses import replace

from companion.engine.outcome import Reason
from companion.engine.text import english, text_json
from companion.games.witch_and_bitch.state import GameState, Step

from .helpers import GAME, act, bitch_of, drafted, first_rolled, in_round, new, past_setup


def told(state: GameState, seat: int, over: Reason | None = None) -> tuple[str, str]:
    """(kind, English text) of the seat's prompt as the room sends it."""
    you = GAME.present(state, seat, over)["you"]
    return you["prompt"]["kind"], english(you["prompt"]["text"])


def test_prompt_first_roll_asks_each_roller_then_waits_for_the_others() -> None:
    state = past_setup(new(1, 3))
    assert state.step is Step.FIRST_ROLL
    assert told(state, 0) == ("act", "Roll the d20 for first player")
    state = act(state, 0, "first_roll", value=5)
    kind, text = told(state, 0)
    assert kind == "wait" and text == "Rolled — waiting for the others"


def test_prompt_draft_names_the_drafting_witch_to_the_others() -> None:
    state = first_rolled(new(1, 3), first=1)
    assert state.step is Step.DRAFT and state.current == 1
    assert told(state, 1) == ("act", "Choose your first Spell")
    assert told(state, 0) == ("wait", "Waiting for Ben to choose")


def test_prompt_turn_is_the_current_witchs_and_the_others_wait() -> None:
    state = in_round(1, 3, first=2)
    assert state.current == 2
    assert told(state, 2) == ("act", "Your turn: up to 3 actions")
    assert told(state, 0) == ("wait", "Cleo's turn")


def test_prompt_tv_led_steps_ask_for_next_on_every_phone() -> None:
    state = drafted(first_rolled(new(1, 2)))
    assert state.step is Step.ENEMIES
    assert told(state, 0) == ("act", "Follow the TV, then press Next.")


def test_prompt_learning_without_xp_says_to_move_on() -> None:
    state = replace(in_round(1, 2, first=0), step=Step.LEARNING, order=(0, 1), index=0)
    assert told(state, 1) == ("wait", "Anna may learn a Spell")
    assert told(state, 0)[1] == "You cannot learn a Spell now: press Next."


def test_outcome_scenario_win_ranks_the_good_witches_first_and_names_the_bitch() -> None:
    state = replace(in_round(2, 3), antagonist_portal=1)
    state = act(state, None, "verdict", event="antagonist-dead")
    bitch = bitch_of(state)
    table = GAME.present(state, None)
    assert table["outcome"]["reason"] == "rules"
    assert "Witches win" in english(table["outcome"]["text"])
    for seat in state.seats:
        place = GAME.present(state, seat)["you"]["place"]
        assert place == (2 if seat == bitch else 1)  # two sides, two places


def test_outcome_competitive_last_witch_alive_is_first() -> None:
    state = in_round(3, 3)
    for victim in (1, 2):
        state = act(state, 0, "attack", target="player", seat=victim, bonus=0, damage=10, value=20)
    assert [GAME.present(state, k)["you"]["place"] for k in state.seats] == [1, 2, 2]


def test_outcome_cooperative_loss_has_no_ranking() -> None:
    state = act(in_round(5, 2), None, "verdict", event="conspirator-in")
    out = GAME.present(state, 0)
    assert out["outcome"]["ranking"] is None and out["you"]["place"] is None


def test_outcome_ended_by_the_host_names_round_survivors_and_the_bitch() -> None:
    state = to_dark(in_round(2, 3))
    bitch = bitch_of(state)
    table = GAME.present(state, None, Reason.ENDED)
    assert table["outcome"]["reason"] == "ended" and table["outcome"]["ranking"] is None
    text = english(table["outcome"]["text"])
    assert text.startswith("Ended by the host in round 1. Still alive: Anna, Ben")
    assert text.endswith(f"The Bitch was {state.names[bitch]}.")
    assert told(state, 0, Reason.ENDED)[0] == "wait"
    assert GAME.present(state, 0, Reason.ENDED)["you"]["place"] is None


def test_outcome_ended_leaves_out_the_witches_dead_for_good() -> None:
    state = in_round(3, 3)
    state = act(state, 0, "attack", target="player", seat=1, bonus=0, damage=10, value=20)
    text = english(GAME.outcome(state, Reason.ENDED).text)
    assert "Still alive: Anna, Cleo." in text and "Bitch" not in text


def test_outcome_ended_during_the_set_up() -> None:
    assert english(text_json(GAME.outcome(new(1, 2), Reason.ENDED).text)) == (
        "Ended by the host during the set-up."
    )


def test_describe_names_the_spell_the_xp_and_the_damage() -> None:
    state = in_round(1, 2)
    spell = english(text_json(GAME.describe(state, 0, {"type": "learn", "spell": "fire-1"})))
    assert spell and spell != "learn"
    assert english(text_json(GAME.describe(state, 0, {"type": "corpse", "xp": 3}))) == "+3 XP"
    heal = GAME.describe(state, None, {"type": "damage", "seat": 1, "amount": -1})
    assert english(text_json(heal)) == "Ben: heal 1"
    assert GAME.describe(state, 0, {"type": "next"}) is None


def to_dark(state: GameState) -> GameState:
    """Press next until the Dark Forces' Destiny step (where the host's End used to leave it)."""
    for _ in range(50):
        if state.step is Step.DESTINY:
            return state
        state = act(state, None, "next")
    raise AssertionError("never reached the Destiny step")
