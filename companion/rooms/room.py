"""One room: its players, its status and its game state, changed only by logged events.

Every change is an event (a JSON-able dict with a ``kind``). ``Room.prepare(event)`` checks
the event against the current room and returns a commit function, without changing anything;
the service stores the event and then commits it. Replaying a room's log after a restart is
``prepare(event)()`` for each stored event, so live play and replay share one code path.

Events carry server times; the game sees game time (docs/protocol.md, "Game time"): server time
less the room's ``offset``, standing still while the game is paused. Resume, undo and redo move
the offset, so the game's timers need no care for either; the offset is derived from those
events alone, so a replay finds it again.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.engine import (
    ErrorCode,
    Game,
    IllegalAction,
    OptionError,
    Payload,
    Reason,
    SetupError,
    State,
    resolve_options,
)
from companion.engine.text import N_, action_words, say
from companion.rooms.avatars import Avatar, default_avatar, parse_avatar
from companion.rooms.errors import RoomError
from companion.rooms.events import (
    ActEvent,
    AvatarEvent,
    CreateEvent,
    EndEvent,
    FirstEvent,
    GameEvent,
    JoinEvent,
    KickEvent,
    LanguageEvent,
    LeaveEvent,
    LockEvent,
    OptionsEvent,
    OrderEvent,
    PauseEvent,
    RedoEvent,
    RematchEvent,
    ResumeEvent,
    RoomEvent,
    StartEvent,
    TimeoutEvent,
    UndoEvent,
    UnlockEvent,
)
from companion.rooms.history import History, Step, Undone
from companion.rooms.night import Finished, Standing, tally
from companion.rooms.validation import player_name

log = logging.getLogger(__name__)

Commit = Callable[[], None]


class Status(enum.StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    PAUSED = "paused"
    OVER = "over"


@dataclass
class Player:
    """A seat at the table. ``gone`` once the player left or was kicked (mid-game the seat
    stays in the game, empty)."""

    seat: int
    name: str
    token: str
    gone: bool = False
    #: how the pages draw the seat (shape, colour and the name's initial)
    avatar: Avatar = field(default_factory=lambda: Avatar("circle", "orange"))
    #: the host left this seat out of the current game (more seats than it takes): it keeps
    #: its seat and connection and watches; its number comes after every seat that plays
    sitting_out: bool = False


def pause_length(paused_at: float | None, at: float) -> int:
    """How much the game clock stood still in a pause that began at ``paused_at`` (None: there
    is no pause) and ends at ``at``, in whole ms: the offset stays whole, so converting between
    server and game time stays exact.

    >>> pause_length(1_000.2, 61_000.9), pause_length(None, 5_000.0)
    (60001, 0)
    """
    return 0 if paused_at is None else round(at - paused_at)


class Room:
    def __init__(
        self,
        code: str,
        game: Game[Any],
        create: CreateEvent,
        games: Mapping[str, Game[Any]] | None = None,
    ) -> None:
        """``game``: the one the create event names; ``games``: every game the room may switch
        to, by id (None: none)."""
        self.code = code
        self.game = game
        #: the game the room was created with (its log replays from it)
        self.first_game = game
        self.games: Mapping[str, Game[Any]] = {} if games is None else games
        self.host_token: str = create["host_token"]
        self.seed: int = create["seed"]
        self.options: dict[str, Any] = resolve_options(game.options, create.get("options", {}))
        self.status = Status.LOBBY
        #: the server time of the pause while paused (the game time stands at its game time)
        self.paused_at: float | None = None
        #: server time minus game time, in whole ms (so converting either way is exact)
        self.offset = 0
        self.locked = False
        self.players: list[Player] = []
        self.revoked: set[str] = set()
        self.state: State = None
        #: how many games this room has started (start and every rematch): pages tell games apart
        self.game_number = 0
        self.seq = 0  # number of the last stored event
        self.last_active: float = create["at"]
        self.history = History()
        #: the token of the player the host chose to start (None: the game draws who starts)
        self.first: str | None = None
        #: what the last undo or redo took back or restored ("Anna's formula"), for the ack
        self.last_undo: str = ""
        #: the room's language, chosen by the host (None: each device keeps its own)
        self.lang: str | None = None
        #: why the room ended the game (ENDED: the host's End; LEFT: the last seated player
        #: left); None while it runs or when the game ended by its own rules. Set by the
        #: events, so a replay finds it again
        self.ended: Reason | None = None
        #: the night's finished games before the current one (the scoreboard's record)
        self.finished: list[Finished] = []

    # -- queries -------------------------------------------------------------------------

    def player_by_token(self, token: str) -> Player | None:
        return next((p for p in self.players if p.token == token), None)

    def active_players(self) -> list[Player]:
        return [p for p in self.players if not p.gone]

    def game_seats(self) -> int:
        """How many seats the current game has: the seats that do not sit out (numbered first,
        so game seat k is room seat k); a seat that left stays, empty."""
        return sum(not p.sitting_out for p in self.players)

    def night(self) -> list[Standing]:
        """The night's scoreboard: every finished game of the room, the current one too once
        it is over (an undo out of its end takes it off again)."""
        games = list(self.finished)
        if (current := self._finished_now()) is not None:
            games.append(current)
        return tally(games, {p.token: p.seat for p in self.players})

    def _finished_now(self) -> Finished | None:
        """The current game as the scoreboard counts it, if it is over."""
        if self.status is not Status.OVER or self.state is None:
            return None
        outcome = self.game.outcome(self.state, self.ended or Reason.RULES)
        tokens = tuple(p.token for p in self.players if not p.sitting_out)
        return Finished.of(outcome, tokens)

    def game_time(self, at: float) -> float:
        """The game time at the server time ``at``: it stands still while the game is paused.

        >>> room = Room("BCDF", Game(), {"host_token": "h", "seed": 1, "at": 0.0})
        >>> room.offset = 61_000
        >>> room.game_time(100_000.5), room.server_time(39_000.5)
        (39000.5, 100000.5)
        """
        if self.status is Status.PAUSED and self.paused_at is not None:
            at = self.paused_at
        return at - self.offset

    def server_time(self, game_at: float) -> float:
        """The server time at which the game time is ``game_at`` (while the game runs)."""
        return game_at + self.offset

    def clock(self) -> dict[str, Any]:
        """The game clock as the pages get it (``view.room.clock``): ``offset`` (server time minus
        game time) and ``stopped``, the game time it stands at while paused (else None)."""
        paused = self.status is Status.PAUSED and self.paused_at is not None
        stopped = self.game_time(self.paused_at or 0.0) if paused else None
        return {"offset": self.offset, "stopped": stopped}

    def deadline(self) -> float | None:
        """The game's next deadline while it runs, in server time."""
        if self.status is not Status.PLAYING:
            return None
        due = self.game.deadline(self.state)
        return None if due is None else self.server_time(due)

    def race_opened_at(self) -> float | None:
        """When the game's current race opened, in server time (for the fair sequencer)."""
        if self.status is not Status.PLAYING:
            return None
        opened = self.game.race_opened_at(self.state)
        return None if opened is None else self.server_time(opened)

    # -- events --------------------------------------------------------------------------

    def prepare(self, event: RoomEvent) -> Commit:
        """Check ``event``; return the function that applies it. Raises RoomError. (A stored
        event reaches here through ``events.parse``, which refuses a kind not in HANDLERS.)"""
        commit = HANDLERS[event["kind"]](self, event)

        def commit_and_touch() -> None:
            commit()
            self.seq += 1
            self.last_active = max(self.last_active, float(event["at"]))

        return commit_and_touch

    def _join(self, event: JoinEvent) -> Commit:
        name = player_name(event["name"])
        if self.status is not Status.LOBBY:
            raise RoomError(ErrorCode.GAME_STARTED, "The game has started: you can watch instead.")
        if self.locked:
            raise RoomError(ErrorCode.FORBIDDEN, "The host has locked this room.")
        seats = self.game.seats_for(self.options)
        if self.game_seats() >= seats:
            raise RoomError(ErrorCode.ROOM_FULL, "The room is full (seats: {seats}).", seats=seats)
        if any(p.name.casefold() == name.casefold() for p in self.players):
            raise RoomError(
                ErrorCode.NAME_TAKEN, "Someone here is already called {name}.", name=name
            )
        # A picked avatar that another seat took meanwhile is not worth a failed join: the seat
        # gets the room's next free one and may change it in the lobby.
        taken = [p.avatar for p in self.active_players()]
        picked = event.get("avatar")
        avatar = None if picked is None else parse_avatar(picked)
        if avatar is None or avatar in taken:
            avatar = default_avatar(taken)
        player = Player(self.game_seats(), name, event["token"], avatar=avatar)

        def commit() -> None:
            # a new seat plays: it sits before the seats that sit out
            self.players.insert(player.seat, player)
            self._number_seats()

        return commit

    def _avatar(self, event: AvatarEvent) -> Commit:
        """A seat picks another avatar (any time): refused if another seat here has it."""
        player = self._seat(event["seat"])
        avatar = parse_avatar(event["avatar"])
        if any(p.avatar == avatar for p in self.active_players() if p is not player):
            raise RoomError(
                ErrorCode.ILLEGAL, "Someone here already has that avatar: pick another."
            )
        return lambda: setattr(player, "avatar", avatar)

    def _remove(self, event: LeaveEvent | KickEvent) -> Commit:
        player = self._seat(event["seat"])
        state = self.state
        playing = self.status in (Status.PLAYING, Status.PAUSED)
        if playing and not player.gone and not player.sitting_out:
            # The game plays on without the seat, by its own rules.
            at = self.game_time(float(event["at"]))
            state = self.game.seat_left(self.state, player.seat, at)

        def commit() -> None:
            self.revoked.add(player.token)
            if self.status is Status.LOBBY:
                # Before the game, seats are just an ordered list: close the gap.
                self.players.remove(player)
                self._number_seats()
            else:
                player.gone = True
                self._set_state(state)
                still = [p for p in self.active_players() if not p.sitting_out]
                if self.status is not Status.OVER and not still:
                    self._stop(Reason.LEFT, float(event["at"]))

        return commit

    def _kick(self, event: KickEvent) -> Commit:
        return self._remove(event)

    def _leave(self, event: LeaveEvent) -> Commit:
        return self._remove(event)

    def _order(self, event: OrderEvent) -> Commit:
        """The lobby's seats in the order people sit, clockwise: ``seats`` lists the current
        seat numbers in their new order; they are numbered 0… afresh (tokens unchanged)."""
        if self.status is not Status.LOBBY:
            raise RoomError(ErrorCode.GAME_STARTED, "Seats can be reordered only in the lobby.")
        order = event["seats"]
        if sorted(order) != list(range(len(self.players))):
            raise RoomError(
                ErrorCode.BAD_REQUEST, "List every seat number exactly once, in the new order."
            )

        def commit() -> None:
            self.players = [self.players[seat] for seat in order]
            self._number_seats()

        return commit

    def _number_seats(self) -> None:
        """Seats numbered 0… in their order, the seats that sit out after every seat that plays
        (so that game seat k is room seat k)."""
        self.players.sort(key=lambda p: p.sitting_out)  # stable: each group keeps its order
        for number, player in enumerate(self.players):
            player.seat = number

    def _first(self, event: FirstEvent) -> Commit:
        """Who starts: a seat of the lobby, or None to let the game draw it."""
        if self.status is not Status.LOBBY:
            raise RoomError(ErrorCode.GAME_STARTED, "Who starts is chosen in the lobby.")
        if not self.game.has_first_player:
            raise RoomError(ErrorCode.ILLEGAL, "{game} has no first player.", game=self.game.title)
        seat = event["seat"]
        token = None if seat is None else self._playing_seat(seat).token
        return lambda: setattr(self, "first", token)

    def first_seat(self) -> int | None:
        """The seat chosen to start, among the players still here."""
        player = None if self.first is None else self.player_by_token(self.first)
        return None if player is None or player.gone else player.seat

    def _language(self, event: LanguageEvent) -> Commit:
        """The room's default language: phones without a language of their own follow it."""
        return lambda: setattr(self, "lang", event["lang"])

    def _lock(self, event: LockEvent) -> Commit:
        return lambda: setattr(self, "locked", True)

    def _unlock(self, event: UnlockEvent) -> Commit:
        return lambda: setattr(self, "locked", False)

    def _options(self, event: OptionsEvent) -> Commit:
        if self.status is not Status.LOBBY:
            raise RoomError(ErrorCode.GAME_STARTED, "Options can only change in the lobby.")
        try:
            options = resolve_options(self.game.options, event["options"], self.options)
        except OptionError as exc:
            raise RoomError(ErrorCode.BAD_REQUEST, exc.template, **exc.params) from exc
        return lambda: setattr(self, "options", options)

    def _start(self, event: StartEvent) -> Commit:
        if self.status is not Status.LOBBY:
            raise RoomError(ErrorCode.GAME_STARTED, "The game has already started.")
        return self._new_game(self.seed)

    def _rematch(self, event: RematchEvent) -> Commit:
        if self.status is Status.LOBBY:
            raise RoomError(ErrorCode.ILLEGAL, "Start the game first.")
        return self._new_game(event["seed"])

    def _new_game(self, seed: int) -> Commit:
        players = [p for p in self.active_players() if not p.sitting_out]
        watching = [p for p in self.active_players() if p.sitting_out]
        chosen = self.first_seat()
        first = None if chosen is None else [p.seat for p in players].index(chosen)
        try:
            state = self.game.setup([p.name for p in players], self.options, seed, first)
        except SetupError as exc:  # e.g. a player count the chosen options do not allow
            raise RoomError(exc.code, exc.template, **exc.params) from exc

        def commit() -> None:
            self._close_game()
            # A rematch keeps the seats of everyone still here, numbered afresh.
            self.players = players + watching
            self._number_seats()
            self.seed, self.state, self.status = seed, state, Status.PLAYING
            self.ended = None
            self.game_number += 1
            self.history.clear()

        return commit

    def _pause(self, event: PauseEvent) -> Commit:
        if self.status is not Status.PLAYING:
            raise RoomError(ErrorCode.ILLEGAL, "Only a game in play can be paused.")

        def commit() -> None:
            self.status, self.paused_at = Status.PAUSED, float(event["at"])

        return commit

    def _resume(self, event: ResumeEvent) -> Commit:
        if self.status is not Status.PAUSED:
            raise RoomError(ErrorCode.ILLEGAL, "The game is not paused.")
        # The game clock stood still during the pause: it runs on from where it stopped.
        paused_for = pause_length(self.paused_at, float(event["at"]))

        def commit() -> None:
            self.status, self.paused_at = Status.PLAYING, None
            self.offset += paused_for

        return commit

    def _end(self, event: EndEvent) -> Commit:
        if self.status not in (Status.PLAYING, Status.PAUSED):
            raise RoomError(ErrorCode.ILLEGAL, "There is no game in play to end.")
        return lambda: self._stop(Reason.ENDED, float(event["at"]))

    def _stop(self, reason: Reason, at: float) -> None:
        """The room ends the game in play at the server time ``at`` (``reason``: why)."""
        # ended during a pause, the game clock keeps the time it stood at
        self.offset += pause_length(self.paused_at, at)
        self.status, self.paused_at, self.ended = Status.OVER, None, reason

    def _act(self, event: ActEvent) -> Commit:
        if self.status is Status.PAUSED:
            raise RoomError(ErrorCode.FORBIDDEN, "The game is paused.")
        if self.status is not Status.PLAYING:
            raise RoomError(ErrorCode.ILLEGAL, "The game is not in play.")
        seat = event["seat"]
        if seat is not None and self._seat(seat).gone:
            raise RoomError(ErrorCode.FORBIDDEN, "This seat has left the game.")
        if seat is not None and self._seat(seat).sitting_out:
            raise RoomError(ErrorCode.FORBIDDEN, SPECTATORS_WATCH)
        at = self.game_time(float(event["at"]))
        try:
            # the seats that play are the game's (a seat that left stays, empty)
            seats = self.game_seats()
            state = self.game.apply(self.state, seat, event["action"], at, seats=seats)
        except IllegalAction as exc:
            raise RoomError(exc.code, exc.template, **exc.params) from exc
        return self._step(state, at, self._act_label(seat, event["action"]))

    def _act_label(self, seat: int | None, action: Payload) -> str:
        """How the undo and redo notes name an action (before it is applied): the game's own
        words for it (``describe``) where it has them, else the declared action's name."""
        # the action's name is its id in words (scripts/i18n extracts it from the declaration,
        # so the note reads in each screen's language)
        name = say(action_words(str(action["type"])))
        try:
            detail = self.game.describe(self.state, seat, action)
        except Exception:  # the note's words must never cost the table an accepted action
            log.exception("%s: describe failed for %s", self.game.id, action.get("type"))
            detail = None
        if seat is None:
            return detail or say("the table's {action}", action=name)
        who = self.players[seat].name
        if detail is None:
            return say("{who}'s {action}", who=who, action=name)
        return say("{who}'s {action} — {detail}", who=who, action=name, detail=detail)

    def _timeout(self, event: TimeoutEvent) -> Commit:
        # The event keeps the deadline in server time; converted, it may miss the game's own
        # value by float rounding (or by a rounded pause in a log from before game time).
        at = self.game_time(float(event["at"]))
        due = self.game.deadline(self.state)
        if due is not None and abs(at - due) <= 1:
            at = due
        state = self.game.timeout(self.state, at)
        return self._step(state, at, None)

    def _step(self, state: State, at: float, label: str | None) -> Commit:
        """A new game state after an action or a timeout at the game time ``at``."""

        def commit() -> None:
            self.history.record(Step(self.state, at, label))
            self._set_state(state)

        return commit

    # -- undo and redo ----------------------------------------------------------------------

    def _undoable(self) -> None:
        if self.status is Status.PLAYING:
            return
        if self.status is Status.OVER and self.state is not None and self.game.is_over(self.state):
            return
        raise RoomError(ErrorCode.ILLEGAL, "Undo works while a game is in play (not paused).")

    def _undo(self, event: UndoEvent) -> Commit:
        """The last action and the timers after it, taken back; the game clock goes back to
        the game time of that action, so its timers resume with the time they had left then."""
        self._undoable()
        index = self.history.last_action()
        if index is None:
            raise RoomError(ErrorCode.ILLEGAL, "Nothing to undo in this game.")
        at = float(event["at"])
        now = self.game_time(at)
        step = self.history.done[index]
        assert step.label is not None
        offset = round(at - step.at)
        restored = self._still_gone(step.before, at - offset)

        def commit() -> None:
            steps = tuple(self.history.done[index:])
            del self.history.done[index:]
            self.history.undone.append(Undone(self.state, now, step.label or "", steps))
            self.last_undo = step.label or ""
            self.status = Status.PLAYING
            self.offset = offset
            self._set_state(restored)

        return commit

    def _redo(self, event: RedoEvent) -> Commit:
        """What the last undo took back, put back; the game clock goes forward to the game
        time of that undo, so the timers resume with the time they had left then."""
        self._undoable()
        if not self.history.undone:
            raise RoomError(ErrorCode.ILLEGAL, "Nothing to redo.")
        at = float(event["at"])
        top = self.history.undone[-1]
        offset = round(at - top.at)
        restored = self._still_gone(top.state, at - offset)

        def commit() -> None:
            self.history.undone.pop()
            self.history.done.extend(top.steps)
            self.last_undo = top.label
            self.status = Status.PLAYING
            self.offset = offset
            self._set_state(restored)

        return commit

    def _still_gone(self, state: State, at: float) -> State:
        """A seat that left stays gone in a state from before it left (``at``: game time)."""
        for player in self.players:
            if player.gone and not player.sitting_out:
                state = self.game.seat_left(state, player.seat, at)
        return state

    def _set_state(self, state: State) -> None:
        self.state = state
        if self.game.is_over(state):
            self.status = Status.OVER

    def _seat(self, seat: object) -> Player:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise RoomError(ErrorCode.BAD_REQUEST, NO_SUCH_SEAT)
        return self.players[seat]

    def _playing_seat(self, seat: object) -> Player:
        """A seat of the current game: one still here that does not sit out."""
        player = self._seat(seat)
        if player.gone or player.sitting_out:
            raise RoomError(ErrorCode.BAD_REQUEST, NO_SUCH_SEAT)
        return player

    # -- another game ---------------------------------------------------------------------

    def _game(self, event: GameEvent) -> Commit:
        """The room switches to another game (in the lobby, or once a game is over): the seats
        still here stay, with their names, avatars, order and tokens; the seats the event names
        play it (absent: everyone), the others sit out and watch. The room is in the new game's
        lobby; the finished game joins the night's scoreboard; undo never crosses the switch."""
        if self.status not in (Status.LOBBY, Status.OVER):
            raise RoomError(ErrorCode.ILLEGAL, SWITCH_BETWEEN_GAMES)
        game = self.games.get(event["game"])
        if game is None:
            raise RoomError(ErrorCode.UNKNOWN_GAME, "There is no such game.")
        try:
            options = resolve_options(game.options, event["options"])
        except OptionError as exc:
            raise RoomError(ErrorCode.BAD_REQUEST, exc.template, **exc.params) from exc
        here = self.active_players()
        named = event.get("players")
        playing = here if named is None else self._named(named)
        most = game.seats_for(options)
        if len(playing) > most:
            raise RoomError(ErrorCode.ILLEGAL, CHOOSE_WHO_PLAYS, game=game.title, max=most)

        plays = {p.token for p in playing}

        def commit() -> None:
            self._close_game()
            for player in here:
                player.sitting_out = player.token not in plays
            self.players = here
            self._number_seats()
            self.game, self.options, self.seed = game, options, event["seed"]
            self.state, self.status, self.ended = None, Status.LOBBY, None
            self.paused_at, self.first, self.last_undo = None, None, ""
            self.history.clear()

        return commit

    def _named(self, seats: list[int]) -> list[Player]:
        """The players ``seats`` names (each once, each still here), in seat order."""
        named = [self._seat(seat) for seat in seats]
        if any(p.gone for p in named):
            raise RoomError(ErrorCode.BAD_REQUEST, NO_SUCH_SEAT)
        if len(set(seats)) != len(seats):
            raise RoomError(ErrorCode.BAD_REQUEST, NAME_EACH_SEAT_ONCE)
        return sorted(named, key=lambda p: p.seat)

    def _close_game(self) -> None:
        """The current game gives way to the next: once over, it joins the night's record."""
        if (done := self._finished_now()) is not None:
            self.finished.append(done)


