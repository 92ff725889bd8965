"""Texts a game's view carries for people to read.

A view is English; a page shows its texts through the page kit's ``t()`` in the language of the
device. ``N_`` marks a fixed text where it is written, so that ``scripts/i18n`` extracts it into
the catalogues (the pure layers import no babel: docs/architecture.md, "Languages").

>>> N_("places a wizard")
'places a wizard'

A text with variable parts is built with :func:`say`: an English template with ``{name}``
placeholders and its parts, like a refusal (never an f-string, which the extraction cannot see).
The result is the English sentence itself (a ``str``: logs and tests read it as before) that also
remembers its template and parts, which the view sends (:func:`text_json`) so that the page
translates the template, then fills it (``say()`` in ``static/js/kit.js``). A part that is itself
a name to translate (a spell, a role) is given as ``say(name)``; a list of parts is shown joined
with commas:

>>> line = say("{witch} casts {spell}.", witch="Renée", spell=say(N_("Tailwind")))
>>> line
'Renée casts Tailwind.'
>>> text_json(line)  # doctest: +NORMALIZE_WHITESPACE
{'template': '{witch} casts {spell}.',
 'params': {'witch': 'Renée', 'spell': {'template': 'Tailwind'}}}
>>> text_json("plain English")
'plain English'
>>> cards = say("Formula: {cards}.", cards=(say(N_("Ear")), say(N_("Star"))))
>>> cards, text_json(cards)["params"]
('Formula: Ear, Star.', {'cards': [{'template': 'Ear'}, {'template': 'Star'}]})
"""

from __future__ import annotations

from typing import Any


def N_(text: str) -> str:
    """``text`` itself: a marker for extraction only."""
    return text


class Text(str):
    """An English sentence that remembers the template and parts it was made from (an
    immutable value, equal to its English text). Parts the template does not name are left
    out."""

    template: str
    params: dict[str, object]
    #: its form in a view, once made (``text_json``)
    sent: dict[str, Any]

    def __new__(cls, template: str, params: dict[str, object]) -> Text:
        params = {k: v for k, v in params.items() if "{" + k + "}" in template}
        filled = {k: _english(v) for k, v in params.items()}
        made = super().__new__(cls, template.format(**filled) if params else template)
        made.template = template
        made.params = params
        return made

    def __getnewargs__(self) -> tuple[str, dict[str, object]]:  # type: ignore[override]
        return (self.template, self.params)


def _english(part: object) -> object:
    """A part as the English sentence shows it (a list: joined with commas)."""
    if isinstance(part, tuple | list):
        return ", ".join(str(p) for p in part)
    return part


def say(template: str, **params: object) -> Text:
    """The English sentence ``template`` with ``params`` filled in, keeping both apart for the
    page (``scripts/i18n`` extracts ``template``).

    A text without parts is made once and shared (views ask for their prompts on every
    broadcast, for every seat; a ``Text`` never changes), and so is one whose parts are plain
    strings and whole numbers:

    >>> say(N_("Press!")) is say(N_("Press!"))
    True
    >>> say("Round {round} is over.", round=3) is say("Round {round} is over.", round=3)
    True
    >>> text_json(say("{spell}!", spell="Ear"))["params"]
    {'spell': 'Ear'}
    >>> text_json(say("{spell}!", spell=say("Ear")))["params"]  # not the one above
    {'spell': {'template': 'Ear'}}
    """
    if not params:
        plain = _PLAIN.get(template)
        if plain is None:
            plain = Text(template, {})
            if len(_PLAIN) < _PLAIN_MAX:
                _PLAIN[template] = plain
        return plain
    # A text whose parts are plain numbers and strings is shared too: the same prompt ("Round
    # 3 is over") is asked for every seat of every broadcast. Only those: a part that is a Text
    # or a list equals a plain string, but is sent otherwise.
    key: tuple[object, ...] = (template,)
    for name, part in params.items():
        kind = type(part)
        if kind is not str and kind is not int:
            return Text(template, params)
        key += (name, kind, part)
    made = _FILLED.get(key)
    if made is None:
        made = Text(template, params)
        if len(_FILLED) >= _FILLED_MAX:
            _FILLED.clear()  # names and numbers of a long night: start afresh
        _FILLED[key] = made
    return made


#: the texts without parts made so far (templates are the games' own fixed sentences; the cap
#: only guards against a caller that passes made-up ones)
_PLAIN: dict[str, Text] = {}
_PLAIN_MAX = 4096
#: recent texts with parts, by template and parts (their kinds too: ``1`` and ``"1"`` differ)
_FILLED: dict[tuple[object, ...], Text] = {}
_FILLED_MAX = 4096


def text_json(text: object) -> Any:
    """A view's text as the page translates it: ``{"template", "params"}`` (``params`` left out
    when there are none) for a :class:`Text`, a list for a list, the value itself otherwise.

    A text's form is made once and shared by every view that sends it (a shared text is asked
    for every seat of every broadcast): it is never changed.

    >>> over = say("Round {round} is over.", round=3)
    >>> text_json(over) is text_json(say("Round {round} is over.", round=3))
    True
    """
    if isinstance(text, tuple | list):
        return [text_json(part) for part in text]
    if not isinstance(text, Text):
        return text
    made: dict[str, Any] | None = text.__dict__.get("sent")
    if made is None:
        made = {"template": text.template}
        if text.params:
            made["params"] = {k: text_json(v) for k, v in text.params.items()}
        text.sent = made
    return made


def english(sent: Any) -> str:
    """A view's text as :func:`text_json` sent it, read back in English (what a page shows
    without a catalogue): for tests and logs.

    >>> english(text_json(say("{a} and {b}", a=say("Ear"), b=("x", "y"))))
    'Ear and x, y'
    """
    if isinstance(sent, list):
        return ", ".join(english(part) for part in sent)
    if not isinstance(sent, dict):
        return str(sent)
    params = {k: english(v) for k, v in sent.get("params", {}).items()}
    return str(sent["template"]).format(**params) if params else str(sent["template"])


def action_words(name: str) -> str:
    """A declared action's name as people read it (the undo notes: "Undone: Anna's close lid."),
    and its key in the catalogues (scripts/i18n extracts it from the declaration).

    >>> action_words("close_lid")
    'close lid'
    """
    return name.replace("_", " ")
