"""TCP connections to eventlet's web server (``companion serve``'s default): how many one address
may hold open, and how long a request may take to send its request line and headers.

Without these, one address held 300 half-sent requests open for as long as it liked (slowloris,
issue 24): each holds a green thread and a file descriptor. The WSGI middleware cannot help, as
it only runs once the headers are in; so the web server's protocol class does it:

- a request's line and headers must arrive within ``header_seconds`` of the connection being
  ready for it (the wait for a kept-alive connection's next request included): otherwise the
  connection is closed without an answer;
- an address with ``per_address`` connections open gets a bare ``429`` on the next one, which
  is then closed.

Behind a reverse proxy every connection comes from the proxy: there the proxy's own limits
apply (docs/hosting.md: nginx's ``limit_conn`` and ``client_header_timeout``) and the
per-address cap is off here.
"""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from typing import Any

from companion.engine import ErrorCode
from companion.rooms import RoomError
from companion.web.headers import HEADERS
from companion.web.network import client_address

#: the request line and headers must be in within this many seconds
HEADER_SECONDS = 10.0
#: TCP connections (WebSockets, polling, pages) one address may hold open at once: above the
#: gate's 100 sockets, plus what a party's browsers keep alive besides
CONNECTIONS_PER_ADDRESS = 160


class HeaderTimeout(Exception):
    """The request line and headers did not arrive in time."""


def refusal() -> bytes:
    """The whole HTTP answer for a connection over its address's cap."""
    body = json.dumps(
        RoomError(ErrorCode.RATE_LIMITED, "Too many requests from here: slow down.").as_ack()
    ).encode()
    head = [
        "HTTP/1.1 429 Too Many Requests",
        "Content-Type: application/json",
        f"Content-Length: {len(body)}",
        "Connection: close",
        *(f"{name}: {value}" for name, value in HEADERS.items()),
    ]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


def guarded_protocol(
    per_address: int | None = CONNECTIONS_PER_ADDRESS, header_seconds: float = HEADER_SECONDS
) -> type[Any]:
    """eventlet's HttpProtocol with the header deadline and (unless None) the per-address cap;
    pass it as ``protocol=`` to ``eventlet.wsgi.server``."""
    import eventlet  # only in eventlet mode, once it has patched the standard library
    import eventlet.wsgi

    open_by_address: Counter[str] = Counter()
    answer = refusal()

    class Guarded(eventlet.wsgi.HttpProtocol):  # type: ignore[misc]
        def handle(self) -> None:
            address = client_address(str(self.client_address[0]))
            if per_address is not None and open_by_address[address] >= per_address:
                self.close_connection = 1
                with contextlib.suppress(OSError):  # it may be gone already
                    self.connection.sendall(answer)
                return
            open_by_address[address] += 1
            try:
                super().handle()
            finally:
                open_by_address[address] -= 1
                if open_by_address[address] <= 0:
                    del open_by_address[address]

        def handle_one_request(self) -> None:
            self._deadline = eventlet.Timeout(header_seconds, HeaderTimeout)
            try:
                super().handle_one_request()
            except HeaderTimeout:
                self.close_connection = 1
            finally:
                self._deadline.cancel()

        def get_environ(self) -> Any:
            # the line and headers are in: the request itself (a WebSocket's whole life, a
            # long-polling wait) is not under the deadline
            self._deadline.cancel()
            return super().get_environ()

    return Guarded
