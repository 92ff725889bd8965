"""Texts a game's view carries for people to read.

A view is English; a page shows its texts through the page kit's ``t()`` in the language of the
device. ``N_`` marks such a text where it is written, so that ``scripts/i18n`` extracts it into
the catalogues (the pure layers import no babel: docs/architecture.md, "Languages").

>>> N_("places a wizard")
'places a wizard'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def N_(text: str) -> str:
    """``text`` itself: a marker for extraction only."""
    return text


@dataclass(frozen=True)
class Said:
    """A text a view carries for people to read whose parts vary: the English template (the key
    of its translations, marked with ``N_`` where it is written) and the parts apart, the same
    shape as a refusal's ``template`` + ``params`` (docs/architecture.md, "Languages"). A part
    that is itself a ``Said`` is translated too before it is filled in (the page's ``say()``).

    >>> line = said(N_("places the {tile} on {cell}"), tile=said("Golem"), cell="b2")
    >>> str(line)
    'places the Golem on b2'
    >>> line.to_json()["params"]
    {'tile': {'template': 'Golem', 'params': {}}, 'cell': 'b2'}
    """

    template: str
    params: tuple[tuple[str, str | int | Said], ...] = ()

    def __str__(self) -> str:
        return self.template.format(**{k: str(v) for k, v in self.params})

    def to_json(self) -> dict[str, Any]:
        return {
            "template": self.template,
            "params": {k: v.to_json() if isinstance(v, Said) else v for k, v in self.params},
        }


def said(template: str, **params: str | int | Said) -> Said:
    """``template`` with its parts: ``said(N_("Round {n}"), n=2)``; ``said(name)`` for a name
    from a data file, which the page translates as a whole."""
    return Said(template, tuple(params.items()))
