"""HTTP routes: the pages, the small JSON API and the QR code (docs/protocol.md, "HTTP")."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from flask import (
    Blueprint,
    Response,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
)
from flask.typing import ResponseReturnValue
from flask_babel import get_locale

from companion.engine import ErrorCode, Game, describe_box
from companion.games.registry import GAMES
from companion.rooms import Outbound, RoomError, RoomService
from companion.web.cluster import waiting_for_the_lease
from companion.web.help import help_for
from companion.web.network import client_address
from companion.web.qr import qr_svg
from companion.web.ratelimit import Lookups, RateLimiter
from companion.web.sockets import deliver

blueprint = Blueprint("companion", __name__)
T = TypeVar("T")


def _service() -> RoomService:
    service: RoomService = current_app.extensions["companion"]
    return service


def _look_up(find: Callable[[], T]) -> T:
    """A room look-up by code: a miss counts against this address (companion.web.ratelimit)."""
    lookups: Lookups = current_app.extensions["companion_lookups"]
    address = client_address(request.remote_addr)
    sleep = current_app.extensions["socketio"].sleep
    return waiting_for_the_lease(lambda: lookups.look_up(address, find), sleep, time.monotonic)


def describe(game: Game[Any]) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "first_player": game.has_first_player,
        "options": [option.describe() for option in game.options],
        "box": describe_box(game.box),
    }


@blueprint.get("/")
def home() -> str:
    return render_template("home.html", games=[describe(g) for g in GAMES.values()])


@blueprint.get("/api/games")
def games() -> Response:
    return jsonify([describe(g) for g in GAMES.values()])


@blueprint.get("/api/games/<game_id>/reference")
def game_reference(game_id: str) -> Response:
    """A game's static reference data (e.g. role reminders): fetched once by the pages."""
    game = GAMES.get(game_id)
    if game is None:
        raise RoomError(ErrorCode.UNKNOWN_GAME, "There is no such game.")
    response = jsonify(game.reference())
    response.cache_control.public = True
    response.cache_control.max_age = 3600
    return response


@blueprint.post("/api/rooms")
def create_room() -> tuple[Response, int]:
    limiter: RateLimiter = current_app.extensions["companion_room_limiter"]
    address = client_address(request.remote_addr)
    if not limiter.allow(address):
        raise RoomError(ErrorCode.RATE_LIMITED, "Too many new rooms from here: wait a minute.")
    body = request.get_json(silent=True)
    if body is None:
        raise RoomError(ErrorCode.BAD_REQUEST, 'Send a JSON object such as {"game": "buzzer"}.')
    evicted: list[Outbound] = []
    try:
        created = _service().create_room(body, creator=address, evicted=evicted)
    finally:  # the members of rooms that gave way are told, whatever became of this one
        deliver(current_app.extensions["socketio"], evicted)
    return jsonify(created), 201


@blueprint.get("/api/rooms/<code>")
def room_summary(code: str) -> Response:
    return jsonify(_look_up(lambda: _service().summary(code)))


@blueprint.get("/api/rooms/<code>/qr.svg")
def room_qr(code: str) -> Response:
    summary = _look_up(lambda: _service().summary(code))
    svg = qr_svg(_service().join_url(summary["code"]))
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "no-cache"})


@blueprint.get("/api/rooms/<code>/handoff/<handoff>.svg")
def handoff_qr(code: str, handoff: str) -> Response:
    """The QR code the TV shows to move a seat to another phone (single use, short-lived)."""
    svg = qr_svg(_look_up(lambda: _service().handoff_url(code, handoff)))
    return Response(svg, mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


def _page(template: str, code: str) -> ResponseReturnValue:
    canonical = code.strip().upper()
    if current_app.config["REDIS_URL"] and canonical != code and canonical.isalpha():
        # nginx hashes on the code as written: one spelling per room keeps its page and its
        # sockets (?room=<CODE>, upper case) on the same process
        return redirect(f"{request.path.rsplit('/', 1)[0]}/{canonical}", 308)
    try:
        game = _look_up(lambda: _service().room_game(code))
    except RoomError as exc:
        if exc.code is not ErrorCode.UNKNOWN_ROOM:
            raise
        return render_template(template, code=code.upper()[:8], game=None), 404
    lang = str(get_locale() or "en")
    page = render_template(
        template, code=code.upper(), game=describe(game), help=help_for(game, lang)
    )
    return page, 200


@blueprint.get("/host/<code>")
def host_page(code: str) -> ResponseReturnValue:
    return _page("host.html", code)


@blueprint.get("/j/<code>")
def join_page(code: str) -> ResponseReturnValue:
    return _page("join.html", code)


@blueprint.get("/healthz")
def health() -> Response:
    """The server is up; ``set_aside`` lists the rooms whose log no longer replays (kept in the
    database, not loaded), ``damaged_log`` the write-ahead log found damaged at start (why, and
    where its files were copied): the server is healthy all the same. ``fsync`` says who makes
    the SQLite commits durable (``kernel`` or ``sqlite``; null with Redis)."""
    service = _service()
    damaged = current_app.extensions.get("companion_damaged_log")
    return jsonify(
        damaged_log=None if damaged is None else {"reason": damaged.reason, "copy": damaged.copy},
        fsync=current_app.extensions.get("companion_fsync"),
        ok=True,
        process=current_app.config["PROCESS_ID"],
        rooms=len(service.rooms),
        async_mode=current_app.extensions["socketio"].async_mode,
        set_aside=[
            {"code": room.code, "game": room.game, "reason": room.reason} for room in service.aside
        ],
    )
