"""The six scenarios of the rulebook: players, mode, Destiny deck, death rule, objects, objective,
antagonist and its stats by player count, and the set-up steps the TV walks the table through.

Everything here is printed in the rulebook; the map itself stays in the physical book.

>>> SCENARIOS[2].players, SCENARIOS[2].deck, SCENARIOS[2].bitch
((3, 5), (7, 7, 3), True)
>>> SCENARIOS[1].antagonist.stats_for(4)
Stats(movement=2, health=18, defense=21)
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from companion.engine.text import N_, Text, say, text_json


class Mode(enum.StrEnum):
    COOPERATIVE = "cooperative"
    SEMI_COOPERATIVE = "semi-cooperative"
    COMPETITIVE = "competitive"


class Death(enum.StrEnum):
    """From when on a Witch's death is permanent."""

    #: reborn until the last Object is taken (scenarios 1 and 6)
    AFTER_LAST_OBJECT = "after-last-object"
    #: reborn until the antagonist appears on the map (scenarios 2 and 4)
    AFTER_ANTAGONIST = "after-antagonist"
    #: permanent from the start (scenarios 3 and 5)
    ALWAYS = "always"


class Appears(enum.StrEnum):
    """How the antagonist comes onto the map."""

    #: roll the d4 when the last Object is taken (scenarios 1 and 4)
    LAST_OBJECT = "last-object"
    #: roll the d4 on every Object: below the Objects collected, she escapes (scenario 2)
    OBJECT_ROLL = "object-roll"


@dataclass(frozen=True)
class Stats:
    movement: int
    health: int
    defense: int


@dataclass(frozen=True)
class Antagonist:
    name: str
    #: the attack row: range, targets, attack bonus, damage
    attack: int
    damage: int
    stats: tuple[tuple[int, Stats], ...]
    appears: Appears
    #: what the activation reminder says
    moves: str
    activations: int = 2

    def stats_for(self, players: int) -> Stats:
        return dict(self.stats)[players]

    def to_json(self, players: int) -> dict[str, Any]:
        stats = self.stats_for(players)
        return {
            "name": self.name,
            "range": 0,
            "targets": "all",
            "attack": self.attack,
            "damage": self.damage,
            "movement": stats.movement,
            "health": stats.health,
            "defense": stats.defense,
            "activations": self.activations,
            "moves": self.moves,
        }


@dataclass(frozen=True)
class Scenario:
    """A scenario; its texts are English, marked with ``N_`` (the pages translate them; the
    Italian of a title is the rulebook's own, ``italian``)."""

    number: int
    title: str
    italian: str
    players: tuple[int, int]
    mode: Mode
    #: green, orange, red Destiny cards
    deck: tuple[int, int, int]
    death: Death
    #: Objects on the map (scenario 3: one per player, given as 0 here)
    objects: int
    objective: str
    #: the set-up's pages (fixed texts, and the Destiny deck's with its counts)
    setup: tuple[str, ...]
    antagonist: Antagonist | None = None
    bitch: bool = False
    #: reminders for the Enemy activation step
    reminders: tuple[str, ...] = ()
    #: the Rom of scenario 4
    rom: int = 0

    #: the Object count is a placeholder from data/scenarios.json (not in the rulebook)
    objects_placeholder: bool = False

    def objects_for(self, players: int) -> int:
        return self.objects or players

    def to_json(self, players: int) -> dict[str, Any]:
        low, high = self.players
        return {
            "number": self.number,
            "title": self.title,
            "italian": self.italian,
            "players": [low, high],
            "mode": self.mode.value,
            "deck": {"green": self.deck[0], "orange": self.deck[1], "red": self.deck[2]},
            "death": self.death.value,
            "objects": self.objects_for(players),
            "objects_placeholder": self.objects_placeholder,
            "objective": self.objective,
            "setup": [text_json(p) for p in self.setup],
            "antagonist": None if self.antagonist is None else self.antagonist.to_json(players),
            "secret_cards": self.bitch,
            "reminders": list(self.reminders),
            "rom": self.rom,
        }


