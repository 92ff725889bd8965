"""Shared fixtures: a live server per test module or per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

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
