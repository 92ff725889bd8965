"""What each phone says big at every moment, how the race ended, an action in words
(Game.prompt, outcome, describe)."""

from __future__ import annotations

import random
from typing import Any

from companion.engine import Reason
from companion.engine.text import english
from companion.games.wicked_witches_way.state import GameState, Phase, Step
from companion.games.wicked_witches_way.track import LOWEST
from tests.unit.wicked_witches_way.bot import moves, step
from tests.unit.wicked_witches_way.helpers import (
    GAME,
    ORANGE3,
    T0,
    at_positions,
    closed,
    new,
    rolled,
    settle,
    turn,
    with_hand,
    write,
)


def said(state: GameState, seat: int) -> tuple[str, str]:
    prompt = GAME.present(state, seat)["you"]["prompt"]
    return prompt["kind"], english(prompt["text"])


def test_the_roller_is_asked_to_roll_and_the_others_told_who_rolls() -> None:
    state = new()
    roller = state.roller
    other = (roller + 1) % 3
    assert said(state, roller) == ("act", "Roll the dice (button below).")
    assert said(state, other) == ("wait", f"Wait: player{roller} rolls the dice.")


def test_while_the_lid_is_open_every_witch_races_to_close_it_but_one_on_space_minus_2() -> None:
    state = rolled(at_positions(new(), {2: LOWEST}), ORANGE3)
    assert said(state, 0) == ("act", "Look at the dice, then close the lid!")
    assert said(state, 2) == ("wait", "Turn 1: the lid is open, look at the dice!")


def test_compose_asks_for_the_formula_then_counts_the_locked_ones() -> None:
    state = closed(rolled(new(), ORANGE3), 0)
    assert said(state, 1) == ("act", "Write your formula below.")
    state = write(state, {1: ["ear"]}, play=False)
    assert said(state, 1) == ("wait", "Waiting for the others: 1/3 locked.")


def test_in_her_moment_the_current_witch_with_a_spell_is_asked_to_play_or_go_on() -> None:
    state = with_hand(new(players=2), 0, "tailwind#1")
    state = turn(state, ORANGE3, 0, {0: ["ear"]})
    assert (state.current, state.step) == (0, Step.AFTER)
    assert said(state, 0) == ("act", "Play a spell or go on (below).")
    assert said(state, 1) == ("wait", "Turn 1: formulas checked · now: player0")


def test_a_spell_cast_opens_magic_fog_for_a_witch_who_holds_it_and_names_the_caster() -> None:
    state = with_hand(new(players=3), 0, "tailwind#1")
    state = with_hand(state, 1, "magic_fog#1")
    state = turn(state, ORANGE3, 0, {0: ["ear"]})
    state = GAME.apply(state, 0, {"type": "spell", "card": "tailwind"}, T0 + 10_000)
    assert said(state, 1) == ("act", "You may answer with Magic Fog.")
    assert said(state, 2) == ("wait", "player0 casts Tailwind.")


def test_a_witch_who_left_is_told_to_watch() -> None:
    state = GAME.seat_left(new(), 1, T0)
    assert said(state, 1) == ("wait", "Watch the TV.")


def finale(**options: Any) -> GameState:
    """Seats 0, 1, 2 cross the finish this turn, in that order; seat 3 does not."""
    state = at_positions(new(players=4, **options), {0: 21, 1: 22, 2: 20, 3: 10})
    formulas = {0: ["ear", "star"], 1: ["ear"], 2: ["ear", "star", "eye"], 3: ["ear"]}
    return settle(turn(state, ORANGE3, 0, formulas))


def test_the_end_by_the_rules_ranks_the_final_scores_and_names_the_winner() -> None:
    state = finale()
    outcome = GAME.present(state, None)["outcome"]
    final = GAME.view(state, None)["final"]
    assert outcome["reason"] == "rules"
    assert [(p["seat"], p["place"], p["score"]) for p in outcome["ranking"]] == [
        (row["seat"], row["rank"], row["total"]) for row in final
    ]
    best = final[0]
    assert english(outcome["text"]) == f"{best['name']} wins (points: {best['total']})."
    assert GAME.present(state, best["seat"])["you"]["place"] == 1


def test_ended_by_the_host_ranks_the_witches_by_their_place_on_the_track() -> None:
    state = at_positions(new(players=3), {0: 4, 1: 9, 2: 4})
    outcome = GAME.outcome(state, Reason.ENDED)
    assert outcome.text == "Ended by the host in turn 1"
    assert outcome.ranking is not None
    assert [(p.seat, p.place, p.score) for p in outcome.ranking] == [
        (1, 1, 9),
        (0, 2, 4),
        (2, 2, 4),
    ]
    assert GAME.present(state, 2, Reason.ENDED)["you"]["place"] == 2


def test_with_the_physical_deck_each_witch_is_asked_for_her_acrobatics_until_all_are_in() -> None:
    state = finale(physical_deck=True)
    assert state.phase is Phase.OVER and not GAME.is_over(state)
    assert said(state, 2) == ("act", "Enter the points of your acrobatics cards.")
    state = GAME.apply(state, 2, {"type": "acrobatics", "points": 4}, T0)
    assert said(state, 2) == ("act", "You entered 4: the others are still counting.")


def test_a_roll_a_spell_and_an_acrobatics_total_are_described_a_secret_formula_is_not() -> None:
    state = new()
    tailwind = {"type": "spell", "card": "tailwind"}
    assert GAME.describe(state, 0, tailwind) == "Tailwind"
    acrobatics = {"type": "acrobatics", "points": 4}
    assert GAME.describe(state, 1, acrobatics) == "Acrobatics points for Renée: 4."
    assert GAME.describe(state, 0, {"type": "formula", "cards": ["ear"]}) is None
    roller = state.roller
    assert GAME.describe(state, None, {"type": "roll"}) == f"Turn 1: player{roller} rolls the dice"


def test_under_random_play_every_seat_has_a_prompt_and_an_end_by_the_host_ranks_everyone() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        options = {"physical_dice": seed == 1, "physical_deck": seed == 2, "compose_seconds": 20}
        state = GAME.setup([f"p{k}" for k in range(3)], options, seed)
        now = T0
        for _ in range(300):
            if GAME.is_over(state):
                break
            for seat in state.seats:
                prompt = GAME.present(state, seat)["you"]["prompt"]
                assert prompt["kind"] == ("act" if GAME.choices(state, seat) else "wait")
                assert isinstance(prompt["text"], dict) and prompt["text"]["template"]
            ended = GAME.outcome(state, Reason.ENDED)
            assert ended.ranking is not None
            assert sorted(p.seat for p in ended.ranking) == list(state.seats)
            state, now = step(state, rng.choice(moves(state)), now + 700)
