"""A whole seeded game of Wicked Witches Way through the live server, played by phone bots
that see only what a real phone sees (their own view)."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest

from tests.support import LiveServer, Peer

pytestmark = pytest.mark.integration

NAMES = ["Anna", "Ben", "Cleo"]


def valid_by_colour(dice: list[dict[str, str]]) -> dict[str, list[str]]:
    """The rulebook's sort: a symbol showing in both colours is out; duplicates count once."""
    colours: dict[str, set[str]] = {}
    for die in dice:
        colours.setdefault(die["symbol"], set()).add(die["color"])
    valid: dict[str, list[str]] = {"orange": [], "black": []}
    for symbol, seen in colours.items():
        if len(seen) == 1:
            valid[next(iter(seen))].append(symbol)
    return valid


class PhoneBot:
    """Plays from its own seat's view: remembers the dice it saw, writes a perfect formula."""

    def __init__(self, peer: Peer) -> None:
        self.peer = peer
        self.dice: list[dict[str, str]] | None = None
        self.done: set[tuple[Any, ...]] = set()

    def step(self) -> None:
        view = self.peer.latest()
        game = view["game"]
        if game is None:
            return
        you = game["you"]
        # What this phone showed during the look phase of this turn (a real phone renders
        # every view; the bot may have been busy pressing while it was up).
        looks = [
            v["game"]["dice"]
            for v in self.peer.views()
            if v["game"] and v["game"]["phase"] == "look" and v["game"]["turn"] == game["turn"]
        ]
        self.dice = looks[-1] if looks else None
        key = (game["turn"], game["phase"], game["current"], game["step"], tuple(you["prompts"]))
        if key in self.done:
            return
        act = self._choose(game, you)
        if act is None:
            return
        self.done.add(key)
        if act["type"] == "close_lid":
            # Pressed like a phone: at once, without waiting for the verdict, so the bots race.
            threading.Thread(target=self.peer.press, args=("close_lid",)).start()
            return
        ack = self.peer.call("act", act)
        if not ack["ok"] and ack["error"]["code"] not in ("too_late", "not_your_turn", "illegal"):
            raise AssertionError(ack)

    def _choose(self, game: dict[str, Any], you: dict[str, Any]) -> dict[str, Any] | None:
        prompts = you["prompts"]
        if "roll" in prompts:
            return {"type": "roll"}
        if "close_lid" in prompts:  # everyone who may races for the lid; one wins
            return {"type": "close_lid"}
        if "formula" in prompts and self.dice is not None:
            valid = valid_by_colour(self.dice)
            best = max(valid.values(), key=len)
            return {"type": "formula", "cards": best}
        if "keep" in prompts and you["keep_choice"]:
            return {"type": "keep", "card": you["keep_choice"][0]["id"]}
        if "apply" in prompts or "after" in prompts:
            return {"type": "pass"}
        return None


def test_a_whole_seeded_game_reaches_the_score_screen(
    server: LiveServer, peers: list[Peer]
) -> None:
    room = server.create_room("wicked-witches-way", seed=20261129, options={"fog_seconds": 2})
    tv = Peer(server.url, "tv")
    peers.append(tv)
    assert tv.call("host", {"code": room["code"], "host_token": room["host_token"]})["ok"]
    bots = []
    for name in NAMES:
        phone = Peer(server.url, name)
        peers.append(phone)
        assert phone.call("join", {"code": room["code"], "name": name})["ok"]
        bots.append(PhoneBot(phone))
    assert tv.call("room", {"type": "start"})["ok"]

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        table = tv.latest()["game"]
        if table and table["phase"] == "over":
            break
        for bot in bots:
            bot.step()
        time.sleep(0.05)
    final_table = tv.wait_view(lambda v: v["game"]["phase"] == "over")["game"]

    # The score screen: finishers 25/24/23 by crossing order, others their space.
    assert final_table["final"] and final_table["turn"] > 1
    for row in final_table["final"]:
        witch = next(w for w in final_table["witches"] if w["seat"] == row["seat"])
        rank = witch["finished_rank"]
        expected = {1: 25, 2: 24}.get(rank, 23) if rank else witch["position"]
        assert row["place_points"] == expected
        assert row["total"] == row["place_points"] + row["acrobatics"]
    assert any(w["finished_rank"] == 1 for w in final_table["witches"])
    assert tv.latest()["room"]["status"] == "over"

    # Nothing secret leaked: dice hidden from everyone while formulas were written, and the
    # table never saw a seat's private part of the view.
    for peer in [tv, *(bot.peer for bot in bots)]:
        for view in peer.views():
            game = view["game"]
            if game is None:
                continue
            if game["phase"] == "compose":
                assert game["dice"] is None
            if peer is tv:
                assert "you" not in game
            else:
                assert game["you"]["seat"] == view["room"]["seat"]
    # The lid races were decided by the fair sequencer and explained to the table.
    races = [n for n in tv.notes() if n["kind"] == "race"]
    assert races and all(n["type"] == "close_lid" for n in races)
    presses = [p for n in races for p in n["presses"]]
    assert sum(p["ok"] for p in presses) == final_table["turn"] - (final_table["phase"] != "over")
    assert any(p["error"] == "too_late" for p in presses)
    assert all({"t", "offset", "arrival", "fair"} <= set(p) for n in races for p in n["presses"])
    json.dumps(final_table)  # serialisable as sent
