"""The printed cards the app needs to know: jurors, their missions, the scenarios.

The rulebook names none of them, nor gives their numbers, so they are the game's box
(:data:`BOX`, companion/engine/box.py): the host enters what the cards print on the TV, and
``data/jurors.json`` and ``data/scenarios.json`` hold the placeholders used until then (the
defaults), which the pages mark. Only the counts the rulebook gives are constants here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

from companion.engine import Box as Entered
from companion.engine import BoxField, BoxKind, record
from companion.engine.text import N_

#: jurors in the box; the game uses JURORS_IN_PLAY of them
JURORS_IN_BOX = 8
JURORS_IN_PLAY = 3
#: each juror has one mission per act
ACTS = (1, 2, 3)
#: challenges shuffled at set-up: the general ones plus five for each chosen juror
GENERAL_CHALLENGES = 20
CHALLENGES_PER_JUROR = 5
#: the two face-down faith cards beside each juror show 1 to 6
FAITH_LOW, FAITH_HIGH = 1, 6
#: every conviction marker starts here
CONVICTION_START = 1
#: the Tales of Wildegrens
TALES = 9


@dataclass(frozen=True)
class Mission:
    id: str  # "<juror key>-<act>"
    juror: str
    act: int
    name: str
    difficulty: int
    value: int
    challenges: int
    #: still the placeholder of data/jurors.json (the host has not entered this mission)
    placeholder: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "juror": self.juror,
            "act": self.act,
            "name": self.name,
            "difficulty": self.difficulty,
            "value": self.value,
            "challenges": self.challenges,
            "placeholder": self.placeholder,
        }


@dataclass(frozen=True)
class JurorCard:
    key: str
    name: str
    missions: tuple[Mission, ...]  # acts 1, 2, 3
    #: the name is still the placeholder of data/jurors.json
    placeholder: bool = True


@dataclass(frozen=True)
class Track:
    name: str
    start: int
    max: int
    goal: str  # "win": reaching max wins; "lose": reaching max loses


@dataclass(frozen=True)
class Scenario:
    number: int
    title: str
    tracks: tuple[Track, ...]
    #: still the placeholder of data/scenarios.json
    placeholder: bool = True


@dataclass(frozen=True)
class Box:
    """The printed cards: ``data/``'s placeholders, or the values of the room's box.
    ``placeholder``: some juror or mission is still a placeholder."""

    placeholder: bool
    conviction_max: int
    curse_deck: int
    jurors: tuple[JurorCard, ...]
    scenarios_placeholder: bool
    scenarios: tuple[Scenario, ...]

    def juror(self, key: str) -> JurorCard:
        return next(j for j in self.jurors if j.key == key)

    def mission(self, mission_id: str) -> Mission:
        key, _, act = mission_id.rpartition("-")
        return self.juror(key).missions[int(act) - 1]

    @property
    def mission_ids(self) -> tuple[str, ...]:
        return tuple(m.id for j in self.jurors for m in j.missions)


def _int(row: dict[str, Any], key: str, low: int, where: str) -> int:
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{where}: '{key}' must be a whole number of at least {low}.")
    return value


def _text(row: dict[str, Any], key: str, where: str) -> str:
    value = row.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{where}: '{key}' must be a non-empty text.")
    return value


def parse_jurors(doc: Any) -> tuple[bool, int, int, tuple[JurorCard, ...]]:
    """``data/jurors.json``, checked: 8 jurors with unique keys, each with acts 1, 2 and 3.

    >>> parse_jurors({"placeholder": True, "conviction_max": 12, "curse_deck": 5, "jurors": []})
    Traceback (most recent call last):
    ...
    ValueError: jurors.json must list exactly 8 jurors.
    """
    if not isinstance(doc, dict) or not isinstance(doc.get("jurors"), list):
        raise ValueError("jurors.json must be an object with a list of jurors.")
    if len(doc["jurors"]) != JURORS_IN_BOX:
        raise ValueError(f"jurors.json must list exactly {JURORS_IN_BOX} jurors.")
    cards = []
    for row in doc["jurors"]:
        if not isinstance(row, dict):
            raise ValueError("jurors.json: every juror must be an object.")
        key = _text(row, "key", "jurors.json")
        if "-" in key:
            raise ValueError(f"jurors.json: the key {key!r} must not contain '-'.")
        missions = row.get("missions")
        if not isinstance(missions, list) or [m.get("act") for m in missions] != list(ACTS):
            raise ValueError(f"jurors.json: {key} needs one mission for each act, in order.")
        placeholder = bool(doc.get("placeholder", True))
        cards.append(
            JurorCard(
                key,
                _text(row, "name", key),
                tuple(
                    Mission(
                        f"{key}-{m['act']}",
                        key,
                        m["act"],
                        _text(m, "name", key),
                        _int(m, "difficulty", 0, key),
                        _int(m, "value", 0, key),
                        _int(m, "challenges", 0, key),
                        placeholder,
                    )
                    for m in missions
                ),
                placeholder,
            )
        )
    if len({c.key for c in cards}) != JURORS_IN_BOX:
        raise ValueError("jurors.json: the juror keys must be unique.")
    limits = _int(doc, "conviction_max", CONVICTION_START, "jurors.json")
    return (
        bool(doc.get("placeholder", True)),
        limits,
        _int(doc, "curse_deck", 0, "jurors.json"),
        (tuple(cards)),
    )


def parse_scenarios(doc: Any) -> tuple[bool, tuple[Scenario, ...]]:
    """``data/scenarios.json``, checked: the nine tales, each with at least one track."""
    if not isinstance(doc, dict) or not isinstance(doc.get("scenarios"), list):
        raise ValueError("scenarios.json must be an object with a list of scenarios.")
    out = []
    for number, row in enumerate(doc["scenarios"], start=1):
        where = f"scenario {number}"
        tracks = row.get("tracks") if isinstance(row, dict) else None
        if not isinstance(tracks, list) or not tracks:
            raise ValueError(f"scenarios.json: {where} needs at least one track.")
        parsed = []
        for track in tracks:
            goal = track.get("goal")
            if goal not in ("win", "lose"):
                raise ValueError(f"scenarios.json: {where}: a track's goal is 'win' or 'lose'.")
            start = _int(track, "start", 0, where)
            parsed.append(
                Track(_text(track, "name", where), start, _int(track, "max", 1, where), goal)
            )
        placeholder = bool(doc.get("placeholder", True))
        out.append(Scenario(number, _text(row, "title", where), tuple(parsed), placeholder))
    if len(out) != TALES:
        raise ValueError("scenarios.json must list the 9 tales.")
    return bool(doc.get("placeholder", True)), tuple(out)


def read_data(name: str) -> Any:
    """A JSON file of ``data/``, parsed."""
    package = __name__.rpartition(".")[0]
    return json.loads(resources.files(package).joinpath("data", name).read_text("utf-8"))


@cache
def box() -> Box:
    """The placeholders of ``data/``: the cards before the host entered any."""
    placeholder, conviction_max, curse_deck, jurors = parse_jurors(read_data("jurors.json"))
    scenarios_placeholder, scenarios = parse_scenarios(read_data("scenarios.json"))
    return Box(placeholder, conviction_max, curse_deck, jurors, scenarios_placeholder, scenarios)


# -- the box the host enters ------------------------------------------------------------------


def _jurors_field(cards: Box) -> BoxField:
    """The eight juror cards, today's placeholders as the default."""
    mission = record(
        "mission",
        N_("Mission"),
        BoxField("name", BoxKind.TEXT, "", N_("Name")),
        BoxField("difficulty", BoxKind.INT, 0, N_("Difficulty"), low=0, high=30),
        BoxField("value", BoxKind.INT, 0, N_("Value"), low=0, high=20),
        BoxField("challenges", BoxKind.INT, 0, N_("Challenges"), low=0, high=10),
    )
    missions = BoxField(
        "missions",
        BoxKind.LIST,
        [],
        N_("Missions"),
        count=len(ACTS),
        item=(mission,),
        help=N_("Acts 1, 2 and 3, in order."),
    )
    name = BoxField("name", BoxKind.TEXT, "", N_("Name"))
    juror = record("juror", N_("Juror"), name, missions)
    return BoxField(
        "jurors",
        BoxKind.LIST,
        [
            {
                "name": j.name,
                "missions": [
                    {
                        "name": m.name,
                        "difficulty": m.difficulty,
                        "value": m.value,
                        "challenges": m.challenges,
                    }
                    for m in j.missions
                ],
            }
            for j in cards.jurors
        ],
        N_("Jurors"),
        count=JURORS_IN_BOX,
        item=(juror,),
        help=N_("The eight juror cards: each one's name and its three missions."),
    )


