"""The room service's settings (``companion serve`` fills them from its options)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ServiceConfig:
    public_url: str = "http://localhost:5000"
    #: a room with no activity for this long is closed (2 hours)
    idle_expiry_ms: float = 2 * 60 * 60 * 1000
    #: a room still in the lobby closes sooner (30 minutes, never later than idle_expiry_ms)
    lobby_expiry_ms: float = 30 * 60 * 1000
    #: rooms open at once; past this the oldest unplayed rooms give way to a new one, and
    #: creating one is refused only when every open room is in play
    max_rooms: int = 2000
    #: unplayed rooms (in the lobby, nobody seated) one address may hold open at once: a few
    #: addresses cannot fill the server with empty rooms (issue 24)
    unplayed_rooms_per_address: int = 10
    #: the languages a host may make the room's default (the web layer passes its catalogues')
    languages: tuple[str, ...] = ("en",)

    def join_url(self, code: str) -> str:
        """The address the room's QR code opens (the phone page)."""
        return f"{self.public_url}/j/{code}"
