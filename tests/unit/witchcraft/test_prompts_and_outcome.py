"""What each phone says big, how the game ended, a move in words (Game.prompt, outcome,
describe)."""

from __future__ import annotations

import random

from companion.engine import Reason
from companion.engine.text import english
from companion.games.witchcraft import turns
from companion.games.witchcraft.state import GameState
from tests.unit.witchcraft.helpers import GAME, NAMES, W, find, kind_is, play, position

#: Ben's wizards that can always act, so that the game goes on
FOE = {(4, 0): W(1, "apprentice", "w"), (4, 1): W(1, "apprentice", "w")}


def fight() -> GameState:
    """Ann's apprentice on a1 aims north at Ben's monk on the same file; Ben has a spare
    wizard so that the game goes on."""
    return position({(0, 4): W(0, "apprentice", "n"), (0, 1): W(1, "monk"), **FOE}, altars={})


def prompt_of(state: GameState, seat: int) -> dict[str, object]:
    you = GAME.present(state, seat)["you"]
    return {"kind": you["prompt"]["kind"], "text": english(you["prompt"]["text"])}


def test_the_player_to_place_is_asked_to_place_a_tile_and_the_other_told_who_places() -> None:
    state = GAME.setup(NAMES, {}, 1, first=0)
    assert prompt_of(state, 0) == {
        "kind": "act",
        "text": "Your turn: place your next tile (tap a free space).",
    }
    assert prompt_of(state, 1) == {"kind": "wait", "text": "Ann places a wizard"}


def test_the_player_to_move_is_asked_to_activate_a_wizard() -> None:
    state = fight()
    assert prompt_of(state, 0)["text"] == "Your turn: tap a wizard to see its targets."
    assert prompt_of(state, 1) == {"kind": "wait", "text": "Ann activates a wizard"}


def test_after_a_capture_the_capturer_is_asked_where_the_captured_tile_goes() -> None:
    state = play(fight(), kind_is("cast", at=(0, 4)))
    assert prompt_of(state, 0) == {
        "kind": "act",
        "text": "Put the captured tile onto one of your stacks.",
    }
    assert prompt_of(state, 1)["kind"] == "wait"


def test_a_win_ranks_the_winner_first_and_her_phone_reads_her_place() -> None:
    over = GAME.apply(fight(), 1, {"type": "resign"}, 1.0)
    table = GAME.present(over, None)["outcome"]
    assert table["reason"] == "rules"
    assert english(table["text"]) == "Ann (red) wins: Ben resigned."
    assert [(p["seat"], p["place"]) for p in table["ranking"]] == [(0, 1), (1, 2)]
    assert GAME.present(over, 0)["you"]["place"] == 1
    assert GAME.present(over, 1)["you"]["place"] == 2


def test_a_draw_shares_the_first_place() -> None:
    over = turns.finish(fight(), None, "quiet")
    ranking = GAME.outcome(over, Reason.RULES).ranking
    assert ranking is not None and [p.place for p in ranking] == [1, 1]


def test_ended_by_the_host_mid_game_names_no_winner() -> None:
    ended = GAME.present(fight(), 0, Reason.ENDED)
    assert ended["outcome"]["reason"] == "ended" and ended["outcome"]["ranking"] is None
    assert ended["you"]["place"] is None


def test_a_move_is_described_by_its_move_list_line() -> None:
    state = fight()
    [index] = find(state, kind_is("cast", at=(0, 4)))
    said = GAME.describe(state, 0, {"type": "choose", "option": index})
    assert said == "Apprentice at a1 hits the Monk on a4"
    after = GAME.apply(state, 0, {"type": "choose", "option": index}, 1.0)
    assert after.log[-1].text == said


def test_a_resignation_and_a_choice_that_is_not_listed_are_not_described() -> None:
    state = fight()
    assert GAME.describe(state, 0, {"type": "resign"}) is None
    assert GAME.describe(state, 0, {"type": "choose", "option": 9999}) is None


def test_under_random_play_the_decider_acts_the_other_waits_and_the_end_ranks_both() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.setup(NAMES, {"master": seed == 1}, seed)
        for _ in range(300):
            if GAME.is_over(state):
                break
            for seat in (0, 1):
                prompt = GAME.present(state, seat)["you"]["prompt"]
                assert prompt["kind"] == ("act" if seat == state.decider else "wait")
                assert isinstance(prompt["text"], dict) and prompt["text"]["template"]
            decider = state.decider
            assert decider is not None
            option = rng.randrange(len(turns.choices(state)))
            state = GAME.apply(state, decider, {"type": "choose", "option": option}, 1.0)
        assert GAME.is_over(state)  # random games end within a few dozen moves
        ranking = GAME.outcome(state, Reason.RULES).ranking
        assert ranking is not None and sorted(p.seat for p in ranking) == [0, 1]
        assert ranking[0].seat == state.winner or state.winner is None
