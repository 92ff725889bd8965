"""Which English templates carry a count that a language must inflect (issue 26).

Czech has three plural forms (1 / 2–4 / 5+) and Italian two, so "{n} players" cannot be
translated once for every n: "4 hráčů" is wrong Czech, "1 punti" wrong Italian. A template that
carries a count therefore either goes through the plural machinery (``ngettext`` on the server,
``tn()`` in the pages: a ``msgid_plural`` entry, one translation per form) or names the count
with a label ("seats: {seats}", "Pressed: {n} of {m}"), where no noun agrees with the number.

The rule (:func:`counts_in`) is textual and precise, so a test can hold every new string to it:
a placeholder is a **count next to a noun** when it is directly followed (after one space or a
hyphen) by

1. one of :data:`COUNTED_NOUNS`, the things the games count, in the singular or the plural; or
2. any word of three letters or more ending in "s" when the placeholder's name says it is a
   number (:data:`COUNT_NAMES`), so a new counted noun ("{n} goblins") is caught without a
   list (a unit such as "{seconds} s" is no noun); or
3. it reads "{k} of {n} <word>": a verb or noun that agrees with the first count ("2 of 3
   pressed" is "stiskli 2 ze 3" but "1 su 3 ha premuto").

>>> counts_in("The room is full ({seats} players).")
['{seats} players']
>>> counts_in("{name} is fastest so far · {k} of {n} pressed")
['{k} of {n} pressed']
>>> counts_in("{n} goblins attack")
['{n} goblins']
>>> counts_in("The room is full (seats: {seats}).") + counts_in("Round {n} · phase {p} of 6")
[]
>>> counts_in("{name} wins the game") + counts_in("{x} Destiny card") + counts_in("{seconds} s")
[]
"""

from __future__ import annotations

import re

#: the things the games count, singular and plural (a template's noun right after a placeholder)
COUNTED_NOUNS = frozenset(
    [
        "player",
        "players",
        "seat",
        "seats",
        "point",
        "points",
        "card",
        "cards",
        "raven",
        "ravens",
        "set",
        "sets",
        "challenge",
        "challenges",
        "amulet",
        "amulets",
        "role",
        "roles",
        "die",
        "dice",
        "space",
        "spaces",
        "action",
        "actions",
        "round",
        "rounds",
        "character",
        "characters",
        "item",
        "items",
        "witch",
        "witches",
        "mission",
        "missions",
        "tile",
        "tiles",
        "stack",
        "stacks",
        "spell",
        "spells",
        "formula",
        "formulas",
        "trick",
        "tricks",
        "turn",
        "turns",
        "vote",
        "votes",
        "corpse",
        "corpses",
        "second",
        "seconds",
        "minute",
        "minutes",
        "time",
        "times",
        "acrobatics",
        "townsperson",
        "townsfolk",
        "enemy",
        "enemies",
        "symbol",
        "juror",
        "jurors",
        "servant",
        "servants",
        "curse",
        "curses",
        "soul",
        "souls",
    ]
)

#: placeholder names that always hold a number: after one of them any word ending in "s" counts
COUNT_NAMES = frozenset(
    [
        "n",
        "k",
        "m",
        "n2",
        "count",
        "total",
        "seats",
        "points",
        "amulets",
        "c",
        "left",
        "cost",
        "xp",
        "hand_size",
        "actions",
        "rounds",
        "seconds",
        "max",
        "size",
        "general",
        "tied",
        "all",
        "players",
        "dice",
        "cards",
        "sets",
    ]
)

NEXT_WORD = re.compile(r"\{(\w+)\}[ -]([A-Za-z][\w']*)")
OF_COUNT = re.compile(r"\{\w+\} of \{\w+\} [A-Za-z]\w*")


def counts_in(template: str) -> list[str]:
    """The places where ``template`` puts a count next to a word that must agree with it."""
    found = []
    for match in NEXT_WORD.finditer(template):
        name, word = match.group(1), match.group(2)
        if word.lower() in COUNTED_NOUNS or (
            name in COUNT_NAMES and len(word) > 2 and word.endswith("s")
        ):
            found.append(match.group(0))
    found.extend(match.group(0) for match in OF_COUNT.finditer(template))
    return found
