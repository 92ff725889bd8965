"""Security on every HTTP answer: the pages run only our own scripts, are never framed, leak
nothing through the Referer header, and answer only to host names the server knows. The gate's
WSGI middleware (companion.web.gate.Gate.guard_http) applies them in front of Flask and
Engine.IO alike, so the Socket.IO handshake and its polling answers are covered too."""

from __future__ import annotations

from typing import Any

from companion.engine import ErrorCode
from companion.rooms import RoomError

#: Scripts only from this origin (no inline script, no eval); inline style *attributes* stay
#: allowed because a few animations set their delay that way. Socket.IO connects to 'self'.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        # the service worker (static/js/sw.js, served as /sw.js) and the web app manifest
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}


#: the answer to a request for a host name the server does not answer to
UNKNOWN_HOST = RoomError(ErrorCode.FORBIDDEN, "Unknown host name: open the address the TV shows.")


def with_headers(headers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """An answer's headers with those of HEADERS it does not set itself.

    >>> [name for name, _ in with_headers([("X-Frame-Options", "SAMEORIGIN")])][:2]
    ['X-Frame-Options', 'Content-Security-Policy']
    """
    present = {name.lower() for name, _ in headers}
    return [*headers, *((n, v) for n, v in HEADERS.items() if n.lower() not in present)]


def request_host(environ: dict[str, Any]) -> str:
    """The host a WSGI request names (its Host header; without one, the server's address,
    which is an IP address and so always allowed: companion.web.network.host_allowed).

    >>> request_host({"HTTP_HOST": "evil.example"}), request_host({"SERVER_NAME": "127.0.0.1"})
    ('evil.example', '127.0.0.1')
    """
    return str(environ.get("HTTP_HOST") or environ.get("SERVER_NAME") or "")
