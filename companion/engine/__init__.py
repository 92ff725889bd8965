"""The game contract shared by every game: the Game base class, declared actions, options and
box fields, error codes and exceptions, seeded RNG, turn order."""

from companion.engine.actions import (
    Action,
    Field,
    FieldType,
    Payload,
    Sender,
    by_anyone,
    by_seat,
    by_table,
)
from companion.engine.box import (
    Box,
    BoxField,
    BoxKind,
    cell_name,
    cell_xy,
    check_box,
    describe_box,
    record,
)
from companion.engine.errors import (
    BadRequest,
    ErrorCode,
    Forbidden,
    Illegal,
    IllegalAction,
    NotYourTurn,
    SetupError,
    TooLate,
)
from companion.engine.game import Game, State
from companion.engine.options import Option, OptionError, OptionType, resolve_options
from companion.engine.outcome import Outcome, Place, PromptKind, Reason, ranked
from companion.engine.rng import Rng
from companion.engine.turns import clockwise, next_seat

__all__ = [
    "Action",
    "BadRequest",
    "Box",
    "BoxField",
    "BoxKind",
    "ErrorCode",
    "Field",
    "FieldType",
    "Forbidden",
    "Game",
    "Illegal",
    "IllegalAction",
    "NotYourTurn",
    "Option",
    "OptionError",
    "OptionType",
    "Outcome",
    "Payload",
    "Place",
    "PromptKind",
    "Reason",
    "Rng",
    "Sender",
    "SetupError",
    "State",
    "TooLate",
    "by_anyone",
    "by_seat",
    "by_table",
    "cell_name",
    "cell_xy",
    "check_box",
    "clockwise",
    "describe_box",
    "next_seat",
    "ranked",
    "record",
    "resolve_options",
]
