"""The address phones should use to reach this machine."""

from __future__ import annotations

import socket


def lan_address() -> str:
    """This machine's address on its local network (127.0.0.1 if it has none).

    Connecting a UDP socket sends nothing; it only asks the kernel which interface would
    route to a private address, and that interface's address is what phones can reach.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def public_url(host: str, port: int, override: str | None = None) -> str:
    """The base URL that goes into join links and QR codes.

    >>> public_url("0.0.0.0", 5000, "https://games.example.org/")
    'https://games.example.org'
    >>> public_url("192.168.1.20", 8080)
    'http://192.168.1.20:8080'
    """
    if override:
        return override.rstrip("/")
    if host in ("0.0.0.0", "::", ""):
        host = lan_address()
    return f"http://{host}:{port}"
