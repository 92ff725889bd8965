"""The round stepper: the set-up walkthrough, the first-player roll, the draft, the starting
Enemies, then every round's Witches' Phase (1 change of first player, 2 restore, 3 turns,
4 learning) and Dark Forces' Phase (1 Destiny card, 2 Enemy activation).

``enter`` does what a step does on its own as it begins (the token passes, cards are restored,
the Destiny card is drawn); ``advance`` is the table's "next".
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine import Illegal, clockwise, next_seat
from companion.games.witch_and_bitch import endings, spells
from companion.games.witch_and_bitch.destiny import Colour
from companion.games.witch_and_bitch.dice import Die, roll
from companion.games.witch_and_bitch.draft import snake
from companion.games.witch_and_bitch.spawns import spawn
from companion.games.witch_and_bitch.state import GameState, Step
from companion.games.witch_and_bitch.witches import learning_cost, returns

POSITIONS = ("A", "B", "C", "D")


def after_setup(state: GameState) -> GameState:
    """The walkthrough is done: the first-player roll (unless the table chose who starts)."""
    if state.first_chosen or state.players == 1:
        return enter(replace(state, first_chosen=True), Step.DRAFT)
    return enter(state, Step.FIRST_ROLL)


def enter(state: GameState, step: Step) -> GameState:
    """``state`` at the beginning of ``step``, with what the step does by itself."""
    state = replace(state, step=step, order=(), index=0, spawned=False)
    if step is Step.FIRST_ROLL:
        return replace(state, rollers=tuple(state.seats), first_rolls=())
    if step is Step.DRAFT:
        return replace(state, order=snake(state.first, state.players))
    if step is Step.POSITIONS:
        return replace(state, order=clockwise(state.first, state.players))
    if step is Step.PASS_TOKEN:
        return _new_round(state)
    if step is Step.RESTORE:
        witches = tuple(replace(w, exhausted=frozenset()) for w in state.witches)
        return replace(state, witches=witches)
    if step is Step.TURNS:
        dead = {k for k, w in enumerate(state.witches) if w.dead}
        order = clockwise(state.first, state.players, skip=state.gone | dead)
        witches = tuple(replace(w, actions=0) for w in state.witches)
        return replace(state, order=order, witches=witches)
    if step is Step.LEARNING:
        state = replace(state, order=clockwise(state.first, state.players, skip=state.gone))
        return _to_learner(state)
    if step is Step.DESTINY:
        return _draw(state)
    return state


def _new_round(state: GameState) -> GameState:
    """Witches' Phase 1: the token passes left (not in round 1: the roll chose who starts), and
    the Witches who died (not for good) stand up healed."""
    number = state.round + 1
    first = state.first
    if number > 1:
        # Interpretation: the token skips players who left and Witches dead for good.
        out = {k for k, w in enumerate(state.witches) if w.out}
        passed_to = next_seat(state.first, state.players, skip=state.gone | out)
        first = state.first if passed_to is None else passed_to
    witches = tuple(returns(w) for w in state.witches)
    return replace(
        state, round=number, first=first, witches=witches, destiny=None, evolve_now=False
    )


def _draw(state: GameState) -> GameState:
    """Dark Forces' Phase 1: the top Destiny card. The first orange card evolves every Enemy;
    with no card left in the last round, the game is lost."""
    if not state.deck:
        return endings.deck_out(state)
    card, deck = state.deck[0], state.deck[1:]
    first_orange = not state.evolved and card is not Colour.GREEN
    return replace(
        state,
        deck=deck,
        drawn=(*state.drawn, card),
        destiny=card,
        evolved=state.evolved or first_orange,
        evolve_now=first_orange,
        last_round=not deck,
    )


def can_learn(state: GameState, seat: int) -> bool:
    witch = state.witches[seat]
    cost = learning_cost(len(witch.spells))
    if witch.dead or cost is None or witch.xp < cost or seat in state.gone:
        return False
    return bool(spells.learnable(witch.spells, state.hands(but=seat)))


def _to_learner(state: GameState) -> GameState:
    """The next Witch in order who can learn (the others pass on their own)."""
    index = state.index
    while index < len(state.order) and not can_learn(state, state.order[index]):
        index += 1
    return replace(state, index=index)


def advance(state: GameState) -> GameState:
    """The table's "next": the current step is done."""
    step = state.step
    if step is Step.SETUP:
        page = state.setup_page + 1
        if page < len(state.scenario.setup):
            return replace(state, setup_page=page)
        return after_setup(replace(state, setup_page=page))
    if step is Step.FIRST_ROLL:
        for seat in state.rollers:  # the app rolls for whoever has not rolled
            if seat not in dict(state.first_rolls):
                state = first_roll(state, seat, None)
        return state
    if step is Step.DRAFT:
        current = state.current
        assert current is not None
        raise Illegal("Waiting for {name} to choose a starting Spell.", name=state.names[current])
    if step is Step.POSITIONS:
        current = state.current
        assert current is not None
        return place(state, current, free_positions(state)[0])
    if step is Step.ENEMIES:
        if not state.spawned:
            return generate(state, None, None)
        return enter(state, Step.PASS_TOKEN)
    if step in (Step.TURNS, Step.LEARNING) and state.current is not None:
        return done(state)
    order = (Step.PASS_TOKEN, Step.RESTORE, Step.TURNS, Step.LEARNING, Step.DESTINY)
    following = {s: n for s, n in zip(order, (*order[1:], Step.ACTIVATION), strict=True)}
    following[Step.ACTIVATION] = Step.PASS_TOKEN
    return endings.check(enter(state, following[step]))


