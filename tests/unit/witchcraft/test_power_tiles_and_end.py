"""Power tiles, the end of the game and the draws."""

from __future__ import annotations

from dataclasses import replace

from companion.games.witchcraft.state import GameState, Options, Phase
from companion.games.witchcraft.tiles import AltarKind
from companion.games.witchcraft.turns import repeated
from tests.unit.witchcraft.helpers import GAME, W, choices, kind_is, on, play, position

FOE = {(4, 0): W(1, "apprentice", "w"), (4, 1): W(1, "apprentice", "w")}


def test_a_power_tile_can_be_used_before_the_activation_and_leaves_the_game() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n", exhausted=True), (0, 0): W(1, "monk"), **FOE},
        altars={},
        powers=(AltarKind.ENERGY, None),
    )
    assert [c.kind for c in choices(state)] == ["power"]  # the only way to act
    state = play(state, kind_is("power"))
    state = play(state, kind_is("refresh", at=(0, 4)))
    assert state.turn == 0 and not on(state, (0, 4)).exhausted
    assert GAME.view(state, 0)["you"]["power"] is None
    assert GAME.view(state, None)["players"][0]["power"] == "used: energy"
    assert not any(c.kind == "power" for c in choices(state))
    state = play(state, kind_is("cast", at=(0, 4)))
    assert state.turn == 0  # the captured tile is still to be placed: no "after" question
    state = play(state, kind_is("drop"))
    assert state.turn == 1


def test_a_power_tile_can_be_used_after_the_activation() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (0, 0): W(1, "monk"), **FOE},
        altars={},
        powers=(AltarKind.PROTECTION, None),
    )
    state = play(state, kind_is("cast", at=(0, 4)))
    state = play(state, kind_is("drop"))
    assert {c.kind for c in choices(state)} == {"end", "power"}
    state = play(state, kind_is("power"))
    state = play(state, kind_is("shield", at=(0, 4), facing="e"))
    assert state.turn == 1 and state.players[0].power_used


def test_a_power_tile_whose_effect_cannot_happen_is_not_offered() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (0, 0): W(1, "monk"), **FOE},
        altars={},
        powers=(AltarKind.ENERGY, None),
    )
    assert not any(c.kind == "power" for c in choices(state))


def test_the_player_to_move_without_a_legal_move_loses_the_dirty_victory() -> None:
    # Ben has many stacks but none can act; Ann's single wizard takes one of them
    state = position(
        {
            (0, 4): W(0, "apprentice", "n"),
            (0, 0): W(1, "apprentice", "n"),
            (2, 0): W(1, "golem", "n"),
            (4, 0): W(1, "watchman", "n", exhausted=True),
        },
        altars={},
    )
    state = play(state, kind_is("cast", at=(0, 4)))
    state = play(state, kind_is("drop"))
    assert state.phase is Phase.OVER and state.winner == 0
    assert "has no legal move" in state.result


def test_same_activations_for_three_rounds_is_a_draw() -> None:
    assert repeated(("a", "b") * 3)
    assert not repeated(("a", "b") * 2)
    state = position({(0, 4): W(0, "prophet", "n"), (4, 0): W(1, "prophet", "s")}, altars={})
    for _ in range(3):
        for seat in (0, 1):
            mine = (0, 4) if seat == 0 else (4, 0)
            state = play(state, lambda c: c.kind == "prophet")
            state = play(state, kind_is("target", at=mine))
            turned = (on(state, mine).top.facing + 1) % 8
            state = play(state, lambda c, f=turned: c.kind == "arrange" and c.facing == f)
            if state.phase is Phase.OVER:
                break
            # the Prophet refreshed nobody: refresh it by hand so it may act again
            for cell, stack in state.stacks:
                state = state.put(cell, replace(stack, exhausted=False))
    assert state.phase is Phase.OVER and state.winner is None
    assert "three rounds" in state.result


def quiet_game(options: Options | None = None) -> GameState:
    """Two Prophets far apart that never capture, 49 quiet turns (24½ rounds) played."""
    state = position(
        {(0, 4): W(0, "prophet", "n"), (4, 0): W(1, "prophet", "s")}, altars={}, options=options
    )
    state = replace(state, quiet_turns=49, activations=("x",))
    state = play(state, lambda c: c.kind == "prophet")
    state = play(state, lambda c: c.kind == "target" and c.at == (4, 0))
    return play(state, lambda c: c.kind == "arrange" and c.facing == 0)


def test_the_game_ends_with_a_draw_only_if_the_sequence_of_activation_does_not_change() -> None:
    """The rulebook: "If the sequence of activation of both players does not change for three
    rounds, the game ends with a draw": the only draw; by default quiet rounds go on."""
    state = quiet_game()
    assert state.phase is Phase.ENCOUNTER and state.quiet_turns == 50
    state = replace(state, quiet_turns=10**6)
    state = play(state, lambda c: c.kind == "prophet")
    assert state.phase is Phase.ENCOUNTER
    assert GAME.view(state, None)["quiet_limit"] == 0


def test_the_apps_own_quiet_round_draw_ends_the_game_only_when_the_host_turns_it_on() -> None:
    state = quiet_game(Options(quiet_rounds=25))
    assert state.phase is Phase.OVER and state.winner is None
    assert "rounds without a capture reached the limit (25)" in state.result


def test_the_quiet_round_option_is_off_by_default_and_says_it_is_the_apps_own_rule() -> None:
    (option,) = [o for o in GAME.options if o.id == "quiet_rounds"]
    assert option.default == 0 and "App's own rule" in option.label
    assert GAME.setup(("Ann", "Ben"), {}, 1, first=0).options.quiet_rounds == 0
    assert GAME.setup(("Ann", "Ben"), {"quiet_rounds": 30}, 1, first=0).options.quiet_rounds == 30


def test_an_unused_power_tile_is_revealed_when_the_game_ends() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), **FOE}, altars={}, powers=(AltarKind.TELEPORTATION, None)
    )
    assert GAME.view(state, None)["players"][0]["power"] == "hidden"
    assert GAME.private(state, 0)
    state = GAME.apply(state, 1, {"type": "resign"}, 0)
    assert GAME.view(state, None)["players"][0]["power"] == "unused: teleportation"
    assert GAME.private(state, 0) == []


def test_the_question_after_the_activation_does_not_reveal_whether_the_power_tile_works() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (0, 0): W(1, "monk"), **FOE},
        altars={},
        powers=(AltarKind.SUMMONING, None),
        pairs=(),  # no map tiles left: the Summoning tile cannot work
    )
    state = play(state, kind_is("cast", at=(0, 4)))
    state = play(state, kind_is("drop"))
    assert [c.kind for c in choices(state)] == ["end"]  # still asked, as with a usable tile
    assert GAME.view(state, None)["pending"]["task"] == "after"
    state = play(state, kind_is("end"))
    assert state.turn == 1
