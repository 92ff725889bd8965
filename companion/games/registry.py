"""Every game the server offers, by id. Adding a game is its import and one line in the tuple."""

from __future__ import annotations

from typing import Any

from companion.engine import Game
from companion.games.buzzer import BUZZER
from companion.games.carodejnice import CARODEJNICE
from companion.games.wicked_witches_way import WICKED_WITCHES_WAY
from companion.games.witch_and_bitch import WITCH_AND_BITCH
from companion.games.witchcraft import WITCHCRAFT
from companion.games.witchs_brew import WITCHS_BREW

GAMES: dict[str, Game[Any]] = {
    game.id: game
    for game in (
        BUZZER,
        WICKED_WITCHES_WAY,
        WITCHS_BREW,
        WITCH_AND_BITCH,
        WITCHCRAFT,
        CARODEJNICE,
    )
}
