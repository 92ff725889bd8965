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

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.engine import (
    ErrorCode,
    Game,
    IllegalAction,
    OptionError,
    Reason,
    SetupError,
    State,
)
from companion.engine.text import action_words, say
from companion.rooms.avatars import Avatar, default_avatar, parse_avatar
from companion.rooms.errors import RoomError
from companion.rooms.events import (
    ActEvent,
    AvatarEvent,
    CreateEvent,
    EndEvent,
    FirstEvent,
    JoinEvent,
    KickEvent,
    LanguageEvent,
    LeaveEvent,
    LockEvent,
    OptionsEvent,
    OrderEvent,
    PauseEvent,
    RematchEvent,
    ResumeEvent,
    RoomEvent,
    StartEvent,
    TimeoutEvent,
    UnlockEvent,
)
from companion.rooms.history import Acted, History, Step
from companion.rooms.party import (
    Games,
    Party,
    close_game,
    game_seats,
    number_seats,
    playing,
    switch,
)
from companion.rooms.status import Status as Status
from companion.rooms.undo import redo, undo
from companion.rooms.validation import player_name

log = logging.getLogger(__name__)

Commit = Callable[[], None]


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
    #: the host left this seat out of the current game (companion/rooms/party.py): it keeps
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
        self, code: str, game: Game[Any], create: CreateEvent, games: Games | None = None
    ) -> None:
        self.code = code
        self.game = game
        #: the night: the games it may switch to (``games``; None: none), the order people
        #: sit in, the finished games
        self.party = Party({} if games is None else games, game)
        self.host_token: str = create["host_token"]
        self.seed: int = create["seed"]
        self.options: dict[str, Any] = game.checked_options(create.get("options", {}))
        self.status = Status.LOBBY
        #: the server time of the pause while paused (the game time stands at its game time)
        self.paused_at: float | None = None
        #: server time minus game time, in whole ms (so converting either way is exact)
        self.offset = 0
        self.locked = False
        self.players: list[Player] = []
        self._by_token: dict[str, Player] = {}  # player_by_token's index
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

    # -- queries -------------------------------------------------------------------------

    def player_by_token(self, token: str) -> Player | None:
        """The player holding ``token``: from an index of the seats, made again whenever it
        is out of date (every view of a broadcast asks, for each seat)."""
        player = self._by_token.get(token)
        players = self.players
        if player is None or player.seat >= len(players) or players[player.seat] is not player:
            self._by_token = {p.token: p for p in players}
            player = self._by_token.get(token)
        return player

    def active_players(self) -> list[Player]:
        return [p for p in self.players if not p.gone]

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
        if game_seats(self) >= seats:
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
        player = Player(len(self.players), name, event["token"], avatar=avatar)

        def commit() -> None:
            self.players.append(player)
            self.party.around.append(player.token)
            number_seats(self)  # before the seats that sit out

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
        in_play = self.status in (Status.PLAYING, Status.PAUSED)
        if in_play and not player.gone and not player.sitting_out:
            # The game plays on without the seat, by its own rules.
            at = self.game_time(float(event["at"]))
            state = self.game.seat_left(self.state, player.seat, at)

        def commit() -> None:
            self.revoked.add(player.token)
            if self.status is Status.LOBBY:
                # Before the game, seats are just an ordered list: close the gap.
                self.players.remove(player)
                number_seats(self)
            else:
                player.gone = True
                self._set_state(state)
                if self.status is not Status.OVER and not playing(self):
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
            self.party.around = [self.players[seat].token for seat in order]
            number_seats(self)  # the seats that sit out stay last

        return commit

    def _first(self, event: FirstEvent) -> Commit:
        """Who starts: a seat of the lobby, or None to let the game draw it."""
        if self.status is not Status.LOBBY:
            raise RoomError(ErrorCode.GAME_STARTED, "Who starts is chosen in the lobby.")
        if not self.game.has_first_player:
            raise RoomError(ErrorCode.ILLEGAL, "{game} has no first player.", game=self.game.title)
        seat = event["seat"]
        if seat is not None and self._seat(seat).sitting_out:  # no seat of this game
            raise RoomError(ErrorCode.BAD_REQUEST, "There is no such seat.")
        token = None if seat is None else self._seat(seat).token
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
            options = self.game.checked_options(event["options"], self.options)
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
        players = playing(self)
        chosen = self.first_seat()
        first = None if chosen is None else [p.seat for p in players].index(chosen)
        try:
            state = self.game.setup([p.name for p in players], self.options, seed, first)
        except SetupError as exc:  # e.g. a player count the chosen options do not allow
            raise RoomError(exc.code, exc.template, **exc.params) from exc

        def commit() -> None:
            close_game(self)
            # A rematch keeps the seats of everyone still here, numbered afresh.
            self.players = self.active_players()
            number_seats(self)
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
            raise RoomError(ErrorCode.FORBIDDEN, "Spectators watch; they cannot play.")
        at = self.game_time(float(event["at"]))
        try:
            # the seats that play are the game's (a seat that left stays, empty)
            state = self.game.apply(self.state, seat, event["action"], at, seats=game_seats(self))
        except IllegalAction as exc:
            raise RoomError(exc.code, exc.template, **exc.params) from exc
        return self._step(state, at, Acted(seat, event["action"]))

    def label(self, step: Step) -> str:
        """How the undo and redo notes name the action of ``step`` (described in the state
        before it): the game's own words for it (``describe``) where it has them, else the
        declared action's name."""
        assert step.acted is not None
        seat, action = step.acted.seat, step.acted.action
        # the action's name is its id in words (scripts/i18n extracts it from the declaration,
        # so the note reads in each screen's language)
        name = say(action_words(str(action["type"])))
        try:
            detail = self.game.describe(step.before, seat, action)
        except Exception:  # the note's words must never cost the table its undo
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

    def _step(self, state: State, at: float, acted: Acted | None) -> Commit:
        """A new game state after an action (``acted``) or a timeout at the game time ``at``."""

        def commit() -> None:
            self.history.record(Step(self.state, at, acted))
            self._set_state(state)

        return commit

    def _set_state(self, state: State) -> None:
        self.state = state
        if self.game.is_over(state):
            self.status = Status.OVER

    def _seat(self, seat: object) -> Player:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise RoomError(ErrorCode.BAD_REQUEST, "There is no such seat.")
        return self.players[seat]


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
    "game": switch,
    "lock": Room._lock,
    "unlock": Room._unlock,
    "start": Room._start,
    "pause": Room._pause,
    "resume": Room._resume,
    "end": Room._end,
    "undo": undo,
    "redo": redo,
    "act": Room._act,
    "timeout": Room._timeout,
}
