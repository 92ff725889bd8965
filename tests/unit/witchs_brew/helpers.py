"""Shared moves for the Witch's Brew tests: set up, choose roles, play and answer."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.witchs_brew import WITCHS_BREW
from companion.games.witchs_brew.state import GameState, Phase

GAME = WITCHS_BREW
NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eve", "Finn")
ANNA, BEN, CLEO, DAN, EVE, FINN = range(6)
T0 = 1_000_000.0

#: five roles everyone may choose when a test does not care
FILLER = ("wizard", "druid", "assistant", "cutpurse", "warlock")
#: five roles everyone chooses in a test where each role is held by every player
SHARED = ["witch", "wizard", "druid", "alchemist", "assistant"]
#: five roles that are none of SHARED
OTHERS = ["wolf_keeper", "snake_hunter", "herb_collector", "cutpurse", "warlock"]
#: the table's skip of whoever is due (in the selection it names the seat)
SKIP = {"type": "skip"}


def new(players: int = 4, first: int = 0, **options: Any) -> GameState:
    """A new game whose set 1 is started by ``first`` (the seed is searched for it)."""
    for seed in range(1000):
        state = GAME.setup(NAMES[:players], dict(options), seed)
        if state.first_player == first:
            return state
    raise AssertionError("no seed gives that first player")


def hand(*roles: str) -> list[str]:
    """Five roles: the given ones, topped up from FILLER."""
    out = list(roles)
    for role in FILLER:
        if len(out) == 5:
            break
        if role not in out:
            out.append(role)
    return out


def drafted(state: GameState, at: float = T0) -> GameState:
    """Finish the ability draft: every player keeps the first card they hold."""
    while state.phase is Phase.DRAFT:
        assert state.draft is not None and state.draft.current is not None
        seat = state.draft.current
        card = state.draft.hands[seat][0]
        state = GAME.apply(state, seat, {"type": "draft", "card": card}, at)
    return state


def selected(
    state: GameState, roles: Mapping[int, Sequence[str]] | None = None, at: float = T0
) -> GameState:
    """Everyone not ready chooses: ``roles[seat]`` topped up from FILLER, or FILLER itself."""
    state = drafted(state, at)
    roles = roles or {}
    for seat in state.seats:
        if state.players[seat].ready:
            continue
        action = {"type": "select", "roles": hand(*roles.get(seat, ()))}
        state = GAME.apply(state, seat, action, at)
    return state


def alike(players: int = 3, first: int = ANNA, at: float = T0, **options: Any) -> GameState:
    """A new game in which every player chose SHARED, so every role played is claimable by
    all; ``first`` leads."""
    return selected(new(players, first, **options), dict.fromkeys(range(players), SHARED), at)


def play(state: GameState, seat: int, role: str, at: float = T0) -> GameState:
    return GAME.apply(state, seat, {"type": "play", "role": role}, at)


def answer(state: GameState, seat: int, claim: bool, at: float = T0) -> GameState:
    return GAME.apply(state, seat, {"type": "answer", "claim": claim}, at)


def amulet(state: GameState, seat: int, use: bool, at: float = T0) -> GameState:
    return GAME.apply(state, seat, {"type": "amulet", "use": use}, at)


def raven(state: GameState, seat: int | None = None, at: float = T0) -> GameState:
    return GAME.apply(state, seat, {"type": "raven"}, at)


def table(state: GameState) -> dict[str, Any]:
    return GAME.view(state, None)


def trick(state: GameState) -> dict[str, Any]:
    out = table(state)["trick"]
    assert out is not None
    return out


def last(state: GameState) -> dict[str, Any]:
    out = table(state)["last_trick"]
    assert out is not None
    return out


def said_by_the_app(seat: int, at: float) -> dict[str, Any]:
    """The chain entry of the "So be it!" the app said for ``seat`` at ``at`` (a timer run out,
    the table's skip, a seat that left)."""
    return {"seat": seat, "answer": "so_be_it", "at": at, "auto": True}


def chain(view_trick: Mapping[str, Any]) -> list[tuple[int, str]]:
    return [(e["seat"], e["answer"]) for e in view_trick["chain"]]


def cards_left(state: GameState) -> list[int]:
    return [p["cards_left"] for p in table(state)["players"]]


def play_out(state: GameState, at: float = T0) -> GameState:
    """Finish the set: leaders play their first card, everyone says "So be it!", amulets no."""
    number = state.set_number
    for _ in range(200):
        if state.phase is not Phase.TRICK or state.set_number != number:
            return state
        view = trick(state)
        due, kind = view["due"], view["due_kind"]
        if kind == "play":
            state = play(state, due, state.players[due].hand[0].value, at)
        elif kind == "answer":
            state = answer(state, due, False, at)
        else:
            state = amulet(state, due, False, at)
    raise AssertionError("the set did not end")


def dumped(view: Mapping[str, Any]) -> str:
    return json.dumps(view, ensure_ascii=False)
