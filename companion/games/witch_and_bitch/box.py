"""Witch & Bitch's box: what the cards and the map print and no rulebook gives. The host enters
it from the components (the TV's "Your box"); until then the data files' placeholders stand in,
marked on every screen. The rulebook's facts are no box fields: the three Witch names it prints
(Chanotika, Topaz, Travonia), Health 10, the Spell names it gives (Resurrection among them).

Per Witch card: Defense, Movement, the preferred Schools and their bonus (the variant), and the
name of the two cards the rulebook does not name; per School, the Spell names it does not give;
the Destiny cards' texts by colour; the Objects of scenario 2 (The Return of Wanna).

>>> from companion.engine import check_box
>>> book = book_of(Box(BOX, check_box(BOX, {"witches": {"witch-4": {"name": "Nera"}}})))
>>> four = book.card("witch-4")
>>> four.name, four.name_known, four.stats_known, book.card("topaz").name_known
('Nera', True, False, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.engine import Box, BoxField, BoxKind, record
from companion.engine.text import N_
from companion.games.witch_and_bitch import spells
from companion.games.witch_and_bitch.destiny import Colour, Text, texts
from companion.games.witch_and_bitch.scenarios import placeholder_objects
from companion.games.witch_and_bitch.witches import WitchCard, cards

#: the scenario whose Object count is in no rulebook (its printed map shows them)
OBJECTS_SCENARIO = 2
#: the Witch cards the rulebook does not name, and how the box screen calls them
UNNAMED = {"witch-4": N_("Fourth Witch card"), "witch-5": N_("Fifth Witch card")}
SLOT_LABELS = {
    "1": N_("Level 1"),
    "2a": N_("Level 2 · a"),
    "2b": N_("Level 2 · b"),
    "3a": N_("Level 3 · a"),
    "3b": N_("Level 3 · b"),
    "3c": N_("Level 3 · c"),
}
COLOUR_LABELS = {Colour.GREEN: N_("Green"), Colour.ORANGE: N_("Orange"), Colour.RED: N_("Red")}
#: the longest Destiny text the box takes
DESTINY_MAX = 300


def _witch_field(card: WitchCard) -> BoxField:
    schools = tuple(s.id for s in spells.schools())
    name = (BoxField("name", BoxKind.TEXT, card.name, N_("Name")),) if card.id in UNNAMED else ()
    return record(
        card.id,
        UNNAMED.get(card.id, card.name),
        *name,
        BoxField("defense", BoxKind.INT, card.defense, N_("Defense"), low=1, high=30),
        BoxField("movement", BoxKind.INT, card.movement, N_("Movement"), low=1, high=9),
        BoxField("preferred", BoxKind.MULTI, list(card.preferred), N_("Preferred Schools"), low=1,
                 high=3, choices=schools),
        BoxField("bonus", BoxKind.INT, card.bonus, N_("Bonus of a preferred School"), low=0,
                 high=10),
    )  # fmt: skip


def _school_field(school: spells.School) -> BoxField | None:
    unknown = [s for s in spells.catalogue().values() if s.school == school.id and not s.known]
    if not unknown:
        return None
    return record(
        school.id,
        school.name,
        *(BoxField(s.slot, BoxKind.TEXT, s.name, SLOT_LABELS[s.slot]) for s in unknown),
    )


def _declared() -> tuple[BoxField, ...]:
    witches = tuple(_witch_field(card) for card in cards().values())
    schools = tuple(f for f in (_school_field(s) for s in spells.schools()) if f is not None)
    return (
        record(
            "witches",
            N_("Witch cards"),
            *witches,
            help=N_("Health 10 is the rulebook's: every Witch dies at 10 Damage."),
        ),
        record(
            "spells",
            N_("Spell names"),
            *schools,
            help=N_("Only the names the rulebook does not print: the others are fixed."),
        ),
        record(
            "destiny",
            N_("Destiny cards"),
            *(
                BoxField(c.value, BoxKind.TEXT, texts()[c].text, COLOUR_LABELS[c], high=DESTINY_MAX)
                for c in Colour
            ),
            help=N_("What the screens say when a card of each colour is drawn."),
        ),
        BoxField(
            "objects",
            BoxKind.INT,
            placeholder_objects(OBJECTS_SCENARIO),
            N_("Objects in scenario 2 (The Return of Wanna)"),
            low=1,
            high=20,
            help=N_("The Object spaces on the scenario's map."),
        ),
    )


#: what the host may enter from the box on the table
BOX: tuple[BoxField, ...] = _declared()


@dataclass(frozen=True)
class Book:
    """The printed values a room plays with: its box over the data files' placeholders."""

    witches: tuple[WitchCard, ...]
    #: (spell id, name, still a placeholder) for every Spell
    spell_names: tuple[tuple[str, str, bool], ...]
    destiny: tuple[tuple[Colour, Text], ...]
    objects: int
    objects_placeholder: bool

    def card(self, card_id: str) -> WitchCard:
        return next(card for card in self.witches if card.id == card_id)

    def spell_name(self, spell_id: str) -> str:
        return next(name for s, name, _ in self.spell_names if s == spell_id)

    def spell_json(self, spell_id: str) -> dict[str, Any]:
        """The Spell as the views show it, named as the box names it."""
        name, placeholder = next((n, p) for s, n, p in self.spell_names if s == spell_id)
        return {**spells.spell(spell_id).to_json(), "name": name, "placeholder": placeholder}

    def destiny_text(self, colour: Colour) -> Text:
        return dict(self.destiny)[colour]


def book_of(box: Box) -> Book:
    """The values the room's box gives; each left out is its placeholder, still marked."""
    witches = []
    for card in cards().values():
        row = box.value("witches", card.id)
        stats = ("defense", "movement", "preferred", "bonus")
        named = card.name_known or not box.placeholder("witches", card.id, "name")
        witches.append(
            replace(
                card,
                name=row.get("name", card.name),
                defense=row["defense"],
                movement=row["movement"],
                preferred=tuple(row["preferred"]),
                bonus=row["bonus"],
                name_known=named,
                stats_known=card.stats_known
                or not any(box.placeholder("witches", card.id, s) for s in stats),
            )
        )
    names = []
    for spell in spells.catalogue().values():
        if spell.known:
            names.append((spell.id, spell.name, False))
        else:
            entered = box.value("spells", spell.school, spell.slot)
            names.append((spell.id, entered, box.placeholder("spells", spell.school, spell.slot)))
    destiny = tuple(
        (
            c,
            Text(
                box.value("destiny", c.value),
                texts()[c].known or not box.placeholder("destiny", c.value),
            ),
        )
        for c in Colour
    )
    return Book(
        tuple(witches),
        tuple(names),
        destiny,
        box.value("objects"),
        box.placeholder("objects"),
    )
