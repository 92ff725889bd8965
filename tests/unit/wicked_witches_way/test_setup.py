"""Values, options, data files, setup and handicaps."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest

from companion.engine import IllegalAction, SetupError
from companion.games.registry import GAMES
from companion.games.wicked_witches_way import WICKED_WITCHES_WAY, WITCHES
from companion.games.wicked_witches_way.black_magic import (
    DECK,
    SPELLS,
    Spell,
    acrobatics,
    is_acrobatics,
    kind_of,
)
from companion.games.wicked_witches_way.dice import face_table
from companion.games.wicked_witches_way.symbols import SYMBOLS, Color
from tests.unit.wicked_witches_way.helpers import GAME, T0, dice, new, position, rolled

HANDICAP = "handicap"


def test_game_is_registered_with_its_id_title_players_and_race() -> None:
    assert GAMES["wicked-witches-way"] is GAME
    assert GAME.title == "Wicked Witches Way"
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    assert GAME.races == frozenset({"close_lid"})
    assert {"roll", "close_lid", "pass", "handicap"} <= GAME.table_actions


def test_options_and_their_defaults_and_ranges() -> None:
    by_id = {o.id: o for o in GAME.options}
    assert by_id["physical_dice"].default is False
    assert by_id["physical_deck"].default is False
    assert (by_id["compose_seconds"].default, by_id["compose_seconds"].low,
            by_id["compose_seconds"].high) == (0, 0, 300)  # fmt: skip
    assert (by_id["fog_seconds"].default, by_id["fog_seconds"].low,
            by_id["fog_seconds"].high) == (5, 2, 15)  # fmt: skip


def test_setup_needs_two_to_six_players() -> None:
    for count in (1, 7):
        with pytest.raises(SetupError):
            GAME.setup(["x"] * count, {}, 1)
    for count in range(2, 7):
        assert len(GAME.setup(["x"] * count, {}, 1).witches) == count


def test_seat_k_plays_the_kth_witch_and_everyone_starts_on_zero() -> None:
    state = new(players=6)
    witches = GAME.view(state, None)["witches"]
    assert [w["witch"] for w in witches] == list(WITCHES)
    assert WITCHES == ("Ursule", "Renée", "Cunégonde", "Germaine", "Sofia", "Augustine")
    assert [w["position"] for w in witches] == [0] * 6
    assert [w["name"] for w in witches] == [f"player{k}" for k in range(6)]


def test_setup_is_the_roll_phase_of_turn_one_with_a_seeded_random_roller() -> None:
    rollers = {new(players=6, seed=seed).roller for seed in range(40)}
    assert len(rollers) > 3
    assert new(players=6, seed=7).roller == new(players=6, seed=7).roller
    view = GAME.view(new(), None)
    assert (view["phase"], view["turn"], view["dice"], view["curse"]) == ("roll", 1, None, None)


def test_deck_has_27_cards_18_spells_and_9_acrobatics_with_distinct_ids() -> None:
    assert len(DECK) == len(set(DECK)) == 27
    counts = Counter(kind_of(card) for card in DECK if not is_acrobatics(card))
    assert counts == {
        "attraction": 2, "blockade": 1, "magic_fog": 2, "decree": 2, "double_cross": 3,
        "bad_spell": 1, "repaired_oversight": 2, "rectification": 2, "tailwind": 3,
    }  # fmt: skip
    assert sorted(kind_of(c) for c in DECK if is_acrobatics(c)) == [
        f"acrobatics_{n}" for n in range(1, 10)
    ]
    assert "attraction#1" in DECK and "attraction#2" in DECK
    assert set(SPELLS) == set(Spell)


def test_the_shuffled_deck_is_the_draw_pile_and_hands_start_empty() -> None:
    state = new(players=4)
    assert sorted(state.draw_pile) == sorted(DECK)
    assert state.draw_pile != DECK
    assert all(w.hand == () for w in state.witches)
    assert new(players=4).draw_pile == state.draw_pile


def test_physical_deck_tracks_no_cards() -> None:
    state = new(physical_deck=True)
    assert state.draw_pile == ()
    assert GAME.view(state, None)["deck"] == {"draw_pile": None, "discard": None, "physical": True}


def test_dice_face_table_is_balanced_and_marked_placeholder() -> None:
    table = face_table()
    assert table.placeholder and "PLACEHOLDER" in table.note
    assert len(table.dice) == 9
    for faces in table.dice:
        assert len({f.symbol for f in faces}) == 6
        assert sum(f.color is Color.ORANGE for f in faces) == 3
    every = Counter((f.symbol, f.color) for faces in table.dice for f in faces)
    assert every == {(s, c): 3 for s in SYMBOLS for c in Color}


def test_acrobatics_values_are_placeholders_in_an_editable_data_file() -> None:
    path = resources.files("companion.games.wicked_witches_way").joinpath(
        "data", "black_magic.json"
    )
    doc = json.loads(path.read_text("utf-8"))
    assert doc["placeholder"] is True and "PLACEHOLDER" in doc["note"]
    assert set(acrobatics().points) == {f"acrobatics_{n}" for n in range(1, 10)}
    assert GAME.view(new(), None)["placeholders"] == {"dice": True, "acrobatics": True}


def test_help_states_every_interpretation() -> None:
    for phrase in (
        "placeholder",
        "mixing a valid orange symbol and a valid black one is invalid",
        "For the witch who closed the lid it counts as not valid",
        "seat order starting after the lid closer",
        "when her formula is applied",
        "never goes below −2",
        "Magic Fog itself cannot be fogged",
        "the same length",
        "neither is valid",
        "Handicaps are set before the first roll",
        "shuffled back into the draw pile",
        # issue 10 and 9: the reveal, physical dice, handicaps, the five cards, leavers
        "Every formula is revealed at once",
        "whether or not she holds a spell",
        '"I play a spell"',
        "by the host on the TV",
        "Only when the lid opens are the 9 faces entered",
        "a mis-tapped face can be corrected",
        "Each formula is judged on its own",
        "Every witch on the lead space goes back 3",
        "A witch cannot fog her own spell",
        "With physical dice she lifts the lid of the real box",
        "The blockade stays with the blockader",
        "her witch stays on the track",
    ):
        assert phrase in " ".join(WICKED_WITCHES_WAY.help.split()), phrase


# -- handicaps ---------------------------------------------------------------------------------


def handicap(seat: int, level: str, **extra: object) -> dict[str, object]:
    return {"type": HANDICAP, "seat": seat, "level": level, **extra}


def test_novice_starts_on_five_by_default_or_six_or_seven() -> None:
    state = GAME.apply(new(), None, handicap(1, "novice"), T0)
    assert position(state, 1) == 5
    state = GAME.apply(state, None, handicap(2, "novice", start=7), T0)
    assert position(state, 2) == 7
    witch = GAME.view(state, None)["witches"][2]
    assert (witch["handicap"], witch["start"]) == ("novice", 7)


def test_novice_start_outside_five_to_seven_is_refused() -> None:
    for start in (4, 8, 0, "6", True):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(new(), None, handicap(0, "novice", start=start), T0)
        assert err.value.code == "bad_request"


def test_only_a_novice_starts_ahead() -> None:
    with pytest.raises(IllegalAction):
        GAME.apply(new(), None, handicap(0, "expert", start=6), T0)


def test_back_to_normal_returns_to_the_start() -> None:
    state = GAME.apply(new(), None, handicap(0, "novice", start=6), T0)
    state = GAME.apply(state, None, handicap(0, "normal"), T0)
    assert position(state, 0) == 0


def test_handicaps_are_a_table_decision_set_by_the_host_for_any_seat() -> None:
    """Issue 10: a seat could set its own handicap; now only the table (the host's TV) sets
    them, for every seat (this replaces "a seat sets only its own handicap")."""
    for seat, action in ((0, handicap(1, "expert")), (0, handicap(0, "novice")),
                         (1, {"type": HANDICAP, "level": "expert"})):  # fmt: skip
        with pytest.raises(IllegalAction) as err:
            GAME.apply(new(), seat, action, T0)
        assert err.value.code == "forbidden"
        assert err.value.message == "Handicaps are a table decision: the host sets them on the TV."
    state = GAME.apply(new(), None, handicap(1, "expert"), T0)
    assert GAME.view(state, None)["witches"][1]["handicap"] == "expert"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(new(), None, {"type": HANDICAP, "level": "expert"}, T0)
    assert err.value.code == "bad_request"
    assert "handicap" not in GAME.view(new(), 0)["you"]["prompts"]


def test_unknown_handicap_level_is_a_bad_request() -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.apply(new(), None, handicap(0, "wizard"), T0)
    assert err.value.code == "bad_request"


def test_handicaps_only_before_the_first_roll() -> None:
    state = rolled(new(), dice(orange=["ear"]))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, None, handicap(0, "novice"), T0)
    assert err.value.code == "illegal"


def test_the_table_may_choose_who_rolls_first() -> None:
    """Issue 9: the first roller is drawn at random unless the host chose one in the lobby."""
    drawn = GAME.setup(["a", "b", "c"], {}, 4)
    for seat in range(3):
        chosen = GAME.setup(["a", "b", "c"], {}, 4, first=seat)
        assert chosen.roller == seat
        said = f"Turn 1: {chosen.name(seat)}, chosen by the table, rolls the dice."
        assert chosen.log[-1] == said
        assert chosen.log[:-1] == drawn.log[:-1]
