"""Casting Black Magic spells: who may cast what and when, the Magic Fog window, the effects.

Every spell opens a Magic Fog window of ``fog_seconds`` — the same length whether or not
anyone holds Magic Fog, so the wait reveals nothing. Another witch may answer with Magic Fog
during the window: both cards are discarded and nothing happens. Otherwise the spell takes
effect when the window ends (``take_effect``). Either way, during the reveal the caster's
moment then starts afresh, so she may cast another spell.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.engine import BadRequest, Illegal, IllegalAction, NotYourTurn, clockwise
from companion.engine.text import N_, say
from companion.games.wicked_witches_way import payload, resolution, track
from companion.games.wicked_witches_way.black_magic import Spell, Timing, kind_of, timing_of
from companion.games.wicked_witches_way.state import (
    Casting,
    Decree,
    DecreeStage,
    Formula,
    GameState,
    Level,
    Phase,
    SpellPlay,
    Step,
)
from companion.games.wicked_witches_way.symbols import Symbol

#: how long a Decree shows the dice (ms); an expert pilot gets the shorter look
DECREE_LOOK_MS = 10_000
EXPERT_DECREE_LOOK_MS = 5_000
#: how far Attraction may pull the other witches (the caster chooses)
ATTRACTION_SPACES = (1, 2)

_WHEN = {
    Timing.APPLY: "when you apply your formula",
    Timing.AFTER: "after your movement",
}


def holds(state: GameState, seat: int, spell: Spell) -> bool:
    """With the physical deck the app trusts the player: she holds whatever she announces."""
    if state.options.physical_deck:
        return True
    return any(kind_of(card) == spell.value for card in state.witches[seat].hand)


def can_cast(state: GameState, seat: int, timing: Timing) -> bool:
    """Whether ``seat`` has a spell of this timing that would be accepted now (digital deck;
    with the physical deck the app cannot know). The game never uses it to decide anything
    the others can see: every witch gets the same moments whatever she holds."""
    if state.options.physical_deck:
        return True
    held = {Spell(kind_of(card)) for card in state.witches[seat].hand if timing_of(card) is timing}
    return any(_playable(state, seat, spell) for spell in held)


def _playable(state: GameState, seat: int, spell: Spell) -> bool:
    formula = state.formulas[seat] or Formula()
    if spell is Spell.DOUBLE_CROSS:
        return formula.second is not None and not state.double_cross
    if spell is Spell.REPAIRED_OVERSIGHT:
        return len(formula.symbols) < len(Symbol)
    if spell is Spell.RECTIFICATION:
        return 0 < len(formula.symbols) < len(Symbol)
    return True


def cast(state: GameState, seat: int, action: Mapping[str, Any], at: float) -> GameState:
    """``spell {card: kind, spaces?, add?, remove?, second?}``."""
    try:
        spell = Spell(str(action.get("card")))
    except ValueError:
        raise BadRequest(
            "There is no spell {card}.", card=repr(str(action.get("card"))[:30])
        ) from None
    if spell is Spell.MAGIC_FOG:
        return fog(state, seat, at)
    if state.window is not None:
        raise _window_open(state)
    if state.phase is Phase.OVER:
        raise Illegal("The game is over.")
    if spell is Spell.DECREE:
        _check_decree(state, seat)
    else:
        _check_turn(state, seat, spell)
    if not holds(state, seat, spell):
        raise Illegal("You hold no {spell} card.", spell=spell.label)
    card = _held_card(state, seat, spell)
    casting = _casting(state, seat, spell, action, at, card or "")
    name = state.name(seat)
    state = _without(state, seat, card)
    cast = say("{name} casts {spell}.", name=name, spell=say(spell.label))
    state = replace(
        state,
        window=casting,
        spells=(*state.spells, SpellPlay(seat, spell.value, None, cast)),
    ).said(cast)
    if spell is Spell.DECREE:
        state = state.with_decree(Decree(seat, DecreeStage.FOG))
    return state


def _check_decree(state: GameState, seat: int) -> None:
    if state.phase is not Phase.COMPOSE:
        raise Illegal("Decree is played while the formulas are written.")
    if state.formulas[seat] is not None:
        raise Illegal("Your formula is already locked.")
    if state.decree_of(seat) is not None:
        raise Illegal("You already played a Decree this turn.")
    waiting = [
        state.name(k)
        for k in state.seats
        if k != seat and state.formulas[k] is None and not state.in_decree(k)
    ]
    if waiting:
        raise Illegal(
            "Decree is played once every other witch has written her formula "
            "(waiting for {names}).",
            names=", ".join(waiting),
        )


def _check_turn(state: GameState, seat: int, spell: Spell) -> None:
    current = state.current
    timing = spell.info.timing
    if state.phase is not Phase.RESOLVE or current is None:
        raise Illegal("{spell} is played {when}.", spell=spell.label, when=_WHEN[timing])
    if current != seat:
        raise NotYourTurn("Wait: {name} is applying her formula.", name=state.name(current))
    if state.step is Step.KEEP:
        raise Illegal("First choose the Black Magic card you keep.")
    if state.step is not Step(timing.value):
        raise Illegal("{spell} is played {when}.", spell=spell.label, when=_WHEN[timing])


def _casting(
    state: GameState, seat: int, spell: Spell, action: Mapping[str, Any], at: float, card: str
) -> Casting:
    """The spell as cast, its parameters checked; ``card`` is the id it came from (physical
    deck: empty)."""
    until = at + 1000 * state.options.fog_seconds
    formula = state.formulas[seat] or Formula()
    if spell is Spell.ATTRACTION:
        spaces = action.get("spaces")
        if spaces is None:
            raise BadRequest("Attraction moves the others 1 or 2 spaces: give spaces 1 or 2.")
        return Casting(seat, card, spell, until, spaces=int(spaces))
    if spell is Spell.DOUBLE_CROSS:
        if formula.second is None:
            raise Illegal("You wrote only one formula: Double Cross needs two.")
        if state.double_cross:
            raise Illegal("Your Double Cross is already in play.")
        return Casting(seat, card, spell, until)
    if spell is Spell.REPAIRED_OVERSIGHT:
        add = payload.symbol(action.get("add"), N_("Repaired Oversight"))
        if add in formula.symbols:
            raise Illegal("{add} is already in your formula.", add=add.label)
        to_second = bool(action.get("second", False))
        if to_second and formula.second is None:
            raise Illegal("You wrote no second formula.")
        return Casting(seat, card, spell, until, add=add, to_second=to_second)
    if spell is Spell.RECTIFICATION:
        remove = payload.symbol(action.get("remove"), N_("Rectification (remove)"))
        add = payload.symbol(action.get("add"), N_("Rectification (add)"))
        if remove not in formula.symbols:
            raise Illegal("{remove} is not in your formula.", remove=remove.label)
        if add in formula.symbols:
            raise Illegal("{add} is already in your formula.", add=add.label)
        return Casting(seat, card, spell, until, add=add, remove=remove)
    return Casting(seat, card, spell, until)


def _without(state: GameState, seat: int, card: str | None) -> GameState:
    if card is None:
        return state
    hand = list(state.witches[seat].hand)
    hand.remove(card)
    return state.with_witch(seat, hand=tuple(hand))


def fog(state: GameState, seat: int, at: float) -> GameState:
    """Magic Fog, answering the spell whose window is open: both cards go to the discard."""
    window = state.window
    if window is None:
        raise Illegal("Magic Fog answers a spell: no spell is waiting to act.")
    if window.seat == seat:
        raise Illegal("You cannot fog your own spell.")
    if not holds(state, seat, Spell.MAGIC_FOG):
        raise Illegal("You hold no Magic Fog card.")
    name, caster, label = state.name(seat), state.name(window.seat), window.spell.label
    spell = say(label)
    text = say(
        "{name}'s Magic Fog cancels {caster}'s {spell}.", name=name, caster=caster, spell=spell
    )
    fog_card = _held_card(state, seat, Spell.MAGIC_FOG)
    state = _without(state, seat, fog_card)
    discard = tuple(c for c in (window.card, fog_card) if c)
    fogged = replace(
        state.spells[-1],
        fogged_by=seat,
        text=say("{caster} casts {spell}: fogged.", caster=caster, spell=spell),
    )
    state = replace(
        state,
        window=None,
        discard=(*state.discard, *discard),
        spells=(*state.spells[:-1], fogged, SpellPlay(seat, Spell.MAGIC_FOG.value, None, text)),
    ).said(text)
    if window.spell is Spell.DECREE:
        return state.with_decree(
            Decree(window.seat, DecreeStage.FOGGED, write_by=_write_by(state, at))
        )
    return _moment_again(state, at)


def _moment_again(state: GameState, at: float) -> GameState:
    """After a spell (or its fog) during the reveal, the caster's moment starts afresh."""
    if state.phase is Phase.RESOLVE and state.step in (Step.APPLY, Step.AFTER):
        return resolution.moment(state, state.step, at)
    return state


