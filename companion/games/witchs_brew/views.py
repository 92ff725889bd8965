"""What each screen may see. The table view holds nobody's secrets: no selection before its
card is played, no draft hand, no ability before the reveal. A seat's view adds that seat's
own secrets under ``you`` and nothing of anyone else's."""

from __future__ import annotations

from typing import Any

from companion.games.witchs_brew import scoring
from companion.games.witchs_brew import trick as chain
from companion.games.witchs_brew.abilities import Kind, ability, sizes
from companion.games.witchs_brew.state import GameState, Phase, Player


def view(state: GameState, seat: int | None, deadline: float | None) -> dict[str, Any]:
    current = state.trick
    out: dict[str, Any] = {
        "phase": state.phase.value,
        "set": state.set_number,
        "first_player": state.first_player,
        "leader": None if current is None else current.leader,
        "trick": None if current is None else trick_json(current, deadline),
        "last_trick": None if state.last_trick is None else last_trick_json(state.last_trick),
        "players": [player_json(state, k) for k in state.seats],
        "played": [{"seat": p.seat, "role": p.role.value} for p in state.played],
        "ravens_left": state.ravens_left,
        "ravens_total": state.ravens_total,
        "last_set": state.last_set,
        "raven_set": state.raven_set,
        "draft": None,
        "deck": sizes(state.deck) if state.options.app_deck else None,
        "options": state.options.to_json(),
        "scoring": scoring.points_json(state) if state.phase is Phase.SCORING else None,
    }
    if state.draft is not None:
        out["draft"] = {"order": list(state.draft.order), "current": state.draft.current}
        if state.options.physical_abilities:
            # the cards a player may name as the one she kept (by number), as the room's box
            # names them; without their ids, which the kept cards' secrecy is checked by
            out["draft"]["cards"] = [
                {k: v for k, v in card.reference_json().items() if k != "id"}
                for card in state.options.cards
            ]
    if seat is not None:
        out["you"] = you_json(state, seat)
    return out


def trick_json(trick: chain.Trick, deadline: float | None) -> dict[str, Any]:
    kind = chain.due_kind(trick)
    return {
        "role": None if trick.role is None else trick.role.value,
        "chain": [entry_json(entry) for entry in trick.chain],
        "due": chain.due(trick),
        "due_kind": None if kind is None else kind.value,
        "claimant": chain.claimant(trick),
        "deadline": deadline,
        "nudge": trick.nudge,
    }


def last_trick_json(trick: chain.Trick) -> dict[str, Any]:
    return {**trick_json(trick, None), "winner": chain.winner(trick)}


def entry_json(entry: chain.Entry) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": entry.seat, "answer": entry.answer.value, "at": entry.at}
    if entry.auto:
        out["auto"] = True
    return out


def player_json(state: GameState, seat: int) -> dict[str, Any]:
    player = state.players[seat]
    return {
        "seat": seat,
        "name": player.name,
        "ready": player.ready,
        "cards_left": player.cards_left,
        "amulets": {"unused": player.amulets_unused, "grey": player.amulets_grey},
        "ability": ability_json(state, player) if state.revealed else None,
        "drafting": drafting(state, seat),
        "gone": seat in state.gone,
        "points": player.points,
    }


def drafting(state: GameState, seat: int) -> bool:
    """``seat`` is still to choose an ability in this set's draft (a seat that left the game
    is not called)."""
    draft = state.draft
    if state.phase is not Phase.DRAFT or draft is None:
        return False
    return seat in draft.order[draft.turn :]


def ability_json(state: GameState, player: Player) -> dict[str, Any] | None:
    if player.ability is None:
        return None
    return {**state.options.card(player.ability).to_json(), "used": player.ability_used}


def you_json(state: GameState, seat: int) -> dict[str, Any]:
    player = state.players[seat]
    draft = state.draft
    held = draft.hands[seat] if draft is not None and state.phase is Phase.DRAFT else ()
    return {
        "seat": seat,
        "selected": None if player.selected is None else [r.value for r in player.selected],
        "hand": [r.value for r in player.hand],
        "draft_hand": [state.options.card(card).to_json() for card in held] if held else None,
        "ability": ability_json(state, player),
        "prompts": prompts(state, seat),
    }


def prompts(state: GameState, seat: int) -> list[str]:
    """What ``seat`` may do now, in the spec's order."""
    player = state.players[seat]
    out: list[str] = []
    if state.phase is Phase.SELECT and not player.ready:
        out.append("select")
    current = state.trick
    if state.phase is Phase.TRICK and current is not None and chain.due(current) == seat:
        kind = chain.due_kind(current)
        assert kind is not None
        out.append(kind.value)
    if state.phase is Phase.SCORING and seat not in state.gone:
        out.append("points")
    if state.phase is Phase.DRAFT and state.draft is not None and state.draft.current == seat:
        out.append("keep" if state.options.physical_abilities else "draft")
    if (
        state.revealed
        and state.phase in (Phase.SELECT, Phase.TRICK)
        and player.ability is not None
        and ability(player.ability).kind is Kind.ONCE
        and not player.ability_used
    ):
        out.append("ability")
    return out
