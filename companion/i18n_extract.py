"""The Babel extractors of ``scripts/i18n`` beyond Babel's own (``babel.cfg``, ``[extractors]``).

**Python** (:func:`extract_python`): Babel's Python extraction, plus the sentences an action
declares as keyword arguments — ``Field(…, message="…", item_message="…")`` and
``by_seat(…, refusal="…")`` — which reach players as refusals (docs/architecture.md,
"Languages") but are no function call Babel could be told about, and the names of declared
actions (``by_seat("close_lid", …)`` gives "close lid"), which the undo notes show ("Undone:
Anna's close lid.").

>>> import io
>>> code = b'Field("n", FieldType.INT, message="Say a number."); BadRequest("No.")'
>>> [message for _, _, message, _ in extract_python(io.BytesIO(code), ["BadRequest"], (), {})]
['No.', 'Say a number.']

**Data files** (:func:`extract`): the games' ``companion/games/*/data/*.json``.

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

import ast
import io
import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from babel.messages.extract import extract_python as babel_python

from companion.engine.text import action_words

#: the keyword arguments whose text is a sentence for players (action and field declarations)
SENTENCE_ARGUMENTS = frozenset({"message", "item_message", "refusal"})

#: the calls that declare an action: their first argument is the action's name
ACTION_DECLARATIONS = frozenset({"by_seat", "by_table", "by_anyone"})

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


def extract_python(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Sequence[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str | tuple[str, ...], list[str]]]:
    """Babel's method for Python, then the declared sentences (:data:`SENTENCE_ARGUMENTS`)."""
    source = fileobj.read()
    yield from babel_python(io.BytesIO(source), keywords, comment_tags, options)  # type: ignore[arg-type,misc]
    for lineno, text in declared_sentences(source):
        yield lineno, "", text, []


def declared_sentences(source: bytes | str) -> Iterator[tuple[int, str]]:
    """``(line, text)`` of every string given as a sentence argument of a call, in the source.

    Also the name of every declared action, as :func:`action_words` shows it.

    >>> list(declared_sentences('by_table("close_lid", run, refusal="Only the table arms.")'))
    [(1, 'close lid'), (1, 'Only the table arms.')]
    """
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            first = node.args[0] if node.args else None
            if (
                name in ACTION_DECLARATIONS
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
            ):
                yield first.lineno, action_words(first.value)
            for argument in node.keywords:
                value = argument.value
                if (
                    argument.arg in SENTENCE_ARGUMENTS
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                    and value.value
                ):
                    yield value.lineno, value.value


def built_sentences(source: bytes | str) -> Iterator[tuple[int, str]]:
    """``(line, code)`` of every sentence that is built where it is written — an f-string, a
    ``+`` or a ``.format`` as a declared sentence (:data:`SENTENCE_ARGUMENTS`) or as the
    template of a refusal or of ``say``/``N_`` (:data:`TEMPLATE_ARGUMENT`): the extraction
    cannot see it, so no language could translate it.

    >>> list(built_sentences('Field("n", message=f"Up to {N}.")'))
    [(1, "f'Up to {N}.'")]
    >>> list(built_sentences('raise Illegal(f"{name} may not.")'))
    [(1, "f'{name} may not.'")]
    >>> list(built_sentences('raise Illegal("{name} may not.", name=name)'))
    []
    """
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        values = [a.value for a in node.keywords if a.arg in SENTENCE_ARGUMENTS]
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        index = TEMPLATE_ARGUMENT.get(name)
        if index is not None and len(node.args) > index:
            values.append(node.args[index])
        for value in values:
            if _built(value):
                yield value.lineno, ast.unparse(value)


#: the calls whose argument at this index is an English template (scripts/i18n's keywords)
TEMPLATE_ARGUMENT = {
    **dict.fromkeys(
        ("Illegal", "BadRequest", "NotYourTurn", "TooLate", "Forbidden", "SetupError", "say", "N_"),
        0,
    ),
    "IllegalAction": 1,
    "RoomError": 1,
}


def _built(value: ast.expr) -> bool:
    if isinstance(value, ast.JoinedStr):
        return True
    if isinstance(value, ast.BinOp):
        return _built(value.left) or _built(value.right) or _text(value.left) or _text(value.right)
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "format"
    )


def _text(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and isinstance(value.value, str)
