"""Avatars: each seat is a shape in a colour, drawn with the player's initial, so a player is
never told apart by colour alone (docs/protocol.md, "Avatars").

The colours are the Okabe–Ito set (told apart with every common colour-vision deficiency); the
pages hold the same lists (static/js/kit.js) and draw them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.engine import ErrorCode, Field
from companion.rooms.errors import RoomError

SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "star", "heart", "moon")
COLOURS = ("orange", "sky", "green", "yellow", "blue", "vermilion", "purple", "white")


@dataclass(frozen=True)
class Avatar:
    shape: str
    colour: str

    def as_json(self) -> dict[str, str]:
        return {"shape": self.shape, "colour": self.colour}


def parse_avatar(raw: object) -> Avatar:
    """An avatar from a client: ``{shape, colour}``, each one of the known names.

    >>> parse_avatar({"shape": "star", "colour": "sky"})
    Avatar(shape='star', colour='sky')
    >>> parse_avatar({"shape": "blob", "colour": "sky"})
    Traceback (most recent call last):
    ...
    companion.rooms.errors.RoomError: Unknown avatar shape: pick one of circle, square, \
triangle, diamond, hexagon, star, heart, moon.
    """
    if not isinstance(raw, dict):
        raise RoomError(ErrorCode.BAD_REQUEST, "'avatar' must be an object {shape, colour}.")
    shape, colour = raw.get("shape"), raw.get("colour")
    if shape not in SHAPES:
        raise RoomError(
            ErrorCode.BAD_REQUEST,
            "Unknown avatar shape: pick one of {shapes}.",
            shapes=", ".join(SHAPES),
        )
    if colour not in COLOURS:
        raise RoomError(
            ErrorCode.BAD_REQUEST,
            "Unknown avatar colour: pick one of {colours}.",
            colours=", ".join(COLOURS),
        )
    return Avatar(str(shape), str(colour))


@dataclass(frozen=True)
class AvatarField(Field):
    """An avatar in a payload, as the log keeps it: ``{shape, colour}`` (:func:`parse_avatar`).

    >>> from companion.engine import FieldType
    >>> AvatarField("avatar", FieldType.JSON).check({"shape": "moon", "colour": "blue"})
    {'shape': 'moon', 'colour': 'blue'}
    """

    def check(self, value: Any) -> Any:
        return parse_avatar(value).as_json()


def default_avatar(taken: Iterable[Avatar]) -> Avatar:
    """The avatar a seat gets when its player picks none: the first of the diagonal pairs
    (shape k in colour k) whose shape and colour nobody has yet, so the first eight seats of a
    room differ in both; beyond that, the first pair nobody has.

    >>> default_avatar([])
    Avatar(shape='circle', colour='orange')
    >>> default_avatar([Avatar("circle", "sky")])
    Avatar(shape='triangle', colour='green')
    """
    used = list(taken)
    shapes = {a.shape for a in used}
    colours = {a.colour for a in used}
    for shape, colour in zip(SHAPES, COLOURS, strict=True):
        if shape not in shapes and colour not in colours:
            return Avatar(shape, colour)
    for colour in COLOURS:
        for shape in SHAPES:
            if Avatar(shape, colour) not in used:
                return Avatar(shape, colour)
    return Avatar(SHAPES[0], COLOURS[0])  # 64 seats taken: no room has that many
