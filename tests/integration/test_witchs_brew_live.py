"""Witch's Brew through the live server: a whole game of role calls with all three expansions,
played by phone bots that see only their own views."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.support import LiveServer, Peer, seated

pytestmark = pytest.mark.integration
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)

NAMES = ["Anna", "Ben", "Cleo", "Dora"]
CHOSEN = [
    "witch",
    "wizard",
    "druid",
    "alchemist",
    "fortune_teller",
]  # everyone: every role contested


class PhoneBot:
    def __init__(self, peer: Peer, seat: int, last_set: int | None = None) -> None:
        self.peer, self.seat = peer, seat
        self.done: set[str] = set()
        #: the bot does nothing in a later set (a test that wants the table to act first)
        self.last_set = last_set

    def step(self) -> None:
        view = self.peer.latest()
        game = view["game"]
        if game is None:
            return
        if self.last_set is not None and game["set"] > self.last_set:
            return
        you, trick = game["you"], game["trick"]
        key = json.dumps(
            [game["set"], game["phase"], trick, you["prompts"], you["hand"]], sort_keys=True
        )
        if key in self.done or not you["prompts"]:
            return
        self.done.add(key)
        action = self._choose(game, you, trick)
        if action is not None:
            ack = self.peer.call("act", action)
            assert ack["ok"] or ack["error"]["code"] in ("too_late", "not_your_turn"), ack

    def _choose(self, game: dict[str, Any], you: dict[str, Any], trick: Any) -> dict | None:
        prompts = you["prompts"]
        if "draft" in prompts:
            return {"type": "draft", "card": you["draft_hand"][0]["id"]}
        if "keep" in prompts:
            # The table's own cards: seat 0 names its card, the others give a number.
            return {"type": "keep", "card": "Ability 4 (placeholder)" if self.seat == 0 else "9"}
        if "select" in prompts:
            return {"type": "select", "roles": CHOSEN}
        if "play" in prompts:
            return {"type": "play", "role": you["hand"][0]}
        if "answer" in prompts:
            # Odd seats contest, even seats say "So be it!".
            return {"type": "answer", "claim": self.seat % 2 == 1, "role": trick["role"]}
        if "amulet" in prompts:
            return {"type": "amulet", "use": True}
        if "points" in prompts:  # the end: each enters their victory points
            return {"type": "points", "points": 10 + 3 * self.seat}
        return None


def test_a_whole_game_of_role_calls(server: LiveServer, peers: list[Peer]) -> None:
    options = {"amulets": True, "magical_abilities": True}
    room = server.create_room("witchs-brew", seed=7, options=options)
    tv = Peer(server.url, "tv")
    peers.append(tv)
    assert tv.call("host", {"code": room["code"], "host_token": room["host_token"]})["ok"]
    bots = []
    for seat, name in enumerate(NAMES):
        phone = Peer(server.url, name)
        peers.append(phone)
        assert phone.call("join", {"code": room["code"], "name": name})["ok"]
        bots.append(PhoneBot(phone, seat))
    assert tv.call("room", {"type": "start"})["ok"]
    for _ in range(4):  # all four ravens go during the first set: the game ends with it
        assert tv.call("act", {"type": "raven"})["ok"]
    assert tv.call("act", {"type": "raven"})["ok"] is False  # there is no fifth raven

    table = run_until(tv, bots, lambda g: g["scoring"] and g["scoring"]["complete"], "the points")
    assert table["phase"] == "scoring" and tv.latest()["room"]["status"] == "playing"
    assert table["scoring"]["points"] == {"0": 10, "1": 13, "2": 16, "3": 19}
    assert tv.call("act", {"type": "confirm"})["ok"]
    table = tv.wait_view(lambda v: v["game"]["phase"] == "over")["game"]
    assert tv.latest()["room"]["status"] == "over"
    assert [p["points"] for p in table["players"]] == [10, 13, 16, 19]
    assert table["set"] == 1 and table["ravens_left"] == 0
    assert all(p["cards_left"] == 0 for p in table["players"]), table["players"]
    assert len(table["played"]) == 5 * len(NAMES)

    # Every trick was contested: check each chain's shape on the TV's history of views.
    chains = {}
    for view in tv.views():
        trick = view["game"] and (view["game"]["last_trick"] or {})
        if trick and trick.get("chain"):
            chains[(trick["role"], trick["chain"][0]["seat"])] = trick
    assert len(chains) == 5
    for trick in chains.values():
        answers = [entry["answer"] for entry in trick["chain"]]
        assert answers[0] == "lead" and "pass" not in answers  # everyone holds every role
        claimants = [
            e["seat"] for e in trick["chain"] if e["answer"] in ("lead", "claim", "amulet")
        ]
        assert trick["winner"] == claimants[-1]
        leader = trick["chain"][0]["seat"]
        for entry in trick["chain"][1:]:
            if entry["answer"] in ("claim", "so_be_it"):
                assert entry["seat"] != leader  # the leader never answers, never takes the favor

    # Secrecy: no screen but its owner's ever showed a seat's selection before it was played.
    for bot in bots:
        for view in bot.peer.views():
            assert view["game"] is None or view["game"]["you"]["seat"] == bot.seat
    for view in tv.views():
        assert view["game"] is None or "you" not in view["game"]


def open_table(
    server: LiveServer, peers: list[Peer], seed: int, options: dict[str, Any], last_set=None
) -> tuple[Peer, list[PhoneBot]]:
    _, tv, phones = seated(
        server, peers, list(NAMES), game="witchs-brew", seed=seed, options=options
    )
    bots = [PhoneBot(phone, seat, last_set) for seat, phone in enumerate(phones)]
    assert tv.call("room", {"type": "start"})["ok"]
    return tv, bots


def run_until(tv: Peer, bots: list[PhoneBot], done: Any, what: str) -> dict[str, Any]:
    """Let the phones play until the TV's view satisfies ``done`` (the limit only guards
    against hanging)."""
    end = time.monotonic() + 60
    while time.monotonic() < end and not done(tv.latest()["game"]):
        for bot in bots:
            bot.step()
        time.sleep(0.03)
    return tv.wait_view(lambda v: done(v["game"]), timeout=5)["game"]


def test_a_kicked_player_mid_set_never_blocks_the_set(
    server: LiveServer, peers: list[Peer]
) -> None:
    """Issue 9: the TV removes Cleo in the middle of set 1; nobody presses Skip, and the set
    goes on: her turns are answered by the app ("So be it!", marked automatic)."""
    tv, bots = open_table(server, peers, seed=11, options={"amulets": True}, last_set=1)
    run_until(tv, bots, lambda g: g["phase"] == "trick" and len(g["played"]) >= 4, "a trick")
    assert tv.call("room", {"type": "kick", "seat": 2})["ok"]
    playing = [bot for bot in bots if bot.seat != 2]
    table = run_until(tv, playing, lambda g: g["set"] == 2, "the end of set 1")
    assert table["players"][2]["gone"] is True and table["phase"] == "select"
    # Set 2: the app chose Cleo's roles by itself; the others have not chosen yet.
    assert [p["ready"] for p in table["players"]] == [False, False, True, False]
    kicked_at = next(v["v"] for v in tv.views() if v["game"] and v["game"]["players"][2]["gone"])
    cleo = [
        entry
        for view in tv.views()
        if view["v"] >= kicked_at and view["game"]["last_trick"]
        for entry in view["game"]["last_trick"]["chain"]
        if entry["seat"] == 2 and entry["answer"] in ("claim", "so_be_it", "lead")
    ]
    assert cleo and all(e["answer"] == "so_be_it" and e.get("auto") for e in cleo[-3:])
    # From the kick on, the table never waited for Cleo (and the TV sent no skip: it only
    # hosted, started and kicked).
    later = [v["game"]["trick"] for v in tv.views() if v["v"] >= kicked_at and v["game"]["trick"]]
    assert later and all(trick["due"] != 2 for trick in later)
    assert len(tv.acks) == 3


def test_the_last_raven_after_the_last_trick_ends_the_game_with_that_set(
    server: LiveServer, peers: list[Peer]
) -> None:
    """Issue 10: the last raven, tapped after set 1's last trick and before set 2's first
    card, belongs to set 1: the game ends at once and no trick of set 2 is played."""
    tv, bots = open_table(server, peers, seed=5, options={}, last_set=1)
    for _ in range(3):
        assert tv.call("act", {"type": "raven"})["ok"]
    table = run_until(tv, bots, lambda g: g["set"] == 2, "the end of set 1")
    assert table["phase"] == "select" and table["raven_set"] == 1 and table["ravens_left"] == 1
    assert bots[1].peer.call("act", {"type": "raven"})["ok"]  # Ben's phone: the last raven
    # the sets are over: the table counts the victory points (the game runs until confirmed)
    table = tv.wait_view(lambda v: v["game"]["phase"] == "scoring")["game"]
    assert table["set"] == 1 and table["ravens_left"] == 0 and table["trick"] is None
    assert len(table["played"]) == 5 * len(NAMES)
    assert tv.latest()["room"]["status"] == "playing"
    for bot in bots:
        assert bot.peer.wait_view(lambda v: v["game"]["phase"] == "scoring")["game"]["set"] == 1


def test_physical_ability_cards_are_named_by_the_players(
    server: LiveServer, peers: list[Peer]
) -> None:
    """Issue 10: with the table's own cards the app deals nothing and calls the players in
    the expansion's order; each says which card they kept, by name or number."""
    tv, bots = open_table(server, peers, seed=3, options={"physical_abilities": True}, last_set=1)
    table = tv.wait_view(lambda v: v["game"]["phase"] == "draft")["game"]
    assert table["deck"] is None and table["options"]["magical_abilities"] is True
    first = table["draft"]["order"][0]
    assert table["draft"]["order"] == [(first + k) % 4 for k in range(4)]
    table = run_until(tv, bots, lambda g: g["phase"] != "draft", "the reveal")
    kept = {p["seat"]: p["ability"]["id"] for p in table["players"]}
    assert kept == {0: "ability-04", 1: "ability-09", 2: "ability-09", 3: "ability-09"}
    for bot in bots:
        assert all(v["game"] is None or v["game"]["you"]["draft_hand"] is None
                   for v in bot.peer.views())  # fmt: skip
