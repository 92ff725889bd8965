"""Checks of ``Game.choices`` for the unit tests of a game that lists its decisions.

In any state, for the table and every seat: the list is a list ([] for a seat that left);
each payload is listed once, already as ``accept`` spells it, and ``apply`` accepts it now;
and every move the game accepts now from that sender that is not a side action is listed
(compared after ``accept``). The moves tried for the last check are built from the
declarations (``tests.conformance.checks.value``) and from the listed payloads changed a little
(an optional field added, a list shuffled), so that a payload the game would spell two ways is
caught. A *free* action (any value of its field is accepted, e.g. the dice seen in a box) is
listed once with a representative value: it is compared by its type only.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from companion.engine import Action, Game, IllegalAction, Sender
from tests.conformance.checks import value

#: listed payloads applied per sender and state (all of them when there are no more)
SAMPLE = 16
#: moves built at random per sender and state, half from the declarations, half from the list
TRIES = 12
#: longer lists (every formula of a game) are not searched for a payload listed twice here:
#: the game's own tests look at them whole
DISTINCT = 256


@dataclass
class Seen:
    """What the checks met over a game: listed payloads by type, and moves tried that the game
    accepted (so a test can say the checks were not empty)."""

    listed: Counter[str] = field(default_factory=Counter)
    accepted: Counter[str] = field(default_factory=Counter)


def frozen(payload: Any) -> Any:
    """A payload as a hashable value (lists and objects as tuples)."""
    if isinstance(payload, list):
        return tuple(frozen(item) for item in payload)
    if isinstance(payload, dict):
        return tuple(sorted((k, frozen(v)) for k, v in payload.items()))
    return payload


def listed_as(payload: dict[str, Any], listed: list[dict[str, Any]], free: Collection[str]) -> bool:
    """``payload`` is one of ``listed`` (a free action: any of its type)."""
    if payload["type"] in free:
        return any(p["type"] == payload["type"] for p in listed)
    return payload in listed


def check_choices(
    game: Game[Any],
    state: Any,
    seats: int,
    now: float,
    rng: random.Random,
    gone: Collection[int] = (),
    free: Collection[str] = (),
    seen: Seen | None = None,
) -> None:
    """Every listed payload is accepted and every accepted move is listed, for every sender
    (see the module's docstring). Nothing is checked once the game is over (the room accepts
    nothing then)."""
    if game.is_over(state):
        return
    seen = seen if seen is not None else Seen()
    for sender in (None, *range(seats)):
        listed = game.choices(state, sender)
        who = "the table" if sender is None else f"seat {sender}"
        assert isinstance(listed, list), f"{game.id}: choices for {who} is {listed!r}"
        if sender in gone:
            assert listed == [], f"{game.id}: seat {sender} left, yet it is offered {listed[:3]}"
            continue
        if len(listed) <= DISTINCT:
            distinct = {frozen(p) for p in listed}
            assert len(distinct) == len(listed), f"{game.id}: {who} is offered a payload twice"
        for payload in listed if len(listed) <= SAMPLE else rng.sample(listed, SAMPLE):
            assert not game.actions[payload["type"]].side, f"{game.id}: side {payload} listed"
            assert game.accept(sender, payload) == payload, f"{game.id}: {payload} not as spelt"
            try:
                game.apply(state, sender, payload, now, seats=seats)
            except IllegalAction as exc:
                raise AssertionError(f"{game.id}: {who} is offered {payload}: {exc}") from exc
            seen.listed[payload["type"]] += 1
        _accepted_are_listed(game, state, seats, now, rng, sender, free, listed, seen)


def _accepted_are_listed(
    game: Game[Any],
    state: Any,
    seats: int,
    now: float,
    rng: random.Random,
    sender: int | None,
    free: Collection[str],
    listed: list[dict[str, Any]],
    seen: Seen,
) -> None:
    actions = [
        a for a in game.actions.values() if not a.side and _may_send(a, sender)
    ]  # fmt: skip
    for k in range(TRIES if actions else 0):
        if listed and k % 2:
            raw = _changed(game, rng.choice(listed), seats, rng)
        else:
            action = rng.choice(actions)
            raw = {"type": action.name}
            for declared in action.fields:
                if declared.required or rng.random() < 0.6:
                    raw[declared.name] = value(declared, seats, rng)
        try:
            game.apply(state, sender, raw, now, seats=seats)
        except IllegalAction:
            continue
        seen.accepted[raw["type"]] += 1
        spelt = game.accept(sender, raw)
        who = "the table" if sender is None else f"seat {sender}"
        assert listed_as(spelt, listed, free), f"{game.id}: {who} may send {spelt}, not listed"


def _may_send(action: Action[Any], sender: int | None) -> bool:
    if action.sender is Sender.ANYONE:
        return True
    return (action.sender is Sender.TABLE) == (sender is None)


def _changed(
    game: Game[Any], payload: dict[str, Any], seats: int, rng: random.Random
) -> dict[str, Any]:
    """``payload`` with one field added or changed, or its lists shuffled."""
    raw = dict(payload)
    fields = game.actions[payload["type"]].fields
    if fields and rng.random() < 0.6:
        declared = rng.choice(fields)
        raw[declared.name] = value(declared, seats, rng)
    for name, item in raw.items():
        if isinstance(item, list):
            raw[name] = rng.sample(item, len(item))
    return raw
