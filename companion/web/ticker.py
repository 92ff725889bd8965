"""The background scheduler: fires game deadlines and expires idle rooms.

It runs as a Socket.IO background task, so it is a green thread under eventlet or gevent and
a daemon thread in threading mode; the room layer never sees which.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from flask_socketio import SocketIO

from companion.rooms import RoomService
from companion.web.sockets import deliver
from companion.web.transport import sleep

log = logging.getLogger(__name__)


def start_ticker(
    socketio: SocketIO,
    service: RoomService,
    seconds: float,
    renew: Callable[[], None] | None = None,
    renew_seconds: float = 1.0,
) -> None:
    """``renew``: in a cluster, renews this process' room leases (companion/web/cluster.py),
    called about every ``renew_seconds``."""

    def loop() -> None:
        renewed = time.monotonic()
        while True:
            sleep(socketio, seconds)
            try:
                deliver(socketio, service.tick())
            except Exception:  # the ticker must outlive any one bad tick
                log.exception("tick failed")
            if renew is not None and time.monotonic() - renewed >= renew_seconds:
                renewed = time.monotonic()
                try:
                    renew()
                except Exception:
                    log.exception("lease renewal failed")

    socketio.start_background_task(loop)
