"""Bad input never breaks a game: random, malformed actions from every seat and the table get a
RoomError (a readable refusal) or are accepted, and never raise anything else."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.games.registry import GAMES
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.store import SqliteStore

ACTIONS = {
    "buzzer": ["arm", "buzz", "award"],
    "wicked-witches-way": [
        "roll",
        "close_lid",
        "formula",
        "keep",
        "spell",
        "pass",
        "handicap",
        "acrobatics",
    ],
    "witchs-brew": ["select", "play", "answer", "amulet", "raven", "draft", "ability", "skip"],
}
FIELDS = ["seat", "cards", "second", "card", "spaces", "add", "remove", "dice", "roles", "role",
          "claim", "use", "points", "level", "start", "t"]  # fmt: skip


def junk(rng: random.Random, depth: int = 0) -> object:
    kinds = [None, True, -1, 0, 2, 7, 10**12, 1.5, float("inf"), "", "skull", "x" * 300, "witch",
             "orange", "attraction", "decree#1"]  # fmt: skip
    if depth < 2 and rng.random() < 0.3:
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 10))]
    if depth < 2 and rng.random() < 0.1:
        return {"symbol": junk(rng, depth + 1), "color": junk(rng, depth + 1)}
    return rng.choice(kinds)


@pytest.mark.parametrize("game", sorted(ACTIONS))
def test_random_actions_are_refused_cleanly(game: str, tmp_path: Path) -> None:
    now = [1_000_000.0]
    svc = RoomService(SqliteStore(tmp_path / "db.sqlite3"), GAMES, lambda: now[0], ServiceConfig())
    room = svc.create_room({"game": game, "seed": 3})
    code = room["code"]
    svc.host("tv", {"code": code, "host_token": room["host_token"]})
    for k in range(4):
        svc.join(f"p{k}", {"code": code, "name": f"P{k}"})
    svc.room_command("tv", {"type": "start"})
    rng = random.Random(game)
    accepted = 0
    for _ in range(1500):
        now[0] += rng.choice([1, 50, 700, 6000])
        conn = rng.choice(["tv", "p0", "p1", "p2", "p3"])
        payload: dict[str, object] = {"type": rng.choice(ACTIONS[game])}
        for field in rng.sample(FIELDS, rng.randint(0, 4)):
            payload[field] = junk(rng)
        try:
            reply = svc.act(conn, payload)
            accepted += 1
            if reply.pending is not None:
                svc.tick()
        except RoomError as exc:
            assert exc.message and exc.code != "internal"
        svc.tick()
    assert accepted > 0  # the fuzz reached the rules, not only the front door
