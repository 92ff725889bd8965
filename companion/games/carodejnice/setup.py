"""Set-up: the three jurors, their hidden faith, the mission deck and the challenges.

Every draw comes from its own ``Rng(seed, label)``, so the faith values are independent of
everything the player sees (a view could not betray them even by its order).
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import Rng
from companion.games.carodejnice.cards import (
    CHALLENGES_PER_JUROR,
    CONVICTION_START,
    FAITH_HIGH,
    FAITH_LOW,
    GENERAL_CHALLENGES,
    JURORS_IN_PLAY,
    Box,
)
from companion.games.carodejnice.state import Juror, State


def choose_jurors(box: Box, seed: int) -> tuple[Juror, ...]:
    """Three of the eight jurors at random, markers on 1, two faith values 1–6 each.

    >>> from companion.games.carodejnice.cards import box
    >>> jurors = choose_jurors(box(), 7)
    >>> len(jurors), {j.conviction for j in jurors}, len({j.key for j in jurors})
    (3, {1}, 3)
    >>> all(1 <= f <= 6 for j in jurors for f in j.faith)
    True
    """
    chosen = Rng(seed, "jurors").shuffled(list(box.jurors))[:JURORS_IN_PLAY]
    faith = Rng(seed, "faith")
    return tuple(
        Juror(
            card.key,
            card.name,
            CONVICTION_START,
            (faith.randint(FAITH_LOW, FAITH_HIGH), faith.randint(FAITH_LOW, FAITH_HIGH)),
        )
        for card in chosen
    )


def mission_deck(box: Box, jurors: tuple[Juror, ...], seed: int) -> tuple[str, ...]:
    """The mission deck from its top: the act-2 missions above the act-3 ones at the bottom.

    Within an act the order is drawn (the rulebook does not fix it); the checklist tells it, so
    the app knows which mission the player reveals next.

    >>> from companion.games.carodejnice.cards import box
    >>> deck = mission_deck(box(), choose_jurors(box(), 7), 7)
    >>> [box().mission(m).act for m in deck]
    [2, 2, 2, 3, 3, 3]
    """
    rng = Rng(seed, "missions")
    act2 = rng.shuffled([box.juror(j.key).missions[1].id for j in jurors])
    act3 = rng.shuffled([box.juror(j.key).missions[2].id for j in jurors])
    return tuple(act2 + act3)


def challenge_count(jurors: tuple[Juror, ...]) -> int:
    """The shuffled challenge deck: 20 general plus the 15 tied to the three jurors.

    >>> challenge_count(tuple(range(3)))  # type: ignore[arg-type]
    35
    """
    return GENERAL_CHALLENGES + CHALLENGES_PER_JUROR * len(jurors)


def deal(box: Box, state: State, mission: str) -> State:
    """``mission`` gets its printed number of face-down challenges, as far as the deck lasts."""
    count = min(box.mission(mission).challenges, state.challenge_deck)
    return replace(
        state,
        challenges=(*state.challenges, (mission, count)),
        challenge_deck=state.challenge_deck - count,
    )


def new_game(box: Box, player: str, scenario: int, seed: int) -> State:
    """The state after set-up: in a tale, only its tracks; else jurors, missions, challenges."""
    state = State(seed=seed, player=player, scenario=scenario, curse_deck=box.curse_deck, cards=box)
    if scenario:
        tale = box.scenarios[scenario - 1]
        return replace(state, tracks=tuple(track.start for track in tale.tracks))
    jurors = choose_jurors(box, seed)
    state = replace(
        state,
        jurors=jurors,
        laid_out=tuple(box.juror(j.key).missions[0].id for j in jurors),
        deck=mission_deck(box, jurors, seed),
        challenge_deck=challenge_count(jurors),
    )
    for mission in state.laid_out:
        state = deal(box, state, mission)
    return state
