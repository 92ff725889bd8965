"""The printed cards the app needs to know: jurors, their missions, the scenarios.

The rulebook names none of them, so they live in ``data/jurors.json`` and
``data/scenarios.json`` as editable placeholders (``"placeholder": true``), and the pages mark
them as such. Only the counts the rulebook gives are constants here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

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


@dataclass(frozen=True)
class Mission:
    id: str  # "<juror key>-<act>"
    juror: str
    act: int
    name: str
    difficulty: int
    value: int
    challenges: int

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "juror": self.juror,
            "act": self.act,
            "name": self.name,
            "difficulty": self.difficulty,
            "value": self.value,
            "challenges": self.challenges,
        }


@dataclass(frozen=True)
class JurorCard:
    key: str
    name: str
    missions: tuple[Mission, ...]  # acts 1, 2, 3


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


@dataclass(frozen=True)
class Box:
    """Everything read from ``data/``."""

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
                    )
                    for m in missions
                ),
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
        out.append(Scenario(number, _text(row, "title", where), tuple(parsed)))
    if len(out) != 9:
        raise ValueError("scenarios.json must list the 9 tales.")
    return bool(doc.get("placeholder", True)), tuple(out)


def read_data(name: str) -> Any:
    """A JSON file of ``data/``, parsed."""
    package = __name__.rpartition(".")[0]
    return json.loads(resources.files(package).joinpath("data", name).read_text("utf-8"))


@cache
def box() -> Box:
    placeholder, conviction_max, curse_deck, jurors = parse_jurors(read_data("jurors.json"))
    scenarios_placeholder, scenarios = parse_scenarios(read_data("scenarios.json"))
    return Box(placeholder, conviction_max, curse_deck, jurors, scenarios_placeholder, scenarios)
