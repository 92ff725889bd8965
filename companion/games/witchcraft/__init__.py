"""``witchcraft``: referee of Witchcraft (2008), the two-guild duel: random set-up, secret
power tiles and face-down stacks on the phones, every legal move listed, captures and stacks,
altars and special tiles, the end and the draw detected, optional chess clocks. See ``help.md``
for every interpretation the app makes."""

from companion.games.witchcraft.rules import WITCHCRAFT, Witchcraft
from companion.games.witchcraft.state import GameState, Phase

__all__ = ["WITCHCRAFT", "GameState", "Phase", "Witchcraft"]
