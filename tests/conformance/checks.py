"""The conformance checks: what every game must satisfy, whatever its rules.

The checks know a game only by its contract. Moves are built from the declared actions (each
field's type, range and choices), sent by a random sender the action allows; the rules refuse
most of them, and the accepted ones are the legal play. A game that lists its decisions
(``Game.choices``) is played mostly from its lists instead, and the declared moves then probe
the lists: every move it accepts that is no side action must have been listed. The clock moves
on at random and each deadline fires as the room fires it. After every step: every view is
JSON, no view but its owner's holds a seat's ``private`` values, and every listed choice is
accepted (``check_choices``). At the end the log replays to the same states, directly and
through the room service on a real SQLite file, where the host also pauses now and then:
nothing of the game changes during a pause, and its deadlines are as much later after it
(``check_pause``). Malformed moves built from the same declarations go through the room service too
(``check_fuzz``), and the page modules, the help and the reference must be there. Each seat's
prompt agrees with its choices and the ending is in every view (``prompts.py``); after the host's
End in a random phase nothing is accepted any more (``check_end``).
``test_registered_games.py`` runs all this over every registered game,
``tests/unit/test_example_game.py`` over a game written in the test, and
``test_checks_catch.py`` over that game broken on purpose (the checks must fail).
"""

from __future__ import annotations

import json
import math
import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence, Set
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import Any, overload

from companion.engine import (
    Action,
    ErrorCode,
    Field,
    FieldType,
    Game,
    IllegalAction,
    OptionType,
    Sender,
)
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.rooms.party import game_seats, standings
from companion.rooms.room import Status
from companion.store import SqliteStore
from companion.timing import CAP_MS
from tests.conformance.prompts import check_place, check_prompts, check_text

ROOT = Path(__file__).resolve().parents[2]
T0 = 1_000_000.0
#: how far the clock moves before a step (ms): the same instant, a tap, a think, a long wait
WAITS = (0, 1, 30, 250, 700, 2_000, 5_000, 16_000)
#: random moves tried for each action in a step (the first accepted is a legal move)
ACTION_TRIES = 6
#: how often an action is played down for a whole game (see ``Picker``)
PLAY_DOWN = 0.2
#: random declared moves tried for each action of a game that lists its decisions: probes
#: that every move it accepts was listed (its legal moves come from the lists)
PROBE_TRIES = 2
#: listed choices applied for each audience in each state: all of a list this long, else this
#: many at random (Witchcraft lists up to 168 placements, each about 0.4 ms to apply: all of
#: them after every step would multiply the suite's time)
CHOICES_APPLIED = 12
#: moves next to the listed ones (one field changed, another sender) tried in each step
NEAR_MISSES = 3
#: moves of each kind a game's own tests probe its lists with in each state (the suite's
#: ``Picker`` probes as it plays): ``check_choices(…, probes=PROBES)``
PROBES = 12
#: the share of the moves that are side actions, when there are listed decisions to play
SIDE_SHARE = 0.2
#: how much of a view a failure message shows
SHOWN = 3000
#: how long the pauses of ``check_room_replay`` last (ms)
PAUSE_MS = 61_000
#: what a game may answer a move with (never ``internal``)
REFUSALS = frozenset(
    {
        ErrorCode.BAD_REQUEST,
        ErrorCode.FORBIDDEN,
        ErrorCode.ILLEGAL,
        ErrorCode.NOT_YOUR_TURN,
        ErrorCode.TOO_LATE,
    }
)
#: refusals that come from the rules, not from the shape of the move
RULE_REFUSALS = frozenset({ErrorCode.ILLEGAL, ErrorCode.NOT_YOUR_TURN, ErrorCode.TOO_LATE})
#: values too common to be anyone's secret: a search for them would find them everywhere
TRIVIAL = frozenset({"null", "true", "false", "[]", "{}", '""'})
JUNK_TEXT = ("x", "?", "card", "zz#9", "seat 0")
JUNK_JSON: tuple[Any, ...] = (0, 1, 3, -1, 2.5, "x", "", [], {}, [1, 2], {"a": 1}, True)
#: a move: the sender (None is the table) and the raw payload
Move = tuple[int | None, dict[str, Any]]


def names(players: int) -> tuple[str, ...]:
    return tuple(f"P{k}" for k in range(players))


def audience(who: int | None) -> str:
    return "table" if who is None else f"seat {who}"


def sender(who: int | None) -> str:
    """Who sends a move, as a failure message names it."""
    return "the table" if who is None else f"seat {who}"


# -- the moves, from the declarations ----------------------------------------------------------


def senders(action: Action[Any], seats: int) -> list[int | None]:
    """Who may send ``action``: the table (None), the seats, or both."""
    if action.sender is Sender.TABLE:
        return [None]
    everyone: list[int | None] = list(range(seats))
    return everyone if action.sender is Sender.SEAT else [None, *everyone]


def candidate(
    game: Game[Any], seats: int, rng: random.Random, action: Action[Any] | None = None
) -> Move:
    """A random move as declared: an action (``action``, else any), a sender it allows, and a
    value for each field (optional fields are sometimes left out)."""
    action = action or rng.choice(list(game.actions.values()))
    payload: dict[str, Any] = {"type": action.name}
    for declared in action.fields:
        if declared.required or rng.random() < 0.7:
            payload[declared.name] = value(declared, seats, rng)
    return rng.choice(senders(action, seats)), payload


def value(declared: Field, seats: int, rng: random.Random) -> Any:
    """A random value of the declared type, within its range or choices."""
    kind = declared.type
    if kind is FieldType.BOOL:
        return rng.random() < 0.5
    if kind is FieldType.SEAT:
        return rng.randrange(seats)
    if kind in (FieldType.INT, FieldType.NUMBER):
        low, high = declared.low, declared.high
        low = low if low is not None else (high - 10 if high is not None else -3)
        high = high if high is not None else low + 10
        if kind is FieldType.INT:
            low, high = math.ceil(low), math.floor(high)
            return rng.choice([low, high, rng.randint(low, high)])
        return rng.choice([low, high, round(rng.uniform(low, high), 3)])
    if kind is FieldType.TEXT:
        return rng.choice(declared.choices) if declared.choices else rng.choice(JUNK_TEXT)
    if kind is FieldType.LIST:
        if declared.choices:
            size = rng.randint(0, min(len(declared.choices), declared.max_items))
            if rng.random() < 0.8:
                return rng.sample(declared.choices, size)
            return [rng.choice(declared.choices) for _ in range(size)]
        item = replace(declared, type=declared.item or FieldType.JSON, item=None)
        return [value(item, seats, rng) for _ in range(rng.randint(0, min(4, declared.max_items)))]
    return rng.choice(JUNK_JSON)


def junk(rng: random.Random, depth: int = 0) -> Any:
    """Any value at all: wrong types, huge, nested, not finite."""
    if depth < 3 and rng.random() < 0.2:
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    if depth < 3 and rng.random() < 0.1:
        return {str(junk(rng, 3))[:20]: junk(rng, depth + 1) for _ in range(rng.randint(0, 3))}
    return rng.choice(
        [None, True, False, -1, 0, 1, 7, 2**63, -(10**18), 0.5, -0.0, math.inf, -math.inf,
         math.nan, "", " ", "x" * 10_000, "é" * 300, "0", "true", "null", [], {}]
    )  # fmt: skip


