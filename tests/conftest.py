"""Shared fixtures: a live server per test module or per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import RedisServer
from tests.support import LiveServer, Peer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "companion.sqlite3").start()
    yield live
    live.stop()


@pytest.fixture
def peers(server: LiveServer) -> Iterator[list[Peer]]:
    """Append Peer(server.url) objects here; they are disconnected after the test."""
    made: list[Peer] = []
    yield made
    for peer in made:
        peer.close()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """One real redis-server for the session (skipped, or failed in CI, when not installed)."""
    live = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield live
    live.stop()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The session's Redis, emptied for this test."""
    import redis

    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    client.close()
    return redis_server.url
