"""``choices``: the decisions the game waits for, each as the payload the referee accepts.

Random seeded games driven by the bot check, after every step, that every listed choice is
accepted and every accepted move is listed (``tests.conformance.checks.check_choices``, with
probes); hand-built states check that
the list is exactly what the rulebook allows."""

from __future__ import annotations

import random
from typing import Any

from companion.games.witchs_brew.abilities import abilities
from companion.games.witchs_brew.state import GameState
from tests.conformance.checks import PROBES, Seen, check_choices
from tests.unit.witchs_brew.bot import moves, step
from tests.unit.witchs_brew.helpers import (
    ANNA,
    BEN,
    CLEO,
    DAN,
    GAME,
    NAMES,
    T0,
    amulet,
    answer,
    drafted,
    hand,
    new,
    play,
    raven,
    selected,
)

#: tables for the random games: players and options
TABLES: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {"amulets": True, "magical_abilities": True, "answer_seconds": 5}),
    (5, {"physical_abilities": True, "amulets": True}),
    (6, {"sixth_player": True, "magical_abilities": True}),
]
SIDE = {"raven", "ability", "skip"}


def listed(state: GameState, seat: int | None) -> list[dict[str, Any]]:
    out = GAME.choices(state, seat)
    assert out is not None
    return out


def test_random_games_list_exactly_what_the_referee_accepts() -> None:
    seen = Seen()
    for n, (players, options) in enumerate(TABLES):
        for seed in (1, 2):
            # the checks draw from their own generator: the games played do not depend on them
            bot, rng = random.Random(f"choices:{n}:{seed}"), random.Random(f"checks:{n}:{seed}")
            state = GAME.setup(NAMES[:players], options, seed)
            now = T0
            for _ in range(300):
                if GAME.is_over(state):
                    break
                options_now = moves(state)
                if bot.random() < 0.01:  # a player leaves for good now and then
                    state = GAME.seat_left(state, bot.randrange(players), now)
                else:
                    options_now = [m for m in options_now if m.tag != "raven" or bot.random() < 0.1]
                    state, now = step(state, bot.choice(options_now), now + 700)
                check_choices(GAME, state, players, now, rng, state.gone, probes=PROBES, seen=seen)
    kinds = {"draft", "keep", "select", "play", "answer", "amulet"}
    assert kinds <= set(seen.listed) and kinds <= set(seen.accepted)
    assert not SIDE & set(seen.listed)


def test_the_drafter_keeps_one_of_the_three_cards_she_holds() -> None:
    """Magical Abilities: the player holding 3 cards keeps one and passes the other 2 on."""
    state = new(4, first=BEN, magical_abilities=True)
    assert state.draft is not None
    held = state.draft.hands[BEN]
    assert listed(state, BEN) == [{"type": "draft", "card": card} for card in held]
    assert len(held) == 3
    assert all(listed(state, seat) == [] for seat in (None, ANNA, CLEO, DAN))


def test_with_the_tables_own_cards_the_drafter_says_which_of_the_17_she_kept() -> None:
    """Physical ability cards: the app deals nothing; the drafter names the card she kept, by
    its number or its name, which is one of the 17 cards."""
    state = new(3, first=ANNA, physical_abilities=True)
    mine = listed(state, ANNA)
    assert mine == [{"type": "keep", "card": card} for card in abilities()]
    assert len(mine) == 17
    assert GAME.accept(ANNA, {"type": "keep", "card": "7"}) in mine
    assert listed(state, BEN) == []


def test_every_player_selects_5_of_their_12_roles() -> None:
    """Each player secretly selects 5 of their 12 roles: C(12, 5) = 792 selections, in any
    order the same one."""
    state = new(3)
    mine = listed(state, BEN)
    assert len(mine) == 792 == len({frozenset(p["roles"]) for p in mine})
    for payload in mine:
        GAME.apply(state, BEN, payload, T0)
    spelt = GAME.accept(BEN, {"type": "select", "roles": ["warlock", "witch", *hand()[1:4]]})
    assert spelt in mine and spelt["roles"][0] == "witch"
    chosen = GAME.apply(state, BEN, mine[0], T0)
    assert listed(chosen, BEN) == [] and len(listed(chosen, ANNA)) == 792
    assert listed(state, None) == []


def test_the_leader_plays_one_of_the_roles_left_in_her_hand() -> None:
    """The leader plays one of her selected roles not played yet."""
    state = selected(new(3, first=ANNA), {ANNA: ["witch", "alchemist"]})
    assert listed(state, ANNA) == [
        {"type": "play", "role": role.value} for role in state.players[ANNA].hand
    ]
    assert listed(state, BEN) == [] and listed(state, None) == []


def test_the_holder_due_answers_i_am_the_role_or_so_be_it() -> None:
    """In seat order, each other player who selected the role answers "I am the …!" or "So be
    it!" (a phone may name the role it answers)."""
    state = selected(new(3, first=ANNA), {ANNA: ["witch"], BEN: ["witch"], CLEO: ["witch"]})
    state = play(state, ANNA, "witch")
    assert listed(state, BEN) == [
        {"type": "answer", "claim": True},
        {"type": "answer", "claim": False},
        {"type": "answer", "claim": True, "role": "witch"},
        {"type": "answer", "claim": False, "role": "witch"},
    ]
    assert listed(state, ANNA) == [] and listed(state, CLEO) == []
    state = answer(state, BEN, False)
    assert len(listed(state, CLEO)) == 4 and listed(state, BEN) == []


def test_the_leader_who_lost_the_claim_decides_on_an_amulet() -> None:
    """Amulets: the leader who lost the role may use an amulet to take it back, or not."""
    state = selected(new(3, first=ANNA, amulets=True), {ANNA: ["witch"], BEN: ["witch"]})
    state = answer(play(state, ANNA, "witch"), BEN, True)
    assert listed(state, ANNA) == [
        {"type": "amulet", "use": True},
        {"type": "amulet", "use": False},
    ]
    assert listed(state, BEN) == [] and listed(state, CLEO) == []
    after = amulet(state, ANNA, True)
    assert after.last_trick is not None and listed(after, ANNA)[0]["type"] == "play"


def test_ravens_abilities_and_skips_are_side_actions() -> None:
    """A raven goes back to the box when someone takes it, a "1x" ability is used whenever
    its owner says, the table skips a player who is away: never what the game waits for."""
    state = selected(drafted(new(3, first=ANNA, magical_abilities=True)))
    raven(state)
    GAME.apply(state, None, {"type": "skip"}, T0)  # the leader is passed over
    assert listed(state, None) == []
    assert {p["type"] for seat in state.seats for p in listed(state, seat)} == {"play"}


def test_a_seat_that_left_is_offered_nothing() -> None:
    """The app plays the turns of a seat that left: it is never asked."""
    state = GAME.seat_left(new(4), DAN, T0)
    assert state.players[DAN].ready  # its roles drawn from the seed
    assert listed(state, DAN) == [] and len(listed(state, ANNA)) == 792