def _held_card(state: GameState, seat: int, spell: Spell) -> str | None:
    if state.options.physical_deck:
        return None
    return next(c for c in state.witches[seat].hand if kind_of(c) == spell.value)


def _write_by(state: GameState, start: float) -> float | None:
    seconds = state.options.compose_seconds
    return None if not seconds else start + 1000 * seconds


def _window_open(state: GameState) -> IllegalAction:
    assert state.window is not None
    caster = state.name(state.window.seat)
    return Illegal(
        "Wait: the Magic Fog window for {caster}'s {label} is open.",
        caster=caster,
        label=state.window.spell.label,
    )


def take_effect(state: GameState, at: float) -> GameState:
    """The end of the window: the spell acts and its card goes to the discard."""
    window = state.window
    assert window is not None
    state = replace(
        state, window=None, discard=(*state.discard, window.card) if window.card else state.discard
    )
    return _moment_again(_EFFECTS[window.spell](state, window, at), at)


def _decree(state: GameState, w: Casting, at: float) -> GameState:
    expert = state.witches[w.seat].level is Level.EXPERT
    look = EXPERT_DECREE_LOOK_MS if expert else DECREE_LOOK_MS
    until = at + look
    decree = Decree(w.seat, DecreeStage.LOOK, until=until, write_by=_write_by(state, until))
    return state.with_decree(decree).said(
        say(
            "Decree: {name} looks at the dice for {seconds} seconds.",
            name=state.name(w.seat),
            seconds=look // 1000,
        )
    )


