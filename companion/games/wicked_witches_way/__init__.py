"""``wicked-witches-way``: full referee of Wicked Witches Way (Du Balai!, Cathala & Laget).

The dice on the TV, the fair lid-closing race, formulas on the phones, movement, the curse,
Black Magic cards and the final scores. See ``help.md`` for every interpretation the app makes.
"""

from companion.games.wicked_witches_way.rules import WICKED_WITCHES_WAY, WickedWitchesWay
from companion.games.wicked_witches_way.state import WITCHES, GameState, Phase, Step

__all__ = [
    "WICKED_WITCHES_WAY",
    "WITCHES",
    "GameState",
    "Phase",
    "Step",
    "WickedWitchesWay",
]
