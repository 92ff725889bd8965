"""The application factory: ``create_app(config)`` wires store, rooms, routes and sockets."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask, Response
from flask_babel import get_translations
from flask_compress import Compress
from flask_socketio import SocketIO
from werkzeug.middleware.proxy_fix import ProxyFix

from companion.games.registry import GAMES
from companion.rooms import RoomService, ServiceConfig
from companion.store import SqliteStore, Store, default_path
from companion.store.redis import RedisStore
from companion.web import cluster, errors, http, i18n, install, modules, sockets
from companion.web.gate import Gate, Limits, Notes
from companion.web.help import help_for
from companion.web.network import host_names
from companion.web.paths import asset_dir
from companion.web.qr import qr_svg
from companion.web.ratelimit import Lookups, RateLimiter
from companion.web.ticker import start_ticker
from companion.web.transport import JsonPacket, engine

DEFAULTS: dict[str, Any] = {
    "DB_PATH": None,  # default: the user's data folder (companion.store.default_path())
    "PUBLIC_URL": "http://localhost:5000",
    "ASYNC_MODE": None,  # let Flask-SocketIO pick what is installed (eventlet first)
    "CORS_ORIGINS": None,  # None: same origin only; a list, or "*" behind a proxy
    "ALLOWED_HOSTS": (),  # host names answered besides localhost, this machine, the public URL
    # trust the X-Forwarded-For of one reverse proxy in front: per-address limits then count
    # the proxy's clients, not the proxy
    "BEHIND_PROXY": False,
    "IDLE_EXPIRY_MS": 2 * 60 * 60 * 1000,
    # Socket.IO frames, weighed by the gate before any handler starts (companion/web/gate.py)
    "RATE_PER_SECOND": 20.0,
    "RATE_BURST": 40.0,
    "ADDRESS_RATE_PER_SECOND": 100.0,  # all connections of one address together
    "ADDRESS_RATE_BURST": 200.0,
    "MAX_IN_FLIGHT": 8,  # handlers running at once per connection
    "REFUSALS_BEFORE_CLOSE": 200.0,  # refused frames, forgiven at RATE_PER_SECOND
    # frames read from one address (refused ones too): past it its sockets are not read
    "ADDRESS_READS_PER_SECOND": 100.0,
    "ADDRESS_READS_BURST": 200.0,
    # of those, what each address is read without asking; beyond it, frames come out of one
    # spare budget for all addresses together (a few flooding addresses cost one's worth)
    "ADDRESS_READS_SHARE": 20.0,
    "ADDRESS_READS_SHARE_BURST": 40.0,
    "SPARE_READS_PER_SECOND": 100.0,
    "SPARE_READS_BURST": 200.0,
    "CONNECTIONS_PER_ADDRESS": 100,  # open at once
    "CONNECTS_PER_SECOND": 2.0,  # new connections per address, with bursts of CONNECTS_BURST
    "CONNECTS_BURST": 100.0,
    # HTTP requests per address (pages, assets, API, Socket.IO polling and upgrades)
    "HTTP_PER_SECOND": 50.0,
    "HTTP_BURST": 300.0,
    # room codes that miss (HTTP and Socket.IO together) per address: guessing takes days
    "LOOKUP_MISSES_PER_MINUTE": 5.0,
    "LOOKUP_MISSES_BURST": 10.0,
    # room creation per client address: a party makes a few rooms, a script makes thousands
    "ROOMS_PER_MINUTE": 10.0,
    "ROOMS_BURST": 20.0,
    "MAX_ROOMS": 2000,
    # rooms in the lobby with nobody seated one address may hold at once (issue 24)
    "UNPLAYED_ROOMS_PER_ADDRESS": 10,
    "MAX_PAYLOAD_BYTES": 4096,
    "MAX_CONTENT_LENGTH": 64 * 1024,  # HTTP request bodies (Flask answers 413 beyond)
    "TICK_SECONDS": 0.02,
    # runs a function that waits for the disk (the group commit's fsync) where it blocks nobody
    # else; `companion serve` gives eventlet's native-thread pool. None: run it in place.
    "RUN_BLOCKING": None,
    # the kernel's fsync of the SQLite log after each commit (companion/store/kernel_fsync.py),
    # waiting green; `companion serve` gives it under eventlet on Linux. None: SQLite's own.
    "FSYNC": None,
    # one process of several behind nginx (companion/web/cluster.py): the Redis URL for the
    # store, the leases and Socket.IO's message queue; None: one process on SQLite
    "REDIS_URL": None,
    "PROCESS_ID": None,  # this process' name in the cluster (default: host:port:pid)
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


def limits(config: dict[str, Any]) -> Limits:
    return Limits(
        rate=config["RATE_PER_SECOND"],
        burst=config["RATE_BURST"],
        address_rate=config["ADDRESS_RATE_PER_SECOND"],
        address_burst=config["ADDRESS_RATE_BURST"],
        in_flight=config["MAX_IN_FLIGHT"],
        refusals=config["REFUSALS_BEFORE_CLOSE"],
        reads=config["ADDRESS_READS_PER_SECOND"],
        reads_burst=config["ADDRESS_READS_BURST"],
        share=config["ADDRESS_READS_SHARE"],
        share_burst=config["ADDRESS_READS_SHARE_BURST"],
        spare=config["SPARE_READS_PER_SECOND"],
        spare_burst=config["SPARE_READS_BURST"],
        connections=config["CONNECTIONS_PER_ADDRESS"],
        connect_rate=config["CONNECTS_PER_SECOND"],
        connect_burst=config["CONNECTS_BURST"],
        max_bytes=config["MAX_PAYLOAD_BYTES"],
    )


COMPRESSED_TYPES = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
]


def create_app(config: dict[str, Any] | None = None) -> tuple[Flask, SocketIO]:
    app = Flask(
        __name__,
        static_folder=str(asset_dir("static")),
        template_folder=str(asset_dir("templates")),
        instance_relative_config=True,
    )
    app.config.update(DEFAULTS)
    app.config.update(config or {})
    store, leases = open_store(app)
    service = RoomService(
        store,
        GAMES,
        ServerClock(),
        ServiceConfig(
            public_url=app.config["PUBLIC_URL"].rstrip("/"),
            idle_expiry_ms=app.config["IDLE_EXPIRY_MS"],
            max_rooms=app.config["MAX_ROOMS"],
            unplayed_rooms_per_address=app.config["UNPLAYED_ROOMS_PER_ADDRESS"],
            languages=i18n.languages(),
        ),
        leases,
    )
    app.extensions["companion"] = service
    app.extensions["companion_room_limiter"] = RateLimiter(
        app.config["ROOMS_PER_MINUTE"] / 60.0, app.config["ROOMS_BURST"]
    )
    lookups = Lookups(app.config["LOOKUP_MISSES_PER_MINUTE"], app.config["LOOKUP_MISSES_BURST"])
    app.extensions["companion_lookups"] = lookups
    names = host_names(app.config["PUBLIC_URL"], app.config["ALLOWED_HOSTS"])
    socketio, gate = socket_server(app, names)
    serve_http(app)
    sockets.register(socketio, gate, service, lookups, names)
    renew = None if leases is None else join_cluster(app, socketio, service, leases)
    start_ticker(socketio, service, app.config["TICK_SECONDS"], renew, cluster.RENEW_SECONDS)
    return app, socketio


def warm_up(app: Flask) -> None:
    """Do now, before anyone waits (``companion serve`` runs it as soon as it listens), what
    the first room of the evening would otherwise wait for: every page template compiled (Jinja
    compiles one at its first use: a tenth of a second or more each on a busy 2-core machine,
    paid by the first TV and the first phone), each language's translation bundles and every
    game's help in it built, the pages' module graphs read, a first QR code drawn."""
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)
    for lang in i18n.languages():
        for name in i18n.bundle_names():
            i18n.bundle(lang, name)
        for game in GAMES.values():
            help_for(game, lang)
        # the server's own pages in that language: flask-babel reads its catalogue once
        with app.test_request_context(f"/?lang={lang}"):
            get_translations()
    modules.warm_up(app)
    qr_svg(app.config["PUBLIC_URL"].rstrip("/") + "/")


def open_store(app: Flask) -> tuple[Store, cluster.Leases | None]:
    """The SQLite store, or in a cluster the Redis store and this process' leases."""
    db_path = app.config["DB_PATH"] or default_path()
    if str(db_path) != ":memory:":
        db_path = Path(db_path).absolute()
    app.config["DB_PATH"] = db_path  # the file actually used, for `companion serve` to print
    redis_url = app.config["REDIS_URL"]
    if not redis_url:
        store = SqliteStore(
            db_path, run_blocking=app.config["RUN_BLOCKING"], fsync=app.config["FSYNC"]
        )
        app.extensions["companion_damaged_log"] = store.damaged_log
        app.extensions["companion_fsync"] = store.fsync
        return store, None
    owner = app.config["PROCESS_ID"] or cluster.process_id(0)
    app.config["PROCESS_ID"] = owner
    return RedisStore(redis_url, owner=owner), cluster.Leases(redis_url, owner)


