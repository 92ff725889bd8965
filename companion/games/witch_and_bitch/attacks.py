"""Attacks, both ways: d20 + bonus against the target's Defense; a hit deals its Damage. Damage
on a Witch is applied (and may kill her); Enemy health stays on the table, except the
antagonist's and the Rom's, which the app knows.

>>> from companion.games.witch_and_bitch.dice import Die, Roll
>>> Roll(0, Die.D20, 8, 0, "attack", bonus=11, against=18).hit
True
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import BadRequest, Illegal
from companion.games.witch_and_bitch import endings
from companion.games.witch_and_bitch.dice import Die, roll
from companion.games.witch_and_bitch.scenarios import Appears
from companion.games.witch_and_bitch.spells import spell
from companion.games.witch_and_bitch.state import Card, GameState, Tracked
from companion.games.witch_and_bitch.witches import Witch, die, hurt

#: the Rom of scenario 4: Health 1, Defense 18, a corpse of 4 XP
ROM_DEFENSE, ROM_XP = 18, 4
#: scenario 2: once death is permanent, the Bitch's corpse is worth 4 XP
BITCH_XP = 4
TARGETS = ("enemy", "tracked", "antagonist", "rom", "player")


def damage(state: GameState, seat: int, amount: int, killer: int | None = None) -> GameState:
    """``amount`` Damage on ``seat``'s Witch (negative heals). At her Health she dies: corpses,
    Rewards and Spells go by the rules; for good if the scenario's death is permanent."""
    witch = state.witches[seat]
    if witch.dead:
        raise Illegal("{name}'s Witch is dead already.", name=state.names[seat])
    witch = hurt(witch, amount)
    if witch.damage < witch.health:
        return state.with_witch(seat, witch)
    permanent = state.permanent
    state = state.with_witch(seat, die(witch, permanent))
    if permanent and state.cards and state.cards[seat] is Card.BITCH:
        # Interpretation: a Bitch dead for good is shown (her corpse is worth 4 XP in scenario 2).
        state = replace(state, revealed=True)
        if state.scenario_number == 2 and killer is not None and killer != seat:
            taker = state.witches[killer]
            state = state.with_witch(killer, replace(taker, corpses=(*taker.corpses, BITCH_XP)))
    return endings.check(state)


def _bonus(state: GameState, seat: int, school: str | None) -> int:
    """The variant: a preferred School adds the Witch card's bonus to the roll."""
    if not state.preferred or school is None:
        return 0
    card = state.book.card(state.witches[seat].card)
    return card.bonus if school in card.preferred else 0


def witch_attack(
    state: GameState,
    seat: int,
    target: str,
    bonus: int,
    dealt: int,
    defense: int | None,
    victim: int | None,
    spell_id: str | None,
    value: int | None,
    enemy: int | None = None,
) -> GameState:
    """A Witch attacks with a Spell: an Enemy (its Defense from the token), a tracked Enemy,
    the antagonist or a Rom (Defense known), or another Witch (her card's Defense; the Damage
    lands on her)."""
    witch = state.witches[seat]
    if witch.dead:
        raise Illegal("A dead Witch cannot attack.")
    school = _school(witch, spell_id)
    against = _defense(state, seat, target, defense, victim, enemy)
    total_bonus = bonus + _bonus(state, seat, school)
    rolled = roll(state.seed, state.next_roll, Die.D20, seat, "attack", value)
    rolled = replace(rolled, bonus=total_bonus, against=against)
    state = replace(state, rolls=(*state.rolls, rolled))
    if not rolled.hit:
        return state
    return _hit(state, seat, target, dealt, victim, enemy)


def _school(witch: Witch, spell_id: str | None) -> str | None:
    """The School of the Spell the Witch attacks with (None: no Spell named), if she may."""
    if spell_id is None:
        return None
    if spell_id not in witch.spells:
        raise Illegal("Your Witch does not know that Spell.")
    if spell_id in witch.exhausted:
        raise Illegal("That Spell is exhausted until the next Witches' Phase.")
    return spell(spell_id).school


def _defense(
    state: GameState,
    seat: int,
    target: str,
    defense: int | None,
    victim: int | None,
    enemy: int | None,
) -> int:
    """The Defense the attack roll must reach, if the target can be attacked."""
    if target == "enemy":
        if defense is None:
            raise BadRequest("Give the Enemy's Defense (on its token).")
        return defense
    if target == "tracked":
        return find_tracked(state, enemy).defense
    if target == "antagonist":
        sc = state.scenario
        if sc.antagonist is None or state.antagonist_portal is None or state.antagonist_dead:
            raise Illegal("There is no antagonist on the map.")
        return sc.antagonist.stats_for(state.players).defense
    if target == "rom":
        if not state.scenario.rom or state.rom_killed >= state.scenario.rom:
            raise Illegal("There is no Rom left to attack.")
        return ROM_DEFENSE
    if victim is None:
        raise BadRequest("Say which Witch you attack.")
    if victim == seat:
        raise Illegal("Choose another Witch to attack.")
    if state.witches[victim].dead:
        raise Illegal("{name}'s Witch is dead already.", name=state.names[victim])
    return state.book.card(state.witches[victim].card).defense


