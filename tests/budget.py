"""How many examples a Hypothesis property runs, under the profile tests/conftest.py loaded."""

from __future__ import annotations

from hypothesis import settings


def examples(dev: int) -> int:
    """``dev`` examples under the `dev` profile and proportionally fewer under `ci`, for a
    property that sets its own count (each of its examples is a whole game, say): an explicit
    ``max_examples`` would otherwise override the profile's."""
    return max(1, dev * settings().max_examples // settings.get_profile("dev").max_examples)