def _tales_field(cards: Box) -> BoxField:
    """The book of tales' titles and tracks, today's placeholders as the default."""
    track = BoxField(
        "track",
        BoxKind.RECORD,
        {"name": N_("Progress"), "start": 0, "max": 10, "goal": "win"},
        N_("Track"),
        item=(
            BoxField("name", BoxKind.TEXT, "", N_("Name")),
            BoxField("start", BoxKind.INT, 0, N_("Start"), low=0, high=50),
            BoxField("max", BoxKind.INT, 10, N_("End"), low=1, high=50),
            BoxField("goal", BoxKind.CHOICE, "win", N_("At its end"), choices=("win", "lose")),
        ),
    )
    tale = record(
        "tale",
        N_("Tale"),
        BoxField("title", BoxKind.TEXT, "", N_("Title")),
        BoxField("tracks", BoxKind.LIST, [], N_("Tracks"), low=1, high=4, item=(track,)),
    )
    return BoxField(
        "tales",
        BoxKind.LIST,
        [
            {
                "title": story.title,
                "tracks": [
                    {"name": k.name, "start": k.start, "max": k.max, "goal": k.goal}
                    for k in story.tracks
                ],
            }
            for story in cards.scenarios
        ],
        N_("Tales of Wildegrens"),
        count=TALES,
        item=(tale,),
        help=N_("Each tale's title and the tracks it keeps, from the book of tales."),
    )


