"""Set-up and the placement phase."""

from __future__ import annotations

from collections import Counter

from companion.games.witchcraft.setup import guild_tiles
from companion.games.witchcraft.state import TABLE, Phase
from companion.games.witchcraft.tiles import RANDOM_SPECIALS, AltarKind, data
from tests.unit.witchcraft.helpers import GAME, NAMES, choices, play


def new(seed: int = 1, **options: object):
    return GAME.setup(NAMES, options, seed)


def test_altars_are_placed_at_random_on_the_altar_spaces() -> None:
    layouts = set()
    for seed in range(12):
        state = new(seed)
        assert {a.cell for a in state.altars} == set(data().altar_spaces)
        assert {a.kind for a in state.altars} == set(AltarKind)
        layouts.add(tuple(a.kind for a in sorted(state.altars, key=lambda a: a.cell)))
    assert len(layouts) > 1


def test_each_player_gets_the_prophet_and_one_random_special_and_two_leave_the_game() -> None:
    dealt = Counter()
    for seed in range(20):
        state = new(seed)
        specials = []
        for player in state.players:
            tiles = [*player.to_place, *player.reserve]
            kinds = [t.kind for t in tiles]
            assert kinds.count("prophet") == 1
            mine = [k for k in kinds if k in RANDOM_SPECIALS]
            assert len(mine) == 1
            specials.extend(mine)
        assert len(set(specials)) == 2  # different tiles: the other two leave the game
        dealt.update(specials)
    assert set(dealt) == set(RANDOM_SPECIALS)


def test_monk_prophet_and_telekinetic_are_set_aside_for_summoning() -> None:
    for player in new().players:
        assert sorted(t.kind for t in player.reserve) == ["monk", "prophet", "telekinetic"]


def test_eight_wizard_tiles_are_shuffled_into_a_face_down_stack() -> None:
    orders = set()
    for seed in range(6):
        player = new(seed).players[0]
        assert len(player.to_place) == 8
        orders.add(tuple(t.kind for t in player.to_place))
    assert len(orders) > 1


def test_each_player_gets_one_random_secret_power_tile() -> None:
    state = new(3)
    first, second = (p.power for p in state.players)
    assert first is not None and second is not None and first != second
    assert GAME.view(state, 0)["you"]["power"]["power_tile"] == first.value
    assert GAME.view(state, None)["players"][0]["power"] == "hidden"


def test_tournament_mode_uses_no_power_tiles() -> None:
    state = new(tournament=True)
    assert all(p.power is None for p in state.players)
    assert GAME.view(state, 0)["you"]["power"] is None
    assert not any(c.kind == "power" for c in choices(state))


def test_master_mode_lets_each_player_choose_the_three_set_aside_tiles() -> None:
    state = new(master=True)
    assert state.phase is Phase.MASTER
    first = state.first
    for seat in (first, 1 - first):
        for wanted in ("golem", "master", "prophet"):
            assert state.decider == seat
            state = play(state, lambda c, w=wanted: c.kind == "aside" and w in c.label.lower())
    assert state.phase is Phase.PLACEMENT
    for player in state.players:
        assert sorted(t.kind for t in player.reserve) == ["golem", "master", "prophet"]
        assert len(player.to_place) == 8
    # while choosing, the other seat and the table do not see what was set aside
    state = new(master=True)
    state = play(state, lambda c: c.kind == "aside" and "golem" in c.label.lower())
    assert GAME.view(state, None)["players"][state.first]["reserve"] == []


def test_the_table_chooses_who_starts() -> None:
    for seat in (0, 1):
        state = GAME.setup(NAMES, {}, 5, first=seat)
        assert state.turn == seat and state.first == seat and state.decider == seat


def test_players_alternate_placing_the_top_tile_of_their_own_stack() -> None:
    state = new(2)
    starter = state.turn
    for k in range(4):
        seat = state.decider
        assert seat == (starter if k % 2 == 0 else 1 - starter)
        top = state.players[seat].to_place[0]
        state = GAME.apply(state, seat, {"type": "choose", "option": 0}, 0)
        assert any(s.top.id == top.id for _, s in state.stacks)


def test_a_tile_goes_on_any_free_space_with_one_of_eight_facings() -> None:
    state = new()
    listed = choices(state)
    free = {c for c in state.cells if state.free(c)}
    assert {(c.at, c.facing) for c in listed} == {(cell, f) for cell in free for f in range(8)}
    assert not {c.at for c in listed} & set(data().altar_spaces)


def test_only_the_drawer_sees_the_tile_before_it_is_placed() -> None:
    state = new()
    seat = state.turn
    drawer = GAME.view(state, seat)["you"]["next"]
    assert drawer["next_tile"] == state.players[seat].to_place[0].kind
    assert GAME.view(state, 1 - seat)["you"]["next"] is None
    assert drawer in GAME.private(state, seat)


def test_the_encounter_starts_with_the_first_player_once_every_wizard_is_placed() -> None:
    state = new(4)
    for _ in range(16):
        assert state.phase is Phase.PLACEMENT
        state = GAME.apply(state, state.decider, {"type": "choose", "option": 0}, 0)
    assert state.phase in (Phase.ENCOUNTER, Phase.OVER)
    assert len(state.stacks) == 16
    if state.phase is Phase.ENCOUNTER:
        assert state.turn == state.first
        assert GAME.view(state, state.turn)["you"]["next"] is None


def test_guild_has_nine_wizards_plus_two_special_tiles() -> None:
    assert len(guild_tiles(data(), 0, "prince")) == 11


def test_physical_board_mode_checks_the_same_moves_once_the_same_set_up_is_entered() -> None:
    digital, physical = new(6), new(6, physical=True)
    assert GAME.view(physical, None)["options"]["physical"] is True
    entries = []
    for altar in sorted(digital.altars, key=lambda a: physical.kit.altar_spaces.index(a.cell)):
        entries.append(f"The {altar.kind.label} is on")
    for seat in (0, 1):
        special = next(
            t
            for t in digital.players[seat].to_place + digital.players[seat].reserve
            if t.kind in RANDOM_SPECIALS
        )
        entries.append(f"drew the {special.spec.name}")
    for seat in (physical.first, 1 - physical.first):
        power = digital.players[seat].power
        assert power is not None
        entries.append(f"My power tile is the {power.label}")
    entries.append(f"I drew the {digital.players[digital.turn].to_place[0].spec.name}")
    for words in entries:
        state = physical
        found = [
            i
            for i, c in enumerate(choices(state))
            if str(c.label).startswith(words) or str(c.label).endswith(words)
        ]
        assert len(found) == 1, (words, [str(c.label) for c in choices(state)])
        sender = None if state.decider == TABLE else state.decider
        physical = GAME.apply(state, sender, {"type": "choose", "option": found[0]}, 0)
    assert physical.altars == tuple(
        sorted(digital.altars, key=lambda a: physical.kit.altar_spaces.index(a.cell))
    )
    assert [c.label for c in choices(digital)] == [c.label for c in choices(physical)]
    seat = physical.turn
    assert GAME.view(physical, seat)["you"]["next"] is not None
    assert GAME.view(physical, 1 - seat)["you"]["next"] is None
