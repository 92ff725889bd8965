"""Security headers on every HTTP answer: the pages run only our own scripts, are never framed,
and leak nothing through the Referer header."""

from __future__ import annotations

from flask import Response

#: Scripts only from this origin (no inline script, no eval); inline style *attributes* stay
#: allowed because a few animations set their delay that way. Socket.IO connects to 'self'.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
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
