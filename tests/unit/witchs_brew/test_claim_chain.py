"""The claim chain: "I am the …!" / "So be it!" in seat order, passes, winner, next leader."""

from __future__ import annotations

import itertools

import pytest

from companion.engine import IllegalAction
from companion.games.witchs_brew import trick as chain
from companion.games.witchs_brew.roles import Role
from companion.games.witchs_brew.state import Phase
from tests.unit.witchs_brew.helpers import (
    ANNA,
    BEN,
    CLEO,
    DAN,
    GAME,
    OTHERS,
    SHARED,
    T0,
    answer,
    cards_left,
    last,
    new,
    play,
    play_out,
    selected,
    table,
    trick,
)
from tests.unit.witchs_brew.helpers import chain as entries

EVERYONE_ALCHEMIST = {seat: ["alchemist"] for seat in range(4)}


def led(holders: dict[int, list[str]] | None = None, role: str = "alchemist"):
    """Four players, Anna first; everyone chose ``holders`` roles; Anna leads ``role``."""
    chosen = {seat: list(roles) for seat, roles in (holders or EVERYONE_ALCHEMIST).items()}
    if role not in chosen.setdefault(ANNA, []):
        chosen[ANNA].insert(0, role)
    state = selected(new(4, first=ANNA), chosen)
    return play(state, ANNA, role, T0 + 1000)


# -- pure trick values ---------------------------------------------------------------------


NAMES = ("Anna", "Ben", "Cleo", "Dan")


@pytest.mark.parametrize("claims", list(itertools.product([True, False], repeat=3)))
def test_every_order_of_claims_and_favors(claims: tuple[bool, bool, bool]) -> None:
    t = chain.lead(chain.open_trick(NAMES, 0, 0), Role.WITCH, {1, 2, 3}, at=0)
    for seat, claim in zip((1, 2, 3), claims, strict=True):
        assert chain.due(t) == seat and chain.due_kind(t) is chain.Due.ANSWER
        t = chain.answer(t, seat, claim, at=seat * 100)
    claimers = [seat for seat, claim in zip((1, 2, 3), claims, strict=True) if claim]
    assert chain.is_done(t)
    assert chain.winner(t) == (claimers[-1] if claimers else 0)
    assert chain.favored(t) == tuple(s for s, c in zip((1, 2, 3), claims, strict=True) if not c)
    assert chain.players_of_card(t) == (0, 1, 2, 3)


def test_passes_are_recorded_when_the_call_reaches_them() -> None:
    t = chain.lead(chain.open_trick(NAMES, 1, 0), Role.WITCH, {3, 0}, at=0)
    assert [(e.seat, e.answer.value) for e in t.chain] == [(1, "lead"), (2, "pass")]
    t = chain.answer(t, 3, True, at=10)
    assert chain.due(t) == 0
    t = chain.answer(t, 0, False, at=20)
    assert [(e.seat, e.answer.value) for e in t.chain] == [
        (1, "lead"),
        (2, "pass"),
        (3, "claim"),
        (0, "so_be_it"),
    ]
    assert chain.winner(t) == 3


def test_leader_never_answers_and_cannot_take_the_favor() -> None:
    t = chain.lead(chain.open_trick(NAMES, 0, 0), Role.WITCH, {1}, at=0)
    with pytest.raises(IllegalAction, match="never answers"):
        chain.answer(t, 0, False, at=1)
    t = chain.answer(t, 1, True, at=1)
    assert chain.is_done(t) and 0 not in chain.favored(t) and chain.winner(t) == 1


def test_leader_cannot_be_a_holder() -> None:
    with pytest.raises(ValueError):
        chain.lead(chain.open_trick(NAMES, 0, 0), Role.WITCH, {0, 1}, at=0)


def test_a_role_is_led_only_once() -> None:
    t = chain.lead(chain.open_trick(NAMES, 0, 0), Role.WITCH, {1}, at=0)
    with pytest.raises(IllegalAction):
        chain.lead(t, Role.WIZARD, {1}, at=1)


def test_bumped_claimant_gets_nothing() -> None:
    t = chain.lead(chain.open_trick(NAMES, 0, 0), Role.WITCH, {1, 2}, at=0)
    t = chain.answer(chain.answer(t, 1, True, at=1), 2, True, at=2)
    assert chain.winner(t) == 2 and chain.favored(t) == ()


