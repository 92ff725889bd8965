"""Reading action payloads: anything malformed is a ``bad_request`` with a readable sentence."""

from __future__ import annotations

from companion.engine import BadRequest
from companion.engine.text import say
from companion.games.wicked_witches_way.symbols import Symbol


def symbol(raw: object, what: str) -> Symbol:
    """``raw`` as a symbol; ``what`` names the field in the refusal (marked with ``N_``)."""
    try:
        return Symbol.parse(raw)
    except ValueError as exc:
        raise BadRequest("{what}: {problem}", what=say(what), problem=exc.args[0]) from None


def symbols(raw: object, what: str) -> tuple[Symbol, ...]:
    """0–9 distinct symbols.

    >>> symbols(["ear", "web"], "Formula")
    (<Symbol.EAR: 'ear'>, <Symbol.WEB: 'web'>)
    >>> symbols(["ear", "ear"], "Formula")
    Traceback (most recent call last):
    ...
    companion.engine.errors.BadRequest: Formula: you have one card of each symbol; Ear ...
    """
    if not isinstance(raw, list):
        raise BadRequest("{what} must be a list of symbols.", what=say(what))
    if len(raw) > len(Symbol):
        raise BadRequest("{what} can hold at most 9 cards.", what=say(what))
    out: list[Symbol] = []
    for item in raw:
        parsed = symbol(item, what)
        if parsed in out:
            raise BadRequest(
                "{what}: you have one card of each symbol; {symbol} is there twice.",
                what=say(what),
                symbol=say(parsed.label),
            )
        out.append(parsed)
    return tuple(out)
