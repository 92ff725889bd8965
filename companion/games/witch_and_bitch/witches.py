"""A Witch's life: the Witch cards, health, corpses and their experience, learning Spells and
losing them on death.

The back of the rulebook: learning a new Spell costs 4, 6, 8, 10, 12 or 14 XP when the Witch
knows 2 to 7 Spells (8 is the most); dying loses 0, 0, 1, 1, 2, 2 or 3 Spells when she knows 2 to
8, the highest level first.

>>> [learning_cost(k) for k in range(2, 9)]
[4, 6, 8, 10, 12, 14, None]
>>> [spells_lost(k) for k in range(2, 9)]
[0, 0, 1, 1, 2, 2, 3]
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

from companion.games.witch_and_bitch.spells import spell

#: the table on the back of the rulebook: Spells known -> XP for the next Spell
COSTS = {2: 4, 3: 6, 4: 8, 5: 10, 6: 12, 7: 14}
#: Spells known -> Spells lost on death
LOSSES = {2: 0, 3: 0, 4: 1, 5: 1, 6: 2, 7: 2, 8: 3}
MOST_SPELLS = 8
#: "When a Witch suffers Damage equal to or higher than her maximum Health (10 hearts), she dies."
HEALTH = 10
#: the actions of one turn
ACTIONS = 3


def learning_cost(known: int) -> int | None:
    """The XP a Witch who knows ``known`` Spells spends on the next one (None: 8 is the most)."""
    if known >= MOST_SPELLS:
        return None
    return COSTS.get(known, COSTS[2])


def spells_lost(known: int) -> int:
    return LOSSES.get(min(known, MOST_SPELLS), 0)


@dataclass(frozen=True)
class WitchCard:
    id: str
    name: str
    health: int
    defense: int
    movement: int
    preferred: tuple[str, ...]
    bonus: int
    name_known: bool
    stats_known: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "health": self.health,
            "defense": self.defense,
            "movement": self.movement,
            "preferred": list(self.preferred),
            "bonus": self.bonus,
            "placeholder": not (self.name_known and self.stats_known),
            "name_placeholder": not self.name_known,
        }


@cache
def cards() -> dict[str, WitchCard]:
    """The 5 Witch cards of ``data/witches.json``."""
    package = __name__.rpartition(".")[0]
    raw = json.loads(resources.files(package).joinpath("data", "witches.json").read_text("utf-8"))
    out = {}
    for w in raw["witches"]:
        out[str(w["id"])] = WitchCard(
            str(w["id"]),
            str(w["name"]),
            HEALTH,
            int(w["defense"]),
            int(w["movement"]),
            tuple(str(s) for s in w["preferred"]),
            int(w["bonus"]),
            bool(w["name_known"]),
            bool(w["stats_known"]),
        )
    if len(out) != 5:
        raise ValueError("data/witches.json must list the 5 Witch cards")
    return out


@dataclass(frozen=True)
class Witch:
    """One player's Witch."""

    card: str
    damage: int = 0
    #: the XP printed on each corpse she holds
    corpses: tuple[int, ...] = ()
    rewards: int = 0
    #: the Spells she knows, in the order learned
    spells: tuple[str, ...] = ()
    exhausted: frozenset[str] = frozenset()
    dead: bool = False
    #: dead for good (the scenario's death had become permanent)
    out: bool = False
    objects: int = 0
    #: scenario 3's starting position (A-D)
    position: str | None = None
    #: actions used in the current turn
    actions: int = 0
    #: how many times she has died
    deaths: int = 0
    #: Spells she still has to choose to lose, among her highest level (on death)
    losing: int = 0

    @property
    def xp(self) -> int:
        return sum(self.corpses)

    @property
    def health(self) -> int:
        return cards()[self.card].health

    @property
    def defense(self) -> int:
        return cards()[self.card].defense

    @property
    def alive(self) -> bool:
        return not self.dead


def cheapest(corpses: tuple[int, ...], cost: int) -> tuple[int, ...] | None:
    """The corpses to spend for ``cost`` XP, wasting the least (then using the fewest corpses):
    the indices into ``corpses``, or None if they are not enough. The excess is lost.

    >>> cheapest((3, 2, 2, 5), 4)
    (1, 2)
    >>> cheapest((5, 1), 4)
    (0,)
    >>> cheapest((1, 2), 4) is None
    True
    """
    # best[total] = the shortest index tuple reaching exactly that total
    best: dict[int, tuple[int, ...]] = {0: ()}
    for index, xp in enumerate(corpses):
        for total, used in sorted(best.items(), reverse=True):
            grown = total + xp
            if grown not in best or len(best[grown]) > len(used) + 1:
                best[grown] = (*used, index)
    enough = [total for total in best if total >= cost]
    if not enough:
        return None
    return best[min(enough)]


