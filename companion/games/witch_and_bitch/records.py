"""What the table records from the map during the rounds: exhausted Spells, corpses taken and
given, attacks both ways, the Enemies the app tracks, damage by hand, a Rom killed, the
scenario's verdicts and the Bitch's reveal.

All of them are side actions (``rules`` declares them ``side=True``): possible whenever the map
says so, never what the game waits for. Each takes and returns a whole state.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import Illegal, Payload
from companion.engine.text import say
from companion.games.witch_and_bitch import attacks, bitch, endings
from companion.games.witch_and_bitch.spells import spell
from companion.games.witch_and_bitch.state import ROUND, Card, GameState, Outcome
from companion.games.witch_and_bitch.witches import lose as lose_spell
from companion.games.witch_and_bitch.witches import resurrected, to_lose

#: the Enemies the app tracks at once (the box has 28 Enemy tokens)
MAX_TRACKED = 28


def exhaust(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    _playing(state, seat)
    witch, chosen = state.witches[seat], action["spell"]
    if chosen not in witch.spells:
        raise Illegal("Your Witch does not know that Spell.")
    exhausted = witch.exhausted ^ {chosen}  # a second tap turns it back (a misplay)
    return state.with_witch(seat, replace(witch, exhausted=exhausted))


def corpse(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    _playing(state, seat)
    witch = state.witches[seat]
    return state.with_witch(seat, replace(witch, corpses=(*witch.corpses, action["xp"])))


def give(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    _playing(state, seat)
    to, xp = action["to"], action["xp"]
    giver, taker = state.witches[seat], state.witches[to]
    if to == seat:
        raise Illegal("Give it to another Witch (in your space).")
    if taker.dead:
        raise Illegal("{name}'s Witch is dead.", name=state.names[to])
    if xp not in giver.corpses:
        raise Illegal("You hold no corpse worth {xp} XP.", xp=xp)
    k = giver.corpses.index(xp)
    state = state.with_witch(
        seat, replace(giver, corpses=giver.corpses[:k] + giver.corpses[k + 1 :])
    )
    return state.with_witch(to, replace(taker, corpses=(*taker.corpses, xp)))


def attack(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    _playing(state, seat)
    return attacks.witch_attack(
        state,
        seat,
        action["target"],
        action["bonus"],
        action["damage"],
        action.get("defense"),
        action.get("seat"),
        action.get("spell"),
        action.get("value"),
        action.get("enemy"),
    )


def track(state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
    _playing(state)
    if len(state.tracked) >= MAX_TRACKED:
        raise Illegal(
            "The app tracks at most {max_tracked} Enemies at once.", max_tracked=MAX_TRACKED
        )
    return attacks.track(state, action["health"], action["defense"])


def hurt_enemy(state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
    """Damage by hand on a tracked Enemy (a Spell without a roll, an effect); its full
    Health removes it from the list (killed, or gone from the map)."""
    _playing(state)
    return attacks.hurt_tracked(state, action["enemy"], action["amount"])


def enemy_attack(state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
    _playing(state)
    return attacks.enemy_attack(
        state,
        seat,
        action["seat"],
        action.get("bonus"),
        action.get("damage"),
        bool(action.get("antagonist")),
        action.get("value"),
    )


def damage(state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
    _playing(state)
    return attacks.damage(state, action["seat"], action["amount"])


def rom(state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
    _playing(state, seat)
    return attacks.kill_rom(state, seat)


def verdict(state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
    _playing(state)
    event = action["event"]
    if event == "antagonist-dead":
        if state.antagonist_portal is None or state.antagonist_dead:
            raise Illegal("The antagonist is not on the map.")
        return endings.check(replace(state, antagonist_dead=True))
    if state.scenario_number != 5:
        raise Illegal("Only Plot! has conspirators and the Bilderberg.")
    return endings.over(
        state, Outcome(say("A conspirator stormed the Bilderberg: the Witches lose."))
    )


def reveal(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    if not state.cards:
        raise Illegal("This scenario has no Witch or Bitch cards.")
    if bitch.secret(state, seat) is not Card.BITCH:
        if state.revealed and state.bitch == seat:
            raise Illegal("You have revealed yourself already.")
        raise Illegal("A Witch never reveals her card.")
    return replace(state, revealed=True)


def lose(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    """The dead Witch chooses a Spell she loses among her highest level (the rulebook: "she
    must always choose them starting from those of the highest Level")."""
    witch = state.witches[seat]
    if action["spell"] not in to_lose(witch):
        raise Illegal("Your Witch does not know that Spell.")
    return state.with_witch(seat, lose_spell(witch, action["spell"]))


def resurrect(state: GameState, seat: int, action: Payload, at: float) -> GameState:
    """The rulebook: a dead-for-good Witch comes back "unless another Witch possesses the dark
    art of Resurrection!" Casting it turns the Spell face down, as any Spell cast."""
    _playing(state, seat)
    witch, target = state.witches[seat], action["seat"]
    art = [s for s in witch.spells if spell(s).resurrects and s not in witch.exhausted]
    if not art:
        raise Illegal("Your Witch does not know that Spell.")
    if target >= len(state.witches) or not state.witches[target].out:
        raise Illegal("{name}'s Witch is not dead for good.", name=state.names[target])
    state = state.with_witch(seat, replace(witch, exhausted=witch.exhausted | {art[0]}))
    return state.with_witch(target, resurrected(state.witches[target]))


def _playing(state: GameState, seat: int | None = None) -> None:
    """Refuse a record before the first round, or one by a seat whose Witch is dead."""
    if state.step not in ROUND:
        raise Illegal("That comes once the first round has begun.")
    if seat is not None and state.witches[seat].dead:
        raise Illegal("Your Witch is dead until the next Witches' Phase.")
