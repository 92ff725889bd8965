"""``companion serve``: the entry point, and the only place that picks the async mode.

eventlet and gevent must monkey-patch the standard library before anything else imports it,
so this module imports the web layer only after patching.
"""

from __future__ import annotations

import argparse
import gc
import logging
import sys
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:  # imported for real only after patching (main)
    from flask import Flask
    from flask_socketio import SocketIO

ASYNC_MODES = ("eventlet", "gevent", "threading")
#: allocations between two collections of the youngest generation (Python's default: 700)
GC_YOUNG_THRESHOLD = 10_000


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="start the server")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    serve.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    serve.add_argument(
        "--db",
        default=None,
        help="SQLite file (default: companion.sqlite3 in the user data folder)",
    )
    serve.add_argument(
        "--public-url", default=None, help="base URL phones use (reverse proxy, tunnel)"
    )
    serve.add_argument("--async-mode", choices=ASYNC_MODES, default="eventlet")
    serve.add_argument(
        "--cors-origin",
        action="append",
        default=None,
        help="allow Socket.IO from this origin (repeatable; default: same origin only)",
    )
    serve.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        help="also answer to this host name (repeatable; IP addresses, localhost, this "
        "machine's name and the public URL's host always work)",
    )
    serve.add_argument(
        "--idle-expiry-minutes", type=float, default=120.0, help="close idle rooms (default 120)"
    )
    serve.add_argument(
        "--max-rooms",
        type=int,
        default=2000,
        help="rooms open at once; when full, the oldest unplayed ones give way (default 2000)",
    )
    serve.add_argument(
        "--behind-proxy",
        action="store_true",
        help="trust the X-Forwarded-For header of one reverse proxy in front of the server "
        "(per-address limits then count its clients, not the proxy)",
    )
    serve.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help="run as one of several processes behind nginx: rooms, leases and Socket.IO's "
        "message queue in this Redis (e.g. redis://127.0.0.1:6379/0; docs/cluster.md); "
        "without it: one process on SQLite",
    )
    put_back = commands.add_parser(
        "put-back",
        help="replay a set-aside room again on the next start (see /healthz for the list)",
    )
    put_back.add_argument("code", nargs="*", help="room codes (none: list the set-aside rooms)")
    put_back.add_argument("--db", default=None, help="SQLite file (default: as for serve)")
    put_back.add_argument("--redis", default=None, metavar="URL", help="the cluster's Redis")
    return parser.parse_args(argv)


def fail(message: str) -> NoReturn:
    """One line on stderr and exit status 2: no traceback for a problem the user can fix."""
    print("companion: " + " ".join(message.split()), file=sys.stderr)
    sys.exit(2)


def put_back(codes: Sequence[str], db: str | None, redis_url: str | None = None) -> int:
    """List the set-aside rooms, or mark the given ones live again for the next start."""
    from companion.store import SqliteStore, Store, StoreError, default_path
    from companion.store.redis import RedisStore

    try:
        store: Store = RedisStore(redis_url) if redis_url else SqliteStore(db or default_path())
    except StoreError as exc:
        fail(str(exc))
    try:
        if not codes:
            for room in store.aside_rooms():
                print(f"{room.code}  {room.game}  {room.reason}")
            return 0
        missing = [code for code in codes if not store.put_back(code.strip().upper())]
        for code in missing:
            print(f"{code}: no set-aside room with that code", file=sys.stderr)
        return 1 if missing else 0
    finally:
        store.close()


#: eventlet's import-time EventletDeprecationWarning (its message starts with a newline)
EVENTLET_BANNER = r"\s*Eventlet is deprecated"


def patch(mode: str) -> None:
    if mode == "eventlet":
        # eventlet stays the default async mode (the project asked for it; flask-socketio's best
        # WebSocket server here), so its import-time deprecation notice is no news to whoever
        # runs ``companion serve``: an eight-line banner right above the QR code reads like an
        # error. Only that warning is silenced (matched by its text: its class lives inside the
        # eventlet package, which the filter must come before); every other warning still shows.
        warnings.filterwarnings("ignore", message=EVENTLET_BANNER, category=Warning)
        import eventlet

        eventlet.monkey_patch()
    elif mode == "gevent":
        from gevent import monkey

        monkey.patch_all()


