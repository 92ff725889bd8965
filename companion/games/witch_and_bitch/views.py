"""What each screen sees: the table view (the TV, holding nobody's secret card) and each seat's
view, which adds ``you`` (her secret card in scenarios 2 and 4, what she may learn or draft)."""

from __future__ import annotations

from typing import Any

from companion.engine.text import N_, say, text_json
from companion.games.witch_and_bitch import bitch, rounds, spells
from companion.games.witch_and_bitch.destiny import Colour
from companion.games.witch_and_bitch.state import Card, GameState, Step
from companion.games.witch_and_bitch.witches import learning_cost

#: how many rolls the views carry (newest last)
ROLLS_SHOWN = 40
SPAWNS_SHOWN = 6


def witch_json(state: GameState, seat: int) -> dict[str, Any]:
    witch = state.witches[seat]
    card = state.book.card(witch.card)
    known = [{**state.book.spell_json(s), "exhausted": s in witch.exhausted} for s in witch.spells]
    return {
        "seat": seat,
        "player": state.names[seat],
        "witch_card": card.to_json(),
        "health": card.health,
        "damage": witch.damage,
        "left": max(0, card.health - witch.damage),
        "defense": card.defense,
        "movement": card.movement,
        "corpses": list(witch.corpses),
        "xp": witch.xp,
        "cost": learning_cost(len(witch.spells)),
        "rewards": witch.rewards,
        "spells": known,
        "dead": witch.dead,
        "out": witch.out,
        "objects": witch.objects,
        "position": witch.position,
        "actions": witch.actions,
        "deaths": witch.deaths,
        "losing": witch.losing,
        "gone": seat in state.gone,
    }


def _destiny(state: GameState) -> dict[str, Any]:
    left = {c.value: state.deck.count(c) for c in Colour}
    shown = state.book.destiny_text(state.destiny) if state.destiny is not None else None
    return {
        "left": len(state.deck),
        "left_by_colour": left,
        "drawn": [c.value for c in state.drawn],
        "colour": None if state.destiny is None else state.destiny.value,
        "text": None if shown is None else shown.text,
        "placeholder": shown is not None and not shown.known,
        "total": len(state.deck) + len(state.drawn),
    }


def _antagonist(state: GameState) -> dict[str, Any] | None:
    villain = state.scenario.antagonist
    if villain is None:
        return None
    return {
        **villain.to_json(state.players),
        "portal": state.antagonist_portal,
        "on_map": state.antagonist_portal is not None and not state.antagonist_dead,
        "wounds": state.antagonist_damage,
        "dead": state.antagonist_dead,
    }


def reminders(state: GameState) -> list[str | dict[str, Any]]:
    """What the Enemy activation step reminds the table of (texts, or templates with their
    parts, for the pages to translate)."""
    out: list[str | dict[str, Any]] = [
        N_(
            "Activate every Enemy in the order the first player chooses: it moves its speed "
            "towards the nearest Witch (the first player breaks ties), then attacks if it shares "
            "her space."
        ),
    ]
    villain = state.scenario.antagonist
    if villain is not None and state.antagonist_portal is not None and not state.antagonist_dead:
        line = say(
            "{name} is activated {n}×: {short} {moves}, then does it all again.",
            name=villain.name,
            n=villain.activations,
            short=villain.name.split()[0],
            moves=say(villain.moves),
        )
        out.append(text_json(line))
    out += list(state.scenario.reminders)
    return out


def table(state: GameState) -> dict[str, Any]:
    sc = state.scenario
    out: dict[str, Any] = {
        "scenario": sc.to_json(state.players),
        "step": state.step.value,
        "phase": state.step.phase,
        "round": state.round,
        "first": state.first,
        "current": state.current,
        "order": list(state.order),
        "index": state.index,
        "setup_page": state.setup_page,
        "first_roll": {
            "rollers": list(state.rollers) if state.step is Step.FIRST_ROLL else [],
            "rolled": [{"seat": k, "value": v} for k, v in state.first_rolls],
            "tie": state.step is Step.FIRST_ROLL and len(state.rollers) < state.players,
        },
        "destiny": _destiny(state),
        "evolved": state.evolved,
        "evolve_now": state.evolve_now,
        "spawn": state.spawns[-1].to_json() if state.spawns else None,
        "spawns": [s.to_json() for s in state.spawns[-SPAWNS_SHOWN:]],
        "spawned": state.spawned,
        "rolls": [r.to_json() for r in state.rolls[-ROLLS_SHOWN:]],
        "witches": [witch_json(state, k) for k in state.seats],
        "objects": {
            "taken": state.objects,
            "total": sc.objects_for(state.players),
            "placeholder": sc.objects_placeholder,
        },
        "antagonist": _antagonist(state),
        # what the room's box names and prints (the reference has the data files' placeholders)
        "book": {
            "spells": {
                s: {"name": name, "placeholder": placeholder}
                for s, name, placeholder in state.book.spell_names
            },
            "witches": [card.to_json() for card in state.book.witches],
        },
        "rom": {"killed": state.rom_killed, "total": sc.rom} if sc.rom else None,
        "tracked": [enemy.to_json() for enemy in state.tracked],
        "permanent": state.permanent,
        "last_round": state.last_round,
        "gone": sorted(state.gone),
        "preferred": state.preferred,
        "supply": supply(state),
        "free_positions": list(rounds.free_positions(state)) if sc.number == 3 else [],
        "reminders": reminders(state),
        "secret_cards": bool(state.cards),
        "revealed": bitch.named(state) is not None,
    }
    named = bitch.named(state)
    if named is not None:
        out["bitch"] = named
    return out


def supply(state: GameState) -> dict[str, int]:
    """The copies of each Spell still on the table."""
    held = spells.taken(state.hands())
    return {s: spells.COPIES[spells.spell(s).level] - held[s] for s in spells.catalogue()}


def you(state: GameState, seat: int) -> dict[str, Any]:
    witch = state.witches[seat]
    others = state.hands(but=seat)
    out: dict[str, Any] = {"seat": seat}
    card = bitch.secret(state, seat)
    if card is not None:
        out["card"] = card.value
    elif state.cards and state.outcome is None and bitch.named(state) == seat:
        out["card"] = state.cards[seat].value  # revealed: no longer a secret
    cost = learning_cost(len(witch.spells))
    out["learnable"] = list(spells.learnable(witch.spells, others))
    out["can_learn"] = (
        state.step is Step.LEARNING and state.current == seat and rounds.can_learn(state, seat)
    )
    out["cost"] = cost
    out["draftable"] = (
        list(spells.draftable(witch.spells, others))
        if state.step is Step.DRAFT and state.current == seat
        else []
    )
    out["may_reveal"] = card is not None and state.cards[seat] is Card.BITCH
    out["my_turn"] = state.current == seat
    return out


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    out = table(state)
    if seat is not None:
        out["you"] = you(state, seat)
    return out