def _hit(
    state: GameState, seat: int, target: str, dealt: int, victim: int | None, enemy: int | None
) -> GameState:
    """What a hit does: the app counts the antagonist's, a Rom's, a tracked Enemy's and a
    Witch's Damage; an untracked Enemy's stays on the table."""
    if target == "antagonist":
        sc = state.scenario
        assert sc.antagonist is not None
        hits = state.antagonist_damage + dealt
        dead = hits >= sc.antagonist.stats_for(state.players).health
        return endings.check(replace(state, antagonist_damage=hits, antagonist_dead=dead))
    if target == "rom":
        return kill_rom(state, seat)
    if target == "tracked":
        return hurt_tracked(state, find_tracked(state, enemy).number, dealt)
    if target == "player":
        assert victim is not None
        return damage(state, victim, dealt, killer=seat)
    return state


def kill_rom(state: GameState, seat: int | None) -> GameState:
    """A Rom dies: a Witch who killed it takes its 4-XP corpse; all dead ends the game."""
    if not state.scenario.rom or state.rom_killed >= state.scenario.rom:
        raise Illegal("There is no Rom left.")
    state = replace(state, rom_killed=state.rom_killed + 1)
    if seat is not None:
        witch = state.witches[seat]
        state = state.with_witch(seat, replace(witch, corpses=(*witch.corpses, ROM_XP)))
    return endings.check(state)


def enemy_attack(
    state: GameState,
    by: int | None,
    victim: int,
    bonus: int | None,
    dealt: int | None,
    antagonist: bool,
    value: int | None,
) -> GameState:
    """An Enemy (or the antagonist) attacks a Witch: the first player rolls the d20 + the Enemy's
    bonus against her Defense; a hit deals its Damage."""
    witch = state.witches[victim]
    if witch.dead:
        raise Illegal("{name}'s Witch is dead: nothing attacks her.", name=state.names[victim])
    if state.revealed and state.cards and state.cards[victim] is Card.BITCH:
        raise Illegal("Enemies never attack the Bitch once she has revealed herself.")
    if antagonist:
        sc = state.scenario
        if sc.antagonist is None or state.antagonist_portal is None or state.antagonist_dead:
            raise Illegal("There is no antagonist on the map.")
        bonus, dealt = sc.antagonist.attack, sc.antagonist.damage
    if bonus is None or dealt is None:
        raise BadRequest("Give the Enemy's Attack bonus and Damage (on its token).")
    purpose = "antagonist attack" if antagonist else "enemy attack"
    rolled = roll(state.seed, state.next_roll, Die.D20, by, purpose, value)
    rolled = replace(rolled, bonus=bonus, against=state.book.card(witch.card).defense)
    state = replace(state, rolls=(*state.rolls, rolled))
    return damage(state, victim, dealt) if rolled.hit else state


def antagonist_appears(state: GameState, by: int | None, value: int | None) -> GameState:
    """Roll the d4: the antagonist's token goes on that Portal."""
    rolled = roll(state.seed, state.next_roll, Die.D4, by, "antagonist", value)
    return replace(state, rolls=(*state.rolls, rolled), antagonist_portal=rolled.value)


def take_object(state: GameState, seat: int, value: int | None) -> GameState:
    """A Witch takes an Object: a Reward card; scenario 3 allows one per Witch. The last Object
    calls the antagonist (scenarios 1 and 4); in scenario 2 the errata's d4 is rolled on every
    Object and Wanna escapes to that Portal if it is below the Objects collected."""
    sc = state.scenario
    witch = state.witches[seat]
    total = sc.objects_for(state.players)
    if witch.dead:
        raise Illegal("A dead Witch cannot take an Object.")
    if state.objects >= total:
        raise Illegal("Every Object has been taken.")
    if sc.number == 3 and witch.objects:
        raise Illegal("In Hunger Gaymes a Witch takes only one Object.")
    witch = replace(witch, objects=witch.objects + 1, rewards=witch.rewards + 1)
    state = replace(state.with_witch(seat, witch), objects=state.objects + 1)
    villain = sc.antagonist
    if villain is not None and state.antagonist_portal is None:
        if villain.appears is Appears.LAST_OBJECT and state.objects == total:
            state = antagonist_appears(state, seat, value)
        elif villain.appears is Appears.OBJECT_ROLL:
            # Interpretation: "the Objects already collected" counts the one just taken.
            rolled = roll(state.seed, state.next_roll, Die.D4, seat, "object", value)
            state = replace(state, rolls=(*state.rolls, rolled))
            if rolled.value < state.objects:
                state = replace(state, antagonist_portal=rolled.value)
    return endings.check(state)


def find_tracked(state: GameState, number: int | None) -> Tracked:
    if number is None:
        raise BadRequest("Say which tracked Enemy (its number).")
    for enemy in state.tracked:
        if enemy.number == number:
            return enemy
    raise Illegal("No tracked Enemy has the number {number}.", number=number)


def track(state: GameState, health: int, defense: int) -> GameState:
    """The table tracks one more Enemy's health (optional): it gets the next number."""
    added = Tracked(state.next_tracked, health, defense)
    return replace(state, tracked=(*state.tracked, added), next_tracked=state.next_tracked + 1)


def hurt_tracked(state: GameState, number: int, amount: int) -> GameState:
    """Damage on a tracked Enemy; at its Health it dies and leaves the list (the Witch who
    killed it takes its corpse on her phone: the XP is printed on the token)."""
    enemy = find_tracked(state, number)
    hurt_enemy = replace(enemy, damage=max(0, enemy.damage + amount))
    kept = tuple(
        hurt_enemy if e.number == number else e
        for e in state.tracked
        if e.number != number or hurt_enemy.damage < hurt_enemy.health
    )
    return replace(state, tracked=kept)
