"""The real board (``physical``): what the box decides is entered, never decided by the app."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.engine import NotYourTurn
from companion.games.witchcraft import turns
from companion.games.witchcraft.geometry import Dir
from companion.games.witchcraft.state import TABLE, GameState, Phase
from companion.games.witchcraft.tiles import AltarKind
from tests.unit.witchcraft.helpers import GAME, NAMES

SIX = {"width": 6, "height": 6, "altars": ["a1", "c3", "d4", "f6"]}


def pick(state: GameState, kind: str, **fields: Any) -> GameState:
    """The decider takes the one listed choice of ``kind`` whose label or fields match."""
    found = []
    for i, c in enumerate(turns.choices(state)):
        if c.kind != kind:
            continue
        words = str(c.label)
        if all(str(v) in words or getattr(c, k, None) == v for k, v in fields.items()):
            found.append(i)
    assert len(found) == 1, [str(c.label) for c in turns.choices(state)]
    seat = None if state.decider == TABLE else state.decider
    return GAME.apply(state, seat, {"type": "choose", "option": found[0]}, 0)


def told(state: GameState, seat: int | None) -> str:
    """Everything a view says about the players and their moves (the board's altars and the
    box's field names name every kind anyway), and the secrets it carries."""
    view = GAME.present(state, seat)
    moves = [e for e in view["log"] if e["seat"] is not None]  # the table's entries are public
    parts = [view["players"], moves, view["pending"], view.get("you", {}).get("prompt")]
    if seat is not None:
        parts += [view["you"]["options"], view["you"]["power"], view["you"]["next"]]
    return json.dumps(parts).lower()


def entered(options: dict[str, Any] | None = None) -> GameState:
    """A real-board game with its set-up entered: the altars, the specials, the power tiles."""
    state = GAME.setup(NAMES, {"physical": True, "box": SIX, **(options or {})}, 5, first=0)
    for altar, where in zip(
        ("Energy", "Protection", "Teleportation", "Summoning"),
        ("a1", "c3", "d4", "f6"),
        strict=True,
    ):
        state = pick(state, "altar", a=f"Altar of {altar} is on {where}")
    state = pick(state, "special", a="red guild drew the Priest")
    state = pick(state, "special", a="green guild drew the Barbarian")
    if not (options or {}).get("tournament"):
        state = pick(state, "enter_power", a="Summoning")
        state = pick(state, "enter_power", a="Energy")
    return state


def test_the_app_places_no_altar_and_deals_nothing_on_the_real_board() -> None:
    state = GAME.setup(NAMES, {"physical": True, "box": SIX}, 5, first=0)
    assert state.altars == () and state.decider == TABLE
    view = GAME.view(state, None)
    assert view["altars"] == [] and view["table_options"]
    assert view["pending"]["seat"] is None
    assert all(p["to_place"] == 0 for p in view["players"])
    assert GAME.choices(state, 0) == [] and GAME.choices(state, None)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, {"type": "choose", "option": 0}, 0)


def test_the_altars_are_where_the_players_put_them() -> None:
    state = entered()
    where = {a.kind: a.cell for a in state.altars}
    assert where[AltarKind.ENERGY] == (0, 5) and where[AltarKind.SUMMONING] == (5, 0)


def test_each_player_receives_the_special_tile_the_table_entered() -> None:
    state = entered()
    red = {t.kind for t in (*state.players[0].to_place, *state.players[0].reserve)}
    green = {t.kind for t in (*state.players[1].to_place, *state.players[1].reserve)}
    assert "priest" in red and "barbarian" in green
    assert not {"prince", "keykeeper"} & (red | green)


def test_the_other_guild_cannot_draw_the_same_special_tile() -> None:
    state = GAME.setup(NAMES, {"physical": True}, 5, first=0)
    for _ in range(4):
        state = GAME.apply(state, None, {"type": "choose", "option": 0}, 0)
    state = pick(state, "special", a="red guild drew the Prince")
    assert not any("Prince" in str(c.label) for c in turns.choices(state))


