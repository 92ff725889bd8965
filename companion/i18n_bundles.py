"""Which strings a page needs: the catalogue split into bundles (docs/architecture.md,
"Languages").

Every page downloads the **shell**: the home, host and join pages, the lobby, the page kit, the
room's and the engine's refusals — every string not tied to one game. A game's pages also
download that **game's bundle**: its page modules' ``t()`` strings, its data files' names and
texts, its view texts, its refusals, its options' labels and its declared actions' names. The
translations stay in one ``messages.po`` per language; the bundle of each message is decided
here, from where it was extracted (:func:`bundle_of`): a game's Python package or its page
folder makes it that game's, anything else the shell's. A message used by the shell and a game,
or by two games, is the shell's, and so is each game's title (the home page lists them all).

``scripts/i18n`` writes the result to ``companion/translations/bundles.json`` (English text →
bundle, committed); ``tests/unit/test_i18n.py`` fails when it is stale.

A bundle as served keys each translation by :func:`message_key` of its English text rather than
by the text itself: the English keys were almost half of every bundle's weight, and the page kit
(``static/js/kit.js``, ``messageKey``) computes the same key for the text it is asked for.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from jinja2.ext import babel_extract as extract_jinja2

from companion.i18n_extract import extract_python, texts

#: the bundle of every string not tied to one game
SHELL = "shell"

#: where the committed index lives (inside the package, with the catalogues it indexes)
INDEX = Path(__file__).resolve().parent / "translations" / "bundles.json"

#: the calls whose arguments are extracted, as ``scripts/i18n`` names them to ``pybabel``
KEYWORDS: dict[str, Any] = {
    **DEFAULT_KEYWORDS,
    "t": None,
    "tn": (1, 2),
    "N_": None,
    "say": None,
    "errorText": (2,),
    "Option": (4,),
    **dict.fromkeys(
        ("Illegal", "BadRequest", "NotYourTurn", "TooLate", "Forbidden", "SetupError"), None
    ),
    "IllegalAction": (2,),
    "RoomError": (2,),
}


def extracted(root: Path) -> Iterator[tuple[str, str]]:
    """``(message, source)`` for every string the code under ``root`` (the repository) asks to
    translate, with the source as a path relative to ``root``: the same sources and keywords as
    ``scripts/i18n`` (``babel.cfg``). A plural message counts by its singular."""
    for method, pattern in (
        (extract_python, "companion/**/*.py"),
        ("javascript", "static/**/*.js"),
    ):
        for path in sorted(root.glob(pattern)):
            # babel's stubs type an extraction method narrower than the one it calls
            for _, called, _, _ in extract_from_file(method, path, keywords=KEYWORDS):  # type: ignore[arg-type]
                text = called[0] if isinstance(called, tuple) else called
                if text:  # a call with no literal (``t(name)``) gives nothing to translate
                    yield text, _source(path, root)
    for path in sorted(root.glob("templates/**/*.html")):
        with path.open("rb") as page:
            for _, _, wrapped, _ in extract_jinja2(page, ("_",), [], {}):
                if isinstance(wrapped, str) and wrapped:
                    yield wrapped, _source(path, root)
    for path in sorted(root.glob("companion/games/*/data/*.json")):
        for message in texts(json.loads(path.read_text(encoding="utf-8"))):
            yield message, _source(path, root)


def _source(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def bundle_of(source: str, packages: Mapping[str, str]) -> str:
    """The bundle of a message extracted from ``source`` (a path in the repository), given the
    game id of each game package (``packages``).

    >>> packages = {"wicked_witches_way": "wicked-witches-way"}
    >>> bundle_of("companion/games/wicked_witches_way/data/spells.json", packages)
    'wicked-witches-way'
    >>> bundle_of("static/games/wicked-witches-way/phone.js", packages)
    'wicked-witches-way'
    >>> bundle_of("companion/games/registry.py", packages), bundle_of("static/js/kit.js", packages)
    ('shell', 'shell')
    """
    parts = source.split("/")
    if parts[:2] == ["companion", "games"] and len(parts) > 3:
        if parts[2] not in packages:
            raise LookupError(f"{source}: companion/games/{parts[2]}/ is no registered game")
        return packages[parts[2]]
    if parts[:2] == ["static", "games"] and len(parts) > 3:
        return parts[2]
    return SHELL


def index(
    found: Iterable[tuple[str, str]], packages: Mapping[str, str], titles: Iterable[str]
) -> dict[str, str]:
    """English text → bundle, for every ``(message, source)`` in ``found``: the one game whose
    sources alone use it, else the shell. The games' ``titles`` that are messages are the shell's.

    >>> packages = {"buzzer": "buzzer", "witchcraft": "witchcraft"}
    >>> index([("Buzz!", "static/games/buzzer/phone.js"),
    ...        ("Buzz!", "companion/games/buzzer/rules.py"),
    ...        ("Round {n}", "static/games/buzzer/tv.js"),
    ...        ("Round {n}", "static/games/witchcraft/tv.js"),
    ...        ("Lobby", "static/js/host.js"),
    ...        ("Witchcraft", "static/games/witchcraft/tv.js")], packages, ["Witchcraft"])
    {'Buzz!': 'buzzer', 'Lobby': 'shell', 'Round {n}': 'shell', 'Witchcraft': 'shell'}
    """
    used: dict[str, set[str]] = {}
    for message, source in found:
        used.setdefault(message, set()).add(bundle_of(source, packages))
    for title in titles:
        if title in used:  # a printed game's name is no message: nothing to translate
            used[title].add(SHELL)
    return {
        message: next(iter(bundles)) if len(bundles) == 1 else SHELL
        for message, bundles in sorted(used.items())
    }


def registered() -> tuple[dict[str, str], list[str]]:
    """The game id of each registered game's package, and every game's title."""
    from companion.games.registry import GAMES  # the games import nothing of this module

    packages = {type(game).__module__.split(".")[2]: game_id for game_id, game in GAMES.items()}
    return packages, [game.title for game in GAMES.values()]


def build(root: Path) -> dict[str, str]:
    """The index of the sources under ``root`` as they are now."""
    packages, titles = registered()
    return index(extracted(root), packages, titles)


def read(path: Path = INDEX) -> dict[str, str]:
    """The committed index (empty when there is none yet: every message is then the shell's)."""
    if not path.is_file():
        return {}
    found: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return found


def written(bundles: Mapping[str, str]) -> str:
    """The index as a file: one message a line, sorted (merges like the catalogues do)."""
    return json.dumps(dict(sorted(bundles.items())), ensure_ascii=False, indent=1) + "\n"


def message_key(text: str) -> str:
    """The short key of an English text in a served bundle: FNV-1a (32 bits) over its code
    points, in base 36. The page kit's ``messageKey`` computes the same (a test compares them
    in Chromium, and one fails when two texts of the catalogue share a key).

    >>> message_key("Start the game"), message_key("Čarodějnice!"), message_key("🧙 x")
    ('74p0va', 'da9ezy', '18ywpws')
    """
    value = 0x811C9DC5
    for char in text:
        value = ((value ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    return _base36(value)


def _base36(value: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        value, digit = divmod(value, 36)
        out = digits[digit] + out
        if not value:
            return out


def main() -> None:
    """``python -m companion.i18n_bundles``: write the index of this checkout (scripts/i18n)."""
    root = Path(__file__).resolve().parent.parent
    bundles = build(root)
    INDEX.write_text(written(bundles), encoding="utf-8")
    counts: dict[str, int] = {}
    for bundle in bundles.values():
        counts[bundle] = counts.get(bundle, 0) + 1
    print(", ".join(f"{bundle}: {n}" for bundle, n in sorted(counts.items())), "messages")


if __name__ == "__main__":
    main()