@cache
def _placeholders() -> dict[str, Any]:
    package = __name__.rpartition(".")[0]
    path = resources.files(package).joinpath("data", "scenarios.json")
    return dict(json.loads(path.read_text("utf-8")))


def placeholder_objects(number: int) -> int:
    """A scenario's Object count the rulebook does not give (data/scenarios.json)."""
    return int(_placeholders()["objects"][str(number)])


def _stats(*rows: tuple[int, int, int, int]) -> tuple[tuple[int, Stats], ...]:
    return tuple((players, Stats(move, health, defense)) for players, move, health, defense in rows)


#: what every scenario's set-up shares, before and after the map
_TABLE = (
    N_(
        "Lay the Spell cards beside the map, one pile per School, and the Reward deck next to them."
    ),
    N_("Shuffle the Enemy tokens into one face-down pile; put the Damage tokens within reach."),
)


def _deck(green: int, orange: int, red: int) -> Text:
    return say(
        "Destiny deck: shuffle {green} green, {orange} orange and {red} red cards, each "
        "colour apart; red at the bottom, orange on them, green on top. The app keeps count.",
        green=green,
        orange=orange,
        red=red,
    )


_WITCHES = N_(
    "Each player picks a Witch card (on the phone) and puts her token on the start space."
)

SARAH = Antagonist(
    "Sarah Kennedy",
    attack=10,
    damage=2,
    stats=_stats((1, 2, 15, 15), (2, 2, 18, 15), (3, 2, 15, 18), (4, 2, 18, 21), (5, 2, 18, 23)),
    appears=Appears.LAST_OBJECT,
    moves=N_("moves towards the nearest Witch and attacks every Witch in her space"),
)
WANNA = Antagonist(
    "Wanna Marchi",
    attack=12,
    damage=2,
    stats=_stats((3, 1, 15, 15), (4, 1, 18, 15), (5, 1, 15, 18)),
    appears=Appears.OBJECT_ROLL,
    moves=N_("moves towards the nearest Witch and attacks every Witch in her space"),
)
SALVEENY = Antagonist(
    "Mattheo Salveeny",
    attack=18,
    damage=2,
    stats=_stats((3, 2, 15, 18), (4, 2, 18, 21), (5, 2, 18, 23)),
    appears=Appears.LAST_OBJECT,
    moves=N_("moves towards the nearest Rom and attacks it, and every Witch in that space"),
)

