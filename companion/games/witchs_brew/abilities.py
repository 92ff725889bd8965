"""The 17 magical ability cards (Magical Abilities expansion) and their deck.

Only the kinds are known; the names and texts are the game's box (:data:`BOX`): the host enters
them from the cards on the TV ("Your box"), and ``data/abilities.json`` holds the placeholders
used until then. Each card has a ``number`` (1–17, its place in the file unless the file says
otherwise), so that a player using the physical cards can say which one they kept.
The deck is a tuple of cards from the top. Cards come back face up under the bottom; as soon as
a face-up card would be dealt from the top, the face-up cards are shuffled and become a new
face-down deck (the expansion's rule).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

from companion.engine import Box, BoxField, BoxKind, OptionError, Rng, record
from companion.engine.text import N_

#: cards of each kind in the box
KIND_COUNTS = {"start": 3, "once": 3, "multi": 11}


class Kind(enum.StrEnum):
    START = "start"  # orange quill: takes effect at the start of the set
    ONCE = "once"  # "1x": may be used once during the set
    MULTI = "multi"  # circular arrow: may be used any number of times during the set


@dataclass(frozen=True)
class Ability:
    id: str
    name: str
    text: str
    kind: Kind
    placeholder: bool
    #: what a player may type to name this card (physical cards)
    number: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "text": self.text,
            "kind": self.kind.value,
            "placeholder": self.placeholder,
        }

    def reference_json(self) -> dict[str, Any]:
        """The card as the pages list it (with its number), for naming a physical card."""
        return {**self.to_json(), "number": self.number}


@dataclass(frozen=True)
class DeckCard:
    id: str
    face_up: bool = False


Deck = tuple[DeckCard, ...]


def parse_abilities(doc: Any) -> dict[str, Ability]:
    """The cards of ``data/abilities.json``, checked: 17 cards, 3 start, 3 once, 11 multi,
    numbered 1–17 once each (a card without a number takes its place in the file).

    >>> parse_abilities([{"id": "a", "name": "A", "text": "", "kind": "once"}])
    Traceback (most recent call last):
    ...
    ValueError: abilities.json must hold 3 start, 3 once and 11 multi cards.
    """
    out: dict[str, Ability] = {}
    rows = doc if isinstance(doc, list) else []
    for place, row in enumerate(rows, start=1):
        fields = [row.get(key) if isinstance(row, dict) else None for key in ("id", "name", "text")]
        if not all(isinstance(f, str) for f in fields) or row.get("kind") not in KIND_COUNTS:
            raise ValueError("abilities.json: every card needs an id, a name, a text and a kind.")
        card_id, name, text = (str(f) for f in fields)
        if card_id in out:
            raise ValueError(f"abilities.json: the id {card_id} is used twice.")
        number = row.get("number", place)
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValueError(f"abilities.json: the number of {card_id} must be a whole number.")
        placeholder = bool(row.get("placeholder", False))
        out[card_id] = Ability(card_id, name, text, Kind(row["kind"]), placeholder, number)
    counts = {kind: sum(1 for a in out.values() if a.kind == kind) for kind in KIND_COUNTS}
    if counts != KIND_COUNTS:
        raise ValueError("abilities.json must hold 3 start, 3 once and 11 multi cards.")
    if sorted(a.number for a in out.values()) != list(range(1, len(out) + 1)):
        raise ValueError("abilities.json: the cards must be numbered 1 to 17, each number once.")
    names = [_spelling(a.name) for a in out.values()]
    if len(set(names)) != len(names):
        raise ValueError("abilities.json: two cards have the same name.")
    return out


def find(said: str, cards: Iterable[Ability] | None = None) -> str | None:
    """The card a player named among ``cards`` (default: the data file's): by its number, its
    name (case and spaces do not matter) or its id; None if no card is called that.

    >>> find("7"), find(" ability 7 (PLACEHOLDER) "), find("ability-07"), find("18"), find("x")
    ('ability-07', 'ability-07', 'ability-07', None, None)
    """
    wanted = _spelling(said)
    for card in abilities().values() if cards is None else cards:
        if wanted in (str(card.number), _spelling(card.name), card.id.casefold()):
            return card.id
    return None


def _spelling(text: str) -> str:
    return " ".join(text.split()).casefold()


@cache
def abilities() -> dict[str, Ability]:
    """Every card by id, in the file's order."""
    package = __name__.rpartition(".")[0]
    text = resources.files(package).joinpath("data", "abilities.json").read_text("utf-8")
    return parse_abilities(json.loads(text))


def ability(card: str) -> Ability:
    return abilities()[card]


# -- the box the host enters ------------------------------------------------------------------

#: the longest card text the box takes
TEXT_MAX = 300

BOX: tuple[BoxField, ...] = (
    BoxField(
        "abilities",
        BoxKind.LIST,
        [
            {"name": a.name, "text": a.text}
            for a in sorted(abilities().values(), key=lambda a: a.number)
        ],
        N_("Ability cards"),
        count=sum(KIND_COUNTS.values()),
        item=(
            record(
                "card",
                N_("Ability card"),
                BoxField("name", BoxKind.TEXT, "", N_("Name")),
                BoxField("text", BoxKind.TEXT, "", N_("Text"), high=TEXT_MAX),
            ),
        ),
        help=N_(
            "Cards 1–3 take effect at the start of a set (the quill), 4–6 once per set (1x), "
            "7–17 any number of times (the arrow)."
        ),
    ),
)


def check_names(box: Box) -> None:
    """Two cards of the box may not share a name: a player names the card she kept.

    >>> check_names(Box(BOX, {"abilities": [{"name": "Echo"}, {"name": " echo"}] + [{}] * 15}))
    Traceback (most recent call last):
    ...
    companion.engine.options.OptionError: Your box: two ability cards are called echo.
    """
    seen: set[str] = set()
    for card in box.value("abilities"):
        name = _spelling(card["name"])
        if name in seen:
            raise OptionError(N_("Your box: two ability cards are called {name}."), name=name)
        seen.add(name)


def cards_of(box: Box) -> tuple[Ability, ...]:
    """The 17 cards with the names and texts the room's box gives, in the data file's order; a
    card whose name the host has not entered stays a placeholder.

    >>> from companion.engine import check_box
    >>> given = {"abilities": [{"name": "Echo", "text": "Play twice."}] + [{}] * 16}
    >>> first, second = cards_of(Box(BOX, check_box(BOX, given)))[:2]
    >>> (first.name, first.placeholder), (second.name, second.placeholder)
    (('Echo', False), ('Ability 2 (placeholder)', True))
    """
    entered = box.value("abilities")
    out = []
    for card in abilities().values():
        row = entered[card.number - 1]
        placeholder = card.placeholder and box.placeholder("abilities", card.number - 1, "name")
        out.append(replace(card, name=row["name"], text=row["text"], placeholder=placeholder))
    return tuple(out)


def new_deck(rng: Rng) -> Deck:
    """All 17 cards shuffled face down (the expansion's setup)."""
    return _face_down(rng, [card for card in abilities()])


def draw(deck: Deck, rng: Rng) -> tuple[str, Deck]:
    """The top card and the rest. If the top card is face up, the face-up cards are first
    shuffled (with ``rng``) into a new face-down deck.

    Face-down cards above the face-up ones are dealt first:

    >>> deck = (DeckCard("a"), DeckCard("b", True), DeckCard("c", True))
    >>> top, deck = draw(deck, Rng(1))
    >>> top, [c.face_up for c in deck]
    ('a', [True, True])
    >>> top, deck = draw(deck, Rng(1))
    >>> top in "bc", [c.face_up for c in deck]
    (True, [False])
    """
    if not deck:
        raise ValueError("The ability deck is empty.")
    if deck[0].face_up:
        deck = reshuffled(deck, rng)
    return deck[0].id, deck[1:]


def reshuffled(deck: Deck, rng: Rng) -> Deck:
    """The face-down cards as they are, then the face-up ones shuffled and turned face down.

    >>> [c.face_up for c in reshuffled((DeckCard("a", True), DeckCard("b", True)), Rng(3))]
    [False, False]
    """
    face_down = tuple(card for card in deck if not card.face_up)
    return face_down + _face_down(rng, [card.id for card in deck if card.face_up])


def under(deck: Deck, cards: Iterable[str]) -> Deck:
    """``cards`` put face up under the bottom of the deck, in order.

    >>> under((DeckCard("a"),), ["b"])
    (DeckCard(id='a', face_up=False), DeckCard(id='b', face_up=True))
    """
    return deck + tuple(DeckCard(card, face_up=True) for card in cards)


def sizes(deck: Deck) -> dict[str, int]:
    """How many cards lie face down and face up (all the table may know of the deck)."""
    face_up = sum(1 for card in deck if card.face_up)
    return {"face_down": len(deck) - face_up, "face_up": face_up}


def _face_down(rng: Rng, ids: list[str]) -> Deck:
    items: list[object] = list(ids)
    return tuple(DeckCard(str(card)) for card in rng.shuffled(items))