def main(argv: Sequence[str] | None = None) -> None:
    args = parse(argv)
    if args.command == "put-back":
        sys.exit(put_back(args.code, args.db, args.redis))
    patch(args.async_mode)
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    # no line per request (as under eventlet and gevent): a flood must not flood the log
    logging.getLogger("werkzeug").setLevel(logging.WARNING)

    from companion.web.app import warm_up
    from companion.web.network import public_url
    from companion.web.qr import qr_text

    url = public_url(args.host, args.port, args.public_url)
    app, socketio = start(serve_config(args, url))
    print(qr_text(url + "/"), flush=True)
    print(f"companion is up: open {url}/ on the TV, phones scan the room's QR code.", flush=True)
    if args.redis:
        where = f"Redis {args.redis}, process {app.config['PROCESS_ID']}"
    else:
        where = f"database: {app.config['DB_PATH']}"
    print(f"(async mode: {args.async_mode}; {where})")
    sys.stdout.flush()
    tame_garbage_collector()
    extra: dict[str, Any] = {}
    if args.async_mode == "eventlet":
        from companion.web.transport import POOL_SIZE

        extra["max_size"] = POOL_SIZE  # eventlet's default pool capped a process at ~146 rooms
        from companion.web.connections import CONNECTIONS_PER_ADDRESS, guarded_protocol

        # slowloris: a deadline for the headers, a cap on connections per address (behind a
        # proxy every connection is the proxy's: its own limits apply, docs/hosting.md)
        per_address = None if args.behind_proxy else CONNECTIONS_PER_ADDRESS
        extra["protocol"] = guarded_protocol(per_address)
    # once it listens: the start is not delayed, and people need seconds to reach the TV
    socketio.start_background_task(warm_up, app)
    socketio.run(app, host=args.host, port=args.port, allow_unsafe_werkzeug=True, **extra)


def serve_config(args: argparse.Namespace, url: str) -> dict[str, Any]:
    """The app's configuration from ``serve``'s arguments (after patching)."""
    config = {
        "PUBLIC_URL": url,
        "ASYNC_MODE": args.async_mode,
        "CORS_ORIGINS": args.cors_origin,
        "ALLOWED_HOSTS": tuple(args.allowed_host),
        "IDLE_EXPIRY_MS": args.idle_expiry_minutes * 60_000,
        "BEHIND_PROXY": args.behind_proxy,
        "MAX_ROOMS": args.max_rooms,
    }
    if args.db:
        config["DB_PATH"] = args.db
    if args.redis:
        from companion.web.cluster import process_id

        config["REDIS_URL"] = args.redis
        config["PROCESS_ID"] = process_id(args.port)
    if args.async_mode == "eventlet":
        from eventlet import tpool
        from eventlet.hubs import trampoline

        wait_on_disk(config, args, lambda fd: trampoline(fd, read=True), tpool.execute)
    elif args.async_mode == "gevent":
        import gevent
        from gevent.socket import wait_read

        wait_on_disk(config, args, wait_read, lambda f: gevent.get_hub().threadpool.apply(f))
    return config


def wait_on_disk(
    config: dict[str, Any],
    args: argparse.Namespace,
    wait_readable: Callable[[int], object],
    run_blocking: Callable[[Callable[[], Any]], Any],
) -> None:
    """The group commit waits for the disk while the other rooms play on: for the kernel's fsync
    on the loop's hub, like for a socket (no native thread, no interpreter lock passed to and
    fro), where Linux has it; else in a native thread (as do the log's checkpoints)."""
    from companion.store.kernel_fsync import kernel_fsync

    if not args.redis:  # (in a cluster Redis makes each write durable)
        config["FSYNC"] = kernel_fsync(wait_readable)
    config["RUN_BLOCKING"] = run_blocking


def start(config: dict[str, Any]) -> tuple[Flask, SocketIO]:
    """The app, or one line and exit status 2 when its store cannot be opened. A damaged
    SQLite file is moved aside, and the server starts on an empty one."""
    from companion.store import StoreError, default_path
    from companion.store.sqlite import CorruptDatabase, move_aside
    from companion.web import create_app

    try:
        try:
            return create_app(config)
        except CorruptDatabase as exc:
            if not exc.damaged_sqlite:
                fail(f"{exc}; choose another file with --db, or move this one away")
            path = Path(config.get("DB_PATH") or default_path())
            kept = move_aside(path)
            print(
                f"companion: {' '.join(str(exc).split())}; "
                f"it was moved to {kept} and the server starts with an empty database",
                file=sys.stderr,
                flush=True,
            )
            return create_app(config)
    except StoreError as exc:
        fail(str(exc))


def tame_garbage_collector() -> None:
    """Keep the collector's pauses out of the arm-to-view tail (docs/architecture.md,
    "Capacity"): everything alive after start-up (modules, the app, the rooms just rebuilt)
    lives as long as the process, so it is frozen out of every later pass; and the youngest
    generation is collected every 10,000 allocations instead of 700, since a view's many small
    dicts and lists die young without any cycle."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