SCENARIOS: dict[int, Scenario] = {
    1: Scenario(
        1,
        N_("Sarah's Revenge"),
        "La Vendetta di Sarah",
        (1, 5),
        Mode.COOPERATIVE,
        (7, 7, 3),
        Death.AFTER_LAST_OBJECT,
        5,
        N_(
            "Collect all 5 Objects; Sarah then appears on a d4 Portal. Kill her before the Destiny "
            "deck runs out."
        ),
        (
            N_(
                "Build the map of scenario 1 (Sarah's Revenge) from the book: tiles, 4 Portals, "
                "5 Objects."
            ),
            *_TABLE,
            _deck(7, 7, 3),
            _WITCHES,
        ),
        antagonist=SARAH,
    ),
    2: Scenario(
        2,
        N_("The Return of Wanna"),
        "Il ritorno di Wanna",
        (3, 5),
        Mode.SEMI_COOPERATIVE,
        (7, 7, 3),
        Death.AFTER_ANTAGONIST,
        placeholder_objects(2),
        N_(
            "The good Witches win if Wanna dies. The Bitch (Wanna's daughter) wins if all the "
            "other Witches are dead."
        ),
        (
            N_(
                "Build the map of scenario 2 (The Return of Wanna) from the book: tiles, "
                "4 Portals, the Objects."
            ),
            *_TABLE,
            _deck(7, 7, 3),
            _WITCHES,
            N_(
                "Witch or Bitch: the app has dealt one secret card to every phone; exactly one is "
                "the Bitch. Look at yours and keep it hidden."
            ),
        ),
        objects_placeholder=True,
        antagonist=WANNA,
        bitch=True,
        reminders=(
            N_("A revealed Bitch is never attacked and never blocked by Enemies."),
            N_("Once death is permanent, the Bitch's corpse is worth 4 XP."),
        ),
    ),
    3: Scenario(
        3,
        N_("Hunger Gaymes"),
        "Hunger Gaymes",
        (2, 4),
        Mode.COMPETITIVE,
        (7, 7, 3),
        Death.ALWAYS,
        0,
        N_("A massacre to the last blood: the last Witch alive wins."),
        (
            N_(
                "Build the map of scenario 3 (Hunger Gaymes) from the book: tiles, Portals 1-4, "
                "starting positions A-D."
            ),
            N_("Put one Object token per player on the marked central spaces."),
            N_("Draw one Reward card per player and lay them face up beside the map."),
            *_TABLE,
            _deck(7, 7, 3),
            N_(
                "Each player picks a Witch card (on the phone). The tokens go on A-D after the "
                "first player is known."
            ),
        ),
        reminders=(N_("Each Witch may take only one Object in the whole game."),),
    ),
    4: Scenario(
        4,
        N_("I'm Not Racist, But..."),
        "Non sono razzista, ma...",
        (3, 5),
        Mode.SEMI_COOPERATIVE,
        (10, 7, 3),
        Death.AFTER_ANTAGONIST,
        5,
        N_(
            "Collect all 5 Objects; Salveeny then appears on a d4 Portal. The good Witches win if "
            "he dies before the deck runs out. If all 6 Rom are killed, the Bitch wins."
        ),
        (
            N_(
                "Build the map of scenario 4 (I'm Not Racist, But...) from the book: tiles, "
                "4 Portals, 5 Objects and the 6 Rom."
            ),
            *_TABLE,
            _deck(10, 7, 3),
            _WITCHES,
            N_(
                "Witch or Bitch: the app has dealt one secret card to every phone; exactly one is "
                "the Bitch. Look at yours and keep it hidden."
            ),
        ),
        antagonist=SALVEENY,
        bitch=True,
        reminders=(
            N_(
                "The Rom are never activated and never block movement (Health 1, Defense 18, "
                "corpse 4 XP)."
            ),
            N_("A revealed Bitch is never attacked and never blocked by Enemies."),
        ),
        rom=6,
    ),
    5: Scenario(
        5,
        N_("Plot!"),
        "Gomblotto!",
        (1, 5),
        Mode.COOPERATIVE,
        (2, 7, 3),
        Death.ALWAYS,
        4,
        N_(
            "Recover all 4 Objects. If even one conspirator enters the Bilderberg, the Witches "
            "lose."
        ),
        (
            N_(
                "Build the map of scenario 5 (Plot!) from the book: tiles, 4 Portals, 4 Objects, "
                "the pink Bilderberg."
            ),
            N_("Shuffle the conspirators into the Enemy pile."),
            *_TABLE,
            _deck(2, 7, 3),
            _WITCHES,
        ),
        reminders=(
            N_("Conspirators never attack: they head for the Bilderberg."),
            N_("A killed conspirator is no corpse: shuffle it back into the Enemy pile."),
            N_("Conspirators never evolve."),
        ),
    ),
    6: Scenario(
        6,
        N_("Battle Royale"),
        "Battle Royale",
        (2, 5),
        Mode.COMPETITIVE,
        (7, 7, 3),
        Death.AFTER_LAST_OBJECT,
        5,
        N_("A massacre to the last blood: the last Witch alive wins."),
        (
            N_(
                "Build the map of scenario 6 (Battle Royale) from the book: tiles, 4 Portals, "
                "5 Objects."
            ),
            *_TABLE,
            _deck(7, 7, 3),
            _WITCHES,
        ),
    ),
}


def scenario(number: int) -> Scenario:
    return SCENARIOS[number]