def test_next_leader_skips_players_without_cards() -> None:
    assert chain.next_leader(1, [3, 2, 0, 0]) == 1
    assert chain.next_leader(1, [3, 0, 0, 0]) == 0
    assert chain.next_leader(2, [0, 1, 0, 1]) == 3
    assert chain.next_leader(0, [0, 0, 0, 0]) is None


# -- through the game ----------------------------------------------------------------------


def test_first_trick_is_led_by_the_first_player() -> None:
    state = selected(new(4, first=CLEO))
    view = trick(state)
    assert table(state)["leader"] == CLEO
    assert view["due"] == CLEO and view["due_kind"] == "play" and view["role"] is None


def test_lead_with_nobody_else_holding_the_role_wins_at_once() -> None:
    state = led({ANNA: ["witch"]}, role="witch")
    assert entries(last(state)) == [(ANNA, "lead"), (BEN, "pass"), (CLEO, "pass"), (DAN, "pass")]
    assert last(state)["winner"] == ANNA
    assert trick(state)["due"] == ANNA and trick(state)["due_kind"] == "play"
    assert cards_left(state) == [4, 5, 5, 5]


@pytest.mark.parametrize("claims", list(itertools.product([True, False], repeat=3)))
def test_every_order_through_the_game(claims: tuple[bool, bool, bool]) -> None:
    state = led()
    for step, (seat, claim) in enumerate(zip((BEN, CLEO, DAN), claims, strict=True)):
        assert trick(state)["due"] == seat and trick(state)["due_kind"] == "answer"
        state = answer(state, seat, claim, T0 + 2000 + step)
    claimers = [s for s, c in zip((BEN, CLEO, DAN), claims, strict=True) if c]
    winner = claimers[-1] if claimers else ANNA
    done = last(state)
    assert done["winner"] == winner
    expected = [(ANNA, "lead")] + [
        (s, "claim" if c else "so_be_it") for s, c in zip((BEN, CLEO, DAN), claims, strict=True)
    ]
    assert entries(done) == expected
    assert cards_left(state) == [4, 4, 4, 4]
    assert table(state)["leader"] == winner
    assert [(p["seat"], p["role"]) for p in table(state)["played"]] == [
        (s, "alchemist") for s in (ANNA, BEN, CLEO, DAN)
    ]


def test_claimant_changes_as_claims_come_in() -> None:
    state = led()
    assert trick(state)["claimant"] == ANNA
    state = answer(state, BEN, True)
    assert trick(state)["claimant"] == BEN
    state = answer(state, CLEO, False)
    assert trick(state)["claimant"] == BEN


def test_chain_records_the_server_time_of_each_answer() -> None:
    state = led({BEN: ["alchemist"], DAN: ["alchemist"]})
    state = answer(state, BEN, False, T0 + 4200)
    state = answer(state, DAN, True, T0 + 5000)
    assert last(state)["chain"] == [
        {"seat": ANNA, "answer": "lead", "at": T0 + 1000},
        {"seat": BEN, "answer": "so_be_it", "at": T0 + 4200},
        {"seat": CLEO, "answer": "pass", "at": T0 + 4200},
        {"seat": DAN, "answer": "claim", "at": T0 + 5000},
    ]


def test_answers_only_from_the_due_player() -> None:
    state = led()
    with pytest.raises(IllegalAction) as err:
        answer(state, CLEO, True)
    assert (err.value.code, err.value.message) == ("not_your_turn", "It is Ben's turn to answer.")


def test_duplicate_answer_is_refused() -> None:
    state = answer(led(), BEN, True)
    with pytest.raises(IllegalAction) as err:
        answer(state, BEN, False)
    assert (err.value.code, err.value.message) == ("illegal", "You have already answered.")


def test_leader_cannot_answer() -> None:
    state = led()
    with pytest.raises(IllegalAction) as err:
        answer(state, ANNA, False)
    assert err.value.code == "illegal" and "never answers" in err.value.message


def test_a_player_without_the_role_cannot_answer() -> None:
    state = led({BEN: ["alchemist"], DAN: ["alchemist"]})
    state = answer(state, BEN, True)
    with pytest.raises(IllegalAction) as err:
        answer(state, CLEO, True)
    assert err.value.code == "illegal" and "passed" in err.value.message