class Unpaid(ValueError):
    """A Spell costs more XP than the Witch's corpses are worth."""

    def __init__(self, cost: int, xp: int) -> None:
        super().__init__(f"Learning needs {cost} XP of corpses (you have {xp}).")
        self.cost = cost
        self.xp = xp


def learn(witch: Witch, spell_id: str) -> Witch:
    """``witch`` after spending corpses on ``spell_id`` (the caller checked the lattice and the
    copies). Raises ValueError when she cannot pay."""
    cost = learning_cost(len(witch.spells))
    if cost is None:
        raise ValueError("A Witch knows at most 8 Spells.")
    spent = cheapest(witch.corpses, cost)
    if spent is None:
        raise Unpaid(cost, witch.xp)
    left = tuple(xp for k, xp in enumerate(witch.corpses) if k not in spent)
    return replace(witch, corpses=left, spells=(*witch.spells, spell_id))


def losing(spells: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """What a dying Witch loses: the Spells lost for sure (every one above the level where the
    losses stop), the Spells of that level she chooses from ("she must always choose them
    starting from those of the highest Level") and how many of them she must choose (0: none
    to choose, everything is decided).

    >>> losing(("fire-1", "ice-1", "fire-2a", "fire-3b", "ice-2b", "light-1"))
    (('fire-3b',), ('fire-2a', 'ice-2b'), 1)
    >>> losing(("fire-1", "ice-1", "fire-2a", "ice-2b"))
    ((), ('fire-2a', 'ice-2b'), 1)
    >>> losing(("fire-1", "ice-1", "fire-2a", "light-1"))
    (('fire-2a',), (), 0)
    """
    count = spells_lost(len(spells))
    if not count:
        return (), (), 0
    ordered = sorted(spells, key=lambda s: -spell(s).level)
    cut = spell(ordered[count - 1]).level
    sure = tuple(s for s in spells if spell(s).level > cut)
    level = tuple(s for s in spells if spell(s).level == cut)
    left = count - len(sure)
    if left == len(level):
        return (*sure, *level), (), 0
    return sure, level, left


def to_lose(witch: Witch) -> tuple[str, ...]:
    """The Spells a dead Witch still chooses from (her highest level), while she owes any."""
    if not witch.losing or not witch.spells:
        return ()
    top = max(spell(s).level for s in witch.spells)
    return tuple(s for s in witch.spells if spell(s).level == top)


def lose(witch: Witch, spell_id: str) -> Witch:
    """The dead Witch discards ``spell_id``, one of ``to_lose`` (the caller checked)."""
    return replace(
        witch,
        spells=tuple(s for s in witch.spells if s != spell_id),
        exhausted=witch.exhausted - {spell_id},
        losing=witch.losing - 1,
    )


def die(witch: Witch, permanent: bool) -> Witch:
    """Death: all corpses and Rewards go, Spells go by the table (those she must choose among
    equal levels are left to her: ``losing``), the token lies down; unless death is permanent,
    she returns at the next Witches' Phase."""
    sure, _, left = losing(witch.spells)
    lost = set(sure)
    return replace(
        witch,
        corpses=(),
        rewards=0,
        spells=tuple(s for s in witch.spells if s not in lost),
        exhausted=witch.exhausted - lost,
        dead=True,
        out=permanent,
        deaths=witch.deaths + 1,
        losing=left,
    )


def resurrected(witch: Witch) -> Witch:
    """Back from a permanent death (another Witch's Resurrection): up, healed, in play."""
    return replace(witch, dead=False, out=False, damage=0)


def hurt(witch: Witch, amount: int) -> Witch:
    """Damage (negative heals, never below 0); the caller handles death."""
    return replace(witch, damage=max(0, witch.damage + amount))


def returns(witch: Witch) -> Witch:
    """At the start of the Witches' Phase a dead (not permanently) Witch stands up healed."""
    if witch.dead and not witch.out:
        return replace(witch, dead=False, damage=0)
    return witch
