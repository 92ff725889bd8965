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
    Box,
    Field,
    FieldType,
    Game,
    Illegal,
    Option,
    OptionType,
    Outcome,
    Payload,
    Reason,
    Rng,
    SetupError,
    by_anyone,
    by_seat,
    by_table,
)
from companion.games.witchs_brew import (
    absent,
    choosing,
    decisions,
    plays,
    prompting,
    scoring,
    sets,
    timer,
    views,
)
from companion.games.witchs_brew import trick as chain
from companion.games.witchs_brew.abilities import (
    BOX,
    Kind,
    abilities,
    ability,
    cards_of,
    check_names,
    new_deck,
)
from companion.games.witchs_brew.roles import HAND_SIZE, Role, reminders
from companion.games.witchs_brew.state import (
    AMULETS,
    RAVENS,
    GameState,
    Options,
    Phase,
    Player,
)

#: what the scoring phase accepts: the victory points and the table's confirmation
SCORING_ACTIONS = ("points", "confirm")
#: every role's id, for the declarations
ROLES = tuple(role.value for role in Role)
#: an ability card of the app's deck (drafted, or used)
CARD = Field(
    "card",
    FieldType.TEXT,
    choices=tuple(abilities()),
    message="Choose one of your ability cards.",
)


class WitchsBrew(Game[GameState]):
    id = "witchs-brew"
    title = "Witch's Brew"
    min_players = 3
    max_players = 6
    #: 2: a raven before a set's first card counts for the set before; seats that left are
    #: played for; the physical ability cards
    rules_version = 2
    box = BOX
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
        super().__init__(
            by_seat("draft", choosing.draft, CARD, refusal="Only players choose abilities."),
            by_seat(
                "keep",
                choosing.keep,
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
                choosing.select,
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
                plays.play,
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
                plays.answer,
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
                plays.amulet,
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
                CARD,
                refusal="Only the owner of an ability uses it.",
                side=True,
            ),
            by_anyone("raven", self._raven, side=True),
            by_table(
                "skip",
                absent.skip,
                Field("seat", FieldType.SEAT, required=False),
                refusal="Only the table can skip a player.",
                side=True,
            ),
            by_anyone(
                "points",
                scoring.points,
                Field("seat", FieldType.SEAT, required=False),
                Field(
                    "points",
                    FieldType.INT,
                    low=0,
                    high=scoring.MAX_POINTS,
                    message="Victory points are a whole number from 0 to {high}.",
                    free=True,
                ),
            ),
            by_table("confirm", scoring.confirm, refusal="Only the table confirms the scores."),
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
            cards=cards_of(Box(self.box, options.get("box", {}))),
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
        if state.phase is Phase.SCORING and action.get("type") not in SCORING_ACTIONS:
            self.accept(seat, action)  # a malformed action is a bad request even now
            raise Illegal("The game is over.")  # but for the points the table counts
        return absent.autopilot(super().apply(state, seat, action, at, seats=seats), at)

    def seat_left(self, state: GameState, seat: int, at: float) -> GameState:
        """``seat`` has left for good: from now on the app does for it what the table's skip
        would, by itself (it keeps the first card in the draft, draws its roles from the seed,
        answers "So be it!", passes its lead on, uses no amulet), and later drafts pass it by."""
        if seat in state.gone or not 0 <= seat < len(state.players):
            return state
        state = replace(state, gone=state.gone | {seat})
        if state.phase is Phase.OVER:
            return state
        return absent.autopilot(state, at)

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

    # -- views and time -------------------------------------------------------------------

    def check_box(self, box: Box) -> None:
        check_names(box)

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
            out += [state.options.card(card).to_json() for card in state.draft.hands[seat]]
        if player.ability is not None and not state.revealed:
            out.append(views.ability_json(state, player))
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
            return absent.autopilot(plays.answered(state, due, False, at, auto=True), at)
        return replace(state, trick=chain.nudged(current))

    def is_over(self, state: GameState) -> bool:
        return state.phase is Phase.OVER

    def prompt(self, state: GameState, seat: int, acting: bool) -> str:
        return prompting.prompt(state, seat, acting)

    def describe(self, state: GameState, seat: int | None, action: Payload) -> str | None:
        return prompting.describe(state, seat, action)

    def outcome(self, state: GameState, reason: Reason) -> Outcome:
        return scoring.outcome(state, reason)


WITCHS_BREW = WitchsBrew()
