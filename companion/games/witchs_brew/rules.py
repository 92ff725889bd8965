"""The referee of Witch's Brew: the Game contract over the modules of this package.

Each ``apply`` checks that the action is well formed, that this seat may act now, and then
returns a new state (the input is never changed). All randomness comes from
``Rng(state.seed, label…)``, so setup plus the same actions always replays to the same state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.engine import IllegalAction, Option, OptionError, OptionType, Rng, resolve_options
from companion.games.witchs_brew import sets, timer, views
from companion.games.witchs_brew import trick as chain
from companion.games.witchs_brew.abilities import Kind, ability, new_deck, under
from companion.games.witchs_brew.draft import pick
from companion.games.witchs_brew.roles import HAND_SIZE, Role, parse_role
from companion.games.witchs_brew.state import (
    AMULETS,
    RAVENS,
    GameState,
    Options,
    Phase,
    Player,
)

Handler = Callable[[GameState, int | None, Mapping[str, Any], float], GameState]


class WitchsBrew:
    id = "witchs-brew"
    title = "Witch's Brew"
    min_players = 3
    max_players = 6
    options = (
        Option("sixth_player", OptionType.BOOL, False, "6th Player expansion (up to 6 players)"),
        Option("amulets", OptionType.BOOL, False, "Amulets expansion"),
        Option("magical_abilities", OptionType.BOOL, False, "Magical Abilities expansion"),
        Option("answer_seconds", OptionType.INT, 0, "Answer timer (s, 0 = off)", low=0, high=60),
    )
    races: frozenset[str] = frozenset()
    table_actions = frozenset({"raven", "skip"})

    def seats_for(self, options: Mapping[str, Any]) -> int:
        """Six seats only with the 6th Player expansion."""
        return self.max_players if options.get("sixth_player") else self.max_players - 1

    def setup(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> GameState:
        try:
            chosen = resolve_options(self.options, options)
        except OptionError as exc:
            raise IllegalAction("bad_request", str(exc)) from exc
        n = len(players)
        if not self.min_players <= n <= self.max_players:
            raise IllegalAction("illegal", "Witch's Brew is for 3 to 6 players.")
        if n == 6 and not chosen["sixth_player"]:
            raise IllegalAction("illegal", "Six players need the 6th Player expansion.")
        opts = Options(
            sixth_player=bool(chosen["sixth_player"]),
            amulets=bool(chosen["amulets"]),
            magical_abilities=bool(chosen["magical_abilities"]),
            answer_seconds=int(chosen["answer_seconds"]),
        )
        amulets = AMULETS[n] if opts.amulets else 0
        state = GameState(
            seed=seed,
            options=opts,
            players=tuple(Player(str(name), amulets_unused=amulets) for name in players),
            phase=Phase.SELECT,
            set_number=1,
            first_player=Rng(seed, "first player").randint(0, n - 1),
            ravens_left=RAVENS[n],
            ravens_total=RAVENS[n],
            deck=new_deck(Rng(seed, "abilities")) if opts.magical_abilities else (),
        )
        return sets.start_set(state, 0.0)

    def apply(
        self, state: GameState, seat: int | None, action: Mapping[str, Any], at: float
    ) -> GameState:
        kind = action.get("type")
        handler = self._handlers().get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise IllegalAction("bad_request", f"Witch's Brew has no action {str(kind)[:40]!r}.")
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or seat not in state.seats
        ):
            raise IllegalAction("bad_request", "There is no such seat.")
        if state.phase is Phase.OVER:
            raise IllegalAction("illegal", "The game is over.")
        return handler(state, seat, action, at)

    def _handlers(self) -> dict[str, Handler]:
        return {
            "draft": self._draft,
            "select": self._select,
            "play": self._play,
            "answer": self._answer,
            "amulet": self._amulet,
            "ability": self._ability,
            "raven": self._raven,
            "skip": self._skip,
        }

    # -- the draft and the selection ------------------------------------------------------

    def _draft(
        self, state: GameState, seat: int | None, action: Mapping[str, Any], at: float
    ) -> GameState:
        seat = _player(seat, "Only players choose abilities.")
        draft = state.draft
        if state.phase is not Phase.DRAFT or draft is None or draft.current is None:
            raise IllegalAction("illegal", "No ability is being chosen now.")
        if seat != draft.current:
            name = state.players[draft.current].name
            raise IllegalAction("not_your_turn", f"It is {name}'s turn to choose an ability.")
        card = action.get("card")
        if not isinstance(card, str):
            raise IllegalAction("bad_request", "Choose one of your ability cards.")
        draft, deck = pick(draft, card, state.deck)
        state = replace(state.with_player(seat, ability=card), draft=draft, deck=deck)
        return sets.reveal(state) if draft.done else state

    def _select(
        self, state: GameState, seat: int | None, action: Mapping[str, Any], at: float
    ) -> GameState:
        seat = _player(seat, "Only players choose roles.")
        if state.phase is Phase.DRAFT:
            raise IllegalAction("illegal", "Roles are chosen after the ability draft.")
        if state.phase is not Phase.SELECT:
            raise IllegalAction("illegal", "The roles for this set are already chosen.")
        if state.players[seat].ready:
            raise IllegalAction("illegal", "You have already chosen your roles for this set.")
        raw = action.get("roles")
        if not isinstance(raw, list):
            raise IllegalAction("bad_request", f"Choose exactly {HAND_SIZE} roles.")
        roles = [parse_role(r) for r in raw]
        chosen = [r for r in roles if r is not None]
        if len(chosen) != len(roles):
            raise IllegalAction("bad_request", "That is not one of the 12 roles.")
        if len(set(chosen)) != len(chosen):
            raise IllegalAction("bad_request", f"Choose {HAND_SIZE} different roles.")
        if len(chosen) != HAND_SIZE:
            raise IllegalAction(
                "bad_request", f"Choose exactly {HAND_SIZE} roles (you chose {len(chosen)})."
            )
        state = state.with_player(seat, selected=tuple(chosen))
        if all(p.ready for p in state.players):
            return sets.begin_tricks(state, at)
        return state

    # -- the trick ------------------------------------------------------------------------

    def _play(
        self, state: GameState, seat: int | None, action: Mapping[str, Any], at: float
    ) -> GameState:
        seat = _player(seat, "Only the leading player plays a role.")
        current = _trick(state)
        kind, due = chain.due_kind(current), chain.due(current)
        if kind is chain.Due.ANSWER and seat == due:
            raise IllegalAction("illegal", 'Answer "I am the …!" or "So be it!".')
        if kind is not chain.Due.PLAY and seat == current.leader:
            raise IllegalAction("illegal", "You have already played this trick's role.")
        if kind is not chain.Due.PLAY and due is not None:
            doing = "answer" if kind is chain.Due.ANSWER else "decide on an amulet"
            raise IllegalAction("not_your_turn", f"It is {state.names[due]}'s turn to {doing}.")
        if seat != current.leader:
            name = state.names[current.leader]
            raise IllegalAction("not_your_turn", f"It is {name}'s turn to lead.")
        role = parse_role(action.get("role"))
        if role is None:
            raise IllegalAction("bad_request", "That is not one of the 12 roles.")
        player = state.players[seat]
        if role in player.played:
            raise IllegalAction("illegal", f"You have already played the {role.label}.")
        if role not in player.hand:
            raise IllegalAction("illegal", f"You did not choose the {role.label} for this set.")
        holders = [s for s in state.seats if s != seat and role in state.players[s].hand]
        ready = state.options.amulets and player.may_use_amulet
        led = chain.lead(current, role, holders, at, amulet_ready=ready)
        state = sets.record_play(replace(state, trick=led), seat, role)
        return sets.settle(state, at)

    def _answer(
        self, state: GameState, seat: int | None, action: Mapping[str, Any], at: float
    ) -> GameState:
        seat = _player(seat, "Only players answer; the table may skip a player who left.")
        current = _trick(state)
        claim = action.get("claim")
        if not isinstance(claim, bool):
            raise IllegalAction("bad_request", 'Answer "I am the …!" (claim: true) or "So be it!".')
        # A phone may name the role it answers; an answer meant for an earlier trick is late.
        meant = action.get("role")
        if meant is not None and parse_role(meant) != current.role:
            raise IllegalAction("too_late", "Too late: that trick is over.")
        return self._answered(state, seat, claim, at, auto=False)

    def _answered(
        self, state: GameState, seat: int, claim: bool, at: float, auto: bool
    ) -> GameState:
        current = _trick(state)
        answered = chain.answer(current, seat, claim, at, auto=auto)
        assert current.role is not None
        state = sets.record_play(replace(state, trick=answered), seat, current.role)
        return sets.settle(state, at)

    def _amulet(
        self, state: GameState, seat: int | None, action: Mapping[str, Any], at: float
    ) -> GameState:
        seat = _player(seat, "Only the leading player may use an amulet.")
        _trick(state)
        use = action.get("use")
        if not isinstance(use, bool):
            raise IllegalAction("bad_request", "Say whether you use an amulet (true or false).")
        return self._amulet_decided(state, seat, use, at, auto=False)

    def _amulet_decided(
        self, state: GameState, seat: int, use: bool, at: float, auto: bool
    ) -> GameState:
        current = _trick(state)
        decided = chain.decide_amulet(current, seat, use, at, auto=auto)
        state = replace(state, trick=decided)
        if use:
            player = state.players[seat]
            state = state.with_player(
                seat,
                amulets_unused=player.amulets_unused - 1,
                amulets_grey=player.amulets_grey + 1,
            )
        return sets.settle(state, at)

    # -- abilities, ravens, the table's skip ---------------------------------------------

    def _ability(
        self, state: GameState, seat: int | None, action: Mapping[str, Any], at: float
    ) -> GameState:
        seat = _player(seat, "Only the owner of an ability uses it.")
        if not state.options.magical_abilities:
            raise IllegalAction("illegal", "Magical abilities are not in play.")
        if not state.revealed or state.phase not in (Phase.SELECT, Phase.TRICK):
            raise IllegalAction("illegal", "Abilities are used once they are revealed.")
        card = action.get("card")
        player = state.players[seat]
        if not isinstance(card, str) or card != player.ability:
            raise IllegalAction("illegal", "That is not your ability.")
        kind = ability(card).kind
        if kind is Kind.START:
            raise IllegalAction(
                "illegal", "A start-of-round ability has already taken effect this set."
            )
        if kind is Kind.MULTI:
            raise IllegalAction(
                "illegal", "This ability may be used any number of times: nothing to record."
            )
        if player.ability_used:
            raise IllegalAction("illegal", "You have already used this ability this set.")
        state = state.with_player(seat, ability_used=True)
        return replace(state, deck=under(state.deck, [card]))

    def _raven(
        self, state: GameState, seat: int | None, action: Mapping[str, Any], at: float
    ) -> GameState:
        if state.ravens_left <= 0:
            raise IllegalAction("illegal", "All the ravens are gone already.")
        return replace(state, ravens_left=state.ravens_left - 1)

    def _skip(
        self, state: GameState, seat: int | None, action: Mapping[str, Any], at: float
    ) -> GameState:
        if seat is not None:
            raise IllegalAction("forbidden", "Only the table can skip a player.")
        if (
            state.phase is Phase.DRAFT
            and state.draft is not None
            and state.draft.current is not None
        ):
            # A player who left keeps the draft moving: the first card in hand is kept.
            drafter = state.draft.current
            card = state.draft.hands[drafter][0]
            return self._draft(state, drafter, {"card": card}, at)
        if state.phase is Phase.SELECT:
            return self._skip_select(state, action, at)
        current = state.trick
        kind = None if current is None else chain.due_kind(current)
        due = None if current is None else chain.due(current)
        if state.phase is not Phase.TRICK or kind is None or due is None:
            raise IllegalAction("illegal", "Nobody is due to answer or lead now.")
        if kind is chain.Due.ANSWER:
            return self._answered(state, due, False, at, auto=True)
        if kind is chain.Due.AMULET:
            return self._amulet_decided(state, due, False, at, auto=True)
        return sets.pass_lead(state, at)

    def _skip_select(self, state: GameState, action: Mapping[str, Any], at: float) -> GameState:
        """Roles for a player who left, drawn from the seed: the set can go on, and when one of
        them is called the table skips (or the timer answers) for that player."""
        target = action.get("seat")
        if isinstance(target, bool) or not isinstance(target, int):
            raise IllegalAction("bad_request", "Say which seat to skip.")
        if not 0 <= target < len(state.players) or state.players[target].ready:
            raise IllegalAction(
                "illegal", "That player has already chosen, or there is no such seat."
            )
        rng = Rng(state.seed, "skip-select", state.set_number, target)
        roles = [r.value for r in rng.shuffled(list(Role))[:HAND_SIZE]]
        return self._select(state, target, {"roles": roles}, at)

    # -- views and time -------------------------------------------------------------------

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat, self.deadline(state))

    def deadline(self, state: GameState) -> float | None:
        return timer.deadline(state)

    def timeout(self, state: GameState, at: float) -> GameState:
        due_at = timer.deadline(state)
        current = state.trick
        if due_at is None or at < due_at or current is None:
            return state
        due = chain.due(current)
        if chain.due_kind(current) is chain.Due.ANSWER and due is not None:
            return self._answered(state, due, False, at, auto=True)
        return replace(state, trick=chain.nudged(current))

    def race_opened_at(self, state: GameState) -> float | None:
        return None

    def shift(self, state: GameState, ms: float) -> GameState:
        """The answer timer resumes where it stopped after a pause."""
        current = state.trick
        if current is None:
            return state
        return replace(state, trick=replace(current, since=current.since + ms))

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.OVER


def _player(seat: int | None, message: str) -> int:
    if seat is None:
        raise IllegalAction("forbidden", message)
    return seat


def _trick(state: GameState) -> chain.Trick:
    if state.phase is not Phase.TRICK or state.trick is None:
        waiting = "the ability draft" if state.phase is Phase.DRAFT else "everyone's roles"
        raise IllegalAction("illegal", f"No trick is under way: waiting for {waiting}.")
    return state.trick


WITCHS_BREW = WitchsBrew()
