"""Texts a game's view carries for people to read.

A view is English; a page shows its texts through the page kit's ``t()`` in the language of the
device. ``N_`` marks such a text where it is written, so that ``scripts/i18n`` extracts it into
the catalogues (the pure layers import no babel: docs/architecture.md, "Languages").

>>> N_("places a wizard")
'places a wizard'
"""

from __future__ import annotations


def N_(text: str) -> str:
    """``text`` itself: a marker for extraction only."""
    return text
