"""The special tiles' powers."""

from __future__ import annotations

from companion.games.witchcraft.geometry import Dir
from companion.games.witchcraft.tiles import AltarKind
from tests.unit.witchcraft.helpers import W, choices, find, kind_is, kinds, on, play, position

FOE = {(4, 0): W(1, "apprentice", "w"), (4, 1): W(1, "apprentice", "w")}


def test_prophet_change_the_order_and_facing_of_all_the_tiles_in_that_stack() -> None:
    """ "remove one exhaustion token from one stack or tile and / or change the order and facing
    of all the tiles in that stack"
    """
    state = position(
        {(0, 4): W(0, "prophet"), (2, 4): W(0, ("golem", "monk", "apprentice"), "n",
         exhausted=True), **FOE},
        altars={},
    )  # fmt: skip
    state = play(state, kind_is("prophet", at=(0, 4)))
    state = play(state, kind_is("target", at=(2, 4)))
    state = play(state, kind_is("refresh", at=(2, 4)))
    # the whole stack is laid again from the bottom, each tile with its own facing
    assert {c.index for c in choices(state)} == {-1, 0, 1, 2}
    state = play(state, kind_is("arrange", index=2, facing="s"))  # the apprentice at the bottom
    state = play(state, kind_is("arrange", index=0, facing="e"))  # then the golem
    assert on(state, (2, 4)).exhausted  # nothing changes on the board until the last tile
    state = play(state, kind_is("arrange", index=0, facing="w"))  # the monk on top
    stack = on(state, (2, 4))
    assert kinds(stack) == ["apprentice", "golem", "monk"] and not stack.exhausted
    assert [t.facing for t in stack.tiles] == [Dir.S, Dir.E, Dir.W]
    assert on(state, (0, 4)).exhausted


def test_each_prophet_choice_names_the_tile_it_lays_so_the_phone_asks_tile_then_facing() -> None:
    """The phone offers the stack's tiles still to lay, then the chosen tile's facings (a
    compass): each arrange choice names its tile (which of those left, its name, gem and facing
    now) and every tile comes with its own eight facings."""
    state = position(
        {(0, 4): W(0, "prophet"), (2, 4): W(0, ("golem", "monk"), "n"), **FOE}, altars={}
    )
    state = play(state, kind_is("prophet", at=(0, 4)))
    state = play(state, kind_is("target", at=(2, 4)))
    listed = [c.describe(i) for i, c in enumerate(choices(state))]
    tiles = {
        (o["tile"]["index"], o["tile"]["name"], o["tile"]["gem"], o["tile"]["facing"])
        for o in listed
    }
    assert tiles == {(0, "Golem", "red", "n"), (1, "Monk", "red", "n")}
    for index in (0, 1):
        facings = [o["facing"] for o in listed if o["tile"]["index"] == index]
        assert sorted(facings) == sorted(d.word for d in Dir)
    state = play(state, kind_is("arrange", index=1, facing="e"))  # the monk at the bottom
    listed = [c.describe(i) for i, c in enumerate(choices(state))]
    assert {o["tile"]["name"] for o in listed} == {"Golem"} and {
        o["tile"]["index"] for o in listed
    } == {0}


def test_prophet_may_only_remove_the_exhaustion_token() -> None:
    state = position(
        {(0, 4): W(0, "prophet"), (2, 4): W(0, ("golem", "monk"), "n", exhausted=True), **FOE},
        altars={},
    )
    state = play(state, kind_is("prophet", at=(0, 4)))
    state = play(state, kind_is("target", at=(2, 4)))
    state = play(state, kind_is("refresh", at=(2, 4)))
    state = play(state, kind_is("arrange", index=-1))
    stack = on(state, (2, 4))
    assert kinds(stack) == ["golem", "monk"] and not stack.exhausted


def test_prophet_move_must_have_an_effect() -> None:
    """ "If the effect of a move cannot occur for any reason, then the move is illegal": the
    stack laid again exactly as it was, its token left, is not offered."""
    state = position(
        {(0, 4): W(0, "prophet"), (2, 4): W(0, ("golem", "monk"), "n", exhausted=True), **FOE},
        altars={},
    )
    state = play(state, kind_is("prophet", at=(0, 4)))
    state = play(state, kind_is("target", at=(2, 4)))
    state = play(state, kind_is("keep", at=(2, 4)))
    assert not any(c.index == -1 for c in choices(state))  # keeping everything is no move
    state = play(state, kind_is("arrange", index=0, facing="n"))  # the golem as it was
    assert not find(state, kind_is("arrange", index=0, facing="n"))  # the monk as it was
    assert len(choices(state)) == 7
    state = play(state, kind_is("arrange", index=0, facing="ne"))
    stack = on(state, (2, 4))
    assert stack.exhausted and [t.facing for t in stack.tiles] == [Dir.N, Dir.NE]


