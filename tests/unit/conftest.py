"""Fixtures of the in-process tests."""

from __future__ import annotations

import pytest

from tests.unit.test_room_service import Clock


@pytest.fixture
def clock() -> Clock:
    """A hand-driven server clock (ms), starting at 1,000,000."""
    return Clock()