def malformed(
    game: Game[Any],
    seats: int,
    rng: random.Random,
    now: float,
    legal: Callable[[], Sequence[Move]] = tuple,
) -> tuple[int | None, object]:
    """A sender and a move broken in up to three ways. A move broken in none is one of the
    ``legal()`` moves when there are some (the junk must not crowd out what is right), else a
    random declared one; a broken move comes from any sender. ``legal`` is asked only for a
    move broken in none (a fifth of them): finding the legal moves is most of a step's time."""
    if rng.random() < 0.03:
        return rng.choice([None, *range(seats)]), rng.choice([None, [], "arm", 7, ["type"], 1.5])
    breaks = rng.choice([0, 1, 1, 2, 3])
    moves = legal() if breaks == 0 else ()
    sender, raw = rng.choice(moves) if moves else candidate(game, seats, rng)
    raw = {**raw, "t": now if rng.random() < 0.9 else junk(rng)}  # a race press's client time
    action = game.actions[raw["type"]]
    for _ in range(breaks):
        _break(game, action, raw, seats, rng)
    return sender, raw


def _break(
    game: Game[Any], action: Action[Any], raw: dict[str, Any], seats: int, rng: random.Random
) -> None:
    declared = rng.choice(action.fields) if action.fields else None
    how = rng.randrange(8)
    if how == 0:  # an unknown type, or no type
        raw["type"] = rng.choice(
            ["", "fly", action.name.upper(), "x" * 5000, None, 3, [action.name]]
        )
    elif how == 1 and declared is not None:  # a field missing
        raw.pop(declared.name, None)
    elif how == 2:  # extra fields, some named like other actions' fields
        others = [f.name for a in game.actions.values() for f in a.fields]
        raw[rng.choice([*others, "junk", "__proto__", "type2", "k" * 200])] = junk(rng)
    elif how == 3 and declared is not None:  # a wrong type
        raw[declared.name] = junk(rng)
    elif how == 4 and declared is not None:  # just out of range
        raw[declared.name] = _out_of_range(declared, seats, rng)
    elif how == 5 and declared is not None:  # huge
        raw[declared.name] = rng.choice(["x" * 100_000, list(range(10_000)), [[]] * 5000])
    elif how == 6 and declared is not None:  # deeply nested
        nested: Any = junk(rng)
        for _ in range(rng.randint(10, 60)):
            nested = [nested] if rng.random() < 0.5 else {"a": nested}
        raw[declared.name] = nested
    elif declared is not None:  # not finite
        raw[declared.name] = rng.choice([math.inf, -math.inf, math.nan])


def _out_of_range(declared: Field, seats: int, rng: random.Random) -> Any:
    kind = declared.type
    if kind is FieldType.SEAT:
        return rng.choice([-1, seats, 10**9, True, 0.5])
    if kind in (FieldType.INT, FieldType.NUMBER):
        edges = [2**70, -(2**70), True, 1.5]
        if declared.low is not None:
            edges.append(declared.low - 1)
        if declared.high is not None:
            edges.append(declared.high + 1)
        return rng.choice(edges)
    if kind is FieldType.TEXT:
        return rng.choice(["", "x" * (declared.max_length + 1), "not-a-choice"])
    if kind is FieldType.LIST:
        item = declared.choices[0] if declared.choices else 1
        return rng.choice([[item] * (declared.max_items + 1), ["not-a-choice"], "x"])
    return rng.choice([math.nan, "x" * 3000])


# -- one game, played ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """An accepted move as the room stores it (only the declared fields), or a timeout."""

    seat: int | None
    action: dict[str, Any] | None  # None: the deadline ``at`` passed
    at: float


@dataclass
class Run:
    """One game played at random, with what was checked on the way."""

    game: Game[Any]
    players: tuple[str, ...]
    options: dict[str, Any]
    seed: int
    first: Any
    picker: Picker
    events: list[Event] = field(default_factory=list)
    #: the state after each event
    states: list[Any] = field(default_factory=list)
    #: how many private values were searched for (in every state, summed)
    secrets: int = 0

    @property
    def state(self) -> Any:
        return self.states[-1] if self.states else self.first

    @property
    def accepted(self) -> Counter[str]:
        return self.picker.accepted


class Picker:
    """Chooses the moves of one game: for each action a few random moves are tried against the
    state (``game.apply`` is pure), and one of the actions with a legal move is played. A rare
    chance is taken; an action legal all along (a raven that ends the game, the table's skip)
    seldom, else it would crowd out the others. Some actions are also played down for the
    whole game ("swarm testing"), so that different games take different paths.

    When the game lists its decisions (``Game.choices``), the legal moves of the listed actions
    are the listed choices, and side actions (a ``SIDE_SHARE`` of the moves) are still found at
    random; a few random moves of every listed action and a few near misses of the listed
    choices are tried too, and each one the game accepts must have been listed
    (``check_listed_move``)."""

    def __init__(self, game: Game[Any], seats: int, rng: random.Random) -> None:
        self.game, self.seats, self.rng = game, seats, rng
        self.favoured = {name for name in game.actions if rng.random() >= PLAY_DOWN}
        self.steps = 0
        #: seats that left: they send nothing, and nobody acts for them by naming them
        self.gone: set[int] = set()
        self.legal: Counter[str] = Counter()  # in how many steps each action had a legal move
        self.accepted: Counter[str] = Counter()
        self.refused: Counter[str] = Counter()

    def legal_moves(self, state: Any, now: float) -> dict[str, tuple[Move, Any]]:
        """For each action, a move the rules accept now, with the state after it (None when it
        is a listed choice, not applied yet): a listed choice, else the first of a few random
        moves. Every refusal is checked on the way, and every accepted move against the
        lists."""
        game = self.game
        listed = listed_choices(game, state, self.seats)
        if not enumerates(listed):
            return self._found(state, now, ACTION_TRIES, None)
        out: dict[str, tuple[Move, Any]] = {}
        for name, moves in self._listed_moves(listed).items():
            out[name] = (self.rng.choice(moves), None)
        unlisted = any(payloads is None for payloads in listed.values())
        tries = ACTION_TRIES if unlisted else PROBE_TRIES
        for name, found in self._found(state, now, tries, listed).items():
            out.setdefault(name, found)
        for move in near_misses(game, listed, self.seats, self.rng):
            if not for_gone(game.actions[move[1]["type"]], move, self.gone):
                self._try(state, now, move, listed)
        return out

    def _found(
        self, state: Any, now: float, tries: int, listed: Listed | None
    ) -> dict[str, tuple[Move, Any]]:
        """For each action, the first of a few random moves the rules accept now (``tries``
        of them, ``ACTION_TRIES`` for a side action), with the state after it."""
        game, out = self.game, {}
        for action in game.actions.values():
            for _ in range(ACTION_TRIES if action.side else tries):
                move = candidate(game, self.seats, self.rng, action)
                if for_gone(action, move, self.gone):
                    continue
                after = self._try(state, now, move, listed)
                if after is not None:
                    out[action.name] = (move, after)
                    break
        return out

    def _try(self, state: Any, now: float, move: Move, listed: Listed | None) -> Any:
        """The state after ``move``, or None if the rules refuse it (with a code they may
        give); a move they accept must be listed, when the game lists its decisions."""
        game = self.game
        try:
            after = game.apply(state, *move, now, seats=self.seats)
        except IllegalAction as exc:
            assert exc.code in REFUSALS and exc.message, (game.id, move, exc.code)
            self.refused[exc.code] += 1
            return None
        if listed is not None:
            check_listed_move(game, state, listed, *move)
        return after

    def _listed_moves(self, listed: Listed) -> dict[str, Sequence[Move]]:
        """The listed choices by action (in the order listed), but none for or by a seat that
        left. Thousands of formulas are listed in every step: while no seat has left, each
        action's moves are the runs of the lists themselves (``ListedMoves``), not copies."""
        out: dict[str, Sequence[Move]] = {}
        if self.gone:
            kept: dict[str, list[Move]] = {}
            for who, payloads in listed.items():
                for payload in payloads or ():
                    move = (who, payload)
                    if not for_gone(self.game.actions[payload["type"]], move, self.gone):
                        kept.setdefault(payload["type"], []).append(move)
            out.update(kept)
            return out
        runs: dict[str, ListedMoves] = {}
        for who, payloads in listed.items():
            for kind, run in groupby(payloads or (), TYPE_OF):
                runs.setdefault(kind, ListedMoves()).add(who, list(run))
        out.update(runs)
        return out

    def pick(self, state: Any, now: float) -> tuple[Move, Any] | None:
        """A legal move now and the state after it, or None if none was found."""
        self.steps += 1
        legal = self.legal_moves(state, now)
        self.legal.update(legal.keys())
        if not legal:
            return None
        names = sorted(legal)
        if any(after is None for _, after in legal.values()):  # the game listed its decisions
            side = {name for name in names if self.game.actions[name].side}
            if side and (side == set(names) or self.rng.random() < SIDE_SHARE):
                names = sorted(side)
            else:
                names = [name for name in names if name not in side]
        chances = [
            max(0.02, 1 - self.legal[name] / self.steps) * (1 if name in self.favoured else 0.05)
            for name in names
        ]
        name = self.rng.choices(names, chances)[0]
        self.accepted[name] += 1
        move, after = legal[name]
        if after is None:  # a listed choice: accepted now (``check_choices``)
            after = apply_listed(self.game, state, self.seats, now, *move)
        return move, after


