"""Security on every HTTP answer: the pages run only our own scripts, are never framed, leak
nothing through the Referer header, and answer only to host names the server knows."""

from __future__ import annotations

from flask import Response, jsonify, request

from companion.engine import ErrorCode
from companion.rooms import RoomError
from companion.web.network import host_allowed

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


def secure(response: Response) -> Response:
    """Flask ``after_request`` hook: add the headers an answer does not set itself."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def refuse_unknown_host(names: frozenset[str]) -> tuple[Response, int] | None:
    """Flask ``before_request`` hook: a request for a host name the server does not answer to
    (DNS rebinding from a page on another site) gets a JSON error and nothing else."""
    if host_allowed(request.host, names):
        return None
    error = RoomError(ErrorCode.FORBIDDEN, "Unknown host name: open the address the TV shows.")
    return jsonify(error.as_ack()), 421
