"""Your box (companion/engine/box.py): every kind's bad values refused with the field named in
words, a sparse box filled from the defaults, entered values no longer placeholders; the option
``box`` of a game that declares one, refused whole (nothing stored) or kept and replayed."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from companion.engine import (
    Box,
    BoxField,
    BoxKind,
    Game,
    OptionError,
    SetupError,
    cell_name,
    cell_xy,
    check_box,
    describe_box,
)
from companion.engine.text import english, text_json
from companion.games.registry import GAMES
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.store import SqliteStore
from tests.unit.test_room_service import Clock

FACES = ("ear", "star", "moon")

JUROR = BoxField(
    "juror",
    BoxKind.RECORD,
    {"name": "Juror", "strict": 2},
    "Juror",
    item=(
        BoxField("name", BoxKind.TEXT, "Juror", "Name"),
        BoxField("strict", BoxKind.INT, 2, "Strictness", low=1, high=3),
    ),
)

FIELDS = (
    BoxField("width", BoxKind.INT, 5, "Width", low=4, high=9),
    BoxField("height", BoxKind.INT, 5, "Height", low=4, high=9),
    BoxField("title", BoxKind.TEXT, "Ada", "Title", high=10),
    BoxField("face", BoxKind.CHOICE, "ear", "Face", choices=FACES),
    BoxField("faces", BoxKind.MULTI, ["ear"], "Faces", low=1, high=2, choices=FACES),
    BoxField("start", BoxKind.CELL, "a1", "Start space", board=("width", "height")),
    BoxField(
        "altars", BoxKind.CELLS, ["b2", "d2"], "Altar spaces", count=2, board=("width", "height")
    ),
    BoxField("shields", BoxKind.SIDES, [0, 4], "Shield sides"),
    BoxField(
        "tile",
        BoxKind.RECORD,
        {"count": 3, "spells": [0]},
        "Monk",
        item=(
            BoxField("count", BoxKind.INT, 3, "Count", low=0, high=9),
            BoxField("spells", BoxKind.SIDES, [0], "Spell sides"),
        ),
    ),
    BoxField(
        "jurors",
        BoxKind.LIST,
        [{"name": "Juror B", "strict": 1}, {"name": "Juror C", "strict": 3}],
        "Jurors",
        low=1,
        high=3,
        item=(JUROR,),
    ),
    BoxField(
        "die",
        BoxKind.LIST,
        ["ear"] * 3,
        "Die",
        count=3,
        item=(BoxField("face", BoxKind.CHOICE, "ear", "Face", choices=FACES),),
    ),
    BoxField("rulebook", BoxKind.INT, 10, "Health", low=10, high=10, placeholder=False),
)

#: (a sparse box, the refusal in English): one or more bad values of every kind
BAD: list[tuple[Any, str]] = [
    ([1], "Your box has the wrong form."),
    ({"colour": 1}, "Your box has no field 'colour'."),
    ({"width": 3}, "Your box: Width must be a whole number from 4 to 9."),
    ({"width": 10}, "Your box: Width must be a whole number from 4 to 9."),
    ({"width": "6"}, "Your box: Width must be a whole number from 4 to 9."),
    ({"width": True}, "Your box: Width must be a whole number from 4 to 9."),
    ({"width": 6.0}, "Your box: Width must be a whole number from 4 to 9."),
    ({"title": ""}, "Your box: Title must be text (length: 1 to 10)."),
    ({"title": "   "}, "Your box: Title must be text (length: 1 to 10)."),
    ({"title": "x" * 11}, "Your box: Title must be text (length: 1 to 10)."),
    ({"title": 7}, "Your box: Title must be text (length: 1 to 10)."),
    ({"title": "a\nb"}, "Your box: Title must not contain control characters."),
    ({"title": "a\x85b"}, "Your box: Title must not contain control characters."),
    ({"face": "sun"}, "Your box: Face must be one of: ear, star, moon."),
    ({"face": ["ear"]}, "Your box: Face must be one of: ear, star, moon."),
    ({"faces": "ear"}, "Your box: Faces has the wrong form."),
    ({"faces": []}, "Your box: Faces must be different ones of: ear, star, moon (how many: 1–2)."),
    (
        {"faces": ["ear", "ear"]},
        "Your box: Faces must be different ones of: ear, star, moon (how many: 1–2).",
    ),
    (
        {"faces": ["ear", "sun"]},
        "Your box: Faces must be different ones of: ear, star, moon (how many: 1–2).",
    ),
    (
        {"faces": list(FACES)},
        "Your box: Faces must be different ones of: ear, star, moon (how many: 1–2).",
    ),
    ({"start": "f1"}, "Your box: Start space must be a space on the board, from a1 to e5."),
    ({"start": "a0"}, "Your box: Start space must be a space on the board, from a1 to e5."),
    ({"start": "a01"}, "Your box: Start space must be a space on the board, from a1 to e5."),
    ({"start": "1a"}, "Your box: Start space must be a space on the board, from a1 to e5."),
    ({"start": 11}, "Your box: Start space must be a space on the board, from a1 to e5."),
    # the board is the one the same box describes
    (
        {"width": 4, "start": "e1"},
        "Your box: Start space must be a space on the board, from a1 to d5.",
    ),
    (
        {"altars": ["b2"]},
        "Your box: Altar spaces must be different spaces on the board, from a1 to e5 "
        "(how many: 2).",
    ),
    (
        {"altars": ["b2", "B2"]},
        "Your box: Altar spaces must be different spaces on the board, from a1 to e5 "
        "(how many: 2).",
    ),
    (
        {"altars": ["b2", "b6"]},
        "Your box: Altar spaces must be different spaces on the board, from a1 to e5 "
        "(how many: 2).",
    ),
    ({"altars": "b2 d2"}, "Your box: Altar spaces has the wrong form."),
    ({"shields": [8]}, "Your box: Shield sides must be different sides of the tile, from 0 to 7."),
    ({"shields": [-1]}, "Your box: Shield sides must be different sides of the tile, from 0 to 7."),
    (
        {"shields": [1, 1]},
        "Your box: Shield sides must be different sides of the tile, from 0 to 7.",
    ),
    (
        {"shields": ["1"]},
        "Your box: Shield sides must be different sides of the tile, from 0 to 7.",
    ),
    ({"shields": 1}, "Your box: Shield sides has the wrong form."),
    ({"tile": [3]}, "Your box: Monk has the wrong form."),
    ({"tile": {"count": 10}}, "Your box: Monk · Count must be a whole number from 0 to 9."),
    (
        {"tile": {"spells": [9]}},
        "Your box: Monk · Spell sides must be different sides of the tile, from 0 to 7.",
    ),
    ({"tile": {"colour": 1}}, "Your box has no field 'colour'."),
    ({"jurors": {"name": "Ada"}}, "Your box: Jurors has the wrong form."),
    ({"jurors": []}, "Your box: Jurors must be a list (how many: 1–3)."),
    ({"jurors": [{}] * 4}, "Your box: Jurors must be a list (how many: 1–3)."),
    (
        {"jurors": [{"name": "Ada"}, {}, {"name": "x" * 41}]},
        "Your box: Juror 3 · Name must be text (length: 1 to 40).",
    ),
    (
        {"jurors": [{}, {"strict": 0}]},
        "Your box: Juror 2 · Strictness must be a whole number from 1 to 3.",
    ),
    ({"jurors": ["Ada"]}, "Your box: Juror 1 has the wrong form."),
    ({"die": ["ear", "star"]}, "Your box: Die must be a list (how many: 3)."),
    ({"die": ["ear", "star", "sun"]}, "Your box: Face 3 must be one of: ear, star, moon."),
    ({"rulebook": 11}, "Your box: Health must be a whole number from 10 to 10."),
]


@pytest.mark.parametrize(("given", "message"), BAD)
def test_every_kind_refuses_its_bad_values_naming_the_field(given: Any, message: str) -> None:
    with pytest.raises(OptionError) as refused:
        check_box(FIELDS, given)
    assert str(refused.value) == message


def test_a_refusal_keeps_its_template_and_the_field_s_words_apart_for_translation() -> None:
    with pytest.raises(OptionError) as refused:
        check_box(FIELDS, {"jurors": [{}, {}, {"name": ""}]})
    assert refused.value.template == "Your box: {field} must be text (length: 1 to {high})."
    field = text_json(refused.value.params["field"])
    assert field == {
        "template": "{outer} · {inner}",
        "params": {
            "outer": {"template": "{item} {number}", "params": {"item": {"template": "Juror"},
                                                               "number": 3}},
            "inner": {"template": "Name"},
        },
    }  # fmt: skip
    assert english(field) == "Juror 3 · Name"


def test_the_defaults_pass_their_own_declarations() -> None:
    everything = {f.id: f.default for f in FIELDS}
    assert check_box(FIELDS, everything) == everything


def test_good_values_come_back_as_the_game_reads_them() -> None:
    given = {
        "title": "  Zora ",
        "width": 7,
        "height": 7,
        "start": " G7",
        "altars": ["F1", "a7"],
        "shields": [6, 2],
        "faces": ["moon", "ear"],
        "tile": {"spells": [3, 1]},
        "jurors": [{"name": "Ida"}],
    }
    assert check_box(FIELDS, given) == {
        "width": 7,
        "height": 7,
        "title": "Zora",
        "faces": ["moon", "ear"],
        "start": "g7",
        "altars": ["f1", "a7"],
        "shields": [2, 6],
        "tile": {"spells": [1, 3]},
        "jurors": [{"name": "Ida"}],
    }


def test_a_sparse_box_is_filled_from_the_defaults() -> None:
    given = {"tile": {"count": 7}, "jurors": [{}, {"name": "Ida"}, {"strict": 1}]}
    box = Box(FIELDS, check_box(FIELDS, given))
    assert box.value("width") == 5
    assert box.value("tile") == {"count": 7, "spells": [0]}
    # a list's record fills in from the default list at its place, past its end from the item
    assert box.value("jurors") == [
        {"name": "Juror B", "strict": 1},
        {"name": "Ida", "strict": 3},
        {"name": "Juror", "strict": 1},
    ]
    assert box.value("jurors", 1, "name") == "Ida"
    assert box.as_dict()["die"] == ["ear"] * 3
    assert set(box.as_dict()) == {f.id for f in FIELDS}


def test_reading_a_box_never_changes_its_defaults() -> None:
    box = Box(FIELDS, {})
    box.value("altars").append("c3")
    box.value("tile")["spells"].append(5)
    assert Box(FIELDS, {}).value("altars") == ["b2", "d2"]
    assert Box(FIELDS, {}).value("tile") == {"count": 3, "spells": [0]}


def test_an_entered_value_is_no_longer_a_placeholder() -> None:
    given = {"width": 5, "tile": {"count": 2}, "jurors": [{"name": "Ida"}, {"strict": 2}]}
    box = Box(FIELDS, check_box(FIELDS, given))
    # entered, even with the default's value: the host read it off the box
    assert (box.entered("width"), box.placeholder("width")) == (True, False)
    assert (box.entered("height"), box.placeholder("height")) == (False, True)
    assert box.placeholder("tile", "count") is False
    assert box.placeholder("tile", "spells") is True
    assert box.placeholder("tile") is False  # partly entered
    # a list is given whole (its items are entered), a record key by key
    assert box.placeholder("jurors", 1) is False
    assert box.placeholder("jurors", 0, "name") is False
    assert box.placeholder("jurors", 1, "name") is True
    assert box.entered("jurors", 2) is False
    assert box.placeholder("die", 2) is True
    # a value the rulebook states is never a placeholder
    assert box.placeholder("rulebook") is False


def test_cells_are_named_from_the_bottom_left() -> None:
    assert [cell_name(x, y) for x, y in ((0, 0), (3, 1), (8, 8))] == ["a1", "d2", "i9"]
    assert all(cell_xy(cell_name(x, y)) == (x, y) for x in range(9) for y in range(12))
    with pytest.raises(ValueError, match="not a space name"):
        cell_xy("z")


def test_a_declaration_that_cannot_be_checked_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="a list needs exactly one item field"):
        BoxField("x", BoxKind.LIST, [], "X", low=0, high=2)
    with pytest.raises(ValueError, match="it needs board"):
        BoxField("x", BoxKind.CELL, "a1", "X")
    with pytest.raises(ValueError, match="it needs choices"):
        BoxField("x", BoxKind.MULTI, [], "X")


def test_the_declarations_are_described_for_the_tv() -> None:
    described = {d["id"]: d for d in describe_box(FIELDS)}
    assert described["width"] == {
        "id": "width",
        "kind": "int",
        "label": "Width",
        "default": 5,
        "placeholder": True,
        "min": 4,
        "max": 9,
    }
    assert described["altars"]["board"] == ["width", "height"]
    assert described["altars"]["count"] == 2
    assert described["faces"]["min"] == 1 and described["faces"]["choices"] == list(FACES)
    assert described["jurors"]["item"][0]["item"][0]["id"] == "name"
    assert described["die"] | {"item": None} == {
        "id": "die",
        "kind": "list",
        "label": "Die",
        "default": ["ear"] * 3,
        "placeholder": True,
        "min": 3,
        "max": 3,
        "count": 3,
        "item": None,
    }
    assert described["rulebook"]["placeholder"] is False


# -- the option `box` -----------------------------------------------------------------------------


class Boxed(Game[dict[str, Any]]):
    """A game with a box and a cross-field rule: the jurors' strictness adds up to at most 6."""

    id, title, min_players, max_players = "boxed", "Boxed", 1, 4
    box = FIELDS

    def check_box(self, box: Box) -> None:
        if sum(j["strict"] for j in box.value("jurors")) > 6:
            raise OptionError("Your box: the jurors are too strict together.")

    def new_state(
        self, players: tuple[str, ...], options: Mapping[str, Any], seed: int
    ) -> dict[str, Any]:
        return {"width": Box(self.box, options["box"]).value("width")}

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return dict(state)


