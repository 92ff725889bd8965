"""Wicked Witches Way through the live server, played by phone bots that see only what a real
phone sees (their own view): a whole seeded game, the server-paced reveal seen by every screen at
once, physical dice, "I play a spell" with the physical deck, the host's handicaps, and a player
removed in the middle of a turn."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest

from tests.support import LiveServer, Peer, seated, wait_until

pytestmark = pytest.mark.integration
SHARE_SERVER = True  # each test makes its own room (tests/conftest.py, module_server)

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
    """Plays from its own seat's view: remembers the dice it saw, writes a perfect formula.
    ``hurry``: it ends its own moments of the reveal at once (the app never asks it to)."""

    def __init__(self, peer: Peer, hurry: bool = True) -> None:
        self.peer = peer
        self.hurry = hurry
        self.dice: list[dict[str, str]] | None = None
        self.done: set[tuple[Any, ...]] = set()
        self.presses: list[threading.Thread] = []  # the lid presses in flight

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
            press = threading.Thread(target=self.peer.press, args=("close_lid",))
            press.start()
            self.presses.append(press)
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
        if self.hurry and ("apply" in prompts or "after" in prompts):
            return {"type": "pass"}
        return None

    def answered(self) -> None:
        """Waits for the answers to this phone's lid presses: a press still in flight when the
        test closed its socket never got its answer and failed in its thread 10 s later,
        during another test (PytestUnhandledThreadExceptionWarning)."""
        for press in self.presses:
            press.join()


class TableHurry:
    """The host at the TV ends the reveal's steps named in ``steps`` at once (the table's
    ``pass``, as the TV's button sends it), each once: a test that does not check the pace
    need not wait it out (``test_the_reveal_is_paced…`` and the physical deck's test do)."""

    def __init__(self, tv: Peer, steps: frozenset[str]) -> None:
        self.tv, self.steps = tv, steps
        self.done: set[tuple[Any, ...]] = set()

    def step(self) -> None:
        game = self.tv.latest()["game"]
        if game is None or game["phase"] != "resolve" or game["window"] is not None:
            return
        key = (game["turn"], game["step"], game["current"])
        if game["step"] not in self.steps or key in self.done:
            return
        self.done.add(key)
        ack = self.tv.call("act", {"type": "pass"})
        if not ack["ok"] and ack["error"]["code"] not in ("too_late", "illegal"):
            raise AssertionError(ack)  # the step may have ended meanwhile (a phone, the pace)

    def until_turn(self, turn: int, timeout: float = 60) -> dict[str, Any]:
        """Hurries until the table's view reaches ``turn``; that view's game."""

        def reached() -> dict[str, Any] | None:
            view = self.tv.latest()
            if view["game"]["turn"] >= turn:
                return view
            self.step()
            return None

        wait_until(reached, timeout, f"turn {turn} on the TV")
        return dict(self.tv.wait_view(lambda v: v["game"]["turn"] == turn)["game"])


#: every step of the reveal the table may end
EVERY_STEP = frozenset({"reveal", "sort", "apply", "keep", "after"})


def test_a_whole_seeded_game_reaches_the_score_screen(
    server: LiveServer, peers: list[Peer]
) -> None:
    options = {"fog_seconds": 2, "pace_seconds": 2}
    room, tv, phones = seated(
        server, peers, list(NAMES), game="wicked-witches-way", seed=20261129, options=options
    )
    bots = [PhoneBot(phone) for phone in phones]
    host = TableHurry(tv, frozenset({"reveal", "sort"}))  # the witches pass their moments
    assert tv.call("room", {"type": "start"})["ok"]
    for seat in range(len(NAMES)):  # novices from space 7: the same race, a few turns shorter
        act(tv, {"type": "handicap", "seat": seat, "level": "novice", "start": 7})

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        table = tv.latest()["game"]
        if table and table["phase"] == "over":
            break
        host.step()
        for bot in bots:
            bot.step()
        time.sleep(0.05)
    final_table = tv.wait_view(lambda v: v["game"]["phase"] == "over")["game"]
    for bot in bots:
        bot.answered()

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
    # The lid races were decided by the fair sequencer and explained to the table: each in the
    # views from its settling on (view.room.race), tied to the lid it closed by its game time.
    views = tv.views()
    races = list({r["settled_at"]: r for v in views if (r := v["room"]["race"])}.values())
    assert races and all(n["type"] == "close_lid" for n in races)
    lids = {v["game"]["lid_closed_at"] for v in views if v["game"] is not None}
    assert all(n["at"] in lids for n in races if n["at"] is not None)
    assert not any(n["kind"] == "race" for n in tv.notes())  # no separate note any more
    presses = [p for n in races for p in n["presses"]]
    assert sum(p["ok"] for p in presses) == final_table["turn"] - (final_table["phase"] != "over")
    assert any(p["error"] == "too_late" for p in presses)
    assert all({"t", "offset", "arrival", "fair"} <= set(p) for n in races for p in n["presses"])
    json.dumps(final_table)  # serialisable as sent


# -- helpers for the shorter tables below ------------------------------------------------------


def open_table(
    server: LiveServer, peers: list[Peer], options: dict[str, Any], seed: int = 7
) -> tuple[Peer, list[Peer]]:
    _, tv, phones = seated(
        server, peers, list(NAMES), game="wicked-witches-way", seed=seed, options=options
    )
    return tv, phones


def act(peer: Peer, action: dict[str, Any]) -> dict[str, Any]:
    ack = peer.call("act", action)
    assert ack["ok"], ack
    return dict(ack)


def game_of(peer: Peer) -> dict[str, Any]:
    return dict(peer.latest()["game"])


def first_v(peer: Peer, predicate: Any) -> int:
    """The version of the first view on this screen for which ``predicate`` holds."""
    return min(v["v"] for v in peer.views() if v["game"] and predicate(v["game"]))


def test_the_reveal_is_paced_by_the_server_and_every_screen_sees_each_result_at_once(
    server: LiveServer, peers: list[Peer]
) -> None:
    """One turn where no witch acts during the reveal: every formula is revealed together
    before the lid opens; each witch gets her apply and after moments, spells or not, each
    ended by the server's pace; each result reaches the TV and every phone in the same view;
    the roll is offered only once it ended. Two witches, and the host's "Go on" ends the
    sorted dice (the physical deck's test waits that step's pace out): every moment waited
    out here is a witch's."""
    _, tv, phones = seated(
        server, peers, NAMES[:2], game="wicked-witches-way", seed=7, options={"pace_seconds": 2}
    )
    assert tv.call("room", {"type": "start"})["ok"]
    bots = [PhoneBot(phone, hurry=False) for phone in phones]
    host = TableHurry(tv, frozenset({"sort"}))
    end = time.monotonic() + 60
    while time.monotonic() < end:
        table = game_of(tv)
        if table["turn"] == 2:
            break
        host.step()
        for bot in bots:
            bot.step()
        time.sleep(0.05)
    tv.wait_view(lambda v: v["game"]["turn"] == 2)
    for bot in bots:
        bot.answered()  # a lid press of turn 2 may be in flight (see ``answered``)
    turn1 = [v["game"] for v in tv.views() if v["game"] and v["game"]["turn"] == 1]
    reveal = [g for g in turn1 if g["phase"] == "resolve"]
    # Every formula, revealed together, before the dice and before any result.
    first = reveal[0]
    assert first["step"] == "reveal" and first["dice"] is None and first["results"] == []
    assert sorted(f["seat"] for f in first["formulas"]) == [0, 1]
    # Each witch got both moments, in the order of the reveal.
    moments = []
    for g in reveal:
        key = (g["current"], g["step"])
        if g["current"] is not None and key not in moments:
            moments.append(key)
    order = first["order"]
    assert [k for k in moments if k[1] != "keep"] == [
        (seat, step) for seat in order for step in ("apply", "after")
    ]
    # Each result reached every screen in the same broadcast.
    for count in range(1, len(phones) + 1):
        versions = {
            first_v(peer, lambda g, n=count: g["turn"] == 1 and len(g["results"]) >= n)
            for peer in [tv, *phones]
        }
        assert len(versions) == 1, versions
    # The next roll was offered only once the reveal had ended.
    for phone in phones:
        for view in phone.views():
            g = view["game"]
            if g and "roll" in g["you"]["prompts"]:
                assert g["phase"] == "roll"


def test_physical_dice_lid_race_first_then_faces_entered_and_corrected(
    server: LiveServer, peers: list[Peer]
) -> None:
    tv, phones = open_table(server, peers, {"physical_dice": True, "pace_seconds": 2})
    assert tv.call("room", {"type": "start"})["ok"]
    roller = game_of(tv)["roller"]
    act(phones[roller], {"type": "roll"})  # thrown into the box: no faces
    table = tv.wait_view(lambda v: v["game"]["phase"] == "look")["game"]
    assert table["dice"] is None
    ack = phones[0].press("close_lid")  # accepted at once: nobody typed anything
    assert ack["ok"], ack
    for seat, phone in enumerate(phones):
        act(phone, {"type": "formula", "cards": ["ear", "star"] if seat == 0 else []})
    tv.wait_view(lambda v: v["game"]["step"] == "read")
    phones[roller].wait_view(lambda v: "dice" in v["game"]["you"]["prompts"])
    box = [{"symbol": s, "color": "orange"} for s in ("ear", "star")] * 4
    box.append({"symbol": "web", "color": "black"})
    mistapped = [*box[:8], {"symbol": "star", "color": "black"}]  # the web tapped as a star
    act(phones[roller], {"type": "dice", "dice": mistapped})
    sorted_ = tv.wait_view(lambda v: v["game"]["step"] == "sort")["game"]
    assert sorted_["valid"] == {"orange": ["ear"], "black": []}
    act(tv, {"type": "dice", "dice": box})  # the TV corrects it while it is shown
    corrected = {"orange": ["ear", "star"], "black": ["web"]}
    tv.wait_view(lambda v: v["game"]["valid"] == corrected)
    fixed = first_v(tv, lambda g: g["valid"] == corrected)
    assert [v["game"]["results"] for v in tv.views() if v["v"] == fixed] == [[]]
    done = TableHurry(tv, EVERY_STEP).until_turn(2)
    ursule = next(r for r in done["results"] if r["seat"] == 0)
    assert (ursule["verdict"], ursule["to"]) == ("perfect", 4)  # 2 cards + the orange bonus


def test_physical_deck_nobody_is_asked_unless_she_says_i_play_a_spell(
    server: LiveServer, peers: list[Peer]
) -> None:
    """Two witches: the first ends her own moments, saying she plays a spell in her "after"
    one; the other's moments and the sorted dice end by the server's pace with nobody asked.
    The host's "Go on" ends the formulas' reveal (the paced reveal's test waits it out)."""
    _, tv, phones = seated(
        server,
        peers,
        NAMES[:2],
        game="wicked-witches-way",
        seed=7,
        options={"physical_deck": True, "pace_seconds": 2, "fog_seconds": 2},
    )
    assert tv.call("room", {"type": "start"})["ok"]
    act(tv, {"type": "roll"})
    act(tv, {"type": "close_lid", "t": tv.now()})
    for phone in phones:
        act(phone, {"type": "formula", "cards": []})
    tv.wait_view(lambda v: v["game"]["step"] == "reveal")
    ack = tv.call("act", {"type": "pass"})  # the TV's "Go on"
    assert ack["ok"] or ack["error"]["code"] == "too_late", ack
    first = tv.wait_view(lambda v: v["game"]["step"] == "apply")["game"]["current"]
    act(phones[first], {"type": "pass"})  # she ends her own "apply" moment
    # Her "after" moment: she says she plays a spell, then casts it; the Fog window follows.
    tv.wait_view(lambda v: (v["game"]["current"], v["game"]["step"]) == (first, "after"))
    act(phones[first], {"type": "hold"})
    assert tv.wait_view(lambda v: v["game"]["holding"] == first)
    act(phones[first], {"type": "spell", "card": "tailwind"})
    opened = tv.wait_view(lambda v: v["game"]["window"] is not None)["v"]
    tv.wait_view(lambda v: v["v"] > opened and v["game"]["window"] is None)  # the Fog's end
    act(phones[first], {"type": "pass"})  # and she ends the rest of her moment
    # Nobody else pressed anything, yet the turn reaches the next roll.
    done = tv.wait_view(lambda v: v["game"]["turn"] == 2, timeout=60)["game"]
    assert any(s["card"] == "tailwind" for s in done["spells"]) or "Tailwind" in str(done["log"])
    asked = [a for p in phones for a in p.acks if isinstance(a, dict) and a.get("ok") is False]
    assert asked == []


def test_handicaps_are_set_by_the_host_not_by_a_phone(
    server: LiveServer, peers: list[Peer]
) -> None:
    tv, phones = open_table(server, peers, {})
    assert tv.call("room", {"type": "start"})["ok"]
    ack = phones[1].call("act", {"type": "handicap", "seat": 1, "level": "novice"})
    assert not ack["ok"] and ack["error"]["code"] == "forbidden"
    act(tv, {"type": "handicap", "seat": 1, "level": "novice", "start": 6})
    witch = tv.wait_view(lambda v: v["game"]["witches"][1]["position"] == 6)["game"]["witches"][1]
    assert (witch["handicap"], witch["start"]) == ("novice", 6)
    phones[1].wait_view(lambda v: v["game"]["witches"][1]["handicap"] == "novice")


def test_a_player_kicked_mid_compose_does_not_stop_the_turn(
    server: LiveServer, peers: list[Peer]
) -> None:
    tv, phones = open_table(server, peers, {"pace_seconds": 2})
    assert tv.call("room", {"type": "start"})["ok"]
    act(tv, {"type": "roll"})
    act(tv, {"type": "close_lid", "t": tv.now()})
    act(phones[0], {"type": "formula", "cards": []})
    act(phones[1], {"type": "formula", "cards": []})
    assert tv.wait_view(lambda v: v["game"]["phase"] == "compose")
    assert tv.call("room", {"type": "kick", "seat": 2})["ok"]
    # Cleo never wrote: her witch writes nothing and the reveal begins without her.
    view = tv.wait_view(lambda v: v["game"]["phase"] == "resolve")
    assert view["game"]["witches"][2]["gone"] and view["room"]["players"][2]["gone"]
    done = TableHurry(tv, EVERY_STEP).until_turn(2)
    cleo = next(r for r in done["results"] if r["seat"] == 2)
    assert cleo["verdict"] == "empty" and done["roller"] != 2
