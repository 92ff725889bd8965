"""The game contract shared by every game: the Game protocol, options, errors, seeded RNG."""

from companion.engine.errors import IllegalAction
from companion.engine.game import Game, State
from companion.engine.options import Option, OptionError, OptionType, resolve_options
from companion.engine.rng import Rng

__all__ = [
    "Game",
    "IllegalAction",
    "Option",
    "OptionError",
    "OptionType",
    "Rng",
    "State",
    "resolve_options",
]
