"""Room codes, secret tokens and game seeds."""

from __future__ import annotations

import secrets

#: No vowels (no words by accident) and no look-alikes (L/1, Q/O, Y/V read aloud).
ALPHABET = "BCDFGHJKMNPRSTVWXZ"
#: 18⁶ = 34,012,224 codes: guessing a live room at the allowed rate takes days
#: (docs/protocol.md, "Rules of the road").
CODE_LENGTH = 6
#: rooms created before codes grew to 6 letters keep their 4-letter code
LEGACY_CODE_LENGTH = 4


def new_code(taken: set[str] | frozenset[str]) -> str:
    """A fresh code, unique among ``taken``."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def normalize_code(raw: object) -> str | None:
    """The canonical code for user input, or None if it cannot be one.

    >>> normalize_code(" bcdfgh "), normalize_code("bcdf")  # a room from before 6 letters
    ('BCDFGH', 'BCDF')
    >>> normalize_code("ABCDEF") is None, normalize_code("BCDFG") is None  # A: not in the alphabet
    (True, True)
    """
    if not isinstance(raw, str):
        return None
    code = raw.strip().upper()
    if len(code) not in (CODE_LENGTH, LEGACY_CODE_LENGTH) or any(ch not in ALPHABET for ch in code):
        return None
    return code


def new_token() -> str:
    """An unguessable bearer token for a seat or a host."""
    return secrets.token_urlsafe(18)


#: a seed must survive a round trip through JavaScript numbers
SEED_MAX = 2**53


def new_seed() -> int:
    """A fresh seed for a game (recorded in the log, so a replay deals the same game)."""
    return secrets.randbelow(SEED_MAX)
