"""``choices``: the decisions the game waits for, each as the payload the referee accepts.

Random seeded games driven by the bot check, after every step, that every listed choice is
accepted and every accepted move is listed (``tests.conformance.checks.check_choices``, with
probes); hand-built states check that
the list is exactly what the rulebook allows."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from companion.engine import BadRequest
from companion.games.wicked_witches_way.decisions import FREE, formulas
from companion.games.wicked_witches_way.state import GameState, Phase, Step
from companion.games.wicked_witches_way.symbols import SYMBOLS
from tests.conformance.checks import PROBES, Seen, check_choices
from tests.unit.wicked_witches_way.bot import moves, step
from tests.unit.wicked_witches_way.helpers import (
    GAME,
    T0,
    URSULE,
    at_positions,
    closed,
    dice,
    enter,
    new,
    rolled,
    until,
    with_hand,
    write,
)

#: tables for the random games: players, options, and where the witches start (near the
#: finish: the game ends soon, and with the physical deck the acrobatics are entered)
TABLES: list[tuple[int, dict[str, Any], int]] = [
    (3, {}, 0),
    (4, {"physical_deck": True, "fog_seconds": 2}, 0),
    (2, {"physical_dice": True, "compose_seconds": 10}, 0),
    (6, {"pace_seconds": 2}, 0),
    (3, {"physical_deck": True, "physical_dice": True}, 20),
]
SIDE = {"hold", "pass", "handicap"}


def listed(state: Any, seat: int | None) -> list[dict[str, Any]]:
    out = GAME.choices(state, seat)
    assert out is not None
    return out


def everyone(state: GameState, formulas: dict[int, Any]) -> GameState:
    """Every witch locks her formula (``formulas``, else none); the reveal is left to start."""
    return write(state, {seat: formulas.get(seat, []) for seat in state.seats}, play=False)


def test_random_games_list_exactly_what_the_referee_accepts() -> None:
    seen = Seen()
    for n, (players, options, start) in enumerate(TABLES):
        for seed in (1, 2):
            # the checks draw from their own generator: the games played do not depend on them
            bot, rng = random.Random(f"choices:{n}:{seed}"), random.Random(f"checks:{n}:{seed}")
            state = new(players, seed, **options)
            state = at_positions(state, dict.fromkeys(state.seats, start))
            now = T0
            for _ in range(260):
                if GAME.is_over(state):
                    break
                picks = [m for m in moves(state) if m.tag != "leave" or bot.random() < 0.02]
                state, now = step(state, bot.choice(picks), now + 700)
                check_choices(
                    GAME, state, players, now, rng, state.gone, probes=PROBES, free=FREE, seen=seen
                )
    # The checks met every kind of decision, and found accepted moves to compare.
    kinds = {"roll", "close_lid", "formula", "spell", "keep", "dice", "acrobatics"}
    assert kinds <= set(seen.listed)
    assert kinds - {"keep"} <= set(seen.accepted)
    assert not SIDE & set(seen.listed)


def test_only_the_roller_or_the_table_rolls() -> None:
    """Rulebook: the witch in last place rolls the dice (the table may roll for her)."""
    state = new(3)
    assert listed(state, None) == [{"type": "roll"}]
    for seat in state.seats:
        assert listed(state, seat) == ([{"type": "roll"}] if seat == state.roller else [])


def test_the_lid_race_is_open_to_every_witch_but_one_on_space_minus_2() -> None:
    """Rulebook: a witch on space −2 can no longer close the lid."""
    state = rolled(new(3).with_witch(1, position=-2), dice(orange=["ear"]))
    assert listed(state, None) == [{"type": "close_lid"}]
    assert [listed(state, seat) for seat in state.seats] == [
        [{"type": "close_lid"}],
        [],
        [{"type": "close_lid"}],
    ]


def test_a_formula_is_any_set_of_her_nine_symbol_cards_written_once() -> None:
    """Rulebook: each witch has one card of each of the 9 symbols and lays a formula of some of
    them face down, once. The order of the cards means nothing: 2⁹ formulas."""
    state = closed(rolled(new(3), dice(orange=["ear"])), URSULE)
    mine = listed(state, 1)
    assert len(mine) == 512 and all(p["type"] == "formula" for p in mine)
    sets = {frozenset(p["cards"]) for p in mine}
    assert len(sets) == 512 and all("second" not in p for p in mine)
    for payload in mine:
        GAME.apply(state, 1, payload, T0 + 2000)  # each one is accepted
    assert listed(state, None) == []
    # The same formula in another order is the same decision.
    spelt = GAME.accept(1, {"type": "formula", "cards": ["web", "ear"], "second": []})
    assert spelt == {"type": "formula", "cards": ["ear", "web"]} and spelt in mine
    locked = write(state, {1: ["ear"]}, play=False)
    assert listed(locked, 1) == []


def test_double_cross_shares_the_nine_cards_between_two_formulas() -> None:
    """Rulebook (Double Cross): she may write 2 formulas; she has one card of each symbol, so a
    card is in the first, in the second or in neither: 3⁹ ways."""
    state = closed(rolled(with_hand(new(3), 2, "double_cross#1"), dice(orange=["ear"])), URSULE)
    mine = listed(state, 2)
    assert len(mine) == 3**9 == len(formulas(True))
    assert all(not set(p["cards"]) & set(p.get("second", ())) for p in mine)
    assert len(listed(state, 1)) == 512  # no Double Cross in her hand
    rng = random.Random(7)
    for payload in rng.sample(mine, 300):
        GAME.apply(state, 2, payload, T0 + 2000)


def test_decree_comes_once_every_other_witch_has_written_her_formula() -> None:
    """Rulebook (Decree): play it after all the other players have composed their formula."""
    state = closed(rolled(with_hand(new(3), 1, "decree#1"), dice(orange=["ear"])), URSULE)
    decree = {"type": "spell", "card": "decree"}
    assert decree not in listed(state, 1)
    state = write(state, {0: ["ear"]}, play=False)
    assert decree not in listed(state, 1)
    state = write(state, {2: []}, play=False)
    assert listed(state, 1)[-1] == decree and len(listed(state, 1)) == 513
    assert decree not in listed(state, 0)


def test_magic_fog_answers_the_spell_of_another_witch() -> None:
    """Rulebook (Magic Fog): cancel the effect of the spell played by your opponent."""
    state = closed(rolled(new(3), dice(orange=["ear"])), URSULE)
    state = with_hand(state, 1, "decree#1")
    state = with_hand(state, 0, "magic_fog#1")
    state = with_hand(state, 2, "tailwind#1")
    state = write(state, {0: ["ear"], 2: []}, play=False)
    state = GAME.apply(state, 1, {"type": "spell", "card": "decree"}, T0 + 3000)
    assert state.window is not None
    fog = {"type": "spell", "card": "magic_fog"}
    assert listed(state, 0) == [fog]
    assert listed(state, 1) == []  # her own Decree: she waits for its window
    assert listed(state, 2) == [] and listed(state, None) == []


def test_spells_when_she_applies_her_formula() -> None:
    """Rulebook: Double Cross, Repaired Oversight (add a card) and Rectification (exchange a
    card of the formula) are played when she applies her formula — hers, nobody else's."""
    state = closed(rolled(new(3), dice(orange=["ear"])), URSULE)
    held = ("double_cross#1", "repaired_oversight#1", "rectification#1", "tailwind#1")
    state = with_hand(state, 1, *held)
    state = everyone(state, {1: (["ear", "web"], ["eye"])})
    state = until(state, 1, Step.APPLY)
    mine = listed(state, 1)
    missing = [s.value for s in SYMBOLS if s.value not in ("ear", "web", "eye")]
    assert mine[0] == {"type": "spell", "card": "double_cross"}
    added = [p for p in mine if p["card"] == "repaired_oversight"]
    assert added == [
        {"type": "spell", "card": "repaired_oversight", "add": s, **second}
        for s in missing
        for second in ({}, {"second": True})
    ]
    exchanged = {(p["remove"], p["add"]) for p in mine if p["card"] == "rectification"}
    assert exchanged == {(r, a) for r in ("ear", "web", "eye") for a in missing}
    assert len(mine) == 1 + 2 * 6 + 3 * 6  # no Tailwind: it comes after her movement
    assert all(listed(state, seat) == [] for seat in (None, 0, 2))


