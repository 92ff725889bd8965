"""Translations: Flask-Babel message catalogues for the server's pages, and the same catalogues
served as JSON to the page kit (``static/js/kit.js``: ``t()``), so a string is translated once,
in one place, for both.

The catalogues live in ``companion/translations/<lang>/LC_MESSAGES/messages.po`` (the source,
edited by hand or with ``pybabel``) next to the compiled ``messages.mo`` (committed; a test
checks that each ``.mo`` says exactly what its ``.po`` says; ``scripts/i18n`` rebuilds them).
The message ids are the English texts, so English needs no catalogue and a string without a
translation shows in English.

A page downloads only what it shows (``companion/i18n_bundles.py``): the shell's strings, and on
a game's pages that game's, from ``GET /api/i18n/<lang>/<bundle>.json``. ``GET
/api/i18n/<lang>.json`` still serves every string, keyed by its English text, for older pages.
Both answers are built once per (language, bundle) and carry an ETag.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.mofile import read_mo
from babel.support import Translations
from flask import Blueprint, Flask, Response, abort, request
from flask_babel import Babel, get_locale

from companion import i18n_bundles
from companion.games.registry import GAMES

#: where the catalogues live (inside the package, so a wheel carries them)
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
DEFAULT = "en"
#: the cookie the page kit sets when the player switches language
COOKIE = "lang"

blueprint = Blueprint("i18n", __name__)


@cache
def languages() -> tuple[str, ...]:
    """English plus every language with a compiled catalogue, e.g. ``('en', 'cs')``."""
    found = sorted(p.parent.parent.name for p in TRANSLATIONS.glob("*/LC_MESSAGES/messages.mo"))
    return (DEFAULT, *(lang for lang in found if lang != DEFAULT))


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every translated message of ``lang``: English text → translation (plural forms and
    untranslated entries left out: the page then shows the English text)."""
    if lang == DEFAULT:
        return {}
    translations = Translations.load(str(TRANSLATIONS), [lang])
    messages: dict[Any, str] = getattr(translations, "_catalog", {})
    return {k: v for k, v in messages.items() if isinstance(k, str) and k and v}


@cache
def plurals(lang: str) -> dict[str, list[str]]:
    """The plural messages of ``lang``: English singular → every plural form, in the order of
    the catalogue's ``Plural-Forms`` (kit.js ``tn()`` picks one with ``Intl.PluralRules``).

    Every form keeps its index: a form the catalogue leaves empty falls back on its own (the
    English singular for the first form, the English plural for the others), so one blank form
    never shifts the others onto the wrong counts.

    >>> plurals("cs")["{n} point"]
    ['{n} bod', '{n} body', '{n} bodů']
    >>> plurals("it")["{n} point"]
    ['{n} punto', '{n} punti']
    """
    if lang == DEFAULT:
        return {}
    path = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo"
    if not path.exists():
        return {}
    with path.open("rb") as compiled:
        messages = read_mo(compiled)
    found: dict[str, list[str]] = {}
    for message in messages:
        if (
            message.pluralizable
            and isinstance(message.string, (list, tuple))
            and any(message.string)
        ):
            english = [str(text) for text in message.id]
            found[english[0]] = indexed_forms(english, message.string, messages.num_plurals)
    return found


def indexed_forms(english: Sequence[str], forms: Sequence[str] | str, count: int) -> list[str]:
    """``count`` forms, each at its own index; an empty or missing one is the English text of
    its kind (singular for form 0, plural for the rest).

    >>> indexed_forms(("{n} bod", "{n} bodů"), ("{n} bod", "", "{n} bodů"), 3)
    ['{n} bod', '{n} bodů', '{n} bodů']
    >>> indexed_forms(("{n} point", "{n} points"), ("", "{n} body"), 3)
    ['{n} point', '{n} body', '{n} points']
    """
    given = [forms] if isinstance(forms, str) else list(forms)
    return [
        (given[i] if i < len(given) and given[i] else english[0 if i == 0 else 1])
        for i in range(count)
    ]


def select_locale() -> str:
    """``?lang=``, else the language the player chose (cookie), else the browser's best."""
    for wanted in (request.args.get("lang"), request.cookies.get(COOKIE)):
        if wanted in languages():
            return wanted
    return request.accept_languages.best_match(languages()) or DEFAULT


@cache
def bundle_index() -> dict[str, str]:
    """English text → bundle (``companion/translations/bundles.json``, written by scripts/i18n)."""
    return i18n_bundles.read()


def bundle_names() -> frozenset[str]:
    """The bundles a page may ask for: the shell and every registered game, by id."""
    return frozenset({i18n_bundles.SHELL, *GAMES})


@cache
def bundle(lang: str, name: str) -> bytes:
    """One bundle of ``lang`` as JSON: ``{lang, bundle, messages, plurals}``, the shell with
    ``languages`` too. Each translation is keyed by its English text's ``message_key`` (kit.js
    computes the same key); a message the index does not know is the shell's.

    >>> body = json.loads(bundle("cs", "shell"))
    >>> body["languages"], body["messages"][i18n_bundles.message_key("Start the game")]
    (['en', 'cs', 'it'], 'Začít hru')
    >>> i18n_bundles.message_key("Arm round") in json.loads(bundle("cs", "buzzer"))["messages"]
    True
    """
    index = bundle_index()
    key = i18n_bundles.message_key

    def mine(message: str) -> bool:
        return index.get(message, i18n_bundles.SHELL) == name

    body: dict[str, Any] = {
        "lang": lang,
        "bundle": name,
        "messages": {key(m): text for m, text in catalogue(lang).items() if mine(m)},
        "plurals": {key(m): forms for m, forms in plurals(lang).items() if mine(m)},
    }
    if name == i18n_bundles.SHELL:
        body["languages"] = list(languages())
    return as_json(body)


@cache
def everything(lang: str) -> bytes:
    """Every string of ``lang``, keyed by its English text: ``{lang, languages, messages,
    plurals}`` (the answer of the one catalogue pages loaded before the bundles)."""
    return as_json(
        {
            "lang": lang,
            "languages": list(languages()),
            "messages": catalogue(lang),
            "plurals": plurals(lang),
        }
    )


def as_json(body: dict[str, Any]) -> bytes:
    """Compact UTF-8 JSON: a Czech text costs its letters, not six bytes per accented one."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


def cached_json(body: bytes) -> Response:
    """``body`` as a JSON answer that a page may keep for five minutes and then revalidate
    cheaply (``If-None-Match`` → 304)."""
    response = Response(body, mimetype="application/json")
    response.set_etag(hashlib.sha256(body).hexdigest()[:20])
    response.cache_control.public = True
    response.cache_control.max_age = 300
    response.make_conditional(request)  # a 304 without the body when the page has this one
    return response


@blueprint.get("/api/i18n/<lang>/<name>.json")
def messages_of_bundle(lang: str, name: str) -> Response:
    """The ``name`` bundle of ``lang`` (``shell`` or a game's id) for the page kit."""
    if lang not in languages() or name not in bundle_names():
        abort(404)
    return cached_json(bundle(lang, name))


@blueprint.get("/api/i18n/<lang>.json")
def messages(lang: str) -> Response:
    """The whole catalogue of ``lang``, for pages older than the bundles."""
    if lang not in languages():
        abort(404)
    return cached_json(everything(lang))


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    Babel(app, locale_selector=select_locale)
    app.jinja_env.globals["page_lang"] = lambda: str(get_locale() or DEFAULT)
    app.register_blueprint(blueprint)