def done(state: GameState) -> GameState:
    """The current Witch's turn (or her chance to learn) is over."""
    state = replace(state, index=state.index + 1)
    if state.step is Step.LEARNING:
        state = _to_learner(state)
    else:  # a Witch who died before her turn came has none
        index = state.index
        while index < len(state.order) and state.witches[state.order[index]].dead:
            index += 1
        state = replace(state, index=index)
    if state.current is None:
        return enter(state, Step.LEARNING if state.step is Step.TURNS else Step.DESTINY)
    return state


def first_roll(state: GameState, seat: int, value: int | None) -> GameState:
    """``seat`` rolls the d20 for first player; once all have, the highest starts and a tie is
    rolled again by the tied players only."""
    if seat not in state.rollers or seat in dict(state.first_rolls):
        raise Illegal("You have already rolled for first player.")
    rolled = roll(state.seed, state.next_roll, Die.D20, seat, "first player", value)
    results = (*state.first_rolls, (seat, rolled.value))
    state = replace(state, rolls=(*state.rolls, rolled), first_rolls=results)
    if len(results) < len(state.rollers):
        return state
    best = max(v for _, v in results)
    tied = tuple(k for k, v in results if v == best)
    if len(tied) > 1:
        return replace(state, rollers=tuple(sorted(tied)), first_rolls=())
    return enter(replace(state, first=tied[0]), Step.DRAFT)


def free_positions(state: GameState) -> tuple[str, ...]:
    taken = {w.position for w in state.witches}
    return tuple(p for p in POSITIONS if p not in taken)


def place(state: GameState, seat: int, spot: str) -> GameState:
    """Scenario 3: ``seat`` puts her Witch on A-D (one Witch per position)."""
    if spot not in free_positions(state):
        raise Illegal("Position {spot} is taken.", spot=spot)
    state = state.with_witch(seat, replace(state.witches[seat], position=spot))
    state = replace(state, index=state.index + 1)
    return enter(state, Step.ENEMIES) if state.current is None else state


def generate(state: GameState, by: int | None, values: list[int] | None) -> GameState:
    """Generate Enemies: the d4 once per player; base side until the first orange card."""
    if state.step not in (Step.ENEMIES, Step.DESTINY):
        raise Illegal("Enemies are generated at set-up and when a Destiny card says so.")
    if values is not None and len(values) != state.players:
        raise Illegal("Enter one d4 per player ({players}).", players=state.players)
    rolls = list(state.rolls)
    for k in range(state.players):
        entered = None if values is None else values[k]
        rolls.append(roll(state.seed, len(rolls), Die.D4, by, "spawn", entered))
    portals = tuple(r.value for r in rolls[-state.players :])
    made = spawn(portals, state.evolved, state.round)
    return replace(state, rolls=tuple(rolls), spawns=(*state.spawns, made), spawned=True)