def socket_server(app: Flask, names: frozenset[str]) -> tuple[SocketIO, Gate]:
    """Flask-SocketIO on the app, every frame weighed by the gate first; every HTTP request
    (Engine.IO's included) checked for its host name and rate, every answer given the security
    headers (Gate.guard_http)."""
    socketio = SocketIO(
        app,
        async_mode=app.config["ASYNC_MODE"],
        cors_allowed_origins=app.config["CORS_ORIGINS"],
        # the largest frame or polling request: a payload of MAX_PAYLOAD_BYTES characters in
        # any encoding; a larger frame closes the connection before it is even read
        max_http_buffer_size=4 * app.config["MAX_PAYLOAD_BYTES"] + 1024,
        # in a cluster every emit goes through Redis, to whichever process holds the socket
        message_queue=app.config["REDIS_URL"],
    )
    engine(socketio).packet_class = JsonPacket  # no binary scan of JSON-only packets
    gate = Gate(engine(socketio), limits(app.config), Notes())
    app.wsgi_app = gate.guard_http(  # type: ignore[method-assign, assignment]
        app.wsgi_app, app.config["HTTP_PER_SECOND"], app.config["HTTP_BURST"], names
    )
    return socketio, gate


def serve_http(app: Flask) -> None:
    """The routes, translations, JSON errors and compression (the Host check and the security
    headers are the gate's middleware's, in front of Engine.IO too)."""
    if app.config["BEHIND_PROXY"]:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1)  # type: ignore[method-assign]
    app.register_blueprint(http.blueprint)
    app.register_blueprint(install.blueprint)
    i18n.init_app(app)
    modules.init_app(app)
    errors.register(app)
    # Pages, scripts, styles, SVGs and JSON go out compressed: a phone's first load on a busy
    # party Wi-Fi is a third of the bytes (the Socket.IO traffic itself is not touched).
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED_TYPES)
    Compress(app)


def join_cluster(
    app: Flask, socketio: SocketIO, service: RoomService, leases: cluster.Leases
) -> Callable[[], None]:
    """Every answer names this process; the returned function renews the held leases and
    drops the rooms whose lease is gone (the ticker calls it)."""
    process = app.config["PROCESS_ID"]

    def name_the_process(response: Response) -> Response:
        response.headers[cluster.PROCESS_HEADER] = process
        return response

    app.after_request(name_the_process)

    def drop(codes: list[str]) -> None:
        sockets.drop_connections(socketio, service.drop(codes))

    return cluster.renewer(leases, service.owned, drop)