def test_prophet_turns_the_shield_tokens_with_the_top_tile() -> None:
    state = position(
        {(0, 4): W(0, "prophet"), (2, 4): W(0, "golem", "n", tokens=("s",)), **FOE},
        altars={},
    )
    state = play(state, kind_is("prophet", at=(0, 4)))
    state = play(state, kind_is("target", at=(2, 4)))
    state = play(state, kind_is("arrange", index=0, facing="e"))
    assert on(state, (2, 4)).tokens == frozenset({Dir.W})


def test_prophet_on_a_stack_with_the_prophet_on_top_will_not_remove_an_exhaustion_token() -> None:
    """ "The Prophet can cast its spell also on a stack with the Prophet on the top of it, but it
    will not remove an exhaustion token"
    """
    state = position({(0, 4): W(0, "prophet", "n"), **FOE}, altars={})
    state = play(state, kind_is("prophet", at=(0, 4)))
    state = play(state, kind_is("target", at=(0, 4)))
    assert not any(c.kind == "refresh" for c in choices(state))  # not exhausted yet
    state = play(state, kind_is("arrange", facing="s"))
    assert on(state, (0, 4)).exhausted and on(state, (0, 4)).top.facing is Dir.S


def test_prince_removes_one_tile_and_scatters_the_rest_onto_your_other_stacks() -> None:
    state = position(
        {(0, 4): W(0, ("golem", "prince")), (2, 4): W(0, "monk"), (3, 4): W(0, "apprentice"),
         **FOE},
        altars={},
    )  # fmt: skip
    state = play(state, kind_is("prince", at=(0, 4)))
    state = play(state, kind_is("remove", at=(0, 4), index=0))  # the golem leaves the game
    assert state.stack((0, 4)) is None
    assert {c.at for c in choices(state)} == {(2, 4), (3, 4)}
    state = play(state, kind_is("drop", at=(3, 4)))
    assert kinds(on(state, (3, 4))) == ["apprentice", "prince"]
    assert on(state, (3, 4)).exhausted  # the Prince's stack is exhausted
    assert [t.kind for t in state.removed] == ["golem"]


def test_prince_may_remove_itself() -> None:
    state = position({(0, 4): W(0, "prince"), (2, 4): W(0, "monk"), **FOE}, altars={})
    state = play(state, kind_is("prince", at=(0, 4)))
    state = play(state, kind_is("remove", at=(0, 4)))
    assert state.stack((0, 4)) is None and state.turn == 1


def test_barbarian_destroys_an_altar_even_a_powerless_one() -> None:
    state = position(
        {(0, 4): W(0, "barbarian"), **FOE}, altars={(2, 2): AltarKind.SUMMONING}, pairs=()
    )
    state = play(state, kind_is("barbarian", at=(0, 4)))
    state = play(state, kind_is("destroy", at=(2, 2)))
    assert state.altars == () and state.free((2, 2))


def test_barbarian_cannot_act_once_every_altar_is_destroyed() -> None:
    # the rulebook's example
    state = position({(0, 4): W(0, "barbarian"), **FOE}, altars={})
    assert not any(c.kind == "barbarian" for c in choices(state))


def test_key_keeper_swaps_two_of_your_stacks_and_may_turn_them() -> None:
    state = position({(0, 4): W(0, "keykeeper", "n"), (2, 4): W(0, "golem", "n"), **FOE}, altars={})
    state = play(state, kind_is("keykeeper", at=(0, 4)))
    state = play(state, kind_is("swap", at=(0, 4), to=(2, 4)))
    state = play(state, kind_is("face", facing="w"))  # the stack now on (2, 4)
    state = play(state, kind_is("face", facing="n"))  # the one now on (0, 4) keeps its facing
    assert on(state, (2, 4)).top.kind == "keykeeper" and on(state, (2, 4)).top.facing is Dir.W
    assert on(state, (0, 4)).top.kind == "golem"


def test_key_keeper_needs_two_stacks() -> None:
    state = position({(0, 4): W(0, "keykeeper"), **FOE}, altars={})
    assert not any(c.kind == "keykeeper" for c in choices(state))


def test_priest_activates_altars_in_its_line_and_may_choose_both() -> None:
    state = position(
        {(0, 4): W(0, "priest", "n"), (0, 3): W(0, "golem", "n", exhausted=True), **FOE},
        altars={(0, 2): AltarKind.PROTECTION, (0, 0): AltarKind.ENERGY},
    )
    priests = [c.targets for c in choices(state) if c.kind == "priest"]
    assert sorted(priests) == [((0, 0),), ((0, 2),), ((0, 2), (0, 0))]


def test_priest_is_blocked_by_enemy_wizards_and_never_hits_them() -> None:
    state = position(
        {(0, 4): W(0, "priest", "n"), (0, 2): W(1, "apprentice", "e"), **FOE},
        altars={(0, 0): AltarKind.PROTECTION},
    )
    assert not any(c.kind == "priest" for c in choices(state))
