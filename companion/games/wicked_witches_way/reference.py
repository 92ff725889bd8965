"""The facts the pages show, served once as ``GET /api/games/wicked-witches-way/reference``
(``Game.reference``): the Black Magic cards, the symbols and colours, the witches, the track, the
handicaps and the limits of what a player enters. The pages restate none of them: they read them
from here, and show the names and texts through ``t()`` (each is marked ``N_`` where it is
written, so the catalogues have it).

>>> facts = reference()
>>> facts["spells"]["blockade"]["text"]
'No player can pass you this turn. Play it after your movement.'
>>> [s["id"] for s in facts["symbols"]][:3], facts["track"]["finish"], facts["dice"]
(['ear', 'star', 'skull'], 23, 9)
"""

from __future__ import annotations

from typing import Any

from companion.engine.text import N_
from companion.games.wicked_witches_way import track
from companion.games.wicked_witches_way.black_magic import SPELLS
from companion.games.wicked_witches_way.dice import DICE_COUNT
from companion.games.wicked_witches_way.spells import (
    ATTRACTION_SPACES,
    DECREE_LOOK_MS,
    EXPERT_DECREE_LOOK_MS,
)
from companion.games.wicked_witches_way.state import WITCHES, Level
from companion.games.wicked_witches_way.symbols import SYMBOLS, Color

#: the most acrobatics points a witch may enter (physical deck)
MAX_ACROBATICS = 99

#: the colours as the pages name them (a die's, a valid symbol's)
COLOR_NAMES = {Color.ORANGE: N_("orange"), Color.BLACK: N_("black")}


def reference() -> dict[str, Any]:
    return {
        # by kind, in the rulebook's order: name, text, when it is played, copies in the deck
        "spells": {
            spell.value: {
                "name": info.name,
                "text": info.text,
                "timing": info.timing.value,
                "count": info.count,
            }
            for spell, info in SPELLS.items()
        },
        "symbols": [{"id": symbol.value, "name": symbol.label} for symbol in SYMBOLS],
        "colors": [{"id": color.value, "name": name} for color, name in COLOR_NAMES.items()],
        # seat k plays witches[k]
        "witches": list(WITCHES),
        "dice": DICE_COUNT,
        "track": {
            "lowest": track.LOWEST,
            "start": track.START,
            "last_space": track.LAST_SPACE,
            "finish": track.FINISH,
            "penalty": track.PENALTY,
            "bad_spell": track.BAD_SPELL,
        },
        "levels": [level.value for level in Level],
        "novice_starts": list(track.NOVICE_STARTS),
        "decree_seconds": {
            Level.NORMAL.value: DECREE_LOOK_MS // 1000,
            Level.EXPERT.value: EXPERT_DECREE_LOOK_MS // 1000,
        },
        "attraction_spaces": list(ATTRACTION_SPACES),
        "max_acrobatics": MAX_ACROBATICS,
    }