def test_late_answer_to_a_finished_trick_is_refused() -> None:
    state = led({BEN: ["alchemist"]})
    state = answer(state, BEN, False)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, BEN, {"type": "answer", "claim": True, "role": "alchemist"}, T0)
    assert err.value.code == "too_late"
    with pytest.raises(IllegalAction) as err:
        answer(state, BEN, True)
    assert (err.value.code, err.value.message) == ("not_your_turn", "It is Anna's turn to lead.")


def test_the_table_cannot_answer_and_answers_must_be_yes_or_no() -> None:
    state = led()
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, None, {"type": "answer", "claim": True}, T0)
    assert err.value.code == "forbidden"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, BEN, {"type": "answer", "claim": "yes"}, T0)
    assert err.value.code == "bad_request"


def test_only_the_leader_plays_and_only_a_chosen_unplayed_role() -> None:
    state = selected(new(4, first=ANNA), {ANNA: ["witch"]})
    with pytest.raises(IllegalAction) as err:
        play(state, BEN, "wizard")
    assert (err.value.code, err.value.message) == ("not_your_turn", "It is Anna's turn to lead.")
    with pytest.raises(IllegalAction) as err:
        play(state, ANNA, "alchemist")
    assert err.value.message == "You did not choose the Alchemist for this set."
    with pytest.raises(IllegalAction) as err:
        play(state, ANNA, "cook")
    assert err.value.code == "bad_request"
    state = play(state, ANNA, "witch")
    with pytest.raises(IllegalAction) as err:
        play(state, ANNA, "witch")
    assert err.value.message == "You have already played the Witch."


def test_leader_cannot_play_twice_in_a_trick_and_responders_cannot_lead() -> None:
    state = led()
    with pytest.raises(IllegalAction) as err:
        play(state, ANNA, "wizard")
    assert err.value.message == "You have already played this trick's role."
    with pytest.raises(IllegalAction) as err:
        play(state, BEN, "wizard")
    assert err.value.code == "illegal"
    with pytest.raises(IllegalAction) as err:
        play(state, CLEO, "wizard")
    assert (err.value.code, err.value.message) == ("not_your_turn", "It is Ben's turn to answer.")


def test_winner_leads_the_next_trick() -> None:
    state = answer(answer(answer(led(), BEN, False), CLEO, True), DAN, False)
    assert trick(state)["due"] == CLEO and trick(state)["due_kind"] == "play"


def test_winner_without_cards_hands_the_lead_clockwise() -> None:
    state = selected(new(4, first=ANNA), {ANNA: SHARED, BEN: SHARED, CLEO: OTHERS, DAN: OTHERS})
    state = answer(play(state, ANNA, "witch"), BEN, True)
    for role in SHARED[1:]:  # Ben wins every trick; Anna says "So be it!"
        assert trick(state)["due"] == BEN
        state = answer(play(state, BEN, role), ANNA, False)
    assert last(state)["winner"] == BEN
    assert cards_left(state) == [0, 0, 5, 5]
    assert trick(state)["due"] == CLEO and table(state)["leader"] == CLEO


def test_set_ends_when_every_selected_card_is_played() -> None:
    everyone = ["witch", "wizard", "druid", "alchemist", "assistant"]
    state = selected(new(3, first=BEN), dict.fromkeys(range(3), everyone))
    for role in everyone:
        leader = trick(state)["due"]
        state = play(state, leader, role)
        for _ in range(2):
            state = answer(state, trick(state)["due"], False)
        if role != everyone[-1]:
            assert state.phase is Phase.TRICK and state.set_number == 1
    view = table(state)
    assert view["phase"] == "select" and view["set"] == 2
    assert view["first_player"] == CLEO and view["trick"] is None and view["played"] == []
    assert cards_left(state) == [5, 5, 5] and not any(p["ready"] for p in view["players"])
    assert view["last_trick"]["role"] == "assistant"


def test_next_sets_start_clockwise() -> None:
    state = selected(new(3, first=CLEO))
    firsts = []
    for _ in range(4):
        firsts.append(state.first_player)
        state = selected(play_out(state))
    assert firsts == [CLEO, ANNA, BEN, CLEO]
