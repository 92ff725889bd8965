"""Čarodějnice! on a live server with real Socket.IO clients: the phone alone starts and plays
its game (it hosts from its seat), a TV host and a spectator watch, and no payload any of them
receives, nor any page, script or API answer the server gives, holds the jurors' faith values
before the trial. After the trial every audience sees them (which shows the search finds them
when they are there)."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from companion.games.carodejnice import CARODEJNICE
from tests.support import LiveServer, Peer

pytestmark = pytest.mark.integration

SEED = 20261201


def faith_pairs(seed: int) -> list[tuple[int, int]]:
    """What the server drew (the same seeded set-up, computed here from the pure rules)."""
    return [j.faith for j in CARODEJNICE.setup(("Solo",), {}, seed).jurors]


def leaks(text: str, pairs: list[tuple[int, int]]) -> list[str]:
    """Every way the faith values could show in ``text``: a pair as a JSON list (compact or
    spaced), all six values in a row, a juror's faith, sum or verdict given as a value."""
    found = []
    for a, b in pairs:
        for form in (f"[{a},{b}]", f"[{a}, {b}]"):
            if form in text:
                found.append(form)
    row = ",".join(str(v) for pair in pairs for v in pair)
    if row in text.replace(" ", ""):
        found.append(row)
    found += re.findall(r'"(?:faith|sum|convinced)":\s*(?:\[[^\]]*\]|\d+|true|false)', text)
    return found


def payloads(peer: Peer) -> list[str]:
    """Everything the client received (views, notes, clock probes) and every ack, as JSON."""
    return [json.dumps(data) for _, data in peer.received] + [json.dumps(a) for a in peer.acks]


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return str(answer.read().decode("utf-8"))


def served(server: LiveServer, code: str) -> dict[str, str]:
    """The pages, every script and stylesheet they load, and the JSON answers."""
    pages = {path: fetch(server.url + path) for path in ("/", f"/j/{code}", f"/host/{code}")}
    assets = {
        src
        for html in pages.values()
        for src in re.findall(r'(?:src|href)="(/static/[^"]+\.(?:js|css))"', html)
    }
    assets |= {f"/static/js/{name}" for name in ("kit.js", "client.js", "ui.js", "options.js")}
    assets |= {
        f"/static/games/carodejnice/{name}" for name in ("phone.js", "tv.js", "common.js", "cj.css")
    }
    api = (
        "/api/games",
        "/api/games/carodejnice/reference",
        f"/api/rooms/{code}",
        "/api/i18n/cs.json",
        "/api/i18n/cs/shell.json",
        "/api/i18n/cs/carodejnice.json",
    )
    return {**pages, **{path: fetch(server.url + path) for path in sorted(assets) + list(api)}}


def play_a_round(phone: Peer, *, win: bool) -> None:
    act = lambda kind, **f: phone.call("act", {"type": kind, **f})  # noqa: E731
    assert act("done")["ok"]
    mission = phone.latest()["game"]["missions"]["laid_out"][0]["id"]
    assert act("accept", mission=mission)["ok"]
    assert act("done")["ok"]
    if win:
        assert act("resolve", strength=30, juror=0)["ok"]
    else:
        assert act("resolve", strength=0, difficulty=3)["ok"]
    assert act("decide", trial=False)["ok"]
    assert act("cleanup", witch=True)["ok"]


def test_no_payload_and_no_page_holds_the_faith_before_the_trial(
    server: LiveServer, peers: list[Peer]
) -> None:
    pairs = faith_pairs(SEED)
    room = server.create_room("carodejnice", seed=SEED)
    code = room["code"]
    phone, tv, stands = Peer(server.url, "phone"), Peer(server.url, "tv"), Peer(server.url, "fan")
    peers += [phone, tv, stands]
    # The phone alone: it joins with the host key and starts its own game.
    joined = phone.call("join", {"code": code, "name": "Solo", "host_token": room["host_token"]})
    assert joined["ok"] and joined["view"]["room"]["host"] is True
    assert tv.call("host", {"code": code, "host_token": room["host_token"]})["ok"]
    assert stands.call("watch", {"code": code})["ok"]
    assert phone.call("room", {"type": "start"})["ok"]
    assert phone.call("act", {"type": "ready"})["ok"]
    play_a_round(phone, win=True)
    play_a_round(phone, win=False)
    assert phone.call("act", {"type": "curse"})["ok"]
    assert phone.call("room", {"type": "undo"})["ok"]
    assert phone.call("act", {"type": "townsfolk", "count": 2})["ok"]
    assert phone.call("act", {"type": "done"})["ok"]
    for peer in (phone, tv, stands):
        peer.wait_view(lambda v: v["game"]["counters"]["lost_souls"] == 2)

    for peer in (phone, tv, stands):
        views = [v for v in peer.views() if v["game"]]
        assert views and all(j["faith"] is None for v in views for j in v["game"]["jurors"])
        for text in payloads(peer):
            assert leaks(text, pairs) == [], f"{peer.name} received the faith values: {text}"
    for path, text in served(server, code).items():
        assert leaks(text, pairs) == [], f"{path} holds the faith values"

    # The trial: now every audience sees every pair, and the search finds them.
    assert phone.call("act", {"type": "card", "effect": "trial"})["ok"]
    for peer in (phone, tv, stands):
        view = peer.wait_view(lambda v: v["game"]["result"]["kind"] == "trial")
        assert [tuple(j["faith"]) for j in view["game"]["jurors"]] == pairs
        assert leaks(json.dumps(view), pairs)
