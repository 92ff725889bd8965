"""The application factory: ``create_app(config)`` wires store, rooms, routes and sockets."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from flask import Flask
from flask_socketio import SocketIO

from companion.games.registry import GAMES
from companion.rooms import RoomService, ServiceConfig
from companion.store import SqliteStore, default_path
from companion.web import http, sockets
from companion.web.headers import refuse_unknown_host, secure
from companion.web.network import host_names
from companion.web.paths import asset_dir
from companion.web.ratelimit import RateLimiter
from companion.web.ticker import start_ticker

DEFAULTS: dict[str, Any] = {
    "DB_PATH": None,  # default: the user's data folder (companion.store.default_path())
    "PUBLIC_URL": "http://localhost:5000",
    "ASYNC_MODE": None,  # let Flask-SocketIO pick what is installed (eventlet first)
    "CORS_ORIGINS": None,  # None: same origin only; a list, or "*" behind a proxy
    "ALLOWED_HOSTS": (),  # host names answered besides localhost, this machine, the public URL
    "IDLE_EXPIRY_MS": 2 * 60 * 60 * 1000,
    "RATE_PER_SECOND": 20.0,
    "RATE_BURST": 40.0,
    # room creation per client address: a party makes a few rooms, a script makes thousands
    "ROOMS_PER_MINUTE": 10.0,
    "ROOMS_BURST": 20.0,
    "MAX_ROOMS": 2000,
    "MAX_PAYLOAD_BYTES": 4096,
    "TICK_SECONDS": 0.02,
}


class ServerClock:
    """Server time in milliseconds: wall-clock at start, then steady.

    Anchoring on the wall clock keeps deadlines meaningful across a restart; advancing with
    the monotonic clock keeps round trips and press times immune to clock adjustments.
    """

    def __init__(self) -> None:
        self._wall = time.time() * 1000.0
        self._start = time.monotonic()

    def __call__(self) -> float:
        return self._wall + (time.monotonic() - self._start) * 1000.0


def create_app(config: dict[str, Any] | None = None) -> tuple[Flask, SocketIO]:
    app = Flask(
        __name__,
        static_folder=str(asset_dir("static")),
        template_folder=str(asset_dir("templates")),
        instance_relative_config=True,
    )
    app.config.update(DEFAULTS)
    app.config.update(config or {})
    db_path = app.config["DB_PATH"] or default_path()
    if str(db_path) != ":memory:":
        db_path = Path(db_path).absolute()
    app.config["DB_PATH"] = db_path  # the file actually used, for `companion serve` to print

    service = RoomService(
        SqliteStore(db_path),
        GAMES,
        ServerClock(),
        ServiceConfig(
            public_url=app.config["PUBLIC_URL"].rstrip("/"),
            idle_expiry_ms=app.config["IDLE_EXPIRY_MS"],
            max_rooms=app.config["MAX_ROOMS"],
        ),
    )
    app.extensions["companion"] = service
    app.extensions["companion_room_limiter"] = RateLimiter(
        app.config["ROOMS_PER_MINUTE"] / 60.0, app.config["ROOMS_BURST"]
    )

    socketio = SocketIO(
        app,
        async_mode=app.config["ASYNC_MODE"],
        cors_allowed_origins=app.config["CORS_ORIGINS"],
        max_http_buffer_size=64 * 1024,
    )
    app.register_blueprint(http.blueprint)
    app.after_request(secure)
    limiter = RateLimiter(app.config["RATE_PER_SECOND"], app.config["RATE_BURST"])
    names = host_names(app.config["PUBLIC_URL"], app.config["ALLOWED_HOSTS"])
    app.before_request(lambda: refuse_unknown_host(names))
    sockets.register(socketio, service, limiter, app.config["MAX_PAYLOAD_BYTES"], names)
    start_ticker(socketio, service, app.config["TICK_SECONDS"])
    return app, socketio
