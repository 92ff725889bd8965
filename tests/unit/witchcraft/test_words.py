"""The move list and the choices speak every language: each is a template with its parts (the
page translates both), never an English sentence built with an f-string."""

from __future__ import annotations

import random
import re

from companion.engine.text import Text
from companion.games.witchcraft import WITCHCRAFT, turns
from companion.games.witchcraft.state import Phase
from companion.games.witchcraft.turns import TOLD, told


def holes(template: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", template))


def test_the_move_list_tells_a_choice_in_the_third_person_with_the_same_parts() -> None:
    for imperative, third in TOLD.items():
        assert holes(third) == holes(imperative), imperative
        assert third[0].islower() and imperative[0].isupper()
        line = told(Text(imperative, {k: "x" for k in holes(imperative)}))
        assert isinstance(line, Text) and line.template == third


def test_every_choice_and_every_line_of_a_played_game_is_a_template() -> None:
    rng = random.Random(5)
    state = WITCHCRAFT.setup(["Ann", "Ben"], {}, 5)
    while state.phase is not Phase.OVER and state.ply < 120:
        listed = turns.choices(state)
        assert all(isinstance(c.label, Text) for c in listed)
        index = rng.randrange(len(listed))
        state = WITCHCRAFT.apply(state, state.decider, {"type": "choose", "option": index}, 0)
    assert state.log and all(isinstance(e.text, Text) for e in state.log)
    # a follow-up decision is told in the third person ("puts the Golem onto b2")
    said = {e.text.template for e in state.log if isinstance(e.text, Text)}
    assert said & set(TOLD.values())
    assert not said & set(TOLD)
