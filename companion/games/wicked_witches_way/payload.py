"""Reading action payloads: anything malformed is a ``bad_request`` with a readable sentence."""

from __future__ import annotations

from companion.engine import BadRequest
from companion.games.wicked_witches_way.symbols import Symbol


def symbol(raw: object, what: str) -> Symbol:
    try:
        return Symbol.parse(raw)
    except ValueError as exc:
        raise BadRequest("{what}: {exc}", what=what, exc=exc) from None


def symbols(raw: object, what: str) -> tuple[Symbol, ...]:
    """0–9 distinct symbols.

    >>> symbols(["ear", "web"], "Formula")
    (<Symbol.EAR: 'ear'>, <Symbol.WEB: 'web'>)
    >>> symbols(["ear", "ear"], "Formula")
    Traceback (most recent call last):
    ...
    companion.engine.errors.BadRequest: Formula: you have one card of each symbol; ear ...
    """
    if not isinstance(raw, list):
        raise BadRequest("{what} must be a list of symbols.", what=what)
    if len(raw) > len(Symbol):
        raise BadRequest("{what} can hold at most 9 cards.", what=what)
    out: list[Symbol] = []
    for item in raw:
        parsed = symbol(item, what)
        if parsed in out:
            raise BadRequest(
                f"{what}: you have one card of each symbol; {parsed.value} is there twice."
            )
        out.append(parsed)
    return tuple(out)
