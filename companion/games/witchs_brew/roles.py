"""The twelve role cards every player holds, and their on-screen reminders.

The reminders live in ``data/roles.json``. They carry only the texts the rules README confirms;
an unknown text is ``null`` and the pages then say "see the rulebook".
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

#: every player selects this many of their 12 roles at the start of a set
HAND_SIZE = 5


class Role(enum.StrEnum):
    """The role cards, in the rulebook's order."""

    WITCH = "witch"
    WIZARD = "wizard"
    DRUID = "druid"
    ALCHEMIST = "alchemist"
    FORTUNE_TELLER = "fortune_teller"
    ASSISTANT = "assistant"
    WOLF_KEEPER = "wolf_keeper"
    SNAKE_HUNTER = "snake_hunter"
    HERB_COLLECTOR = "herb_collector"
    CUTPURSE = "cutpurse"
    BEGGING_MONK = "begging_monk"
    WARLOCK = "warlock"

    @property
    def label(self) -> str:
        """The name players say, from the reminders.

        >>> Role.FORTUNE_TELLER.label
        'Fortune Teller'
        """
        return reminders()[self].name


@dataclass(frozen=True)
class Reminder:
    name: str
    action: str | None
    favor: str | None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "action": self.action, "favor": self.favor}


def parse_role(raw: object) -> Role | None:
    """The role a payload names, or None.

    >>> parse_role("alchemist"), parse_role("cook"), parse_role(3)
    (<Role.ALCHEMIST: 'alchemist'>, None, None)
    """
    if not isinstance(raw, str):
        return None
    try:
        return Role(raw)
    except ValueError:
        return None


def parse_reminders(doc: Any) -> dict[Role, Reminder]:
    """The reminders of ``data/roles.json``, checked: every role, a name, texts or null.

    >>> parse_reminders({"witch": {"name": "Witch"}})
    Traceback (most recent call last):
    ...
    ValueError: roles.json must describe exactly the 12 roles.
    """
    if not isinstance(doc, dict) or set(doc) != {r.value for r in Role}:
        raise ValueError("roles.json must describe exactly the 12 roles.")
    out: dict[Role, Reminder] = {}
    for role in Role:
        row = doc[role.value]
        if not isinstance(row, dict):
            raise ValueError(f"roles.json: {role.value} needs a name and texts or null.")
        name, action, favor = row.get("name"), row.get("action"), row.get("favor")
        if not isinstance(name, str):
            raise ValueError(f"roles.json: {role.value} needs a name.")
        out[role] = Reminder(name, _text_or_none(role, action), _text_or_none(role, favor))
    return out


def _text_or_none(role: Role, text: object) -> str | None:
    if text is not None and not isinstance(text, str):
        raise ValueError(f"roles.json: the texts of {role.value} must be text or null.")
    return text


@cache
def reminders() -> dict[Role, Reminder]:
    package = __name__.rpartition(".")[0]
    text = resources.files(package).joinpath("data", "roles.json").read_text("utf-8")
    return parse_reminders(json.loads(text))
