"""Every registered game passes the conformance checks (``checks.py``): registering a game in
``companion/games/registry.py`` is enough to have it tested here."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games.registry import GAMES
from tests.conformance import checks

SEEDS = (1, 2, 3)
#: a folder in memory, where Linux has one
RAM = Path("/dev/shm")


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """Where the room service's SQLite files go: a folder in memory where there is one. These
    checks read the log back, not the disk (the restart tests do that): a group commit's fsync
    on a busy disk was a third of the time the room's replay took."""
    if not RAM.is_dir():
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(prefix="companion-conformance-", dir=RAM) as made:
        yield Path(made)


IDS = sorted(GAMES)


def _tables() -> list[Any]:
    out = []
    for game_id in IDS:
        for players, options in checks.configurations(GAMES[game_id]):
            label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
            out.append(pytest.param(game_id, players, options, id=f"{game_id}-{players}p-{label}"))
    return out


TABLES = _tables()


@pytest.mark.parametrize("game_id", IDS)
def test_pages_help_and_reference(game_id: str) -> None:
    checks.check_pages(GAMES[game_id])
    checks.check_help(GAMES[game_id])
    checks.check_reference(GAMES[game_id])


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES)
def test_random_legal_play(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Views and secrecy after every step, then the replay (all inside ``play``)."""
    runs = [checks.play(GAMES[game_id], players, options, seed) for seed in SEEDS]
    if options:
        # Some options stall random play (physical dice need faces no junk can spell).
        assert any(run.accepted for run in runs), f"{game_id}: no move was ever accepted"
    else:
        # Secrets may come with an option only (Witch & Bitch deals its secret cards in
        # scenarios 2 and 4): test_declared_secrets_show_up looks over every configuration.
        checks.check_progress(runs, secrets=False)


@pytest.mark.parametrize("game_id", IDS)
def test_declared_secrets_show_up(game_id: str) -> None:
    """A game that declares secrets (``Game.private``) has some in at least one configuration
    while it is played, so the secrecy checks of ``play`` searched for something.

    The search stops at the first game that had some: a game of 80 steps is the first 80 steps
    of ``test_random_legal_play``'s game with the same table and seed (``play`` draws from one
    generator seeded by both), so the checks ``play`` makes on the way are made there anyway;
    playing every configuration to the end here took 14 s for Wicked Witches Way."""
    game = GAMES[game_id]
    if not checks.declares_secrets(game):
        return
    found = any(
        checks.play(game, players, options, seed, steps=80).secrets
        for players, options in checks.configurations(game)
        for seed in SEEDS
    )
    assert found, f"{game_id}: private() never returned a value"


@pytest.mark.parametrize("game_id", IDS)
def test_the_room_replays_to_the_same_state(game_id: str, folder: Path) -> None:
    """Play through the room with pauses (``check_pause``: timers stand still), then the
    replay of its log."""
    game = GAMES[game_id]
    for seed, (players, options) in enumerate(checks.configurations(game)):
        accepted = checks.check_room_replay(
            GAMES, game, folder / f"{seed}.sqlite3", players, options, seed
        )
        assert accepted, f"{game_id}: nothing was accepted through the room"


@pytest.mark.parametrize("game_id", IDS)
def test_the_hosts_end_is_an_ending_and_stops_the_game(game_id: str, folder: Path) -> None:
    """The host ends the game in a random phase (``check_end``): every view says it ended, and
    no game action is accepted any more."""
    game = GAMES[game_id]
    ended = [
        checks.check_end(GAMES, game, folder / f"{seed}.sqlite3", players, options, seed)
        for seed, (players, options) in enumerate(checks.configurations(game) * 2)
    ]
    assert any(ended), f"{game_id}: every game ended by its rules before the host's End"


@pytest.mark.parametrize("game_id", IDS)
def test_a_party_switches_to_the_game_and_replays_the_night(game_id: str, folder: Path) -> None:
    """Issue 23: from a finished buzzer game with one seat too many, the host switches to the
    game naming who plays (``check_switch``): the game plays through the room, the seat that
    sits out watches without a secret, and the night replays."""
    accepted = checks.check_switch(GAMES, GAMES[game_id], folder / "night.sqlite3", seed=1)
    assert accepted, f"{game_id}: nothing was accepted after the switch"


@pytest.mark.parametrize("game_id", IDS)
def test_malformed_actions_are_refused_cleanly(game_id: str, folder: Path) -> None:
    game = GAMES[game_id]
    for seed, (players, options) in enumerate(checks.configurations(game)):
        checks.check_fuzz(GAMES, game, folder / f"{seed}.sqlite3", players, options, seed)


@pytest.mark.parametrize("game_id", IDS)
def test_a_seat_that_leaves_never_blocks_the_game(game_id: str) -> None:
    """Issue 9: a phone that is gone for good (kicked, left) must not stop the others."""
    game = GAMES[game_id]
    players = max(game.min_players + 1, 3) if game.max_players >= 3 else game.max_players
    for seed in SEEDS:
        checks.check_leaver(game, players, {}, seed)
