"""``witch-and-bitch``: the dungeon table assistant for Witch & Bitch (the Italian cooperative,
semi-cooperative or competitive game of six scenarios).

The map, tokens and miniatures stay on the table; the app runs the set-up, the Destiny deck,
the dice, the Enemy spawns, every Witch's health, corpses and Spells, and the secret Witch or
Bitch cards. See ``help.md`` for every interpretation the app makes.
"""

from companion.games.witch_and_bitch.rules import WITCH_AND_BITCH, WitchAndBitch
from companion.games.witch_and_bitch.state import GameState, Step

__all__ = ["WITCH_AND_BITCH", "GameState", "Step", "WitchAndBitch"]
