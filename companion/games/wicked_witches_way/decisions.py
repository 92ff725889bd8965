"""The decisions the game waits for (``Game.choices``), and one spelling for each of them.

Every decision a sender can take now is listed as the complete payload ``apply`` accepts from
it now. Three actions are *side* actions, never listed: ``hold`` ("I play a spell": every
witch has the button, whatever she holds), ``pass`` (nobody has to pass: each step of the
reveal ends on its own deadline; the table's ``pass`` hurries a step or writes nothing for a
seat) and ``handicap`` (the host's optional setting before the first roll).

A formula is a set of cards laid face down together: the order of its cards means nothing.
So ``normalised`` (the game's ``accept``) puts them in the rulebook's order and drops an empty
second formula; a spell keeps only the fields that spell reads. Then each decision has one
payload, and the formulas are finite: 2⁹ = 512, or 3⁹ = 19,683 for a witch who may write two
(each symbol card in the first formula, in the second or in neither), built once and shared.

>>> len(formulas(False)), len(formulas(True)), formulas(False)[1]
(512, 19683, {'type': 'formula', 'cards': ['burst']})
>>> normalised({"type": "formula", "cards": ["web", "ear"], "second": []})
{'type': 'formula', 'cards': ['ear', 'web']}
>>> normalised({"type": "spell", "card": "tailwind", "spaces": 2, "add": "ear"})
{'type': 'spell', 'card': 'tailwind'}
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import product
from typing import Any

from companion.games.wicked_witches_way import spells
from companion.games.wicked_witches_way.black_magic import Spell
from companion.games.wicked_witches_way.state import Formula, GameState, Phase, Step
from companion.games.wicked_witches_way.symbols import SYMBOLS, in_order
from companion.games.wicked_witches_way.turn import can_close_lid

Payload = dict[str, Any]

#: the fields each spell reads (the others are dropped: they change nothing)
SPELL_FIELDS: dict[str, tuple[str, ...]] = {
    Spell.ATTRACTION.value: ("spaces",),
    Spell.REPAIRED_OVERSIGHT.value: ("add", "second"),
    Spell.RECTIFICATION.value: ("remove", "add"),
}
#: the actions whose field is a free value (any 9 faces may lie in the box): listed once, with
#: a representative value (a checker compares them by type)
FREE = frozenset({"dice"})
#: acrobatics totals a player may enter (the declaration's range)
ACROBATICS_POINTS = range(0, 100)


def normalised(payload: Payload) -> Payload:
    """The one spelling of an accepted payload: a formula's cards in the rulebook's order (an
    empty second formula is no second formula), a spell with only the fields it reads (and
    Repaired Oversight's ``second`` only when true). Duplicates stay, for the rules to refuse.

    >>> normalised({"type": "spell", "card": "repaired_oversight", "add": "eye", "second": False})
    {'type': 'spell', 'card': 'repaired_oversight', 'add': 'eye'}
    """
    kind = payload["type"]
    if kind == "formula":
        out: Payload = {"type": kind, "cards": _in_order(payload["cards"])}
        if payload.get("second"):
            out["second"] = _in_order(payload["second"])
        return out
    if kind == "spell":
        card = payload["card"]
        out = {"type": kind, "card": card}
        for name in SPELL_FIELDS.get(card, ()):
            if name in payload and payload[name] is not False:
                out[name] = payload[name]
        return out
    return payload


def _in_order(names: Iterable[str]) -> list[str]:
    """Symbol names in the rulebook's order (the engine has checked each is a symbol)."""
    return sorted(names, key=_RANK.__getitem__)


_RANK = {symbol.value: k for k, symbol in enumerate(SYMBOLS)}


@cache
def formulas(two: bool) -> tuple[Payload, ...]:
    """Every formula payload: one per subset of the 9 symbol cards, or with ``two`` one per way
    to share them between two formulas (the second one may be empty). Shared: never change one."""
    names = [symbol.value for symbol in SYMBOLS]
    out: list[Payload] = []
    for places in product(range(3 if two else 2), repeat=len(names)):
        payload: Payload = {
            "type": "formula",
            "cards": [name for name, place in zip(names, places, strict=True) if place == 1],
        }
        if 2 in places:
            payload["second"] = [n for n, place in zip(names, places, strict=True) if place == 2]
        out.append(payload)
    return tuple(out)


def choices(state: GameState, seat: int | None) -> list[Payload]:
    """What ``seat`` (None: the table) can decide now, as complete payloads; [] for a seat
    that left. The caller has checked that the game is not over (``is_over``): once it is, the
    room accepts nothing. The formula payloads are shared: never change one."""
    if seat is not None and state.is_gone(seat):
        return []
    phase = state.phase
    if phase is Phase.ROLL:
        return [{"type": "roll"}] if seat is None or seat == state.roller else []
    if phase is Phase.LOOK:
        return [{"type": "close_lid"}] if seat is None or can_close_lid(state, seat) else []
    if phase is Phase.COMPOSE:
        return [] if seat is None else _compose(state, seat)
    if phase is Phase.RESOLVE:
        return _resolve(state, seat)
    return _acrobatics(state, seat)


def _fog(state: GameState, seat: int) -> list[Payload]:
    """Magic Fog answers the spell whose window is open: anyone's but the caster's."""
    window = state.window
    if window is None or window.seat == seat or not spells.holds(state, seat, Spell.MAGIC_FOG):
        return []
    return [{"type": "spell", "card": Spell.MAGIC_FOG.value}]


def _compose(state: GameState, seat: int) -> list[Payload]:
    """Her formula, once (not while her own Decree's window is open); a Decree once every other
    witch has written hers or is in a Decree; Magic Fog against someone's Decree."""
    if state.formulas[seat] is not None:
        return _fog(state, seat)
    window = state.window
    out: list[Payload] = []
    if window is None or window.seat != seat:
        out += formulas(spells.holds(state, seat, Spell.DOUBLE_CROSS))
    waiting = any(
        k != seat and state.formulas[k] is None and not state.in_decree(k) for k in state.seats
    )
    if (
        window is None
        and state.decree_of(seat) is None
        and not waiting
        and spells.holds(state, seat, Spell.DECREE)
    ):
        out.append({"type": "spell", "card": Spell.DECREE.value})
    return out + _fog(state, seat)


def _resolve(state: GameState, seat: int | None) -> list[Payload]:
    """The dice when the lid opens (physical dice), the current witch's spells in her moments
    and her card to keep, Magic Fog during a spell's window."""
    if state.window is not None:
        return [] if seat is None else _fog(state, seat)
    step = state.step
    if step in (Step.READ, Step.SORT):
        if state.options.physical_dice and (seat is None or seat == state.roller):
            return [{"type": "dice", "dice": _dice(state)}]
        return []
    if seat is None or seat != state.current:
        return []
    if step is Step.KEEP:
        return [{"type": "keep", "card": card} for card in state.keep_choice or ()]
    if step is Step.APPLY:
        return _apply_spells(state, seat)
    if step is Step.AFTER:
        return _after_spells(state, seat)
    return []


def _dice(state: GameState) -> list[dict[str, str]]:
    """A representative of the dice (any 9 faces are accepted): those entered already, else
    the first face of each die of the face table."""
    faces = state.dice or tuple(die[0] for die in state.options.faces.dice)
    return [face.to_json() for face in faces]


def _apply_spells(state: GameState, seat: int) -> list[Payload]:
    """When she applies her formula: Double Cross (with a second formula, once), Repaired
    Oversight (a card not in her formulas, to the first or the second one), Rectification (a
    card of her formulas exchanged for one that is not in them)."""
    formula = state.formulas[seat] or Formula()
    used = formula.symbols
    missing = [s for s in SYMBOLS if s not in used]
    out: list[Payload] = []
    if (
        spells.holds(state, seat, Spell.DOUBLE_CROSS)
        and formula.second is not None
        and not state.double_cross
    ):
        out.append({"type": "spell", "card": Spell.DOUBLE_CROSS.value})
    if spells.holds(state, seat, Spell.REPAIRED_OVERSIGHT):
        card = Spell.REPAIRED_OVERSIGHT.value
        for add in missing:
            out.append({"type": "spell", "card": card, "add": add.value})
            if formula.second is not None:
                out.append({"type": "spell", "card": card, "add": add.value, "second": True})
    if spells.holds(state, seat, Spell.RECTIFICATION):
        card = Spell.RECTIFICATION.value
        out += [
            {"type": "spell", "card": card, "remove": remove.value, "add": add.value}
            for remove in in_order(used)
            for add in missing
        ]
    return out


#: the spells played after her movement, without a choice to make
_AFTER_PLAIN = (Spell.BLOCKADE, Spell.BAD_SPELL, Spell.TAILWIND)


def _after_spells(state: GameState, seat: int) -> list[Payload]:
    """After her movement: Attraction (1 or 2 spaces), Blockade, Bad Spell, Tailwind."""
    out: list[Payload] = []
    if spells.holds(state, seat, Spell.ATTRACTION):
        out += [{"type": "spell", "card": Spell.ATTRACTION.value, "spaces": n} for n in (1, 2)]
    out += [
        {"type": "spell", "card": spell.value}
        for spell in _AFTER_PLAIN
        if spells.holds(state, seat, spell)
    ]
    return out


def _acrobatics(state: GameState, seat: int | None) -> list[Payload]:
    """At the end, with the physical deck: each witch's acrobatics total (0–99), her own from
    her phone (naming her seat or not), anyone's from the table. A total already entered may
    still be corrected until every witch has entered hers (then the game is over)."""
    if not state.options.physical_deck:
        return []
    if seat is None:
        return [
            {"type": "acrobatics", "seat": k, "points": n}
            for k in state.seats
            for n in ACROBATICS_POINTS
        ]
    return [
        payload
        for n in ACROBATICS_POINTS
        for payload in (
            {"type": "acrobatics", "points": n},
            {"type": "acrobatics", "seat": seat, "points": n},
        )
    ]
