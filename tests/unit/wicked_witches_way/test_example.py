"""The rulebook's "Example of a Game Turn", with dice that produce it."""

from __future__ import annotations

from companion.engine.text import english
from companion.games.wicked_witches_way.state import Phase, Step
from tests.unit.wicked_witches_way.helpers import (
    AUGUSTINE,
    CUNEGONDE,
    GAME,
    GERMAINE,
    RENEE,
    SOFIA,
    T0,
    URSULE,
    closed,
    new,
    rolled,
    settle,
    write,
)

# Orange: ear, star, eye; black: spider, web; the skull and the cloud show in both colours.
EXAMPLE_DICE = [
    {"symbol": "ear", "color": "orange"},
    {"symbol": "star", "color": "orange"},
    {"symbol": "eye", "color": "orange"},
    {"symbol": "spider", "color": "black"},
    {"symbol": "web", "color": "black"},
    {"symbol": "skull", "color": "orange"},
    {"symbol": "skull", "color": "black"},
    {"symbol": "cloud", "color": "orange"},
    {"symbol": "cloud", "color": "black"},
]


def test_rulebook_example_turn() -> None:
    state = rolled(new(players=6), EXAMPLE_DICE, T0)
    state = closed(state, RENEE, T0 + 3000)
    state = write(
        state,
        {
            URSULE: ["ear", "star"],
            RENEE: ["skull", "ear"],
            CUNEGONDE: ["ear", "star", "eye"],
            GERMAINE: [],
            SOFIA: ["spider", "web"],
            AUGUSTINE: ["ear", "spider"],
        },
        T0 + 20_000,
    )
    view = GAME.view(state, None)
    assert view["valid"] == {"orange": ["ear", "star", "eye"], "black": ["spider", "web"]}
    # Renée closed the lid, so she goes first; the others are all on the start, in seat order
    # after her.
    assert view["order"] == [RENEE, CUNEGONDE, GERMAINE, SOFIA, AUGUSTINE, URSULE]
    # Sofia's perfect black formula: she draws 2 Black Magic cards and keeps one, in private.
    assert (state.current, state.step) == (SOFIA, Step.KEEP)
    assert state.keep_choice is not None and len(state.keep_choice) == 2
    kept = state.keep_choice[0]
    state = GAME.apply(state, SOFIA, {"type": "keep", "card": kept}, T0 + 25_000)
    state = settle(state)

    results = {r["seat"]: r for r in GAME.view(state, None)["results"]}
    assert results[URSULE]["moved"] == 2 and results[URSULE]["verdict"] == "incomplete"
    assert results[CUNEGONDE]["moved"] == 5 and results[CUNEGONDE]["bonus"] == "orange"
    assert results[SOFIA]["moved"] == 2 and results[SOFIA]["bonus"] == "black"
    assert state.witches[SOFIA].hand == (kept,)
    assert results[AUGUSTINE]["moved"] == 0 and results[AUGUSTINE]["verdict"] == "forbidden"
    assert "mixes orange and black" in english(results[AUGUSTINE]["text"])
    renee = results[RENEE]
    assert (renee["from"], renee["to"], renee["penalty"]) == (0, -2, True)
    assert english(results[RENEE]["text"]) == (
        "Skull shows in both colours — Renée falls off her broomstick and, having closed the lid, "
        "goes back 2, to space -2."
    )
    assert [w.position for w in state.witches] == [2, -2, 5, 0, 2, 0]
    # The curse goes on the leader's space; Renée, last, rolls next.
    assert state.curse == 5 and state.phase is Phase.ROLL and state.roller == RENEE
