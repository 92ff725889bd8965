"""The referee of Witch's Brew: the Game contract over the modules of this package.

Each ``apply`` checks that the action is well formed, that this seat may act now, and then
returns a new state (the input is never changed). All randomness comes from
``Rng(state.seed, label…)``, so setup plus the same actions always replays to the same state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.engine import (
    BadRequest,
    Field,
    FieldType,
    Game,
    Illegal,
    NotYourTurn,
    Option,
    OptionType,
    Payload,
    Rng,
    SetupError,
    TooLate,
    by_anyone,
    by_seat,
    by_table,
)
from companion.engine.text import say
from companion.games.witchs_brew import decisions, sets, timer, views
from companion.games.witchs_brew import trick as chain
from companion.games.witchs_brew.abilities import Kind, abilities, ability, find, new_deck
from companion.games.witchs_brew.draft import Draft, advance, pick
from companion.games.witchs_brew.roles import HAND_SIZE, Role, parse_role, reminders
from companion.games.witchs_brew.state import (
    AMULETS,
    RAVENS,
    GameState,
    Options,
    Phase,
    Player,
)

#: every role's id, for the declarations
ROLES = tuple(role.value for role in Role)
#: at most this many turns are played in a row for seats that left (a guard: the app never
#: plays for everybody, so a seat still at the table always stops it long before)
AUTOPILOT_STEPS = 500


class WitchsBrew(Game[GameState]):
    id = "witchs-brew"
    title = "Witch's Brew"
    min_players = 3
    max_players = 6
    #: 2: a raven before a set's first card counts for the set before; seats that left are
    #: played for; the physical ability cards
    rules_version = 2
    options = (
        Option("sixth_player", OptionType.BOOL, False, "6th Player expansion (up to 6 players)"),
        Option("amulets", OptionType.BOOL, False, "Amulets expansion"),
        Option("magical_abilities", OptionType.BOOL, False, "Magical Abilities expansion"),
        Option("answer_seconds", OptionType.INT, 0, "Answer timer (s, 0 = off)", low=0, high=60),
        Option(
            "physical_abilities",
            OptionType.BOOL,
            False,
            "Magical Abilities with your own cards (the app deals nothing)",
        ),
    )

    def __init__(self) -> None:
        card = Field(
            "card",
            FieldType.TEXT,
            choices=tuple(abilities()),
            message="Choose one of your ability cards.",
        )
        super().__init__(
            by_seat("draft", self._draft, card, refusal="Only players choose abilities."),
            by_seat(
                "keep",
                self._keep,
                Field(
                    "card",
                    FieldType.TEXT,
                    max_length=60,
                    message="Say which card you kept: its number or its name.",
                ),
                refusal="Only players choose abilities.",
            ),
            by_seat(
                "select",
                self._select,
                Field(
                    "roles",
                    FieldType.LIST,
                    item=FieldType.TEXT,
                    choices=ROLES,
                    message="Choose exactly {hand_size} roles.",
                    parts=(("hand_size", HAND_SIZE),),
                    item_message="That is not one of the 12 roles.",
                ),
                refusal="Only players choose roles.",
            ),
            by_seat(
                "play",
                self._play,
                Field(
                    "role",
                    FieldType.TEXT,
                    choices=ROLES,
                    message="That is not one of the 12 roles.",
                ),
                refusal="Only the leading player plays a role.",
            ),
            by_seat(
                "answer",
                self._answer,
                Field(
                    "claim",
                    FieldType.BOOL,
                    message='Answer "I am the …!" (claim: true) or "So be it!".',
                ),
                Field("role", FieldType.TEXT, required=False, choices=ROLES),
                refusal="Only players answer; the table may skip a player who left.",
            ),
            by_seat(
                "amulet",
                self._amulet,
                Field(
                    "use",
                    FieldType.BOOL,
                    message="Say whether you use an amulet (true or false).",
                ),
                refusal="Only the leading player may use an amulet.",
            ),
            by_seat(
                "ability",
                self._ability,
                card,
                refusal="Only the owner of an ability uses it.",
                side=True,
            ),
            by_anyone("raven", self._raven, side=True),
            by_table(
                "skip",
                self._skip,
                Field("seat", FieldType.SEAT, required=False),
                refusal="Only the table can skip a player.",
                side=True,
            ),
        )

    def accept(self, seat: int | None, raw: Mapping[str, Any]) -> dict[str, Any]:
        """One spelling per decision: a selection's roles in the rulebook's order, a kept
        card by its id (``decisions.normalised``)."""
        return decisions.normalised(super().accept(seat, raw))

    def choices(self, state: GameState, seat: int | None) -> list[dict[str, Any]]:
        """``decisions.choices``; ``raven``, ``ability`` and ``skip`` are side actions."""
        return decisions.choices(state, seat)

    def seats_for(self, options: Mapping[str, Any]) -> int:
        """Six seats only with the 6th Player expansion."""
        return self.max_players if options.get("sixth_player") else self.max_players - 1

    def new_state(
        self, players: tuple[str, ...], options: Mapping[str, Any], seed: int
    ) -> GameState:
        n = len(players)
        if n > self.seats_for(options):
            raise SetupError("Six players need the 6th Player expansion.")
        physical = bool(options["physical_abilities"])
        opts = Options(
            sixth_player=bool(options["sixth_player"]),
            amulets=bool(options["amulets"]),
            magical_abilities=bool(options["magical_abilities"]) or physical,
            answer_seconds=int(options["answer_seconds"]),
            physical_abilities=physical,
        )
        amulets = AMULETS[n] if opts.amulets else 0
        state = GameState(
            seed=seed,
            options=opts,
            players=tuple(Player(name, amulets_unused=amulets) for name in players),
            phase=Phase.SELECT,
            set_number=1,
            first_player=Rng(seed, "first player").randint(0, n - 1),
            ravens_left=RAVENS[n],
            ravens_total=RAVENS[n],
            deck=new_deck(Rng(seed, "abilities")) if opts.app_deck else (),
        )
        return sets.start_set(state, 0.0)

    def start_with(self, state: GameState, seat: int) -> GameState:
        """The table chose who is first player (otherwise drawn from the seed): the first set,
        its draft included, starts from that seat."""
        deck = new_deck(Rng(state.seed, "abilities")) if state.options.app_deck else ()
        fresh = replace(state, first_player=seat, phase=Phase.SELECT, draft=None, deck=deck)
        return sets.start_set(fresh, 0.0)

    def apply(
        self,
        state: GameState,
        seat: int | None,
        action: Payload,
        at: float,
        *,
        seats: int | None = None,
    ) -> GameState:
        if state.phase is Phase.OVER:
            self.accept(seat, action)  # a malformed action is a bad request even now
            raise Illegal("The game is over.")
        return self._autopilot(super().apply(state, seat, action, at, seats=seats), at)

    def seat_left(self, state: GameState, seat: int, at: float) -> GameState:
        """``seat`` has left for good: from now on the app does for it what the table's skip
        would, by itself (it keeps the first card in the draft, draws its roles from the seed,
        answers "So be it!", passes its lead on, uses no amulet), and later drafts pass it by."""
        if seat in state.gone or not 0 <= seat < len(state.players):
            return state
        state = replace(state, gone=state.gone | {seat})
        if state.phase is Phase.OVER:
            return state
        return self._autopilot(state, at)

    # -- the draft and the selection ------------------------------------------------------

    def _draft(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        draft = self._drafting(state, seat)
        if state.options.physical_abilities:
            raise Illegal("You play with your own ability cards: say which card you kept.")
        card = action["card"]
        draft, deck = pick(draft, card, state.deck)
        state = replace(state.with_player(seat, ability=card), draft=draft, deck=deck)
        return sets.reveal(state) if draft.done else state

    def _keep(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        """Physical cards: the player kept a card at the table and says which (its number or
        name in the data file). Secret until everyone has chosen, like a dealt card."""
        draft = self._drafting(state, seat)
        if not state.options.physical_abilities:
            raise Illegal("The app deals the ability cards: keep one of those in your hand.")
        card = find(action["card"])
        if card is None:
            count = len(abilities())
            raise BadRequest(
                "There is no such ability card: give its number (1–{count}).", count=count
            )
        state = replace(state.with_player(seat, ability=card), draft=advance(draft))
        return sets.reveal(state) if state.draft is not None and state.draft.done else state

    def _drafting(self, state: GameState, seat: int) -> Draft:
        """The draft, if it is ``seat``'s turn to choose an ability."""
        draft = state.draft
        if state.phase is not Phase.DRAFT or draft is None or draft.current is None:
            raise Illegal("No ability is being chosen now.")
        if seat != draft.current:
            name = state.players[draft.current].name
            raise NotYourTurn("It is {name}'s turn to choose an ability.", name=name)
        return draft

    def _select(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        if state.phase is Phase.DRAFT:
            raise Illegal("Roles are chosen after the ability draft.")
        if state.phase is not Phase.SELECT:
            raise Illegal("The roles for this set are already chosen.")
        if state.players[seat].ready:
            raise Illegal("You have already chosen your roles for this set.")
        raw = action.get("roles")
        if not isinstance(raw, list):
            raise BadRequest("Choose exactly {hand_size} roles.", hand_size=HAND_SIZE)
        roles = [parse_role(r) for r in raw]
        chosen = [r for r in roles if r is not None]
        if len(chosen) != len(roles):
            raise BadRequest("That is not one of the 12 roles.")
        if len(set(chosen)) != len(chosen):
            raise BadRequest("Choose {hand_size} different roles.", hand_size=HAND_SIZE)
        if len(chosen) != HAND_SIZE:
            raise BadRequest(
                "Choose exactly {hand_size} roles (you chose {count}).",
                hand_size=HAND_SIZE,
                count=len(chosen),
            )
        state = state.with_player(seat, selected=tuple(chosen))
        if all(p.ready for p in state.players):
            return sets.begin_tricks(state, at)
        return state

    # -- the trick ------------------------------------------------------------------------

    def _play(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        current = _trick(state)
        kind, due = chain.due_kind(current), chain.due(current)
        if kind is chain.Due.ANSWER and seat == due:
            raise Illegal('Answer "I am the …!" or "So be it!".')
        if kind is not chain.Due.PLAY and seat == current.leader:
            raise Illegal("You have already played this trick's role.")
        if kind is not chain.Due.PLAY and due is not None:
            doing = "answer" if kind is chain.Due.ANSWER else "decide on an amulet"
            raise NotYourTurn("It is {name}'s turn to {doing}.", name=state.names[due], doing=doing)
        if seat != current.leader:
            name = state.names[current.leader]
            raise NotYourTurn("It is {name}'s turn to lead.", name=name)
        role = parse_role(action.get("role"))
        if role is None:
            raise BadRequest("That is not one of the 12 roles.")
        player = state.players[seat]
        if role in player.played:
            raise Illegal("You have already played the {role}.", role=say(role.label))
        if role not in player.hand:
            raise Illegal("You did not choose the {role} for this set.", role=say(role.label))
        holders = [s for s in state.seats if s != seat and role in state.players[s].hand]
        ready = state.options.amulets and player.may_use_amulet
        led = chain.lead(current, role, holders, at, amulet_ready=ready)
        state = sets.record_play(replace(state, trick=led), seat, role)
        return sets.settle(state, at)

    def _answer(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        current = _trick(state)
        claim = action["claim"]
        # A phone may name the role it answers; an answer meant for an earlier trick is late.
        meant = action.get("role")
        if meant is not None and parse_role(meant) != current.role:
            raise TooLate("Too late: that trick is over.")
        return self._answered(state, seat, claim, at, auto=False)

    def _answered(
        self, state: GameState, seat: int, claim: bool, at: float, auto: bool
    ) -> GameState:
        current = _trick(state)
        answered = chain.answer(current, seat, claim, at, auto=auto)
        assert current.role is not None
        state = sets.record_play(replace(state, trick=answered), seat, current.role)
        return sets.settle(state, at)

    def _amulet(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        _trick(state)
        use = action["use"]
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

    def _ability(self, state: GameState, seat: int, action: Payload, at: float) -> GameState:
        if not state.options.magical_abilities:
            raise Illegal("Magical abilities are not in play.")
        if not state.revealed or state.phase not in (Phase.SELECT, Phase.TRICK):
            raise Illegal("Abilities are used once they are revealed.")
        card = action["card"]
        player = state.players[seat]
        if card != player.ability:
            raise Illegal("That is not your ability.")
        kind = ability(card).kind
        if kind is Kind.START:
            raise Illegal("A start-of-round ability has already taken effect this set.")
        if kind is Kind.MULTI:
            raise Illegal("This ability may be used any number of times: nothing to record.")
        if player.ability_used:
            raise Illegal("You have already used this ability this set.")
        state = state.with_player(seat, ability_used=True)
        return sets.returned(state, [card])

    def _raven(self, state: GameState, seat: int | None, action: Payload, at: float) -> GameState:
        """A raven went back to the box. Until a set's first card is played, a raven belongs
        to the set before (the last claimant's action comes after the app has closed it): if
        it was the last one, the game ends now, with that set."""
        if state.ravens_left <= 0:
            raise Illegal("All the ravens are gone already.")
        state = replace(state, ravens_left=state.ravens_left - 1)
        if state.last_set and state.previous is not None:
            return sets.close_previous(state)
        return state

    def _skip(self, state: GameState, seat: None, action: Payload, at: float) -> GameState:
        if (
            state.phase is Phase.DRAFT
            and state.draft is not None
            and state.draft.current is not None
        ):
            return self._skip_draft(state, at)
        if state.phase is Phase.SELECT:
            return self._skip_select(state, action, at)
        current = state.trick
        kind = None if current is None else chain.due_kind(current)
        due = None if current is None else chain.due(current)
        if state.phase is not Phase.TRICK or kind is None or due is None:
            raise Illegal("Nobody is due to answer or lead now.")
        if kind is chain.Due.ANSWER:
            return self._answered(state, due, False, at, auto=True)
        if kind is chain.Due.AMULET:
            return self._amulet_decided(state, due, False, at, auto=True)
        return sets.pass_lead(state, at)

    def _skip_draft(self, state: GameState, at: float) -> GameState:
        """The drafter is away: the first card in their hand is kept for them. With the
        physical cards the table keeps one for them, and the app records none."""
        draft = state.draft
        assert draft is not None and draft.current is not None
        drafter = draft.current
        if state.options.physical_abilities:
            state = replace(state, draft=advance(draft))
            return sets.reveal(state) if state.draft is not None and state.draft.done else state
        return self._draft(state, drafter, {"card": draft.hands[drafter][0]}, at)

    def _skip_select(self, state: GameState, action: Payload, at: float) -> GameState:
        """Roles for a player who left, drawn from the seed: the set can go on, and when one of
        them is called the table skips (or the timer answers) for that player."""
        target = action.get("seat")
        if target is None:
            raise BadRequest("Say which seat to skip.")
        if state.players[target].ready:
            raise Illegal("That player has already chosen, or there is no such seat.")
        return self._drawn_roles(state, target, at)

    def _drawn_roles(self, state: GameState, seat: int, at: float) -> GameState:
        rng = Rng(state.seed, "skip-select", state.set_number, seat)
        roles = [r.value for r in rng.shuffled(list(Role))[:HAND_SIZE]]
        return self._select(state, seat, {"roles": roles}, at)

    # -- seats that left: the app plays their turns -----------------------------------------

    def _autopilot(self, state: GameState, at: float) -> GameState:
        """Every turn that falls to a seat that left, played as the table's skip plays it,
        until a seat still at the table is due (or nobody is)."""
        for _ in range(AUTOPILOT_STEPS):
            after = self._auto_step(state, at)
            if after is None:
                return state
            state = after
        return state

    def _auto_step(self, state: GameState, at: float) -> GameState | None:
        """One turn of a seat that left, or None when no such seat is due."""
        gone = frozenset(state.gone) - frozenset(state.present)  # nobody, if everyone left
        if not gone or state.phase is Phase.OVER:
            return None
        if state.phase is Phase.DRAFT:
            drafter = None if state.draft is None else state.draft.current
            return self._skip_draft(state, at) if drafter in gone else None
        if state.phase is Phase.SELECT:
            waiting = [seat for seat in sorted(gone) if not state.players[seat].ready]
            return self._drawn_roles(state, waiting[0], at) if waiting else None
        current = state.trick
        due = None if current is None else chain.due(current)
        if current is None or due not in gone:
            return None
        kind = chain.due_kind(current)
        if kind is chain.Due.ANSWER:
            return self._answered(state, due, False, at, auto=True)
        if kind is chain.Due.AMULET:
            return self._amulet_decided(state, due, False, at, auto=True)
        return sets.pass_lead(state, at)

    # -- views and time -------------------------------------------------------------------

    def reference(self) -> dict[str, Any]:
        """The role reminders and the ability cards (with the numbers players may give for a
        physical card): the same for every room, so served once over HTTP."""
        return {
            "roles": {role.value: r.to_json() for role, r in reminders().items()},
            # how many roles each player picks for a set
            "hand_size": HAND_SIZE,
            "abilities": [card.reference_json() for card in abilities().values()],
        }

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat, self.deadline(state))

    def private(self, state: GameState, seat: int) -> list[Any]:
        """``seat``'s secrets, shaped as its own ``you`` shows them: its five selected roles
        (``selected``: no other screen ever shows the five together, also once all are played,
        so two seats that chose the same five are no leak) and the unplayed ones (``hand``),
        each ability card of its draft hand (``draft_hand``), and the ability it kept until the
        reveal (``ability``). A role alone is no secret: it is public once anyone plays it."""
        player = state.players[seat]
        out: list[Any] = []
        if player.selected is not None:
            out.append([role.value for role in player.selected])
            if player.hand:
                out.append([role.value for role in player.hand])
        if state.phase is Phase.DRAFT and state.draft is not None:
            out += [ability(card).to_json() for card in state.draft.hands[seat]]
        if player.ability is not None and not state.revealed:
            out.append(views.ability_json(player))
        return out

    def deadline(self, state: GameState) -> float | None:
        return timer.deadline(state)

    def timeout(self, state: GameState, at: float) -> GameState:
        due_at = timer.deadline(state)
        current = state.trick
        if due_at is None or at < due_at or current is None:
            return state
        due = chain.due(current)
        if chain.due_kind(current) is chain.Due.ANSWER and due is not None:
            return self._autopilot(self._answered(state, due, False, at, auto=True), at)
        return replace(state, trick=chain.nudged(current))

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.OVER


def _trick(state: GameState) -> chain.Trick:
    if state.phase is not Phase.TRICK or state.trick is None:
        waiting = "the ability draft" if state.phase is Phase.DRAFT else "everyone's roles"
        raise Illegal("No trick is under way: waiting for {waiting}.", waiting=waiting)
    return state.trick


WITCHS_BREW = WitchsBrew()
