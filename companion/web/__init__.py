"""The transport: HTTP routes, Socket.IO handlers, QR codes and the background ticker."""

from companion.web.app import create_app

__all__ = ["create_app"]
