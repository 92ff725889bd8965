"""A scripted player for whole games: it picks among the decisions the game lists
(``GAME.choices``), the side actions it may take besides, and a few moves the referee refuses."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from companion.engine import Rng
from companion.games.witchs_brew import trick as chain
from companion.games.witchs_brew.abilities import Kind, abilities, ability
from companion.games.witchs_brew.roles import HAND_SIZE
from companion.games.witchs_brew.state import GameState, Phase
from tests import support
from tests.support import Move
from tests.unit.witchs_brew.helpers import GAME

#: the physical ability cards the bot may say it kept (of the 17 listed)
KEPT = 3


def moves(state: GameState) -> list[Move]:
    """Moves worth trying now: the listed decisions (one selection per seat), side actions
    (a raven, a "1x" ability, the table's skip) and a couple of moves the referee refuses."""
    out: list[Move] = []
    if GAME.deadline(state) is not None:
        out.append(Move(None, None, "timeout"))
    if state.phase is Phase.OVER:
        return out
    if state.phase is Phase.SCORING:
        return out + _scoring(state)
    if state.ravens_left > 0:
        out.append(Move(None, {"type": "raven"}, "raven"))
    assert GAME.choices(state, None) == []  # the table decides nothing
    for seat in state.seats:
        listed = GAME.choices(state, seat)
        assert listed is not None
        out += _worth_trying(state, seat, listed)
    for seat, player in enumerate(state.players):
        if player.ability is not None and ability(player.ability).kind is Kind.ONCE:
            out.append(Move(seat, {"type": "ability", "card": player.ability}, "ability"))
    out += [
        Move(0, {"type": "answer", "claim": True}, "probe"),
        Move(1, {"type": "play", "role": "witch"}, "probe"),
        Move(None, {"type": "skip"}, "skip"),
    ]
    return out


def _scoring(state: GameState) -> list[Move]:
    """Each player's points (a seat that left: entered by the table), a correction, a
    refused entry for another seat, and the table's confirmation once it is listed."""
    out: list[Move] = []
    for seat in state.seats:
        sender = None if seat in state.gone else seat
        points = Rng(state.seed, "points", seat, state.players[seat].points or 0).randint(0, 60)
        out.append(Move(sender, {"type": "points", "seat": seat, "points": points}, "points"))
    out.append(Move(0, {"type": "points", "seat": 1, "points": 3}, "probe"))
    out += [Move(None, choice, "confirm") for choice in GAME.choices(state, None)[-1:]]
    return [move for move in out if move.tag != "confirm" or move.action == {"type": "confirm"}]


def _worth_trying(state: GameState, seat: int, listed: list[dict[str, Any]]) -> list[Move]:
    """Every listed decision but for the selections (one of the 792, drawn from the seed) and
    the physical ability cards (a few of the 17)."""
    kinds = {choice["type"] for choice in listed}
    if kinds == {"select"}:
        pick = Rng(state.seed, "bot", state.set_number, seat).randint(0, len(listed) - 1)
        assert len(listed[pick]["roles"]) == HAND_SIZE
        return [Move(seat, listed[pick], "select")]
    if kinds == {"keep"}:
        return [Move(seat, choice, "draft") for choice in listed[:: len(listed) // KEPT][:KEPT]]
    return [Move(seat, choice, _tag(choice)) for choice in listed]


def _tag(choice: dict[str, Any]) -> str:
    kind = choice["type"]
    if kind == "answer":
        return "claim" if choice["claim"] else "so_be_it"
    if kind == "amulet":
        return "amulet" if choice["use"] else "no_amulet"
    return str(kind)  # draft, play


def step(state: GameState, move: Move, now: float) -> tuple[GameState, float]:
    """Apply ``move`` at ``now`` (a timeout at its deadline); returns the state and the time.

    Checks on the way that ``apply`` never changes its input, whether it accepts or refuses.
    """
    return support.step(GAME, state, move, now, unchanged=True)


def play(
    state: GameState, choose: Callable[[GameState, list[Move]], Move], limit: int = 5000
) -> tuple[GameState, list[tuple[Move, float]]]:
    """Play until the game is over; returns the end state and the log of moves with times."""
    now = 2_000_000.0
    log: list[tuple[Move, float]] = []
    for _ in range(limit):
        if state.phase is Phase.OVER:
            return state, log
        move = choose(state, moves(state))
        now += 700
        state, now = step(state, move, now)
        log.append((move, now))
        check_invariants(state)
    raise AssertionError("the game did not end")


def replay(first: GameState, log: list[tuple[Move, float]]) -> GameState:
    return support.replay(GAME, first, log)


def check_invariants(state: GameState) -> None:
    """What holds in every state of every game."""
    view = GAME.view(state, None)
    played = Counter(p["seat"] for p in view["played"])
    for seat, player in enumerate(state.players):
        assert player.cards_left == HAND_SIZE - len(player.played) - len(player.set_aside)
        if not player.set_aside:
            assert view["players"][seat]["cards_left"] == HAND_SIZE - played[seat]
        if player.selected is not None:
            assert len(set(player.selected)) == HAND_SIZE
            assert len(player.hand) == player.cards_left
        assert 0 <= player.amulets_grey <= 1
    assert 0 <= state.ravens_left <= state.ravens_total
    if state.options.physical_abilities:
        assert state.deck == () and GAME.view(state, None)["deck"] is None  # the app deals none
    elif state.options.magical_abilities:
        places = [c.id for c in state.deck]
        if state.phase is Phase.DRAFT and state.draft is not None:
            places += [card for held in state.draft.hands for card in held]
        places += [p.ability for p in state.players if p.ability is not None and not p.ability_used]
        assert Counter(places) == Counter(list(abilities()))
    if state.phase is Phase.TRICK:
        assert state.trick is not None and not chain.is_done(state.trick)
