"""One room: its players, its status and its game state, changed only by logged events.

Every change is an event (a JSON-able dict with a ``kind``). ``Room.prepare(event)`` checks
the event against the current room and returns a commit function, without changing anything;
the service stores the event and then commits it. Replaying a room's log after a restart is
``prepare(event)()`` for each stored event, so live play and replay share one code path.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.engine import (
    ErrorCode,
    Game,
    IllegalAction,
    OptionError,
    SetupError,
    State,
    resolve_options,
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
from companion.rooms.validation import player_name

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


class Room:
    def __init__(self, code: str, game: Game[Any], create: CreateEvent) -> None:
        self.code = code
        self.game = game
        self.host_token: str = create["host_token"]
        self.seed: int = create["seed"]
        self.options: dict[str, Any] = resolve_options(game.options, create.get("options", {}))
        self.status = Status.LOBBY
        self.paused_at: float | None = None
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

    # -- queries -------------------------------------------------------------------------

    def player_by_token(self, token: str) -> Player | None:
        return next((p for p in self.players if p.token == token), None)

    def active_players(self) -> list[Player]:
        return [p for p in self.players if not p.gone]

    def deadline(self) -> float | None:
        if self.status is not Status.PLAYING:
            return None
        return self.game.deadline(self.state)

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
        if len(self.players) >= seats:
            raise RoomError(ErrorCode.ROOM_FULL, "The room is full ({seats} players).", seats=seats)
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
        return lambda: self.players.append(player)

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
        if self.status in (Status.PLAYING, Status.PAUSED) and not player.gone:
            # The game plays on without the seat, by its own rules.
            state = self.game.seat_left(self.state, player.seat, float(event["at"]))

        def commit() -> None:
            self.revoked.add(player.token)
            if self.status is Status.LOBBY:
                # Before the game, seats are just an ordered list: close the gap.
                self.players.remove(player)
                for number, other in enumerate(self.players):
                    other.seat = number
            else:
                player.gone = True
                self._set_state(state)

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
            for number, player in enumerate(self.players):
                player.seat = number

        return commit

    def _first(self, event: FirstEvent) -> Commit:
        """Who starts: a seat of the lobby, or None to let the game draw it."""
        if self.status is not Status.LOBBY:
            raise RoomError(ErrorCode.GAME_STARTED, "Who starts is chosen in the lobby.")
        if not self.game.has_first_player:
            raise RoomError(ErrorCode.ILLEGAL, "{game} has no first player.", game=self.game.title)
        seat = event["seat"]
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
        players = self.active_players()
        chosen = self.first_seat()
        first = None if chosen is None else [p.seat for p in players].index(chosen)
        try:
            state = self.game.setup([p.name for p in players], self.options, seed, first)
        except SetupError as exc:  # e.g. a player count the chosen options do not allow
            raise RoomError(exc.code, exc.template, **exc.params) from exc

        def commit() -> None:
            # A rematch keeps the seats of everyone still here, numbered afresh.
            self.players = players
            for number, player in enumerate(players):
                player.seat = number
            self.seed, self.state, self.status = seed, state, Status.PLAYING
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
        # The game's timers stood still during the pause: they resume where they stopped.
        paused_for = float(event["at"]) - (self.paused_at or float(event["at"]))
        state = self.game.shift(self.state, paused_for)

        def commit() -> None:
            self.status, self.paused_at, self.state = Status.PLAYING, None, state

        return commit

    def _end(self, event: EndEvent) -> Commit:
        if self.status not in (Status.PLAYING, Status.PAUSED):
            raise RoomError(ErrorCode.ILLEGAL, "There is no game in play to end.")
        return lambda: setattr(self, "status", Status.OVER)

    def _act(self, event: ActEvent) -> Commit:
        if self.status is Status.PAUSED:
            raise RoomError(ErrorCode.FORBIDDEN, "The game is paused.")
        if self.status is not Status.PLAYING:
            raise RoomError(ErrorCode.ILLEGAL, "The game is not in play.")
        seat = event["seat"]
        if seat is not None and self._seat(seat).gone:
            raise RoomError(ErrorCode.FORBIDDEN, "This seat has left the game.")
        try:
            state = self.game.apply(self.state, seat, event["action"], event["at"])
        except IllegalAction as exc:
            raise RoomError(exc.code, exc.template, **exc.params) from exc
        # the action's name is its id in words (scripts/i18n extracts it from the declaration,
        # so the note reads in each screen's language)
        action = say(action_words(str(event["action"]["type"])))
        if seat is None:
            label = say("the table's {action}", action=action)
        else:
            label = say("{who}'s {action}", who=self.players[seat].name, action=action)
        return self._step(state, float(event["at"]), label)

    def _timeout(self, event: TimeoutEvent) -> Commit:
        state = self.game.timeout(self.state, event["at"])
        return self._step(state, float(event["at"]), None)

    def _step(self, state: State, at: float, label: str | None) -> Commit:
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
        """The last action and the timers after it, taken back; its timers resume with the time
        they had left then."""
        self._undoable()
        index = self.history.last_action()
        if index is None:
            raise RoomError(ErrorCode.ILLEGAL, "Nothing to undo in this game.")
        at = float(event["at"])
        step = self.history.done[index]
        assert step.label is not None
        restored = self._still_gone(self.game.shift(step.before, at - step.at), at)

        def commit() -> None:
            steps = tuple(self.history.done[index:])
            del self.history.done[index:]
            self.history.undone.append(Undone(self.state, at, step.label or "", steps))
            self.last_undo = step.label or ""
            self.status = Status.PLAYING
            self._set_state(restored)

        return commit

    def _redo(self, event: RedoEvent) -> Commit:
        self._undoable()
        if not self.history.undone:
            raise RoomError(ErrorCode.ILLEGAL, "Nothing to redo.")
        at = float(event["at"])
        top = self.history.undone[-1]
        restored = self._still_gone(self.game.shift(top.state, at - top.at), at)

        def commit() -> None:
            self.history.undone.pop()
            self.history.done.extend(top.steps)
            self.last_undo = top.label
            self.status = Status.PLAYING
            self._set_state(restored)

        return commit

    def _still_gone(self, state: State, at: float) -> State:
        """A seat that left stays gone in a state from before it left."""
        for player in self.players:
            if player.gone:
                state = self.game.seat_left(state, player.seat, at)
        return state

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
