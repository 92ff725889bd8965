"""The conformance checks of what each view tells a player at a glance (docs/protocol.md,
"Prompts and endings"): a seat's ``you.prompt`` while the game runs, ``outcome`` and
``you.place`` once it is over.

The kind of a prompt must agree with ``Game.choices`` (``act`` exactly when the seat has a
listed decision), and its sentence too: in one state, a seat that must act and a seat that
must not are never told the same thing (a prompt that ignores ``acting`` says "Pick a card" to
the seat that picked already). Every sentence is a ``say()`` text whose templates the
catalogue knows (the shell's bundle or the game's: the two a game page downloads).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from companion import i18n_bundles
from companion.engine import Game

#: how much of a view a failure message shows
SHOWN = 3000


def shown(view: Any, who: int | None) -> str:
    """A view as the room sends it, for a failure message."""
    text = json.dumps(view, ensure_ascii=False, default=str)
    name = "table" if who is None else f"seat {who}"
    return f"the {name} view: {text[:SHOWN]}{'…' if len(text) > SHOWN else ''}"


@cache
def known_templates(game_id: str) -> frozenset[str]:
    """The messages a page of ``game_id`` can translate (the shell's and the game's)."""
    bundles = i18n_bundles.read()
    return frozenset(m for m, b in bundles.items() if b in (i18n_bundles.SHELL, game_id))


def templates(sent: Any) -> Iterator[str]:
    """Every template of a text as ``text_json`` sent it, its parts' included (a plain string
    part is a name or a number: nothing to translate).

    >>> list(templates({"template": "{who} waits", "params": {"who": {"template": "Ben"}}}))
    ['{who} waits', 'Ben']
    """
    if isinstance(sent, list):
        for part in sent:
            yield from templates(part)
    elif isinstance(sent, dict) and "template" in sent:
        yield sent["template"]
        for part in sent.get("params", {}).values():
            yield from templates(part)


def check_text(game: Game[Any], sent: Any, what: str) -> None:
    """``sent`` is a say() text (not a bare string) whose every template is in the catalogue."""
    assert isinstance(sent, dict) and "template" in sent, (
        f"{game.id}: {what} is not a say() text: {sent!r}"
    )
    unknown = sorted(set(templates(sent)) - known_templates(game.id))
    assert not unknown, f"{game.id}: {what} uses templates the catalogue lacks: {unknown}"


def check_prompts(
    game: Game[Any],
    state: Any,
    views: Mapping[int | None, Mapping[str, Any]],
    listed: Mapping[int | None, list[dict[str, Any]] | None],
) -> None:
    """While ``state`` runs, every seat's prompt agrees with its choices (the kind; the same
    sentence never goes to a seat that acts and to one that waits) and no view has an outcome;
    once it is over by its rules, every view has the outcome (``rules``) and each seat a place
    (set for each seat in the ranking). ``views``: ``game.present`` for the table and each seat;
    ``listed``: ``game.choices`` for each."""
    over = game.is_over(state)
    for who, view in views.items():
        outcome = view.get("outcome", "missing")
        if not over:
            assert outcome is None, f"{game.id}: a running game's view has outcome {outcome!r}"
            continue
        assert isinstance(outcome, dict) and outcome["reason"] == "rules", (
            f"{game.id}: the game is over, but the view of {who} has outcome {outcome!r}"
        )
        check_text(game, outcome["text"], "the outcome")
    told: dict[str, dict[bool, int]] = {}
    for seat, view in views.items():
        if seat is None:
            continue
        you = view["you"]
        if over:
            check_place(game, views[seat]["outcome"], seat, you)
            continue
        prompt = you["prompt"]
        check_text(game, prompt["text"], f"seat {seat}'s prompt")
        choices = listed[seat]
        acting = prompt["kind"] == "act"
        if choices is not None:
            assert acting == bool(choices), (
                f"{game.id}: seat {seat}'s prompt is {prompt['kind']!r}, but its choices are "
                f"{choices[:3]!r}{' …' if len(choices) > 3 else ''}; {shown(view, seat)}"
            )
        told.setdefault(repr(prompt["text"]), {})[acting] = seat
    for text, seats in told.items():
        assert len(seats) == 1, (
            f"{game.id}: seat {seats[True]} must act and seat {seats[False]} must not, but both "
            f"are told {text}; {shown(views[seats[False]], seats[False])}"
        )


def check_place(game: Game[Any], outcome: Mapping[str, Any], seat: int, you: Any) -> None:
    """A seat's ``you.place`` is its place in the ranking (None without one)."""
    ranking = outcome["ranking"]
    places = {p["seat"]: p["place"] for p in ranking or ()}
    assert "place" in you and you["place"] == places.get(seat), (
        f"{game.id}: seat {seat}'s place is {you.get('place', 'missing')!r}, its ranking "
        f"{ranking!r}"
    )
