"""The Babel extractor for the games' data files (``companion/games/*/data/*.json``).

A data file's words — role, card, spell, juror and track names, card and set-up texts — are
shown by the pages through ``t()`` like any other English text, so ``scripts/i18n`` must find
them: ``babel.cfg`` maps the data files to this extractor (``[extractors]``). The JSON files stay
as they are; English is the key of every translation.

Extracted: the string values of the keys in :data:`TEXT_KEYS`, at any depth. Not extracted:
ids, keys, symbols, colours, numbers, and the notes for whoever edits the file (keys starting
with ``_`` and ``note``) — nobody reads those on a screen.

>>> import io
>>> data = b'{"_about": "edit me", "roles": [{"id": "witch", "name": "Witch", "text": "Brew."}]}'
>>> [message for _, _, message, _ in extract(io.BytesIO(data), (), (), {})]
['Witch', 'Brew.']
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

#: the keys whose string values people read (the names and texts of the data files)
TEXT_KEYS = frozenset({"name", "title", "text", "action", "favor"})


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Sequence[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extraction method: ``(lineno, funcname, message, comments)`` for every text of
    one JSON data file, in the file's order (the line numbers are not kept: ``--no-location``)."""
    for message in texts(json.loads(fileobj.read().decode("utf-8"))):
        yield 0, "", message, []


def texts(data: object, key: str | None = None) -> Iterator[str]:
    """Every translatable string of a parsed data file.

    >>> list(texts({"name": "Fire", "spells": {"1": {"name": "Fire Ball", "known": True}}}))
    ['Fire', 'Fire Ball']
    >>> list(texts({"note": "for the editor", "kind": "start", "symbol": "star"}))
    []
    """
    if isinstance(data, dict):
        for k, value in data.items():
            if not k.startswith("_"):
                yield from texts(value, k)
    elif isinstance(data, list):
        for value in data:
            yield from texts(value, key)
    elif isinstance(data, str) and key in TEXT_KEYS and data.strip():
        yield data


def data_texts(root: Path) -> set[str]:
    """Every translatable string of every game's data files under ``root`` (the repository)."""
    out: set[str] = set()
    for path in sorted(root.glob("companion/games/*/data/*.json")):
        out.update(texts(json.loads(path.read_text(encoding="utf-8"))))
    return out
