"""Shared fixtures: a live server per test module or per test; the Hypothesis profiles."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.servers import RedisServer
from tests.support import LiveServer, Peer

# Hypothesis profiles (tests/budget.py scales the properties that set their own count).
# `dev`, the default: Hypothesis's own (100 examples, a 200 ms deadline, the example database
# in .hypothesis/). `ci`, loaded when CI=true, for the shared 2-core machine that runs the
# whole suite at once: half the examples, and Hypothesis's CI profile (no deadline and no
# too_slow health check, which a busy machine trips; the same examples every run; no example
# database; the blob that reproduces a failure). `--hypothesis-profile` picks one by hand.
settings.register_profile("dev", max_examples=100)
settings.register_profile("ci", settings.get_profile("ci"), max_examples=50)
settings.load_profile("ci" if os.environ.get("CI") == "true" else "dev")


@pytest.fixture
def server(request: pytest.FixtureRequest) -> LiveServer:
    """A live server of the test's own (``own_server``); or, in a module that sets
    ``SHARE_SERVER = True``, the module's one (``module_server``)."""
    shared = getattr(request.module, "SHARE_SERVER", False)
    live: LiveServer = request.getfixturevalue("module_server" if shared else "own_server")
    return live


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A live server of the test's own, also in a module that shares one: for a test that
    counts what the server holds or runs into a per-address limit from the start."""
    live = LiveServer(tmp_path / "companion.sqlite3").start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One live server for all the tests of a module (``SHARE_SERVER = True``) whose tests
    each make their own room and need no fresh server: none restarts it, reads its log or
    counts its rooms, and the per-address limits they touch (rooms made, connections, missed
    codes) stay far from their bursts. A server takes about a second of CPU to start."""
    live = LiveServer(tmp_path_factory.mktemp("server") / "companion.sqlite3").start()
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