def _double_cross(state: GameState, w: Casting, at: float) -> GameState:
    return replace(state, double_cross=True).said(
        say("Double Cross: both of {name}'s formulas count.", name=state.name(w.seat))
    )


def _repaired_oversight(state: GameState, w: Casting, at: float) -> GameState:
    formula = state.formulas[w.seat] or Formula()
    assert w.add is not None
    if w.to_second and formula.second is not None:
        formula = replace(formula, second=(*formula.second, w.add))
    else:
        formula = replace(formula, cards=(*formula.cards, w.add))
    return state.with_formula(w.seat, formula).said(
        say("Repaired Oversight: {name} adds a card to her formula.", name=state.name(w.seat))
    )


def _rectification(state: GameState, w: Casting, at: float) -> GameState:
    formula = state.formulas[w.seat] or Formula()
    add, remove = w.add, w.remove
    assert add is not None and remove is not None

    def swap(cards: tuple[Symbol, ...]) -> tuple[Symbol, ...]:
        return tuple(add if s == remove else s for s in cards)

    second = None if formula.second is None else swap(formula.second)
    return state.with_formula(w.seat, Formula(swap(formula.cards), second)).said(
        say("Rectification: {name} exchanges a card of her formula.", name=state.name(w.seat))
    )


def _attraction(state: GameState, w: Casting, at: float) -> GameState:
    target = state.witches[w.seat].position
    spaces = w.spaces or 1
    for seat in clockwise(w.seat, len(state.witches), skip={w.seat}):
        witch = state.witches[seat]
        if not witch.finished:
            new = track.toward(witch.position, target, spaces, state.blocks_for(seat))
            state = state.moved_to(seat, new)
    # Attraction moves 1 or 2 spaces: one sentence for each (no plural forms needed)
    if spaces == 1:
        template = N_("Attraction: the other witches move 1 space toward {name} ({space}).")
    else:
        template = N_("Attraction: the other witches move toward {name} ({space}), spaces: {n}.")
    return state.said(
        say(template, n=spaces, name=state.name(w.seat), space=track.space_name(target))
    )


def _blockade(state: GameState, w: Casting, at: float) -> GameState:
    space = state.witches[w.seat].position
    return replace(state, blocks=(*state.blocks, w.seat)).said(
        say(
            "Blockade: nobody may pass {name} ({space}) this turn.",
            name=state.name(w.seat),
            space=track.space_name(space),
        )
    )


def _bad_spell(state: GameState, w: Casting, at: float) -> GameState:
    lead = track.leaders(state.positions(racing_only=True))
    for seat in lead:
        state = state.moved_to(seat, track.back(state.witches[seat].position, track.BAD_SPELL))
    names = tuple(state.name(s) for s in lead)
    if not names:
        return state.said(say(N_("Bad Spell: nobody is in the lead.")))
    if len(names) == 1:
        return state.said(say("Bad Spell: {names} (the lead) goes back 3.", names=names))
    return state.said(say("Bad Spell: {names} (the lead) go back 3.", names=names))


def _tailwind(state: GameState, w: Casting, at: float) -> GameState:
    witch = state.witches[w.seat]
    if witch.finished:
        return state.said(say("Tailwind: {name} has already finished.", name=state.name(w.seat)))
    place = track.place(w.seat, state.positions())
    new = track.forward(witch.position, place, state.blocks_for(w.seat))
    state = state.moved_to(w.seat, new)
    return state.said(
        say(
            "Tailwind: {name}, in place {place}, flies forward to {space}.",
            name=state.name(w.seat),
            place=place,
            space=track.space_name(state.witches[w.seat].position),
        )
    )


_EFFECTS = {
    Spell.DECREE: _decree,
    Spell.DOUBLE_CROSS: _double_cross,
    Spell.REPAIRED_OVERSIGHT: _repaired_oversight,
    Spell.RECTIFICATION: _rectification,
    Spell.ATTRACTION: _attraction,
    Spell.BLOCKADE: _blockade,
    Spell.BAD_SPELL: _bad_spell,
    Spell.TAILWIND: _tailwind,
}
