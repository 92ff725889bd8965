"""Translations: Flask-Babel message catalogues for the server's pages, and the same catalogues
served as JSON to the page kit (``static/js/kit.js``: ``t()``), so a string is translated once,
in one place, for both.

The catalogues live in ``companion/translations/<lang>/LC_MESSAGES/messages.po`` (the source,
edited by hand or with ``pybabel``) next to the compiled ``messages.mo`` (committed; a test
checks that each ``.mo`` says exactly what its ``.po`` says; ``scripts/i18n`` rebuilds them).
The message ids are the English texts, so English needs no catalogue and a string without a
translation shows in English.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from babel.support import Translations
from flask import Blueprint, Flask, Response, abort, jsonify, request
from flask_babel import Babel, get_locale

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

    >>> plurals("cs")["{n} point"]
    ['{n} bod', '{n} body', '{n} bodů']
    """
    if lang == DEFAULT:
        return {}
    translations = Translations.load(str(TRANSLATIONS), [lang])
    messages: dict[Any, str] = getattr(translations, "_catalog", {})
    forms: dict[str, dict[int, str]] = {}
    for key, text in messages.items():
        if isinstance(key, tuple) and text:
            forms.setdefault(key[0], {})[key[1]] = text
    return {one: [by[i] for i in sorted(by)] for one, by in forms.items()}


def select_locale() -> str:
    """``?lang=``, else the language the player chose (cookie), else the browser's best."""
    for wanted in (request.args.get("lang"), request.cookies.get(COOKIE)):
        if wanted in languages():
            return wanted
    return request.accept_languages.best_match(languages()) or DEFAULT


@blueprint.get("/api/i18n/<lang>.json")
def messages(lang: str) -> Response:
    """The catalogue of ``lang`` for the pages: ``{lang, languages, messages, plurals}``."""
    if lang not in languages():
        abort(404)
    response = jsonify(
        lang=lang, languages=list(languages()), messages=catalogue(lang), plurals=plurals(lang)
    )
    response.cache_control.public = True
    response.cache_control.max_age = 300
    return response


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    Babel(app, locale_selector=select_locale)
    app.jinja_env.globals["page_lang"] = lambda: str(get_locale() or DEFAULT)
    app.register_blueprint(blueprint)