#: a listed payload's action type, at C speed (``groupby``)
TYPE_OF = itemgetter("type")


class ListedMoves(Sequence[Move]):
    """One action's listed moves as the runs of payloads in the lists, in their order: the
    same sequence as the moves one by one (``rng.choice`` picks the same move from it), built
    without a tuple a payload."""

    def __init__(self) -> None:
        self.runs: list[tuple[int | None, list[Any]]] = []
        self.starts: list[int] = []  # where each run begins in the whole sequence
        self.size = 0

    def add(self, who: int | None, payloads: list[Any]) -> None:
        self.runs.append((who, payloads))
        self.starts.append(self.size)
        self.size += len(payloads)

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(self.size))]
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        run = bisect_right(self.starts, index) - 1
        who, payloads = self.runs[run]
        return (who, payloads[index - self.starts[run]])


def for_gone(action: Action[Any], move: Move, gone: Set[int]) -> bool:
    """A move by a seat that left, or one the table could make to stand in for a seat (a table
    move of an action that names seats) once one has left: the game must do without."""
    if not gone:
        return False
    seat, payload = move
    seat_fields = [f.name for f in action.fields if f.type is FieldType.SEAT]
    named = {payload.get(name) for name in seat_fields}
    return seat in gone or not named.isdisjoint(gone) or (seat is None and bool(seat_fields))


def play(
    game: Game[Any], players: int, options: Mapping[str, Any], seed: int, steps: int = 300
) -> Run:
    """Random legal play from every seat and the table, checking every state reached, then the
    replay. Each step the clock moves on, the deadlines due fire, and a legal move is played
    (``Picker``). Stops after ``steps`` steps or at the end."""
    rng = random.Random(f"{game.id}:{players}:{seed}:{sorted(options.items())}")
    first = game.setup(names(players), options, seed)
    run = Run(game, names(players), dict(options), seed, first, Picker(game, players, rng))
    check_state(run, first, T0)
    now = T0
    for _ in range(steps):
        now += rng.choice(WAITS)
        fire(run, now)
        if game.is_over(run.state):
            break
        picked = run.picker.pick(run.state, now)
        if picked is not None:
            (seat, raw), after = picked
            record(run, Event(seat, game.accept(seat, raw), now), after)
    check_replay(run)
    return run


def check_leaver(
    game: Game[Any], players: int, options: Mapping[str, Any], seed: int, steps: int = 300
) -> Counter[str]:
    """A seat leaves during the game (``Game.seat_left``, as the room calls it when a phone is
    gone for good). The game must play on without it and without the table standing in for it
    (no table move that names a seat, e.g. a skip): every remaining seat still gets one of its
    own moves (a ``by_seat`` action) accepted before the game ends, so the game never waits for
    the seat that left. Views stay JSON and keep every secret; ``seat_left`` is idempotent;
    the listed choices hold (``check_choices``), and the seat that left is offered none.
    Returns the seat moves accepted after the leave."""
    rng = random.Random(f"leaver:{game.id}:{players}:{seed}")
    state = game.setup(names(players), options, seed)
    picker = Picker(game, players, rng)
    gone, leave_at = rng.randrange(players), rng.randint(3, 40)
    after: Counter[str] = Counter()
    now = T0
    for step in range(steps):
        now += rng.choice(WAITS)
        while (due := game.deadline(state)) is not None and due <= now:
            state = game.timeout(state, due)
        if game.is_over(state):
            return after
        if step == leave_at:
            state = game.seat_left(state, gone, now)
            assert game.seat_left(state, gone, now) == state, f"{game.id}: seat_left twice"
            picker.gone.add(gone)
        check_choices(game, state, players, now, rng, picker.gone)
        picked = picker.pick(state, now)
        if picked is not None:
            (seat, raw), state = picked
            if step > leave_at and game.actions[raw["type"]].sender is Sender.SEAT:
                after[f"seat {seat}"] += 1
        check_secrecy(game, state, check_views(game, state, players))
    waiting = {f"seat {k}" for k in range(players) if k != gone} - set(after)
    assert game.is_over(state) or not waiting, (
        f"{game.id}: after seat {gone} left (step {leave_at}), {sorted(waiting)} never acted again"
    )
    return after


def fire(run: Run, now: float) -> None:
    """Every deadline passed by ``now``, in order, each at its own time (as the room does)."""
    game = run.game
    while (due := game.deadline(run.state)) is not None and due <= now:
        after = game.timeout(run.state, due)
        assert game.deadline(after) != due, f"{game.id}: the timeout did not pass {due}"
        record(run, Event(None, None, due), after)


def record(run: Run, event: Event, state: Any) -> None:
    run.events.append(event)
    run.states.append(state)
    check_state(run, state, event.at)


