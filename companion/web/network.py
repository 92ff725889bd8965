"""The address phones should use to reach this machine."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from urllib.parse import urlsplit


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


def host_allowed(host_header: str, names: frozenset[str]) -> bool:
    """Whether a request's ``Host`` may reach the server.

    An IP address cannot be re-bound by DNS, so any is fine; a name must be one the server
    answers to (the public URL's host, localhost, this machine's name, ``--allowed-host``).
    Anything else is a page on another site trying to reach us through DNS rebinding.

    >>> names = frozenset({"localhost", "games.example.org"})
    >>> [host_allowed(h, names) for h in ("192.168.1.20:5000", "[::1]:5000", "GAMES.example.org")]
    [True, True, True]
    >>> host_allowed("attacker.example:5000", names), host_allowed("", names)
    (False, False)
    """
    host = host_header.strip().lower()
    if host.startswith("["):  # [v6]:port
        host = host[1 : host.find("]")] if "]" in host else ""
    elif host.count(":") == 1:
        host = host.partition(":")[0]
    if not host:
        return False
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return host.rstrip(".") in names
    return True


def client_address(remote: str | None) -> str:
    """The key under which per-address limits count a client: its IPv4 address, or the /64
    network of an IPv6 one (a single device can pick any address in its /64 at will).

    >>> [client_address(a) for a in ("192.168.1.20", "::ffff:10.0.0.7", "fe80::1:2:3:4", None)]
    ['192.168.1.20', '10.0.0.7', 'fe80::/64', '?']
    """
    try:
        address = ipaddress.ip_address((remote or "").split("%")[0])
    except ValueError:
        return remote or "?"
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def host_names(public: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The names the server answers to: localhost, this machine's name (and ``.local``), the
    public URL's host and the extra ones given."""
    machine = socket.gethostname().lower()
    names = {"localhost", machine, f"{machine}.local", urlsplit(public).hostname or ""}
    return frozenset(n.lower() for n in (*names, *extra) if n)
