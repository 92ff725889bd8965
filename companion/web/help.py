"""A game's help on the pages: its ``help.md`` rendered once, split into a summary and the rest.

``help.md`` is the single source (the unit tests read it too). The page shows the summary —
everything before the first ``##`` heading, without the ``#`` title — and folds the rest away
under "How the app reads the rules"; ``help.<lang>.md`` next to it, where a game has one, is its
translation (the page's language picks it). Markdown is rendered with markdown-it-py's
CommonMark preset with raw HTML disabled, so the text can never inject markup.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup

from companion.engine import Game

_MARKDOWN = MarkdownIt("commonmark", {"html": False})


@dataclass(frozen=True)
class Help:
    summary: Markup  # HTML shown as it is
    details: Markup  # HTML folded away; empty when help.md has no "##" section


_CACHE: dict[str, Help] = {}


def _html(tokens: list[Token]) -> Markup:
    return Markup(_MARKDOWN.renderer.render(tokens, _MARKDOWN.options, {}))


def render(markdown: str) -> Help:
    """Split at the first ``##`` heading; the ``#`` title is dropped (the page has its own).

    >>> h = render("# Title\\n\\nPress **GO**. <b>x</b>\\n\\n## Rules\\n- one\\n")
    >>> str(h.summary)
    '<p>Press <strong>GO</strong>. &lt;b&gt;x&lt;/b&gt;</p>\\n'
    >>> str(h.details)
    '<h3>Rules</h3>\\n<ul>\\n<li>one</li>\\n</ul>\\n'
    """
    tokens = _MARKDOWN.parse(markdown)
    summary: list[Token] = []
    details: list[Token] = []
    in_title = False
    for token in tokens:
        if token.type == "heading_open" and token.tag == "h1":
            in_title = True
        elif token.type == "heading_close" and token.tag == "h1":
            in_title = False
        elif in_title:
            continue
        elif details or (token.type == "heading_open" and token.tag == "h2"):
            if token.type in ("heading_open", "heading_close"):
                # The page's own headings sit above: a "##" section is an <h3> there.
                token.tag = f"h{min(6, int(token.tag[1]) + 1)}"
            details.append(token)
        else:
            summary.append(token)
    return Help(_html(summary), _html(details))


def translated_help(game: Game[Any], lang: str) -> str | None:
    """``help.<lang>.md`` next to the game's ``help.md`` (its translation), if there is one."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return resources.files(package).joinpath(f"help.{lang}.md").read_text("utf-8")
    except OSError:
        return None


def help_for(game: Game[Any], lang: str = "en") -> Help:
    """The game's rendered help in ``lang`` (``help.<lang>.md``; English, ``help.md``, where a
    game has no translation), made once per game and language."""
    key = f"{game.id}|{lang}"
    if key not in _CACHE:
        text = translated_help(game, lang) if lang != "en" else None
        try:
            _CACHE[key] = render(text if text is not None else game.help)
        except OSError:  # no help.md: the pages simply show none
            _CACHE[key] = Help(Markup(""), Markup(""))
    return _CACHE[key]