def check_state(run: Run, state: Any, at: float) -> None:
    """Every check of one state reached at ``at``."""
    seats = len(run.players)
    views = check_views(run.game, state, seats)
    run.secrets += check_secrecy(run.game, state, views)
    check_choices(run.game, state, seats, at, run.picker.rng)


def check_progress(runs: list[Run], *, types: int = 2, secrets: bool = True) -> None:
    """The play went somewhere: moves of at least ``types`` types were accepted, and (unless
    ``secrets`` is false) a game that declares secrets had some while it was played."""
    game = runs[0].game
    accepted = sum((run.accepted for run in runs), Counter[str]())
    assert len(accepted) >= types, f"{game.id}: only {dict(accepted)} accepted"
    if secrets and declares_secrets(game):
        assert sum(run.secrets for run in runs), f"{game.id}: private() never returned a value"


def declares_secrets(game: Game[Any]) -> bool:
    return type(game).private is not Game.private


# -- (a) views ----------------------------------------------------------------------------------


def check_views(game: Game[Any], state: Any, seats: int) -> dict[int | None, dict[str, Any]]:
    """The table view and the view of each of the ``seats``: JSON objects (no NaN); only a
    seat's has ``you``. As the room sends them (``game.present``), each seat's prompt agrees
    with its choices and the outcome is there once the game is over (``check_prompts``).
    Returns the game's own views (``view``: the secrets are searched for in those)."""
    views = {who: game.view(state, who) for who in (None, *range(seats))}
    for who, view in views.items():
        assert isinstance(view, dict), f"{game.id}: the {audience(who)} view is not an object"
    with views_known(game, state, views):
        presented = {who: game.present(state, who) for who in (None, *range(seats))}
    for who, view in presented.items():
        try:
            json.dumps(view, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise AssertionError(f"{game.id}: the {audience(who)} view is not JSON: {exc}") from exc
    assert "you" not in views[None], f"{game.id}: the table view has a 'you'"
    check_prompts(game, state, presented, listed_choices(game, state, seats))
    return views


@contextmanager
def views_known(
    game: Game[Any], state: Any, views: Mapping[int | None, dict[str, Any]]
) -> Iterator[None]:
    """``game.view`` of ``state`` answered from ``views`` meanwhile (the views of every
    audience, just computed): ``present`` builds on ``view``, and computing each view twice in
    every state reached was a fifth of the conformance suite's time. ``view`` is pure, so
    ``present`` sends the same either way; any other state is computed as before."""
    own = type(game).view

    def view(asked: Any, seat: int | None) -> dict[str, Any]:
        return views[seat] if asked is state and seat in views else own(game, asked, seat)

    game.view = view  # type: ignore[method-assign]  # this instance only, until the end
    try:
        yield
    finally:
        del game.view


# -- (c) secrecy --------------------------------------------------------------------------------


#: ``canon`` at C speed for what holds no float and no key but strings: the same text
CANON_JSON = json.JSONEncoder(allow_nan=False, sort_keys=True, separators=(",", ":"))
#: listed payloads met already: each one's text by its id, and the payload itself held (so that
#: its id is not reused) by the same id. A game lists the same payload objects state after
#: state (every formula of Wicked Witches Way: 19,683 of them)
_LISTED_TEXTS: dict[int, str] = {}
_LISTED_HELD: dict[int, Any] = {}


def listed_text(payload: Any) -> str:
    """A listed payload as JSON (``canon``'s text), refused if it is not JSON."""
    known = _LISTED_TEXTS.get(id(payload))
    if known is not None:
        return known
    text = CANON_JSON.encode(payload)
    if "." in text or "e+" in text or "e-" in text:  # maybe a float: 2.0 is 2 (canon)
        text = canon(payload)
    if len(_LISTED_TEXTS) >= 100_000:
        _LISTED_TEXTS.clear()
        _LISTED_HELD.clear()
    _LISTED_TEXTS[id(payload)] = text
    _LISTED_HELD[id(payload)] = payload
    return text


def listed_texts(payloads: Sequence[Any]) -> list[str]:
    """``listed_text`` of each payload: the ones met already looked up at C speed (a list of
    thousands of formulas is checked in every state)."""
    texts: list[str | None] = list(map(_LISTED_TEXTS.get, map(id, payloads)))
    k = -1
    with suppress(ValueError):  # (the search for the next one not met yet ends here)
        while True:
            k = texts.index(None, k + 1)
            texts[k] = listed_text(payloads[k])
    return texts  # type: ignore[return-value]  # (no None left in it)


def canon(value: Any) -> str:
    """``value`` as canonical JSON: keys sorted, 2.0 written as 2 (a page shows them alike)."""
    if isinstance(value, Mapping):
        items = sorted((str(k), canon(v)) for k, v in value.items())
        return "{" + ",".join(f"{json.dumps(k)}:{v}" for k, v in items) + "}"
    if isinstance(value, list | tuple):
        return "[" + ",".join(canon(v) for v in value) + "]"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return json.dumps(value)


def parts(view: Any) -> set[str]:
    """Every sub-object, list, key and leaf of ``view``, in canonical form (``canon``'s text:
    the strings, numbers and constants that fill most of a view are written here without a
    ``json.dumps`` call each, which made this a quarter of the conformance suite's time).

    >>> sorted(parts({"b": [1, 2.0], "a": "x"}))
    ['"a"', '"b"', '"x"', '1', '2', '[1,2]', '{"a":"x","b":[1,2]}']
    """
    found: set[str] = set()
    quote = json.encoder.encode_basestring_ascii  # json.dumps of a str, as canon writes it

    def walk(node: Any) -> str:
        kind = type(node)
        if kind is str:
            text = quote(node)
        elif kind is int:
            text = int.__repr__(node)
        elif node is None or kind is bool:
            text = "null" if node is None else "true" if node else "false"
        elif isinstance(node, Mapping):
            items = []
            for key, child in node.items():
                name = str(key)
                quoted = quote(name)
                found.add(quoted)
                items.append((name, walk(child), quoted))
            text = "{" + ",".join(f"{k}:{v}" for _, v, k in sorted(items)) + "}"
        elif isinstance(node, list | tuple):
            text = "[" + ",".join(walk(child) for child in node) + "]"
        else:
            text = canon(node)
        found.add(text)
        return text

    walk(view)
    return found


def check_secrecy(game: Game[Any], state: Any, views: Mapping[int | None, Any]) -> int:
    """No view but its owner's holds a value of ``game.private(state, seat)``, as a leaf, a
    key or an equal sub-object; the owner's own view does show each one (so the search is
    meaningful). A value that is also the other seat's own secret (two equal hands) is no
    leak. Values compare as JSON: ``true`` is not ``1``, ``2.0`` is ``2``; a secret that is a
    bare number or word must be one nothing public can equal. Returns how many values were
    searched for."""
    secrets = {k: [canon(v) for v in game.private(state, k)] for k in range(len(views) - 1)}
    if not any(secrets.values()):
        return 0
    found = {who: parts(view) for who, view in views.items()}
    for seat, mine in secrets.items():
        for text in mine:
            assert text not in TRIVIAL, f"{game.id}: seat {seat}'s secret {text} is too common"
            assert text in found[seat], f"{game.id}: seat {seat}'s secret {text} is not in its view"
            for who, seen in found.items():
                if who != seat and text in seen and (who is None or text not in secrets[who]):
                    raise AssertionError(
                        f"{game.id}: seat {seat}'s secret {text} shows in the {audience(who)} view"
                    )
    return sum(len(mine) for mine in secrets.values())


# -- (d) replay ---------------------------------------------------------------------------------


def replay(run: Run) -> list[Any]:
    """The states after each event, rebuilt from setup and the events alone."""
    game = run.game
    state = game.setup(run.players, run.options, run.seed)
    assert state == run.first, f"{game.id}: setup is not deterministic"
    out = []
    for event in run.events:
        if event.action is None:
            state = game.timeout(state, event.at)
        else:
            state = game.apply(state, event.seat, event.action, event.at, seats=len(run.players))
        out.append(state)
    return out


def check_replay(run: Run) -> None:
    """The replay rebuilds every state; the last one, a new object, lists the same choices
    (``choices`` is deterministic, whatever it memoises)."""
    rebuilt = replay(run)
    for k, (played, again) in enumerate(zip(run.states, rebuilt, strict=True)):
        assert played == again, f"{run.game.id}: the replay differs after {run.events[k]}"
    if rebuilt:
        game = run.game
        seats = len(run.players)
        assert listed_choices(game, run.state, seats) == listed_choices(game, rebuilt[-1], seats), (
            f"{game.id}: choices() differ for equal states"
        )


# -- (h) choices: the decisions a game lists ----------------------------------------------------

#: what ``Game.choices`` gave each audience (None: the game does not list its decisions)
Listed = dict[int | None, list[dict[str, Any]] | None]


def listed_choices(game: Game[Any], state: Any, seats: int) -> Listed:
    """``game.choices`` for the table and each of the ``seats``: asked once for the last state
    (by identity; a state is immutable), which the prompts, ``check_choices`` and the
    ``Picker`` each need in every step. The lists are shared: callers must not change them."""
    last = _LAST_LISTED[0]
    if last is not None and last[0] is game and last[1] is state and len(last[2]) == seats + 1:
        return last[2]
    listed = {who: game.choices(state, who) for who in (None, *range(seats))}
    _LAST_LISTED[0] = (game, state, listed)  # held, so that the state's id is not reused
    return listed


#: the game, state and lists of the last ``listed_choices``
_LAST_LISTED: list[tuple[Game[Any], Any, Listed] | None] = [None]


def enumerates(listed: Listed) -> bool:
    return any(payloads is not None for payloads in listed.values())


@dataclass
class Seen:
    """What ``check_choices`` met over a game: the listed payloads and the probes the game
    accepted, by type (so that a test can say the checks were not empty)."""

    listed: Counter[str] = field(default_factory=Counter)
    accepted: Counter[str] = field(default_factory=Counter)


def check_choices(
    game: Game[Any],
    state: Any,
    seats: int,
    at: float,
    rng: random.Random,
    gone: Set[int] = frozenset(),
    *,
    probes: int = 0,
    free: Set[str] = frozenset(),
    seen: Seen | None = None,
) -> Listed:
    """The contract of ``Game.choices`` in ``state`` at its moment ``at``: each audience's list
    holds complete payloads (as ``accept`` returns them) of actions that are not side actions,
    each once, and ``apply`` accepts them now from that audience (the result is discarded:
    every one of a list up to ``CHOICES_APPLIED`` long, else that many at random); a free field
    (``Field.free``) takes another value of its range too. A seat that left, and everyone once
    the game is over, is offered nothing. Returns the lists.

    The other way round, for a game's own tests (the suite's ``Picker`` probes as it plays):
    with ``probes``, that many moves of each kind of ``probe_moves`` are tried, and each one
    the game accepts must be listed (``check_listed_move``; an action in ``free`` is listed
    once for every payload of its type). ``seen`` counts what was listed and accepted."""
    listed = listed_choices(game, state, seats)
    over = game.is_over(state)
    for who, payloads in listed.items():
        if payloads is None:
            continue
        assert isinstance(payloads, list), f"{game.id}: choices() gave {sender(who)} no list"
        if over or who in gone:
            why = "the game is over" if over else "it left"
            assert payloads == [], f"{game.id}: {why}, but {sender(who)} is offered {payloads}"
        check_once(game, who, payloads)
        applied = payloads
        if len(payloads) > CHOICES_APPLIED:
            applied = rng.sample(payloads, CHOICES_APPLIED)
        for payload in applied:
            check_listed(game, state, seats, at, who, payload, rng)
        if seen is not None:
            seen.listed.update(payload["type"] for payload in payloads)
    if probes and not over:
        for who, raw in probe_moves(game, listed, seats, rng, probes):
            if who in gone:
                continue  # the room sends nothing from a seat that left
            try:
                game.apply(state, who, raw, at, seats=seats)
            except IllegalAction:
                continue
            check_listed_move(game, state, listed, who, raw, free)
            if seen is not None:
                seen.accepted[raw["type"]] += 1
    return listed


def check_once(game: Game[Any], who: int | None, payloads: list[Any]) -> None:
    """No payload is listed twice (compared as JSON: ``listed_texts``). A game lists the same
    payload objects state after state (every formula of Wicked Witches Way, 19,683 of them):
    a list of the very objects checked already (``_ONCE``, by identity) is not compared
    again."""
    key = tuple(map(id, payloads))
    if key in _ONCE:
        return
    texts = listed_texts(payloads)
    if len(set(texts)) < len(texts):  # (one pass at C speed: thousands may be listed)
        twice = next(p for k, p in enumerate(payloads) if texts[k] in texts[:k])
        raise AssertionError(f"{game.id}: {sender(who)} is offered {twice} twice")
    if len(_ONCE) >= 64:
        _ONCE.clear()
    _ONCE[key] = list(payloads)  # held, so that no id in the key is reused


#: lists of payloads found without a repeat, by the ids of their payloads in order
_ONCE: dict[tuple[int, ...], list[Any]] = {}


def check_listed(
    game: Game[Any],
    state: Any,
    seats: int,
    at: float,
    who: int | None,
    payload: Any,
    rng: random.Random,
) -> None:
    """One listed choice: a declared action that is no side action, complete, accepted now; with
    any other value of each of its free fields too."""
    where = f"{game.id}: {sender(who)} is offered {payload}"
    kind = payload.get("type") if isinstance(payload, dict) else None
    action = game.actions.get(kind) if isinstance(kind, str) else None
    assert action is not None, f"{where}, which is no declared action"
    assert not action.side, f"{where}: a side action, which is never listed"
    try:
        complete = game.accept(who, payload)
    except IllegalAction as exc:
        raise AssertionError(f"{where}, which accept() refuses: {exc.message}") from exc
    assert complete == payload, f"{where}, not the complete payload accept() makes: {complete}"
    apply_listed(game, state, seats, at, who, payload)
    for declared in action.fields:
        if declared.free:  # the listed value stands for every value of the field
            other = {**payload, declared.name: value(declared, seats, rng)}
            apply_listed(game, state, seats, at, who, other, f"(free '{declared.name}') ")


def apply_listed(
    game: Game[Any],
    state: Any,
    seats: int,
    at: float,
    who: int | None,
    payload: Any,
    note: str = "",
) -> Any:
    """The state after a listed choice, which the game must accept now."""
    try:
        return game.apply(state, who, payload, at, seats=seats)
    except IllegalAction as exc:
        raise AssertionError(
            f"{game.id}: {sender(who)} is offered {payload} {note}but it is refused "
            f"({exc.code}: {exc.message})\n{shown(game, state, who)}"
        ) from exc


def check_listed_move(
    game: Game[Any],
    state: Any,
    listed: Listed,
    who: int | None,
    raw: Mapping[str, Any],
    free: Set[str] = frozenset(),
) -> None:
    """A move the game accepted from ``who`` is a side action or one of ``who``'s listed
    choices (when the game lists them for ``who``; an action in ``free``, any listed payload of
    its type); else the failure shows the view."""
    move = game.accept(who, raw)
    action = game.actions[move["type"]]
    payloads = listed.get(who)
    if action.side or payloads is None:
        return
    if move in payloads or any(covers(action, c, move) for c in payloads):
        return  # (``in`` first: most moves are listed as they are, and it is quick)
    if action.name in free and any(c["type"] == action.name for c in payloads):
        return
    raise AssertionError(
        f"{game.id}: {sender(who)} may send {move}, which is not listed "
        f"(listed: {payloads})\n{shown(game, state, who)}"
    )


def covers(action: Action[Any], choice: Mapping[str, Any], move: Mapping[str, Any]) -> bool:
    """Whether the listed ``choice`` stands for the accepted ``move`` (both as ``accept``
    returns them, so defaults are filled in): the same action and every field equal, but a
    free field (listed once for any value) and an optional field without a default that the
    move leaves out (Witchcraft's ``ply``: without it, a listed move with no staleness check).

    >>> pick = Action("pick", Sender.SEAT, lambda *a: None, (Field("n", FieldType.INT),
    ...     Field("ply", FieldType.INT, required=False)))
    >>> listed = {"type": "pick", "n": 2, "ply": 7}
    >>> covers(pick, listed, {"type": "pick", "n": 2})
    True
    >>> covers(pick, listed, {"type": "pick", "n": 3}), covers(pick, listed, {**listed, "ply": 6})
    (False, False)
    """
    if choice.get("type") != move["type"]:
        return False
    for declared in action.fields:
        name = declared.name
        if declared.free or name not in move:
            continue
        if name not in choice or canon(choice[name]) != canon(move[name]):
            return False
    return True


def near_misses(
    game: Game[Any], listed: Listed, seats: int, rng: random.Random, count: int = NEAR_MISSES
) -> list[Move]:
    """Moves next to the listed choices, where a list that forgets a move would show: a listed
    choice with one field given another declared value (or left out, if optional), or sent by
    another sender its action allows."""
    out: list[Move] = []
    for _ in range(count if any(listed.values()) else 0):
        who, payload = any_listed(listed, rng)
        action = game.actions[payload["type"]]
        fields = [f for f in action.fields if not f.free]
        if fields and rng.random() < 0.7:
            changed = rng.choice(fields)
            if not changed.required and rng.random() < 0.3:
                moved = {k: v for k, v in payload.items() if k != changed.name}
            else:
                moved = {**payload, changed.name: value(changed, seats, rng)}
            out.append((who, moved))
        else:
            out.append((rng.choice(senders(action, seats)), dict(payload)))
    return out


def probe_moves(game: Game[Any], listed: Listed, seats: int, rng: random.Random, count: int
                ) -> list[Move]:  # fmt: skip
    """``count`` moves of each kind where a list that forgets a move would show: a random
    declared move of an action that is no side action (``candidate``), a near miss of a listed
    choice (``near_misses``), and a listed choice with its lists in another order (one decision
    spelt another way, which ``accept`` must spell as listed)."""
    actions = [action for action in game.actions.values() if not action.side]
    out = [candidate(game, seats, rng, rng.choice(actions)) for _ in range(count if actions else 0)]
    out += near_misses(game, listed, seats, rng, count)
    for _ in range(count if any(listed.values()) else 0):
        who, payload = any_listed(listed, rng)
        out.append((who, {k: rng.sample(v, len(v)) if isinstance(v, list) else v
                          for k, v in payload.items()}))  # fmt: skip
    return out


def any_listed(listed: Listed, rng: random.Random) -> tuple[int | None, dict[str, Any]]:
    """One listed choice at random, each as likely, with its audience: ``rng.choice`` over all
    of them, without making a list of the thousands a game may list (every formula)."""
    k = rng.randrange(sum(len(payloads or ()) for payloads in listed.values()))
    for who, payloads in listed.items():
        some = payloads or []
        if k < len(some):
            return who, some[k]
        k -= len(some)
    raise AssertionError("no choice is listed")


def shown(game: Game[Any], state: Any, who: int | None) -> str:
    """The audience's view, for a failure message."""
    text = json.dumps(game.view(state, who), ensure_ascii=False, default=str)
    return f"the {audience(who)} view: {text[:SHOWN]}{'…' if len(text) > SHOWN else ''}"


# -- the room layer: (d) replay through the store, (f) fuzz ---------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@dataclass
class Table:
    """A room in play through the room service: the TV is ``tv``, seat k is ``pk``."""

    svc: RoomService
    code: str
    clock: Clock

    @property
    def room(self) -> Any:
        return self.svc.rooms[self.code]


# -- (e) a pause --------------------------------------------------------------------------------


def check_pause(table: Table, ms: float = PAUSE_MS) -> None:
    """The host pauses the game for ``ms`` and resumes it, through the room service: nothing of
    the game changes meanwhile (no deadline fires), and afterwards its next deadline and its
    race's opening are ``ms`` later in server time (None stays None): timers resume where they
    stood, whatever the game keeps in its state."""
    svc, clock, room = table.svc, table.clock, table.room
    game, state = room.game, room.state
    before = {"deadline": room.deadline(), "race_opened_at": room.race_opened_at()}
    svc.room_command("tv", {"type": "pause"})
    clock.now += ms
    svc.tick()
    svc.room_command("tv", {"type": "resume"})
    assert room.state == state, f"{game.id}: the game changed during a pause"
    after = {"deadline": room.deadline(), "race_opened_at": room.race_opened_at()}
    for hook, was in before.items():
        now = after[hook]
        if was is None:
            assert now is None, f"{game.id}: a {hook} appeared after a pause"
        else:
            # Only float rounding may differ: (t + a) + ms against t + (a + ms).
            assert now is not None and math.isclose(now, was + ms, abs_tol=1e-6), (
                f"{game.id}: {hook} {was} after a pause of {ms} is {now}"
            )


CONFIG = ServiceConfig("http://test", idle_expiry_ms=1e12)


def open_room(
    games: Mapping[str, Game[Any]],
    game: Game[Any],
    db: Path,
    players: int,
    options: Mapping[str, Any],
    seed: int,
) -> Table:
    clock = Clock()
    svc = RoomService(SqliteStore(db), games, clock, CONFIG)
    made = svc.create_room({"game": game.id, "seed": seed, "options": dict(options)})
    code = made["code"]
    svc.host("tv", {"code": code, "host_token": made["host_token"]})
    for k in range(players):
        svc.join(f"p{k}", {"code": code, "name": f"P{k}"})
    svc.watch("spy", {"code": code})
    svc.room_command("tv", {"type": "start"})
    return Table(svc, code, clock)


def conn(seat: int | None) -> str:
    return "tv" if seat is None else f"p{seat}"


def check_room_replay(
    games: Mapping[str, Game[Any]],
    game: Game[Any],
    db: Path,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    steps: int = 150,
) -> Counter[str]:
    """Random legal play through ``RoomService.act`` (a race settled by ``tick``), each move
    landing on the state the game computed, and now and then a pause (``check_pause``): always
    the first time a timer runs, and more often while one does. Then a second service on the
    same file rebuilds the room to the same state and the same game clock. Returns the moves
    accepted."""
    rng = random.Random(f"room:{game.id}:{players}:{seed}")
    table = open_room(games, game, db, players, options, seed)
    svc, clock = table.svc, table.clock
    picker = Picker(game, players, rng)
    paused_timer = False
    for _ in range(steps):
        if table.room.status is Status.OVER:
            break
        clock.now += rng.choice(WAITS)
        svc.tick()  # the deadlines due fire first, as before any move
        timed = table.room.deadline() is not None or table.room.race_opened_at() is not None
        first = timed and not paused_timer
        if table.room.status is Status.PLAYING and (
            first or rng.random() < (0.1 if timed else 0.02)
        ):
            check_pause(table)
            paused_timer |= timed
        else:
            act(table, picker)
    played = table.room
    again = RoomService(SqliteStore(db), games, clock, CONFIG).rooms[table.code]
    assert again.state == played.state, f"{game.id}: the room replays to another state"
    assert (again.status, again.seq, again.offset) == (played.status, played.seq, played.offset)
    return picker.accepted


def legal_moves(picker: Picker, state: Any, now: float) -> list[Move]:
    """One legal move of each action now (``Picker.legal_moves``), without the states after."""
    return [move for move, _ in picker.legal_moves(state, now).values()]


def settle(table: Table) -> None:
    """Let the race presses waiting for their settle window be decided."""
    table.clock.now += CAP_MS + 1
    table.svc.tick()


def act(table: Table, picker: Picker, sender: Callable[[int | None], str] = conn) -> None:
    """A legal move through the room service; a race press is settled at once. ``sender``:
    the connection of each seat (the table's is ``tv``)."""
    svc, clock = table.svc, table.clock
    # the game is asked at the room's game time, as the room asks it
    picked = picker.pick(table.room.state, table.room.game_time(clock.now))
    if picked is None:
        return
    (seat, raw), after = picked
    reply = svc.act(sender(seat), {**raw, "t": clock.now})
    if reply.pending is not None:
        settle(table)
        ack = reply.pending.wait(0)
        assert ack is not None and ack["ok"], f"{picker.game.id}: the press {raw} lost: {ack}"
    else:
        assert table.room.state == after, f"{picker.game.id}: the room applied {raw} otherwise"


def check_switch(
    games: Mapping[str, Game[Any]], game: Game[Any], db: Path, seed: int, steps: int = 60
) -> Counter[str]:
    """A party switches games (issue 23): a buzzer night to 1 point with one seat more than
    ``game`` takes (at most the buzzer's 12) is won, then the host switches to ``game`` naming
    who plays (seat 0 sits out) and starts it. Random legal play through the room service, the
    seats renumbered (the seats that play first); after every step the seat that sits out sees
    exactly the table's view plus ``you.sitting_out`` and none of anyone's secrets, and cannot
    act. Then a second service on the same file rebuilds the room: the same game, state,
    clock, seats and night. Returns the moves accepted."""
    rng = random.Random(f"switch:{game.id}:{seed}")
    seats = game.seats_for(game.resolve_options({}))
    present = min(seats + 1, games["buzzer"].max_players)
    clock = Clock()
    svc = RoomService(SqliteStore(db), games, clock, CONFIG)
    made = svc.create_room({"game": "buzzer", "seed": seed, "options": {"target": 1}})
    code = made["code"]
    svc.host("tv", {"code": code, "host_token": made["host_token"]})
    for k in range(present):
        svc.join(f"p{k}", {"code": code, "name": f"P{k}"})
    svc.watch("spy", {"code": code})
    svc.room_command("tv", {"type": "start"})
    svc.act("tv", {"type": "award", "seat": present - 1, "points": 1})
    named = list(range(1, present)) if present > seats else None
    svc.room_command("tv", {"type": "game", "game": game.id, "players": named})
    svc.room_command("tv", {"type": "start"})
    table = Table(svc, code, clock)
    room = table.room
    assert room.game is game and room.status is Status.PLAYING, f"{game.id}: not started"
    # each seat's connection is the one that joined with its name (the seats were renumbered)
    by_seat = {p.seat: f"p{p.name[1:]}" for p in room.players}
    watcher = by_seat[len(room.players) - 1] if named is not None else None
    assert watcher in (None, "p0"), f"{game.id}: the seat that sits out is not numbered last"
    picker = Picker(game, game_seats(room), rng)
    for _ in range(steps):
        if room.status is Status.OVER:
            break
        clock.now += rng.choice(WAITS)
        svc.tick()
        act(table, picker, lambda seat: "tv" if seat is None else by_seat[seat])
        if watcher is not None:
            check_sitting_out(table, watcher)
    again = RoomService(SqliteStore(db), games, clock, CONFIG).rooms[code]
    assert (again.game, again.state, again.status) == (game, room.state, room.status), (
        f"{game.id}: the night replays to another game or state"
    )
    assert (again.seq, again.offset) == (room.seq, room.offset)
    assert standings(again) == standings(room), f"{game.id}: the night replays otherwise"
    seated = [(p.name, p.seat, p.sitting_out) for p in room.players]
    assert [(p.name, p.seat, p.sitting_out) for p in again.players] == seated
    return picker.accepted


def check_sitting_out(table: Table, watcher: str) -> None:
    """The connection ``watcher`` (a seat that sits out) gets the table's view plus
    ``you.sitting_out``, holding no seat's secret, and every game action it sends is
    ``forbidden``."""
    room = table.room
    views = {o.to: o.payload for o in table.svc.live.broadcast(room)}
    mine, tv = views[watcher]["game"], views["tv"]["game"]
    game = room.game
    assert mine == {**tv, "you": {"sitting_out": True}}, f"{game.id}: a watcher's view differs"
    seen = parts(mine)
    for seat in range(game_seats(room)):
        for secret in game.private(room.state, seat):
            text = canon(secret)
            assert text not in seen, f"{game.id}: seat {seat}'s secret {text} shows to a watcher"
    for name in sorted(game.actions):
        try:
            table.svc.act(watcher, {"type": name, "t": table.clock.now})
        except RoomError as refused:
            assert refused.code is ErrorCode.FORBIDDEN, f"{game.id}: a watcher's {name}"
        else:
            raise AssertionError(f"{game.id}: a seat that sits out sent {name}")


#: the chance that the host ends the game at each step of ``check_end`` (a phase at random,
#: early ones too, which a short game would not reach otherwise)
END_CHANCE = 0.1


def check_end(
    games: Mapping[str, Game[Any]],
    game: Game[Any],
    db: Path,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    steps: int = 80,
) -> bool:
    """Random legal play through the room service for a random number of steps (each step
    the last with a chance of ``END_CHANCE``; sometimes paused), then the host's End: every
    view (the TV's, the spectator's, each seat's) has the outcome with reason ``ended`` (a
    say() text the catalogue knows), each seat its place once there is a ranking, and no game
    action is accepted any more: every move that was legal (or listed) just before is refused,
    and nothing changes. Returns False when the game ended by its own rules before the End
    (nothing to check)."""
    rng = random.Random(f"end:{game.id}:{players}:{seed}")
    table = open_room(games, game, db, players, options, seed)
    svc, clock = table.svc, table.clock
    picker = Picker(game, players, rng)
    for _ in range(steps):
        if table.room.status is Status.OVER:
            return False
        if rng.random() < END_CHANCE:
            break
        clock.now += rng.choice(WAITS)
        svc.tick()
        act(table, picker)
    room = table.room
    if room.status is Status.OVER:
        return False
    if rng.random() < 0.3:
        svc.room_command("tv", {"type": "pause"})
    listed = listed_choices(game, room.state, players)
    legal = legal_moves(picker, room.state, room.game_time(clock.now))
    before = [*legal, *((who, p) for who, payloads in listed.items() for p in payloads or ())]
    reply = svc.room_command("tv", {"type": "end"})
    views = {o.to: o.payload["game"] for o in reply.out if o.event == "view"}
    assert set(views) == {"tv", "spy", *(conn(k) for k in range(players))}, sorted(views)
    for to, view in views.items():
        outcome = view["outcome"]
        assert outcome is not None and outcome["reason"] == "ended", (
            f"{game.id}: after the host's End, the {to} view has outcome {outcome!r}"
        )
        check_text(game, outcome["text"], "the outcome")
        if to.startswith("p"):
            check_place(game, outcome, int(to[1:]), view["you"])
            assert outcome["ranking"] is None or view["you"]["place"] is not None, (
                f"{game.id}: {to} has no place in the ranking {outcome['ranking']}"
            )
    state, seq = room.state, room.seq
    for who, payload in before:
        check_refused_after_end(table, who, payload)
    assert (room.state, room.seq, room.status) == (state, seq, Status.OVER), (
        f"{game.id}: a move after the End changed the room"
    )
    return True


def check_refused_after_end(table: Table, who: int | None, payload: Mapping[str, Any]) -> None:
    """``payload`` from ``who`` is refused: the game is over (a race press: when it settles)."""
    game = table.room.game
    try:
        reply = table.svc.act(conn(who), {**payload, "t": table.clock.now})
    except RoomError:
        return
    if reply.pending is not None:
        settle(table)
        ack = reply.pending.wait(0)
        assert ack is not None and not ack["ok"], f"{game.id}: {payload} won a race after the End"
        return
    raise AssertionError(f"{game.id}: {audience(who)} sent {payload} after the End: accepted")


def check_fuzz(
    games: Mapping[str, Game[Any]],
    game: Game[Any],
    db: Path,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    steps: int = 400,
) -> Counter[str]:
    """Malformed moves from every connection (the TV, each seat, a spectator) get a RoomError
    that is not ``internal``, or are accepted; a refused move changes nothing. Legal moves now
    and then (and a rematch at the end) take the junk to every phase. Returns the answers'
    codes (``ok`` for accepted)."""
    rng = random.Random(f"fuzz:{game.id}:{players}:{seed}")
    table = open_room(games, game, db, players, options, seed)
    svc, clock = table.svc, table.clock
    picker = Picker(game, players, rng)
    conns = ["tv", "spy", *(conn(k) for k in range(players))]
    codes: Counter[str] = Counter()
    for _ in range(steps):
        clock.now += rng.choice(WAITS)
        svc.tick()  # deadlines due now fire here, not inside the refused move
        if table.room.status is Status.OVER:
            svc.room_command("tv", {"type": "rematch"})
        if rng.random() < 0.3:  # the game moves on, so that the junk meets every phase
            act(table, picker)
            continue
        room = table.room
        before = (room.state, room.seq, room.status)
        legal = partial(legal_moves, picker, room.state, room.game_time(clock.now))
        sender, raw = malformed(game, players, rng, clock.now, legal)
        try:
            # mostly from the sender the move names; now and then from anyone (a wrong phone)
            reply = svc.act(conn(sender) if rng.random() < 0.7 else rng.choice(conns), raw)
        except RoomError as exc:
            assert exc.message and exc.code is not ErrorCode.INTERNAL, (game.id, exc.code)
            assert (room.state, room.seq, room.status) == before, f"{game.id}: a refusal changed"
            codes[exc.code] += 1
        else:
            codes["ok"] += 1
            if reply.pending is not None:  # a race press: the verdict comes when it settles
                settle(table)
                ack = reply.pending.wait(0)
                assert ack is not None, f"{game.id}: a race press was never answered"
                assert ack["ok"] or ack["error"]["code"] != ErrorCode.INTERNAL, (game.id, ack)
    assert codes["ok"], f"{game.id}: the fuzz never got a move accepted"
    assert set(codes) & RULE_REFUSALS, f"{game.id}: the fuzz never reached the rules"
    return codes


# -- (g) pages, help, reference -------------------------------------------------------------------


def check_pages(game: Game[Any], root: Path = ROOT) -> None:
    for page in ("tv.js", "phone.js"):
        path = root / "static" / "games" / game.id / page
        assert path.is_file(), f"{game.id}: no page module {path.relative_to(root)}"


def check_help(game: Game[Any]) -> None:
    """``help.md``: a ``# `` title and something under it."""
    text = game.help
    title = text.splitlines()[0] if text.strip() else ""
    assert title.startswith("# ") and title[2:].strip(), f"{game.id}: help.md needs a # title"
    assert text.strip() != title, f"{game.id}: help.md has nothing under its title"


def check_reference(game: Game[Any]) -> None:
    json.dumps(game.reference(), allow_nan=False)


# -- which tables to play -----------------------------------------------------------------------


def configurations(game: Game[Any]) -> list[tuple[int, dict[str, Any]]]:
    """Player counts and options to play: the fewest and the most players with the default
    options, each boolean option flipped, each timer that is off by default turned on (an INT
    option whose default is its minimum) and each other choice; with as many players as the
    options seat (else a count in between)."""
    defaults = {option.id: option.default for option in game.options}
    most = min(game.max_players, game.seats_for(defaults))
    middle = (game.min_players + most + 1) // 2
    out: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in sorted({game.min_players, most})]
    for option in game.options:
        values: list[Any] = []
        if option.type is OptionType.BOOL:
            values = [not option.default]
        elif option.type is OptionType.INT and option.low is not None:
            if option.default == option.low and option.high is not None:
                values = [option.low + max(1, (option.high - option.low) // 10)]
        else:
            values = [choice for choice in option.choices if choice != option.default]
        for chosen in values:
            seats = min(game.max_players, game.seats_for({**defaults, option.id: chosen}))
            out.append((seats if seats != most else middle, {option.id: chosen}))
    return out