BOXED = Boxed()


def test_a_game_with_a_box_has_the_option_box_checked_whole() -> None:
    assert BOXED.checked_options({}) == {"box": {}}
    assert BOXED.checked_options({"box": {"width": 6}}) == {"box": {"width": 6}}
    # given again, the box replaces the one before: a field left out is back at its default
    before = {"box": {"width": 6}}
    assert BOXED.checked_options({"box": {"height": 7}}, before) == {"box": {"height": 7}}
    assert BOXED.checked_options({}, before) == before
    with pytest.raises(OptionError, match="too strict together"):
        BOXED.checked_options({"box": {"jurors": [{"strict": 3}] * 3}})
    with pytest.raises(SetupError) as refused:
        BOXED.setup(["Anna"], {"box": {"width": 2}}, seed=1)
    assert refused.value.code == "bad_request"
    assert BOXED.setup(["Anna"], {"box": {"width": 9}}, seed=1) == {"width": 9}


def test_a_game_without_a_box_has_no_option_box() -> None:
    with pytest.raises(OptionError, match=r"Unknown option: box\."):
        GAMES["buzzer"].checked_options({"box": {}})
    assert "box" not in GAMES["buzzer"].checked_options({})


def boxed_lobby(tmp_path: Path, clock: Clock) -> tuple[RoomService, str]:
    config = ServiceConfig("http://t", languages=("en",))
    svc = RoomService(SqliteStore(tmp_path / "db.sqlite3"), {"boxed": BOXED}, clock, config)
    room = svc.create_room({"game": "boxed", "options": {"box": {"width": 6}}})
    svc.host("tv", {"code": room["code"], "host_token": room["host_token"]})
    return svc, room["code"]


def test_a_bad_box_is_refused_in_the_lobby_and_nothing_is_stored(
    tmp_path: Path, clock: Clock
) -> None:
    svc, code = boxed_lobby(tmp_path, clock)
    before = svc.store.events(code)
    with pytest.raises(RoomError) as refused:
        svc.room_command("tv", {"type": "options", "options": {"box": {"width": 6, "start": "z9"}}})
    assert refused.value.code == "bad_request"
    assert refused.value.message == (
        "Your box: Start space must be a space on the board, from a1 to f5."
    )
    assert refused.value.params["field"] == {"template": "Start space"}
    assert svc.store.events(code) == before
    assert svc.rooms[code].options == {"box": {"width": 6}}


def test_a_bad_box_at_creation_creates_no_room(tmp_path: Path, clock: Clock) -> None:
    config = ServiceConfig("http://t", languages=("en",))
    svc = RoomService(SqliteStore(tmp_path / "db.sqlite3"), {"boxed": BOXED}, clock, config)
    with pytest.raises(RoomError) as refused:
        svc.create_room({"game": "boxed", "options": {"box": {"tile": {"count": -1}}}})
    assert refused.value.message == "Your box: Monk · Count must be a whole number from 0 to 9."
    assert svc.rooms == {}
