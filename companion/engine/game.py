"""The Game base class: pure rules that the room layer drives.

A game never sees a socket, a clock or a database: it gets players, options and a seed, and
later actions with the game time ``at`` (milliseconds) at which they happened. Game time is
the room's: server time less the time the game stood still (pauses, and the time an undo took
back), so a game's timers need no care for pauses or undo. A game subclasses ``Game[S]`` (``S``
its state, usually a frozen dataclass), declares its options and actions, and writes
``new_state`` and ``view``; every other hook has a default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from importlib import resources
from typing import Any, Generic, TypeVar

from companion.engine.actions import Action, Payload, Sender
from companion.engine.box import Box, BoxField, check_box
from companion.engine.errors import BadRequest, ErrorCode, Illegal, SetupError
from companion.engine.options import Option, OptionError, resolve_options
from companion.engine.outcome import Outcome, PromptKind, Reason, default_outcome
from companion.engine.text import N_, say, text_json

S = TypeVar("S")

#: a game's state, for code that handles every game alike
State = Any


class Game(Generic[S]):
    """What every game provides (docs/architecture.md, "The game contract").

    The constructor takes the game's declared actions; ``apply`` reads each payload against its
    declaration (type, sender, fields) and dispatches to the handler, which judges the rules.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    #: what the host may set before the start (typed, with defaults)
    options: tuple[Option, ...] = ()
    #: the values printed on the components that no rulebook gives (companion/engine/box.py):
    #: when a game declares any, its option ``box`` holds the ones the host entered
    box: tuple[BoxField, ...] = ()
    #: raised whenever a change to the rules could make an old log replay differently; the
    #: create event records it, so a room that no longer replays can be explained
    rules_version: int = 1

    def __init__(self, *actions: Action[S]) -> None:
        self.actions: dict[str, Action[S]] = {action.name: action for action in actions}
        #: action types resolved by the fair sequencer (their ``at`` is the fair press time)
        self.races = frozenset(a.name for a in actions if a.race)

    # -- what a game writes ---------------------------------------------------------------

    def new_state(self, players: tuple[str, ...], options: Mapping[str, Any], seed: int) -> S:
        """The initial state: seat k is ``players[k]``; ``options`` are resolved and checked.
        Raises SetupError when this combination cannot be played."""
        raise NotImplementedError

    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: the public table view, holding nobody's secrets)."""
        raise NotImplementedError

    # -- hooks with defaults ----------------------------------------------------------------

    def seats_for(self, options: Mapping[str, Any]) -> int:
        """How many may sit at the table with these options (at most ``max_players``)."""
        return self.max_players

    def deadline(self, state: S) -> float | None:
        """The next game time (ms) at which ``timeout`` is due, or None."""
        return None

    def timeout(self, state: S, at: float) -> S:
        """The state after the deadline ``at`` (game time) has passed."""
        return state

    def race_opened_at(self, state: S) -> float | None:
        """When (game time) the current race became possible to press, or None if no race is
        open.

        The fair sequencer never believes a press claimed earlier than this plus half the
        presser's smallest round trip: nobody can react before they could see the race.
        """
        return None

    def is_over(self, state: S) -> bool:
        """True once the game has ended by its own rules."""
        return False

    def keeps_room_open(self, state: S) -> bool:
        """True while the room must not close for being idle: a solo game saved on one phone
        may be picked up again days later. The default is for party games, whose rooms close
        after the idle expiry."""
        return False

    def start_with(self, state: S, seat: int) -> S:
        """The initial state with ``seat`` going first (the first player, the first roller…)
        instead of the one drawn from the seed: the table chose who starts. The default is for
        games without a first player: nothing changes."""
        return state

    @property
    def has_first_player(self) -> bool:
        """Whether the table can choose who starts (the game overrides ``start_with``)."""
        return type(self).start_with is not Game.start_with

    def seat_left(self, state: S, seat: int, at: float) -> S:
        """The state after ``seat`` left the game or was removed (its phone is gone for good).

        The game must never wait for that seat again: it plays on by its rules (skips the
        seat's turns, answers for it, leaves its pawn where it is…) and its views say so. The
        room calls this once per seat, logged, so it replays."""
        return state

    def choices(self, state: S, seat: int | None) -> list[dict[str, Any]] | None:
        """The decisions ``seat`` (None: the table) can take now and the game waits for: each a
        complete payload (``{"type": …, **fields}``) that ``apply`` accepts from that sender
        now. ``[]`` when the game waits for nothing from it. Side actions (declared
        ``side=True``) are never listed; a decision with a free field (``Field.free``: a number
        typed in) is listed once, with a representative value. None (the default): the game
        does not enumerate its decisions, and the conformance suite builds moves from the
        declarations instead."""
        return None

    def prompt(self, state: S, seat: int, acting: bool) -> str:
        """The sentence the seat's phone shows big while the game runs (a ``say()`` text).
        ``acting`` is whether ``choices`` lists a decision for the seat now: then it says what
        the seat can do ("Play a role and say "I am the …!""); else whom or what the game waits
        for ("Ben is choosing"). Side actions are offered beside it, never in it."""
        if acting:
            return say(N_("Your move: choose on your phone."))
        return say(N_("Watch the table: nothing to do now."))

    def describe(self, state: S, seat: int | None, action: Payload) -> str | None:
        """The action in words with its parts, as the undo and redo notes name it (a ``say()``
        text: "+1 for Cleo", "Watchman a3 hits b3"); ``state`` is the state it was applied to.
        None (the default): the notes name the declared action ("Ben's buzz")."""
        return None

    def outcome(self, state: S, reason: Reason) -> Outcome:
        """How the game ended: ``reason`` is RULES once ``is_over`` (its own end), ENDED when
        the host ended it (in any phase), LEFT when every player left. A sentence ("Sofia wins
        the race", "Ended by the host after round 3") and the ranking (``ranked``; None where
        the game has none)."""
        return default_outcome(reason)

    def reference(self) -> dict[str, Any]:
        """Static data the pages need (role reminders…): the same for every room and every
        view, so it is served once over HTTP (``GET /api/games/<id>/reference``)."""
        return {}

    def private(self, state: S, seat: int) -> list[Any]:
        """Values that are ``seat``'s secret now: no other seat's view and not the table view may
        contain them. The conformance suite searches every other view for each of them."""
        return []

    # -- the engine ---------------------------------------------------------------------------

    @cached_property
    def help(self) -> str:
        """``help.md`` in the game's folder: how the app plays and every interpretation."""
        package = type(self).__module__.rpartition(".")[0]
        return resources.files(package).joinpath("help.md").read_text("utf-8")

    @property
    def table_actions(self) -> frozenset[str]:
        """Action types the table (the TV, seat None) may send."""
        return frozenset(n for n, a in self.actions.items() if a.sender is not Sender.SEAT)

    def check_box(self, box: Box) -> None:
        """Raise OptionError when the box's values, each valid alone, do not fit together (a
        guild's tiles that are not the rulebook's 9). The default checks nothing more."""

    def checked_options(
        self, given: Mapping[str, Any], base: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """The declared defaults (or ``base``) overlaid with ``given``; OptionError for a bad
        value. A game with a box has the option ``box``: the sparse box the host entered
        (``{}`` by default), given whole each time and checked by its declarations and by
        ``check_box``."""
        if not self.box:
            return resolve_options(self.options, given, base)
        out = resolve_options(self.options, {k: v for k, v in given.items() if k != "box"}, base)
        if "box" in given:
            box = check_box(self.box, given["box"])
            self.check_box(Box(self.box, box))
            out["box"] = box
        out.setdefault("box", {})
        return out

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """The declared defaults overlaid with ``given``; SetupError for a bad value."""
        try:
            return self.checked_options(given)
        except OptionError as exc:
            raise SetupError(exc.template, ErrorCode.BAD_REQUEST, **exc.params) from exc

    def setup(
        self,
        players: Sequence[str],
        options: Mapping[str, Any],
        seed: int,
        first: int | None = None,
    ) -> S:
        """The initial state for these player names, with the options resolved in one place;
        ``first`` is the seat the table chose to start (None: as the game draws it)."""
        chosen = self.resolve_options(options)
        count, low, high = len(players), self.min_players, self.max_players
        if not low <= count <= high:
            span = str(high) if high == low else f"{low}–{high}"
            raise SetupError(
                "{game} is for this many players: {span} (there are {count}).",
                game=say(self.title),
                span=span,
                count=count,
            )
        state = self.new_state(tuple(players), chosen, seed)
        if first is None:
            return state
        if not 0 <= first < count:
            raise SetupError("The player chosen to start is not at the table.")
        return self.start_with(state, first)

    def accept(self, seat: int | None, raw: Mapping[str, Any]) -> dict[str, Any]:
        """The action as declared (only its declared fields), or BadRequest / Forbidden.
        Needs no state: the room stores what this returns."""
        kind = raw.get("type")
        action = self.actions.get(kind) if isinstance(kind, str) else None
        if action is None:
            raise BadRequest(
                "{game} has no action {action}.", game=self.title, action=repr(str(kind)[:40])
            )
        return action.accept(seat, raw)

    def apply(
        self,
        state: S,
        seat: int | None,
        action: Payload,
        at: float,
        *,
        seats: int | None = None,
    ) -> S:
        """The state after ``action`` at the game time ``at``; raises IllegalAction and leaves
        ``state`` untouched. ``seats`` is how many seats the game has (the room always passes
        it): the sender and every ``SEAT`` field must be one of them. Once the game is over
        (``is_over``) every action is refused, a malformed one as a bad request still."""
        payload = self.accept(seat, action)
        if self.is_over(state):
            raise Illegal("The game is over.")
        declared = self.actions[payload["type"]]
        if declared.race and "uncertainty_ms" in action:
            # set by the race sequencer (never the client's): how far ``at`` may be off
            payload["uncertainty_ms"] = float(action["uncertainty_ms"])
        if seats is not None:
            if seat is not None and not 0 <= seat < seats:
                raise BadRequest("There is no such seat.")
            for field in declared.seat_fields():
                if field.name in payload and payload[field.name] >= seats:
                    raise BadRequest("There is no such seat.")
        return declared.run(state, seat, payload, at)

    def present(self, state: S, seat: int | None, over: Reason | None = None) -> dict[str, Any]:
        """``view`` as the room sends it: every view gets ``outcome`` (None while the game
        runs); a seat's ``you`` gets ``prompt`` (``{kind, text}``: ``act`` exactly when
        ``choices`` lists a decision for it) and, once over, ``place`` (None without a ranking).
        ``over`` is why the room ended the game (None: it runs, unless ``is_over``)."""
        view = dict(self.view(state, seat))
        reason = over if over is not None else Reason.RULES if self.is_over(state) else None
        ended = None if reason is None else self.outcome(state, reason)
        view["outcome"] = None if ended is None else ended.as_json()
        if seat is None:
            return view
        you = dict(view.get("you") or {})
        if ended is None:
            acting = bool(self.choices(state, seat))
            kind = PromptKind.ACT if acting else PromptKind.WAIT
            text = self.prompt(state, seat, acting)
        else:
            kind, text = PromptKind.WAIT, ended.text
            you["place"] = ended.place_of(seat)
        you["prompt"] = {"kind": kind.value, "text": text_json(text)}
        view["you"] = you
        return view