def _declared() -> tuple[BoxField, ...]:
    """The box's fields, with ``data/``'s placeholders as their defaults."""
    cards = box()
    return (
        _jurors_field(cards),
        BoxField(
            "conviction_max",
            BoxKind.INT,
            cards.conviction_max,
            N_("Conviction track: its last space"),
            low=CONVICTION_START + 1,
            high=30,
        ),
        BoxField("curse_deck", BoxKind.INT, cards.curse_deck, N_("Curse cards"), low=1, high=30),
        _tales_field(cards),
    )


#: what the host may enter from the box on the table (every value is a placeholder until then)
BOX: tuple[BoxField, ...] = _declared()


def cards_of(entered: Entered) -> Box:
    """The cards as the room's box gives them: each value entered, or its placeholder (still
    marked).

    >>> from companion.engine import check_box
    >>> given = {"jurors": [{"name": "Ada"}] + [{}] * 7, "curse_deck": 7}
    >>> cards = cards_of(Entered(BOX, check_box(BOX, given)))
    >>> first = cards.jurors[0]
    >>> first.name, first.placeholder, first.missions[0].name, first.missions[0].placeholder
    ('Ada', False, 'Mission A1', True)
    >>> cards.curse_deck, cards.placeholder
    (7, True)
    """
    base = box()
    jurors = []
    for index, (card, row) in enumerate(zip(base.jurors, entered.value("jurors"), strict=True)):
        missions = tuple(
            replace(
                mission,
                name=m["name"],
                difficulty=m["difficulty"],
                value=m["value"],
                challenges=m["challenges"],
                placeholder=entered.placeholder("jurors", index, "missions"),
            )
            for mission, m in zip(card.missions, row["missions"], strict=True)
        )
        named = entered.placeholder("jurors", index, "name")
        jurors.append(JurorCard(card.key, row["name"], missions, named))
    tales = tuple(
        Scenario(
            number,
            row["title"],
            tuple(Track(k["name"], k["start"], k["max"], k["goal"]) for k in row["tracks"]),
            entered.placeholder("tales", number - 1, "title")
            or entered.placeholder("tales", number - 1, "tracks"),
        )
        for number, row in enumerate(entered.value("tales"), start=1)
    )
    return Box(
        any(j.placeholder or any(m.placeholder for m in j.missions) for j in jurors),
        entered.value("conviction_max"),
        entered.value("curse_deck"),
        tuple(jurors),
        any(tale.placeholder for tale in tales),
        tales,
    )
