"""The four altars' powers."""

from __future__ import annotations

from companion.games.witchcraft.geometry import Dir
from companion.games.witchcraft.state import TaskKind
from companion.games.witchcraft.tiles import AltarKind
from tests.unit.witchcraft.helpers import W, casts, choices, kind_is, on, play, position

E, P, T, S = AltarKind.ENERGY, AltarKind.PROTECTION, AltarKind.TELEPORTATION, AltarKind.SUMMONING
#: an enemy wizard that can always act, so that the game goes on
FOE = {(4, 0): W(1, "apprentice", "w"), (4, 1): W(1, "apprentice", "w")}


def test_altar_of_energy_removes_up_to_two_exhaustion_tokens() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (2, 4): W(0, "golem", exhausted=True),
         (3, 4): W(0, "monk", exhausted=True), (4, 4): W(0, "watchman", exhausted=True), **FOE},
        altars={(0, 0): E},
    )  # fmt: skip
    state = play(state, kind_is("cast", at=(0, 4)))
    state = play(state, kind_is("refresh", at=(2, 4)))
    state = play(state, kind_is("refresh", at=(3, 4)))
    assert not on(state, (2, 4)).exhausted and not on(state, (3, 4)).exhausted
    assert on(state, (4, 4)).exhausted  # only two
    assert on(state, (0, 4)).exhausted  # the caster gets its token after the power


def test_altar_of_energy_cannot_be_hit_when_none_of_your_stacks_is_exhausted() -> None:
    state = position({(0, 4): W(0, "apprentice", "n"), **FOE}, altars={(0, 0): E})
    assert casts(state, (0, 4)) == []


def test_altar_of_protection_gives_a_shield_token_on_a_chosen_side() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (2, 4): W(0, "golem", "n"), **FOE}, altars={(0, 0): P}
    )
    state = play(state, kind_is("cast", at=(0, 4)))
    sides = {c.facing for c in choices(state) if c.at == (2, 4)}
    assert Dir.N not in sides and Dir.S in sides  # the golem's printed shields are not offered
    state = play(state, kind_is("shield", at=(2, 4), facing="s"))
    assert on(state, (2, 4)).tokens == frozenset({Dir.S})


def test_altar_of_teleportation_moves_a_stack_one_space_and_or_turns_it() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (2, 4): W(0, "golem", "n"), **FOE}, altars={(0, 0): T}
    )
    state = play(state, kind_is("cast", at=(0, 4)))
    destinations = {c.to for c in choices(state) if c.at == (2, 4)}
    assert destinations == {(2, 4), (1, 4), (3, 4), (1, 3), (2, 3), (3, 3)}
    state = play(state, kind_is("move", at=(2, 4), to=(2, 3)))
    state = play(state, kind_is("face", facing="e"))
    assert on(state, (2, 3)).top.facing is Dir.E and state.stack((2, 4)) is None


def test_teleportation_cannot_move_onto_a_wizard_or_an_altar() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (0, 3): W(0, "golem", "n"), (1, 3): W(1, "monk"),
         **FOE},
        altars={(0, 0): T, (1, 2): E},
    )  # fmt: skip
    state = play(state, kind_is("cast", at=(0, 4)))
    destinations = {c.to for c in choices(state) if c.at == (0, 3)}
    assert (1, 3) not in destinations and (1, 2) not in destinations
    assert (0, 2) in destinations


def test_turning_in_place_must_change_the_facing() -> None:
    state = position({(0, 4): W(0, "apprentice", "n"), **FOE}, altars={(0, 0): T})
    state = play(state, kind_is("cast", at=(0, 4)))
    state = play(state, kind_is("turn", at=(0, 4)))
    assert Dir.N not in {c.facing for c in choices(state)}


def summoning_hit() -> object:
    state = position({(0, 4): W(0, "apprentice", "n"), **FOE}, altars={(0, 0): S}, pairs=(2,))
    return play(state, kind_is("cast", at=(0, 4)))


def test_altar_of_summoning_lays_a_pair_of_map_tiles_symmetrically() -> None:
    state = summoning_hit()
    listed = choices(state)
    assert listed and all(len(c.cells) == 2 for c in listed)
    for c in listed:  # point-symmetric through the centre, both spaces touching the board
        assert c.more == tuple((4 - x, 4 - y) for x, y in c.cells)
    state = play(state, lambda c: c.cells == ((1, 5), (2, 5)))
    assert {(1, 5), (2, 5), (3, -1), (2, -1)} <= state.cells
    assert state.pairs_left == ()


def test_the_opponent_summons_first_on_the_map_tile_the_active_player_chooses() -> None:
    state = summoning_hit()
    state = play(state, lambda c: c.cells == ((1, 5), (2, 5)))
    state = play(state, kind_is("pick", at=(1, 5)))
    assert state.decider == 1 and state.tasks[0].kind is TaskKind.SUMMON
    assert {c.at for c in choices(state)} == {(1, 5), (2, 5)}
    state = play(state, lambda c: c.at == (2, 5) and c.facing == Dir.N and "Monk" in c.label)
    assert state.decider == 0
    assert {c.at for c in choices(state)} == {(3, -1), (2, -1)}
    state = play(
        state, lambda c: c.at == (2, -1) and c.facing == Dir.S and "Telekinetic" in c.label
    )
    assert on(state, (2, 5)).owner == 1 and on(state, (2, -1)).owner == 0
    assert [t.kind for t in state.players[0].reserve] == ["monk", "prophet"]


def test_altar_of_summoning_has_no_power_once_every_pair_is_laid_but_still_blocks() -> None:
    # the rulebook's example: no attack on the Altar of Summoning without map tiles left
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (0, 0): W(1, "monk"), **FOE},
        altars={(0, 2): S},
        pairs=(),
    )
    assert casts(state, (0, 4)) == []  # neither the altar nor the monk behind it


def test_map_tiles_touch_the_board_with_every_space_or_two_of_three() -> None:
    from companion.games.witchcraft.altars import placements

    board = {(x, y) for x in range(5) for y in range(5)}
    state = position({})

    def touching(cell: tuple[int, int]) -> bool:
        x, y = cell
        return any(n in board for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))

    for size, need in ((1, 1), (2, 2), (3, 2)):
        found = placements(state, size)
        assert found
        for cells in found:
            assert len(cells) == size and not set(cells) & board
            assert sum(touching(c) for c in cells) >= need
    assert ((-1, -1), (0, -1), (1, -1)) in placements(state, 3)  # one space past the corner
    assert ((-1, -1), (0, -1)) not in placements(state, 2)


def test_an_exhausted_stack_can_still_be_moved_by_an_altar() -> None:
    state = position(
        {(0, 4): W(0, "apprentice", "n"), (2, 4): W(0, "golem", "n", exhausted=True), **FOE},
        altars={(0, 0): T},
    )
    state = play(state, kind_is("cast", at=(0, 4)))
    assert any(c.at == (2, 4) for c in choices(state))