def test_spells_after_her_movement() -> None:
    """Rulebook: Attraction (1 or 2 spaces), Blockade, Bad Spell and Tailwind are played after
    her movement."""
    state = closed(rolled(new(3), dice(orange=["ear"])), URSULE)
    state = with_hand(state, 1, "attraction#1", "tailwind#1", "double_cross#1")
    state = until(everyone(state, {}), 1, Step.AFTER)
    assert listed(state, 1) == [
        {"type": "spell", "card": "attraction", "spaces": 1},
        {"type": "spell", "card": "attraction", "spaces": 2},
        {"type": "spell", "card": "tailwind"},
    ]
    # With the physical deck she holds whatever she announces: every after-movement spell.
    physical = replace(state, options=replace(state.options, physical_deck=True))
    assert {p["card"] for p in listed(physical, 1)} == {
        "attraction",
        "blockade",
        "bad_spell",
        "tailwind",
    }


def test_she_keeps_one_of_the_cards_she_drew() -> None:
    """Rulebook: a perfect black formula draws as many Black Magic cards as its cards; she keeps
    one of them."""
    faces = dice(black=["web", "eye"])
    state = closed(rolled(new(3), faces), URSULE)
    state = everyone(state, {0: ["web", "eye"]})
    state = until(state, URSULE, Step.APPLY)
    state = GAME.timeout(state, GAME.deadline(state) or 0)
    assert state.step is Step.KEEP and state.keep_choice is not None
    assert listed(state, URSULE) == [{"type": "keep", "card": c} for c in state.keep_choice]
    assert all(listed(state, seat) == [] for seat in (None, 1, 2))


