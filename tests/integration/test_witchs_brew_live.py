"""Witch's Brew through the live server: a whole game of role calls with all three expansions,
played by phone bots that see only their own views."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.support import LiveServer, Peer

pytestmark = pytest.mark.integration

NAMES = ["Anna", "Ben", "Cleo", "Dora"]
CHOSEN = [
    "witch",
    "wizard",
    "druid",
    "alchemist",
    "fortune_teller",
]  # everyone: every role contested


class PhoneBot:
    def __init__(self, peer: Peer, seat: int) -> None:
        self.peer, self.seat = peer, seat
        self.done: set[str] = set()

    def step(self) -> None:
        view = self.peer.latest()
        game = view["game"]
        if game is None:
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
        if "select" in prompts:
            return {"type": "select", "roles": CHOSEN}
        if "play" in prompts:
            return {"type": "play", "role": you["hand"][0]}
        if "answer" in prompts:
            # Odd seats contest, even seats say "So be it!".
            return {"type": "answer", "claim": self.seat % 2 == 1, "role": trick["role"]}
        if "amulet" in prompts:
            return {"type": "amulet", "use": True}
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

    end = time.monotonic() + 60
    while time.monotonic() < end and tv.latest()["game"]["phase"] != "over":
        for bot in bots:
            bot.step()
        time.sleep(0.03)
    table = tv.wait_view(lambda v: v["game"]["phase"] == "over")["game"]
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
