"""One party, many games (docs/protocol.md, "One party, many games"): what a room keeps for the
whole night, across its games.

- The ``game`` event switches the room to another game (in the lobby, or once a game is over):
  the seats stay, with their names, avatars, tokens and the order people sit in; the seats the
  host names play it, the others sit out and watch.
- The seats that play come first (game seat k is room seat k), each group in the order people
  sit; a seat that sat out comes back to its place.
- The night's scoreboard: every finished game of the room (companion/rooms/night.py).

These are the room's helpers, as ``undo.py`` is: each takes the room it works on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.engine import ErrorCode, Game, OptionError, Reason
from companion.engine.text import N_
from companion.rooms.errors import RoomError
from companion.rooms.events import GameEvent
from companion.rooms.night import Finished, Standing, tally
from companion.rooms.status import Status

if TYPE_CHECKING:
    from companion.rooms.room import Commit, Player, Room

NO_SUCH_SEAT = N_("There is no such seat.")
SWITCH_BETWEEN_GAMES = N_("Another game can be chosen in the lobby or once this one is over.")
CHOOSE_WHO_PLAYS = N_("Too many players for {game} (at most: {max}): choose who plays.")
NAME_EACH_SEAT_ONCE = N_("Name each seat once.")


#: the games a room may switch to, by id (the registry)
Games = Mapping[str, Game[Any]]


@dataclass
class Party:
    """What the room keeps across its games."""

    #: every game the room may switch to, by id
    games: Games
    #: the game of the create event (the room's log replays from it)
    first_game: Game[Any]
    #: the seats' tokens in the order people sit at the table (joins, then the host's
    #: ``order``): a seat that sat out a game comes back to its place
    around: list[str] = field(default_factory=list)
    #: the night's finished games before the current one
    finished: list[Finished] = field(default_factory=list)


def options_for(game: Game[Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """``game``'s options with ``given`` overlaid on its defaults; RoomError ``bad_request``
    for an unknown option or a bad value (as ``POST /api/rooms``)."""
    try:
        return game.checked_options(given)
    except OptionError as exc:
        raise RoomError(ErrorCode.BAD_REQUEST, exc.template, **exc.params) from exc


def next_game(games: Games, name: str) -> Game[Any]:
    """The game ``name`` of ``games``; RoomError ``bad_request`` for an id that names none (a
    malformed command, as issue 23 asks; ``POST /api/rooms`` answers ``unknown_game``, kept as
    it was)."""
    game = games.get(name)
    if game is None:
        raise RoomError(ErrorCode.BAD_REQUEST, "There is no such game.")
    return game


def switch(room: Room, event: GameEvent) -> Commit:
    """Prepare the ``game`` event: the room switches to another game (in the lobby, or once a
    game is over); the seats still here stay; the seats the event names play it (absent:
    everyone), the others sit out and watch. The room is in the new game's lobby; the finished
    game joins the night's record; the history is cleared, so undo never crosses the switch."""
    if room.status not in (Status.LOBBY, Status.OVER):
        raise RoomError(ErrorCode.ILLEGAL, SWITCH_BETWEEN_GAMES)
    game = next_game(room.party.games, event["game"])
    options = options_for(game, event["options"])
    here = room.active_players()
    named = event.get("players")
    playing = here if named is None else _named(room, named)
    most = game.seats_for(options)
    if len(playing) > most:
        raise RoomError(ErrorCode.ILLEGAL, CHOOSE_WHO_PLAYS, game=game.title, max=most)
    plays = {p.token for p in playing}

    def commit() -> None:
        close_game(room)
        for player in here:
            player.sitting_out = player.token not in plays
        room.players = here
        number_seats(room)
        room.game, room.options, room.seed = game, options, event["seed"]
        room.state, room.status, room.ended = None, Status.LOBBY, None
        room.paused_at, room.first, room.last_undo = None, None, ""
        room.history.clear()

    return commit


def _named(room: Room, seats: list[int]) -> list[Player]:
    """The players ``seats`` names (each once, each still here)."""
    named = [room.players[seat] if 0 <= seat < len(room.players) else None for seat in seats]
    if any(p is None or p.gone for p in named):
        raise RoomError(ErrorCode.BAD_REQUEST, NO_SUCH_SEAT)
    if len(set(seats)) != len(seats):
        raise RoomError(ErrorCode.BAD_REQUEST, NAME_EACH_SEAT_ONCE)
    return [p for p in named if p is not None]


def game_seats(room: Room) -> int:
    """How many seats the current game has: the seats that do not sit out (numbered first, so
    game seat k is room seat k); a seat that left stays, empty."""
    return sum(not p.sitting_out for p in room.players)


def playing(room: Room) -> list[Player]:
    """The players of the current game still here (not gone, not sitting out), in seat order."""
    return [p for p in room.players if not p.gone and not p.sitting_out]


def number_seats(room: Room) -> None:
    """Seats numbered 0… in the order people sit, the seats that sit out after every seat that
    plays."""
    place = {token: number for number, token in enumerate(room.party.around)}
    room.players.sort(key=lambda p: (p.sitting_out, place.get(p.token, len(place))))
    for number, player in enumerate(room.players):
        player.seat = number


def finished_now(room: Room) -> Finished | None:
    """The current game as the night counts it, if it is over."""
    if room.status is not Status.OVER or room.state is None:
        return None
    outcome = room.game.outcome(room.state, room.ended or Reason.RULES)
    return Finished.of(outcome, tuple(p.token for p in room.players if not p.sitting_out))


def close_game(room: Room) -> None:
    """The current game gives way to the next (a switch, a rematch): once over, it joins the
    night's record."""
    if (done := finished_now(room)) is not None:
        room.party.finished.append(done)


def standings(room: Room) -> list[Standing]:
    """The night's scoreboard (``view.room.night``): every finished game of the room, the
    current one too while it is over (an undo out of its end takes it off again)."""
    games = [*room.party.finished]
    if (current := finished_now(room)) is not None:
        games.append(current)
    return tally(games, {p.token: p.seat for p in room.players})
