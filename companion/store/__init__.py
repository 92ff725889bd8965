"""Durable room logs: every accepted event is appended before it is acknowledged."""

from companion.store.base import Store, StoredRoom
from companion.store.sqlite import SqliteStore

__all__ = ["SqliteStore", "Store", "StoredRoom"]
