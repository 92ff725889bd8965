"""Witchcraft through the live server: a whole game, placement to the end, played by two phone
bots that see only their own views and send only choices their view lists, with chess clocks
running; the secrets (the power tile, the next tile) never reach the other phone or the TV."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.support import LiveServer, Peer, seated

pytestmark = pytest.mark.integration
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)

NAMES = ["Ann", "Ben"]


class PhoneBot:
    """Plays the listed choice that captures most, else the first one listed."""

    def __init__(self, peer: Peer, seat: int) -> None:
        self.peer, self.seat = peer, seat
        self.sent: set[int] = set()
        self.moves = 0

    def step(self) -> None:
        game = self.peer.latest()["game"]
        if game is None or game["phase"] == "over":
            return
        you = game["you"]
        if not you["deciding"] or game["ply"] in self.sent:
            return
        self.sent.add(game["ply"])
        enemy = {(s["x"], s["y"]) for s in game["stacks"] if s["owner"] != self.seat}
        options = you["options"]
        assert options, "the game waits for me but lists no choice"

        def gain(option: dict[str, Any]) -> int:
            return sum(1 for t in option.get("targets", []) if tuple(t) in enemy)

        best = max(options, key=gain)
        ack = self.peer.call("act", {"type": "choose", "option": best["i"], "ply": game["ply"]})
        assert ack["ok"], ack
        self.moves += 1


class TableBot:
    """The host at the TV: enters the real board's set-up the TV lists (``table_options``):
    the altars where ``altars`` says, in this order, and the first special tile offered."""

    def __init__(self, peer: Peer, altars: tuple[str, ...] = ()) -> None:
        self.peer, self.altars = peer, list(altars)
        self.sent: set[int] = set()
        self.entries = 0

    def step(self) -> None:
        game = self.peer.latest()["game"]
        if game is None or not game["table_options"] or game["ply"] in self.sent:
            return
        self.sent.add(game["ply"])
        options = game["table_options"]
        wanted = [o for o in options if self.altars and self.altars[0] in str(o["label"])]
        chosen = wanted[0] if wanted else options[0]
        if wanted:
            self.altars.pop(0)
        ack = self.peer.call("act", {"type": "choose", "option": chosen["i"], "ply": game["ply"]})
        assert ack["ok"], ack
        self.entries += 1


#: a 6 x 6 board with its altar spaces elsewhere than the placeholder's
SIX = {"width": 6, "height": 6, "altars": ["a1", "c3", "d4", "f6"]}


@pytest.mark.parametrize(
    "options",
    [
        {"clock_minutes": 30, "clock_increment": 2},
        {"physical": True, "master": True},
        {"physical": True, "box": SIX},
    ],
    ids=["clocks", "physical-board-master-mode", "physical-6x6-box"],
)
def test_a_whole_game(server: LiveServer, peers: list[Peer], options: dict[str, Any]) -> None:
    _, tv, phones = seated(server, peers, NAMES, game="witchcraft", seed=4, options=options)
    assert tv.call("room", {"type": "start"})["ok"]
    # the client may read the ack before the view sent ahead of it (each in its own thread)
    tv.wait_view(lambda v: v["game"] is not None)
    bots = [PhoneBot(phone, seat) for seat, phone in enumerate(phones)]
    host = TableBot(tv)
    end = time.monotonic() + 120
    while time.monotonic() < end and tv.latest()["game"]["phase"] != "over":
        host.step()
        for bot in bots:
            bot.step()
        time.sleep(0.02)
    table = tv.wait_view(lambda v: v["game"]["phase"] == "over", timeout=10)["game"]
    assert table["winner"] in (0, 1, None) and table["result"]
    assert tv.latest()["room"]["status"] == "over"
    assert all(bot.moves >= 8 for bot in bots)  # eight placements each at least
    if options.get("clock_minutes"):  # the clocks ran and stopped; nobody ran out of time
        assert table["clock"]["running"] is None
        assert all(0 < left < 30 * 60_000 + 200 * 2_000 for left in table["clock"]["left"])
    else:
        assert table["clock"] is None
    # the move list on the TV: both guilds placed and cast
    lines: dict[int, str] = {}  # the whole move list's templates, pieced together from the views
    for view in tv.views():
        game = view["game"]
        if game is not None:
            start = game["log_total"] - len(game["log"])
            lines.update({start + k: e["text"]["template"] for k, e in enumerate(game["log"])})
    assert sorted(lines) == list(range(table["log_total"]))
    texts = list(lines.values())
    assert sum(t == "places the {tile} on {cell} facing {side}" for t in texts) == 16
    assert any(" hits " in t for t in texts)
    if options.get("physical"):  # the set-up entered, nothing drawn by the app
        assert host.entries == 6  # four altars, two special tiles
        assert sum(t == "enters the power tile" for t in texts) == 2
        assert sum(t == "draws a tile" for t in texts) == 16
    if "box" in options:  # the box's board and altar spaces (a1 is the bottom-left space)
        assert table["board"]["width"] == table["board"]["height"] == 6
        spaces = sorted((a["x"], a["y"]) for a in table["altars"])
        destroyed = 4 - len(spaces)  # a Barbarian may have removed some
        assert set(spaces) <= {(0, 5), (2, 3), (3, 2), (5, 0)} and destroyed >= 0
        assert {(x, y) for x, y in table["board"]["cells"]} >= {
            (x, y) for x in range(6) for y in range(6)
        }

    # secrecy: a seat's power tile and next tile never show on the other phone or the TV
    for bot in bots:
        mine = {json.dumps(v, sort_keys=True) for view in bot.peer.views() for v in secrets(view)}
        assert any("power_tile" in v for v in mine) and any("next_tile" in v for v in mine)
        for peer in (bots[1 - bot.seat].peer, tv):
            for view in peer.views():
                assert not mine & {json.dumps(v, sort_keys=True) for v in secrets(view)}
    for view in tv.views():
        assert view["game"] is None or ("you" not in view["game"] and not secrets(view))
    if options.get("physical"):  # the entered power tile: only ever named on its owner's phone
        for bot in bots:
            mine = {
                v["power_tile"] for view in bot.peer.views() for v in secrets(view)
                if "power_tile" in v
            }  # fmt: skip
            assert len(mine) == 1
            for peer in (bots[1 - bot.seat].peer, tv):
                for view in peer.views():
                    game = view["game"]
                    if game is None or game["phase"] == "over":
                        continue  # unused power tiles are revealed at the end
                    row = game["players"][bot.seat]
                    assert row["power"] in ("hidden", "none") or row["power"].startswith("used")
                    said = json.dumps([e for e in game["log"] if e["seat"] is not None])
                    assert "power tile is" not in said


def secrets(node: Any) -> list[dict[str, Any]]:
    """Every power tile or next tile object anywhere in a view."""
    if isinstance(node, dict):
        found = [node] if "power_tile" in node or "next_tile" in node else []
        return found + [s for child in node.values() for s in secrets(child)]
    if isinstance(node, list):
        return [s for child in node for s in secrets(child)]
    return []