NO_SUCH_SEAT = N_("There is no such seat.")
#: a seat that sits out this game sends an action (the same sentence as a spectator's)
SPECTATORS_WATCH = N_("Spectators watch; they cannot play.")
SWITCH_BETWEEN_GAMES = N_("Another game can be chosen in the lobby or once this one is over.")
CHOOSE_WHO_PLAYS = N_("{game} takes at most {max} players: choose who plays.")
NAME_EACH_SEAT_ONCE = N_("Name each seat once.")

#: how the room prepares each kind of event (``Room.prepare``): one handler per kind, each
#: taking its own record (companion/rooms/events.py)
HANDLERS: dict[str, Callable[[Room, Any], Commit]] = {
    "join": Room._join,
    "leave": Room._leave,
    "kick": Room._kick,
    "avatar": Room._avatar,
    "order": Room._order,
    "first": Room._first,
    "language": Room._language,
    "options": Room._options,
    "rematch": Room._rematch,
    "game": Room._game,
    "lock": Room._lock,
    "unlock": Room._unlock,
    "start": Room._start,
    "pause": Room._pause,
    "resume": Room._resume,
    "end": Room._end,
    "undo": Room._undo,
    "redo": Room._redo,
    "act": Room._act,
    "timeout": Room._timeout,
}
