"""``witchs-brew``: role-call referee of Witch's Brew (Pelikan, alea 2008) and its expansions.

Secret selection on the phones, the "I am the …!" / "So be it!" chain in seat order, amulets,
the magical-ability draft and the ravens. See ``help.md`` for every interpretation the app makes.
"""

from companion.games.witchs_brew.roles import Role
from companion.games.witchs_brew.rules import WITCHS_BREW, WitchsBrew
from companion.games.witchs_brew.state import GameState, Phase

__all__ = ["WITCHS_BREW", "GameState", "Phase", "Role", "WitchsBrew"]
