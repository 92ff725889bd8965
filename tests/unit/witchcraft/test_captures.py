"""Captures and stacks."""

from __future__ import annotations

from companion.games.witchcraft.state import Phase
from companion.games.witchcraft.tiles import AltarKind
from tests.unit.witchcraft.helpers import W, choices, kind_is, kinds, on, play, position


def test_a_captured_tile_goes_onto_a_stack_of_the_captor_never_an_empty_space() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (4, 4): W(0, "golem"), (0, 0): W(1, "monk"),
         (4, 0): W(1, "apprentice", "w")},
        altars={},
    )  # fmt: skip
    state = play(state, kind_is("cast", at=(0, 4)))
    assert state.stack((0, 0)) is None
    assert {c.at for c in choices(state)} == {(0, 4), (4, 4)}  # own stacks only
    state = play(state, kind_is("drop", at=(4, 4)))
    assert kinds(on(state, (4, 4))) == ["golem", "monk"]
    assert on(state, (4, 4)).owner == 0
    assert state.captured == (1, 0)


def test_the_captor_distributes_a_captured_stack_as_they_choose() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (4, 4): W(0, "golem"),
         (0, 0): W(1, ("monk", "golem", "watchman", "apprentice")), (4, 0): W(1, "apprentice")},
        altars={},
    )  # fmt: skip
    state = play(state, kind_is("cast", at=(0, 4)))
    # the top tile of the captured stack comes first: three onto one stack, one onto another
    for target in ((4, 4), (4, 4), (4, 4), (0, 4)):
        state = play(state, kind_is("drop", at=target))
    assert kinds(on(state, (4, 4))) == ["golem", "apprentice", "watchman", "golem"]
    assert kinds(on(state, (0, 4))) == ["apprentice", "monk"]
    assert state.captured == (4, 0)


def test_stacking_onto_a_stack_removes_its_shield_and_exhaustion_tokens() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (4, 4): W(0, "golem", exhausted=True, tokens=("e",)),
         (0, 0): W(1, "monk"), (4, 0): W(1, "apprentice", "w")},
        altars={},
    )  # fmt: skip
    state = play(state, kind_is("cast", at=(0, 4)))
    state = play(state, kind_is("drop", at=(4, 4)))
    assert not on(state, (4, 4)).exhausted and on(state, (4, 4)).tokens == frozenset()


def test_the_activated_wizard_is_exhausted_after_its_spell_is_resolved() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (0, 0): W(1, "monk"), (4, 0): W(1, "apprentice", "w")},
        altars={},
    )
    state = play(state, kind_is("cast", at=(0, 4)))
    state = play(state, kind_is("drop", at=(0, 4)))  # onto its own caster
    assert on(state, (0, 4)).exhausted  # the token goes on after the captured tile
    assert state.turn == 1


def test_a_player_who_captures_the_last_enemy_wizard_wins() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (0, 0): W(1, "monk")},
        altars={},
        powers=(AltarKind.TELEPORTATION, None),  # not asked about it: the game is over
    )
    state = play(state, kind_is("cast", at=(0, 4)))
    state = play(state, kind_is("drop", at=(0, 4)))
    assert state.phase is Phase.OVER and state.winner == 0
    assert "controls no wizard" in state.result