def test_the_power_tile_is_entered_on_its_owners_phone_only() -> None:
    state = GAME.setup(NAMES, {"physical": True}, 5, first=0)
    while state.decider == TABLE:
        state = GAME.apply(state, None, {"type": "choose", "option": 0}, 0)
    assert state.decider == 0
    assert GAME.view(state, 0)["you"]["options"] and not GAME.view(state, 1)["you"]["options"]
    with pytest.raises(NotYourTurn):
        GAME.apply(state, None, {"type": "choose", "option": 3}, 0)
    state = pick(state, "enter_power", a="Teleportation")
    assert state.players[0].power is AltarKind.TELEPORTATION
    note = GAME.describe(state, 1, {"type": "choose", "option": 1})
    assert "Energy" not in str(note) and "power tile" in str(note)  # the undo note keeps it
    state = pick(state, "enter_power", a="Energy")
    for seat, other in ((None, "teleportation"), (1, "teleportation"), (0, "energy")):
        assert other not in told(state, seat), seat
    assert GAME.view(state, 0)["you"]["power"]["power_tile"] == "teleportation"
    assert [p["power"] for p in GAME.view(state, None)["players"]] == ["hidden", "hidden"]


def test_each_tile_drawn_is_entered_by_its_owner_and_is_what_she_places() -> None:
    state = entered()
    assert state.phase is Phase.PLACEMENT and state.decider == 0
    assert GAME.view(state, 0)["you"]["next"] is None  # nothing drawn yet
    kinds = {str(c.label) for c in turns.choices(state)}
    assert "I drew the Golem" in kinds and "I drew the Monk" not in kinds  # the Monk is aside
    state = pick(state, "draw", a="Golem")
    assert GAME.view(state, 0)["you"]["next"]["next_tile"] == "golem"
    assert "golem" not in told(state, 1) and "golem" not in told(state, None)
    assert str(state.log[-1].text) == "draws a tile"
    state = pick(state, "place", at=(2, 2), facing=Dir.N)
    assert state.stack((2, 2)) is not None and state.stack((2, 2)).top.kind == "golem"
    assert state.decider == 1 and turns.choices(state)[0].kind == "draw"


def test_entries_are_decisions_of_the_table_or_the_seat_listed_in_choices() -> None:
    state = GAME.setup(NAMES, {"physical": True, "master": True}, 2, first=1)
    seen = set()
    while state.phase is not Phase.OVER and len(seen) < 6:
        sender = None if state.decider == TABLE else state.decider
        listed = GAME.choices(state, sender)
        assert listed, state.tasks
        seen.add(turns.choices(state)[0].kind)
        state = GAME.apply(state, sender, listed[-1], 0)
    assert {"altar", "special", "enter_power", "aside"} <= seen


def test_clocks_do_not_run_while_the_set_up_is_entered() -> None:
    state = GAME.setup(NAMES, {"physical": True, "clock_minutes": 5}, 5, first=0)
    at = 0.0
    while state.phase is Phase.PLACEMENT and state.tasks:
        sender = None if state.decider == TABLE else state.decider
        at += 60_000
        state = GAME.apply(state, sender, {"type": "choose", "option": 0}, at)
        assert state.clock is not None and state.clock.since is None
    assert GAME.deadline(state) is None
    state = GAME.apply(state, state.decider, {"type": "choose", "option": 0}, at + 1_000)  # draw
    assert state.clock is not None and state.clock.since is None  # part of the first move
    mover = state.decider
    assert mover is not None
    state = GAME.apply(state, mover, {"type": "choose", "option": 0}, at + 9_000)  # place
    assert state.clock is not None and state.clock.since == at + 9_000
    assert state.clock.left == (300_000, 300_000) and state.clock.running == 1 - mover
