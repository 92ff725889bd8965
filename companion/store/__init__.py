"""Durable room logs: every accepted event is appended before it is acknowledged."""

from companion.store.base import AsideRoom, Store, StoreConflict, StoredRoom, StoreError
from companion.store.sqlite import SqliteStore, default_path

__all__ = [
    "AsideRoom",
    "SqliteStore",
    "Store",
    "StoreConflict",
    "StoreError",
    "StoredRoom",
    "default_path",
]
