"""The claim chain of one trick: "I am the …!" / "So be it!" in seat order.

A trick is a frozen value and every function here returns a new one. The leader plays a role
(the first claim). Then, clockwise, each other player who still holds that role is due in turn
and either claims it too ("I am the …!": the previous claimant loses it and gets nothing) or
says "So be it!" and takes the favor at once. Players without the role pass automatically, when
the call comes round to them. The leader never answers. With the Amulets expansion, a leader
who lost the claim may then use an amulet to take the role back.

The chain holds one entry per seat in seat order (``lead``, then ``claim`` / ``so_be_it`` /
``pass``), and at most one ``amulet`` entry after them.

>>> names = ("Anna", "Ben", "Cleo")
>>> t = lead(open_trick(names, leader=0, at=0), Role.ALCHEMIST, holders={1, 2}, at=1000)
>>> due(t), due_kind(t)
(1, <Due.ANSWER: 'answer'>)
>>> t = answer(t, 1, claim=False, at=4200)
>>> t = answer(t, 2, claim=True, at=5000)
>>> describe(t)
'Anna: I am the Alchemist! → Ben: So be it! (3.2 s) → Cleo: I am the Alchemist! (0.8 s)'
>>> is_done(t), winner(t), favored(t)
(True, 2, (1,))
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from companion.engine import Illegal, NotYourTurn, TooLate, clockwise
from companion.games.witchs_brew.roles import Role


class Answer(enum.StrEnum):
    LEAD = "lead"  # the leader's play: the first claim
    CLAIM = "claim"  # "I am the …!"
    SO_BE_IT = "so_be_it"  # "So be it!": the favor, at once
    PASS = "pass"  # did not select the role (automatic)
    AMULET = "amulet"  # the leader took the role back with an amulet


#: the answers that make their seat the claimant
CLAIMS = frozenset({Answer.LEAD, Answer.CLAIM, Answer.AMULET})
#: the answers that play the card (it leaves the hand)
PLAYS = frozenset({Answer.LEAD, Answer.CLAIM, Answer.SO_BE_IT})


class Due(enum.StrEnum):
    """What the due seat has to do."""

    PLAY = "play"  # the leader chooses the role
    ANSWER = "answer"  # a holder: claim or "So be it!"
    AMULET = "amulet"  # the leader who lost: use an amulet or not


@dataclass(frozen=True)
class Entry:
    seat: int
    answer: Answer
    #: game time (ms) of the answer; a pass takes the time of the answer before it
    at: float
    #: answered for the player (answer timer or the table's skip)
    auto: bool = False


@dataclass(frozen=True)
class Trick:
    #: the players' names by seat (for the sentences players read)
    names: tuple[str, ...]
    leader: int
    #: when the due seat became due (the answer timer counts from here)
    since: float = 0.0
    role: Role | None = None
    #: the seats other than the leader who held the role when it was led
    holders: frozenset[int] = frozenset()
    chain: tuple[Entry, ...] = ()
    #: the leader holds an unused amulet and has not used one this set
    amulet_ready: bool = False
    amulet_decided: bool = False
    #: the due leader (or amulet decision) was reminded by the answer timer
    nudge: bool = False

    @property
    def players(self) -> int:
        return len(self.names)


def open_trick(names: Sequence[str], leader: int, at: float) -> Trick:
    """A new trick waiting for ``leader`` to play a role."""
    return Trick(names=tuple(names), leader=leader, since=at)


def lead(
    trick: Trick, role: Role, holders: Collection[int], at: float, amulet_ready: bool = False
) -> Trick:
    """The leader plays ``role`` ("I am the …!"). ``holders``: the other seats holding it.

    Players without the role pass as soon as the call reaches them:

    >>> t = lead(open_trick(("Anna", "Ben", "Cleo"), 0, 0), Role.WITCH, holders={2}, at=10)
    >>> [(e.seat, e.answer.value) for e in t.chain], due(t)
    ([(0, 'lead'), (1, 'pass')], 2)
    >>> is_done(lead(open_trick(("Anna", "Ben", "Cleo"), 1, 0), Role.WITCH, (), at=10))
    True
    """
    if trick.role is not None:
        raise Illegal("This trick's role has already been played.")
    if trick.leader in holders or not all(0 <= s < trick.players for s in holders):
        raise ValueError("holders are the other seats that hold the role")
    started = replace(
        trick,
        role=role,
        holders=frozenset(holders),
        chain=(Entry(trick.leader, Answer.LEAD, at),),
        amulet_ready=amulet_ready,
    )
    return _walk(started, at)


def answer(trick: Trick, seat: int, claim: bool, at: float, auto: bool = False) -> Trick:
    """``seat`` answers: ``claim`` is "I am the …!", otherwise "So be it!".

    Only the due seat may answer, and only once:

    >>> t = lead(open_trick(("Anna", "Ben", "Cleo"), 0, 0), Role.WITCH, holders={1, 2}, at=0)
    >>> answer(t, 2, claim=True, at=5)
    Traceback (most recent call last):
    ...
    companion.engine.errors.NotYourTurn: It is Ben's turn to answer.
    >>> answer(answer(t, 1, claim=True, at=5), 1, claim=False, at=6)
    Traceback (most recent call last):
    ...
    companion.engine.errors.Illegal: You have already answered.
    >>> answer(t, 0, claim=False, at=5)
    Traceback (most recent call last):
    ...
    companion.engine.errors.Illegal: You lead this trick: the leading player never answers.
    """
    _check_answer(trick, seat)
    kind = Answer.CLAIM if claim else Answer.SO_BE_IT
    answered = replace(trick, chain=(*trick.chain, Entry(seat, kind, at, auto)))
    return _walk(answered, at)


def decide_amulet(trick: Trick, seat: int, use: bool, at: float, auto: bool = False) -> Trick:
    """The leader who lost the claim uses an amulet (and takes the role back) or not.

    >>> t = lead(open_trick(("Anna", "Ben", "Cleo"), 0, 0), Role.WITCH, {1}, 0, amulet_ready=True)
    >>> t = answer(t, 1, claim=True, at=5)
    >>> due(t), due_kind(t)
    (0, <Due.AMULET: 'amulet'>)
    >>> t = decide_amulet(t, 0, use=True, at=9)
    >>> winner(t), [e.answer.value for e in t.chain]
    (0, ['lead', 'claim', 'pass', 'amulet'])
    """
    if due_kind(trick) is not Due.AMULET:
        raise Illegal("No amulet can be used now.")
    if seat != trick.leader:
        raise NotYourTurn("Only {name} may use an amulet now.", name=trick.names[trick.leader])
    chain = (*trick.chain, Entry(seat, Answer.AMULET, at, auto)) if use else trick.chain
    return replace(trick, chain=chain, amulet_decided=True, since=at, nudge=False)


def nudged(trick: Trick) -> Trick:
    """The due leader or amulet decision, reminded by the answer timer (nothing else changes)."""
    return replace(trick, nudge=True)


def visited(trick: Trick) -> int:
    """How many seats the call has reached, the leader included."""
    return sum(1 for entry in trick.chain if entry.answer is not Answer.AMULET)


def due(trick: Trick) -> int | None:
    """The seat that must act now, or None once the trick is decided."""
    kind = due_kind(trick)
    if kind is None:
        return None
    if kind is Due.ANSWER:
        return (trick.leader + visited(trick)) % trick.players
    return trick.leader


def due_kind(trick: Trick) -> Due | None:
    if trick.role is None:
        return Due.PLAY
    if visited(trick) < trick.players:
        return Due.ANSWER
    if trick.amulet_ready and not trick.amulet_decided and claimant(trick) != trick.leader:
        return Due.AMULET
    return None


def is_done(trick: Trick) -> bool:
    return due_kind(trick) is None


def claimant(trick: Trick) -> int | None:
    """Who holds the claim now (the leader once the role is played)."""
    claims = [entry.seat for entry in trick.chain if entry.answer in CLAIMS]
    return claims[-1] if claims else None


def winner(trick: Trick) -> int | None:
    """The seat that takes the full action, once the trick is decided."""
    return claimant(trick) if is_done(trick) else None


def players_of_card(trick: Trick) -> tuple[int, ...]:
    """The seats that played the role this trick, in seat order from the leader."""
    return tuple(entry.seat for entry in trick.chain if entry.answer in PLAYS)


def favored(trick: Trick) -> tuple[int, ...]:
    """The seats that said "So be it!" and took the favor."""
    return tuple(entry.seat for entry in trick.chain if entry.answer is Answer.SO_BE_IT)


def next_leader(winner: int, cards_left: Sequence[int]) -> int | None:
    """Who leads the next trick: the winner, or if they have no card left the next player
    clockwise who has one; None when no cards are left (the set ends).

    >>> next_leader(1, [2, 0, 0, 1]), next_leader(1, [0, 0, 0, 0]), next_leader(2, [0, 0, 1])
    (3, None, 2)
    """
    empty = {seat for seat, cards in enumerate(cards_left) if cards <= 0}
    return next(iter(clockwise(winner, len(cards_left), skip=empty)), None)


def describe(trick: Trick) -> str:
    """The chain as the TV tells it; passes are left out.

    >>> t = lead(open_trick(("Anna", "Ben"), 0, 0), Role.WITCH, {1}, 0, amulet_ready=True)
    >>> print(describe(decide_amulet(answer(t, 1, True, 1500), 0, True, 2000)))
    Anna: I am the Witch! → Ben: I am the Witch! (1.5 s) → Anna: amulet! (0.5 s)
    """
    if trick.role is None:
        return f"{trick.names[trick.leader]} leads."
    name = trick.role.label
    parts: list[str] = []
    previous: float | None = None
    for entry in trick.chain:
        if entry.answer is Answer.PASS:
            continue
        said = {
            Answer.LEAD: f"I am the {name}!",
            Answer.CLAIM: f"I am the {name}!",
            Answer.SO_BE_IT: "So be it!",
            Answer.AMULET: "amulet!",
        }[entry.answer]
        took = "" if previous is None else f" ({(entry.at - previous) / 1000:.1f} s)"
        parts.append(f"{trick.names[entry.seat]}: {said}{took}")
        previous = entry.at
    return " → ".join(parts)


def _check_answer(trick: Trick, seat: int) -> None:
    names = trick.names
    if seat == trick.leader:
        if trick.role is None:
            raise Illegal("You lead this trick: play a role.")
        raise Illegal("You lead this trick: the leading player never answers.")
    mine = next((entry for entry in trick.chain if entry.seat == seat), None)
    if mine is not None and mine.answer is Answer.PASS:
        raise Illegal("You did not choose this role, so you passed.")
    if mine is not None and mine.auto:
        raise TooLate('Too late: "So be it!" was answered for you.')
    if mine is not None:
        raise Illegal("You have already answered.")
    kind, now = due_kind(trick), due(trick)
    if kind is Due.PLAY:
        raise NotYourTurn("It is {name}'s turn to lead.", name=names[trick.leader])
    if kind is Due.AMULET:
        raise Illegal("Everyone has answered; {name} decides.", name=names[trick.leader])
    if kind is None or now is None:
        raise TooLate("This trick is over.")
    if seat != now:
        raise NotYourTurn("It is {name}'s turn to answer.", name=names[now])


def _walk(trick: Trick, at: float) -> Trick:
    """Pass every seat without the role until the call reaches a holder or comes back round."""
    chain = list(trick.chain)
    reached = visited(trick)
    while reached < trick.players:
        seat = (trick.leader + reached) % trick.players
        if seat in trick.holders:
            break
        chain.append(Entry(seat, Answer.PASS, at))
        reached += 1
    return replace(trick, chain=tuple(chain), since=at, nudge=False)
