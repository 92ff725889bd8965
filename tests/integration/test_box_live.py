"""Your box on a live server with real Socket.IO clients: GET /api/games lists each game's box;
a bad box is refused with the field named and the room's options stay as they were; a good box
is kept, survives a SIGKILL and a restart (the log replays it), and the game started after it
shows the entered values without their placeholder mark."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import LiveServer, Peer, http_json

pytestmark = pytest.mark.integration

JURORS = [{"name": f"Juror of the box {n}"} for n in range(1, 9)]
GOOD = {"jurors": JURORS, "curse_deck": 7}


def test_a_box_is_refused_whole_or_kept_and_replayed_after_a_restart(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "box.sqlite3").start()
    peers: list[Peer] = []
    try:
        games = {g["id"]: g for g in http_json("GET", server.url + "/api/games")[1]}
        assert games["buzzer"]["box"] == []
        fields = {f["id"]: f for f in games["carodejnice"]["box"]}
        assert fields["jurors"]["count"] == 8 and fields["jurors"]["placeholder"] is True

        room = server.create_room("carodejnice", options={"box": {"curse_deck": 6}})
        code = room["code"]
        tv = Peer(server.url, "tv")
        peers.append(tv)
        ack = tv.call("host", {"code": code, "host_token": room["host_token"]})
        assert ack["view"]["room"]["options"] == {"scenario": 0, "box": {"curse_deck": 6}}

        bad = [*JURORS[:2], {"name": "x" * 41}, *JURORS[3:]]
        ack = tv.call("room", {"type": "options", "options": {"box": {"jurors": bad}}})
        assert ack["ok"] is False
        assert ack["error"]["code"] == "bad_request"
        assert ack["error"]["message"] == "Your box: Juror 3 · Name must be text (length: 1 to 40)."
        # nothing changed: a fresh look at the room still has the box it had
        watcher = Peer(server.url, "watcher")
        peers.append(watcher)
        seen = watcher.call("watch", {"code": code})
        assert seen["view"]["room"]["options"]["box"] == {"curse_deck": 6}

        ack = tv.call("room", {"type": "options", "options": {"box": GOOD}})
        assert ack["ok"], ack
        tv.wait_view(lambda v: v["room"]["options"]["box"] == GOOD)

        server.kill()
        for peer in peers:
            peer.close()
        server.start()  # the same database: the room is its log, replayed

        tv = Peer(server.url, "tv-again")
        peers.append(tv)
        ack = tv.call("host", {"code": code, "host_token": room["host_token"]})
        assert ack["ok"] and ack["view"]["room"]["options"]["box"] == GOOD
        phone = Peer(server.url, "solo")
        peers.append(phone)
        assert phone.call("join", {"code": code, "name": "Solo"})["ok"]
        assert tv.call("room", {"type": "start"})["ok"]
        game = phone.wait_view(lambda v: v["game"]["jurors"])["game"]
        names = {j["name"] for j in JURORS}
        assert {j["name"] for j in game["jurors"]} <= names
        assert [j["placeholder"] for j in game["jurors"]] == [False] * 3
        # the missions were not entered: they keep their placeholders, marked
        assert all(m["placeholder"] for m in game["missions"]["laid_out"])
        assert game["counters"]["curse_deck"] == 7
    finally:
        for peer in peers:
            peer.close()
        server.stop()
