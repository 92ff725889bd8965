"""Witch & Bitch through the live server: a whole scenario 2 (The Return of Wanna) played by
real python-socketio clients, a TV and three phone bots that act only on their own views: the
d20 for first player, the snake draft, the starting Enemies, turns with Objects (the errata's
d4 frees Wanna, and death becomes permanent), the Bitch's reveal, Wanna's double attacks until a
good Witch dies for good, and the surviving Witch killing Wanna."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.support import LiveServer, Peer, seated

pytestmark = pytest.mark.integration

NAMES = ["Anna", "Ben", "Cleo"]


def ok(peer: Peer, **action: Any) -> dict[str, Any]:
    ack = peer.call("act", action)
    assert ack["ok"], (action, ack)
    return dict(ack)


class PhoneBot:
    """One phone: does what its own view asks of it, and nothing it cannot see."""

    def __init__(self, peer: Peer, seat: int) -> None:
        self.peer, self.seat = peer, seat
        self.card = ""
        self.killer = False  # the good Witch who goes after Wanna

    def step(self) -> None:
        game = self.peer.latest()["game"]
        if game is None or game["step"] == "over":
            return
        you = game["you"]
        self.card = you.get("card", self.card)
        step, mine = game["step"], game["current"] == self.seat
        me = game["witches"][self.seat]
        wanna = game["antagonist"]
        if you.get("may_reveal") and wanna["on_map"]:
            ok(self.peer, type="reveal")  # Wanna is out: her daughter shows herself
        elif step == "first-roll" and self.seat in game["first_roll"]["rollers"]:
            if self.seat not in [r["seat"] for r in game["first_roll"]["rolled"]]:
                ok(self.peer, type="first_roll")
        elif step == "draft" and mine:
            ok(self.peer, type="pick", spell=you["draftable"][0])
        elif step == "turns" and mine:
            self._turn(game, me, wanna)
        elif step == "learning" and mine:
            if you["can_learn"]:
                ok(self.peer, type="learn", spell=you["learnable"][0])
            else:
                ok(self.peer, type="next")

    def _turn(self, game: dict[str, Any], me: dict[str, Any], wanna: dict[str, Any]) -> None:
        if game["objects"]["taken"] < 2 and wanna["portal"] is None:
            # Objects: the d4 read from the table's die is 1 each time; 1 is below 2 Objects.
            ok(self.peer, type="object", value=1)
            return
        if self.killer and wanna["on_map"] and game["round"] >= 2:
            ok(self.peer, type="attack", target="antagonist", bonus=0, damage=10, value=20)
            return
        if me["actions"] == 0:
            ok(self.peer, type="action")
            ok(self.peer, type="corpse", xp=4)  # an Enemy killed on the way
        ok(self.peer, type="next")


def drive(tv: Peer, bots: list[PhoneBot], victim: list[int]) -> None:
    """The table's part: Next through the steps the TV leads, Generate Enemies on each Destiny
    card, and at Enemy activation Wanna's attacks (the first player rolls on the TV)."""
    game = tv.latest()["game"]
    step = game["step"]
    if step in ("setup", "pass-token", "restore", "enemies"):
        ok(tv, type="next")
    elif step == "destiny":
        if not game["spawned"]:
            ok(tv, type="spawn")
        ok(tv, type="next")
    elif step == "activation":
        wanna = game["antagonist"]
        target = victim[0] if victim else None
        if wanna["on_map"] and target is not None and not game["witches"][target]["out"]:
            # Wanna hits with d20 + 12 against Defense 15; the table read a 20.
            ok(tv, type="enemy_attack", seat=target, antagonist=True, value=20)
            return
        ok(tv, type="next")


def test_a_whole_scenario_2_with_a_reveal_and_a_permanent_death(
    server: LiveServer, peers: list[Peer]
) -> None:
    _, tv, phones = seated(
        server, peers, NAMES, game="witch-and-bitch", seed=11, options={"scenario": 2}
    )
    assert tv.call("room", {"type": "start"})["ok"]
    bots = [PhoneBot(phone, seat) for seat, phone in enumerate(phones)]
    for bot in bots:
        bot.peer.wait_view(lambda v: v["game"] is not None)
        bot.step()
    cards = [bot.card for bot in bots]
    assert sorted(cards) == ["bitch", "witch", "witch"], cards
    bitch = cards.index("bitch")
    good = [k for k in range(3) if k != bitch]
    victim = [good[0]]
    bots[good[1]].killer = True

    end = time.monotonic() + 90
    while time.monotonic() < end and tv.latest()["game"]["step"] != "over":
        drive(tv, bots, victim)
        for bot in bots:
            bot.step()
        time.sleep(0.02)
    table = tv.wait_view(lambda v: v["game"]["step"] == "over")["game"]

    # The good Witches won by killing Wanna; the Bitch revealed herself; a Witch died for good.
    outcome = table["outcome"]
    assert outcome["reason"] == "rules"
    assert [p["seat"] for p in outcome["ranking"] if p["place"] == 1] == good, outcome
    assert [p["seat"] for p in outcome["ranking"] if p["place"] > 1] == [bitch]
    assert outcome["text"] == {
        "template": "{name} is dead: the Witches win!",
        "params": {"name": "Wanna Marchi"},
    }
    assert table["bitch"] == bitch
    assert table["witches"][victim[0]]["out"] and table["witches"][victim[0]]["dead"]
    assert table["antagonist"]["dead"] and table["antagonist"]["portal"] == 1
    assert table["round"] >= 2

    views = [v["game"] for v in tv.views() if v["game"] is not None]
    # Wanna escaped on the second Object (d4 1 < 2 Objects): death became permanent then.
    freed = next(v for v in views if v["antagonist"]["portal"] is not None)
    assert freed["objects"]["taken"] == 2 and freed["permanent"]
    assert [r["for"] for r in freed["rolls"][-2:]] == ["object", "object"]
    # The table's dice: d20 for first player, d4 spawns, newest last, with who rolled.
    rolls = table["rolls"]
    assert {r["die"] for r in rolls} == {"d20", "d4"}
    assert all(set(r) >= {"die", "value", "by", "for"} for r in rolls)
    assert [r["n"] for r in rolls] == sorted(r["n"] for r in rolls)
    assert any(r["for"] == "antagonist attack" and r["by"] is None for r in rolls)

    # Secrecy: before the reveal no table view and no Witch's phone held the Bitch's card, and
    # the table never held a Witch's; each phone only ever saw its own card.
    revealed_at = next(k for k, v in enumerate(views) if "bitch" in v)
    for view in views[:revealed_at]:
        assert '"bitch"' not in json.dumps(view) and '"witch"' not in json.dumps(view)
    for seat in good:
        for view in bots[seat].peer.views():
            game = view["game"]
            if game is not None and "bitch" not in game:
                assert '"bitch"' not in json.dumps(game)
                assert game["you"]["card"] == "witch"
    for view in bots[bitch].peer.views():
        game = view["game"]
        if game is not None and game["step"] != "over":
            assert game["you"]["card"] == "bitch" and '"witch"' not in json.dumps(game)