def test_physical_dice_are_entered_by_the_roller_or_the_table() -> None:
    """Any 9 faces may lie in the box: the decision is listed once, with a representative (the
    dice entered so far, to be confirmed or corrected)."""
    state = GAME.apply(new(3, physical_dice=True), None, {"type": "roll"}, T0)
    state = everyone(closed(state, URSULE), {})
    assert state.step is Step.READ
    (entry,) = listed(state, None)
    assert entry["type"] == "dice" and len(entry["dice"]) == 9
    assert listed(state, state.roller) == [entry]
    others = [seat for seat in state.seats if seat != state.roller]
    assert all(listed(state, seat) == [] for seat in others)
    box = dice(orange=["ear", "star"], black=["web"])
    state = enter(state, box)
    assert listed(state, None) == [{"type": "dice", "dice": box}]


def test_acrobatics_totals_are_entered_at_the_end_with_the_physical_deck() -> None:
    """With the physical deck each witch counts her acrobatics cards at the end (0–99 points):
    from her phone, or anyone's from the table; the game is over once all are in."""
    state = replace(new(2, physical_deck=True), phase=Phase.OVER)
    own = listed(state, 1)
    assert len(own) == 200 and {p["points"] for p in own} == set(range(100))
    assert {p.get("seat", 1) for p in own} == {1}
    assert len(listed(state, None)) == 2 * 100
    for seat in state.seats:
        state = GAME.apply(state, seat, {"type": "acrobatics", "points": 3}, T0)
    assert GAME.is_over(state)
    assert all(listed(state, seat) == [] for seat in (None, 0, 1))
    assert listed(replace(new(2), phase=Phase.OVER), None) == []  # the app counts its cards


def test_side_actions_are_never_listed_yet_accepted() -> None:
    """ "I play a spell", the witch's or the table's pass and the host's handicaps are never
    what the game waits for."""
    state = new(3)
    handicap = {"type": "handicap", "seat": 0, "level": "novice", "start": 6}
    GAME.apply(state, None, handicap, T0)
    assert handicap not in listed(state, None)
    state = closed(rolled(with_hand(state, 1, "tailwind#1"), dice(orange=["ear"])), URSULE)
    state = until(everyone(state, {}), 1, Step.AFTER)
    for seat, side in ((1, {"type": "hold"}), (1, {"type": "pass"}), (None, {"type": "pass"})):
        GAME.apply(state, seat, side, T0 + 20_000)
        assert side not in listed(state, seat)


def test_a_witch_whose_player_left_is_offered_nothing() -> None:
    state = rolled(new(3), dice(orange=["ear"]))
    state = GAME.seat_left(state, 2, T0)
    assert listed(state, 2) == [] and listed(state, 1) == [{"type": "close_lid"}]


def test_a_spell_keeps_only_the_fields_it_reads() -> None:
    """One payload per decision: fields a spell does not read are dropped (they change
    nothing), and Repaired Oversight's ``second`` only counts when true."""
    spelt = GAME.accept(1, {"type": "spell", "card": "tailwind", "spaces": 2, "remove": "ear"})
    assert spelt == {"type": "spell", "card": "tailwind"}
    spelt = GAME.accept(
        1, {"type": "spell", "card": "repaired_oversight", "add": "eye", "second": False}
    )
    assert spelt == {"type": "spell", "card": "repaired_oversight", "add": "eye"}
    state = closed(rolled(new(3), dice(orange=["ear"])), URSULE)
    with pytest.raises(BadRequest):  # a card twice is still refused, in any order
        GAME.apply(state, 1, {"type": "formula", "cards": ["web", "ear", "ear"]}, T0)
