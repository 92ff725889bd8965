"""Persistence: SIGKILL the server mid-game, start it on the same database, play on."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import LiveServer, Peer, http_json, wait_until
from tests.unit.test_wal_damage import damage_frame, frames

pytestmark = pytest.mark.integration


def test_sigkill_restart_keeps_seats_state_and_play(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "party.sqlite3").start()
    peers: list[Peer] = []
    try:
        room = server.create_room(options={"random_delay": False})
        code = room["code"]
        tv = Peer(server.url, "tv")
        peers.append(tv)
        tv.call("host", {"code": code, "host_token": room["host_token"]})
        tokens = {}
        for name in ("Anna", "Ben", "Cleo"):
            phone = Peer(server.url, name)
            peers.append(phone)
            tokens[name] = phone.call("join", {"code": code, "name": name})["token"]
        assert tv.call("room", {"type": "start"})["ok"]
        assert tv.call("act", {"type": "arm"})["ok"]
        tv.wait_view(lambda v: v["game"]["status"] == "open")
        assert peers[2].press("buzz")["ok"]
        assert peers[1].press("buzz")["ok"]
        assert tv.call("act", {"type": "award", "seat": 1, "points": 1})[
            "ok"
        ]  # acked: must survive
        before = http_json("GET", f"{server.url}/api/rooms/{code}")[1]
        table_before = tv.latest()["game"]
        # the acknowledged award was made durable by the kernel's fsync of the log
        assert http_json("GET", server.url + "/healthz")[1]["fsync"] == "kernel"

        server.kill()
        for peer in peers:
            peer.close()
        server.start()  # same port, same database

        assert http_json("GET", f"{server.url}/api/rooms/{code}")[1]["status"] == "playing"
        tv = Peer(server.url, "tv-again")
        peers.append(tv)
        ack = tv.call("host", {"code": code, "host_token": room["host_token"]})
        assert ack["ok"]
        game = ack["view"]["game"]
        for key in ("round", "ranking", "scores", "false_starts"):
            assert game[key] == table_before[key], key
        assert game["scores"] == {"0": 0, "1": 1, "2": 0}
        for seat, name in enumerate(("Anna", "Ben", "Cleo")):
            phone = Peer(server.url, name + "-again")
            peers.append(phone)
            ack = phone.call("join", {"code": code, "token": tokens[name]})
            assert ack["ok"] and ack["seat"] == seat, ack
        after = http_json("GET", f"{server.url}/api/rooms/{code}")[1]
        assert [p["name"] for p in after["players"]] == [p["name"] for p in before["players"]]
        assert all(p["connected"] for p in after["players"])

        # The game goes on: round 2 is armed, opens and ranks a press.
        tv.wait_view(lambda v: v["game"]["status"] == "closed")
        assert tv.call("act", {"type": "arm"})["ok"]
        tv.wait_view(lambda v: v["game"]["round"] == 2 and v["game"]["status"] == "open")
        assert peers[-3].press("buzz")["ok"]
        view = tv.wait_view(lambda v: v["game"]["round"] == 2 and v["game"]["ranking"])
        assert view["game"]["ranking"][0]["seat"] == 0
    finally:
        for peer in peers:
            peer.close()
        server.stop()


def test_idle_rooms_expire(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "idle.sqlite3", extra=["--idle-expiry-minutes", "0.02"]).start()
    try:
        room = server.create_room()
        phone = Peer(server.url, "anna")
        phone.call("join", {"code": room["code"], "name": "Anna"})
        wait_until(lambda: {"kind": "expired"} in phone.notes(), 10, "expiry note")
        assert http_json("GET", f"{server.url}/api/rooms/{room['code']}")[0] == 404
        phone.close()
        server.stop()
        server.start()  # an expired room is not rebuilt
        assert http_json("GET", f"{server.url}/api/rooms/{room['code']}")[0] == 404
    finally:
        server.stop()


def test_a_damaged_log_after_a_sigkill_is_copied_aside_said_and_shown(tmp_path: Path) -> None:
    """Issue 24: 50 acknowledged awards sit in the -wal when the server is killed; a damaged
    frame there would have lost them silently. Now the files are copied aside, the log says so
    in one line, /healthz shows it, and what can be replayed is."""
    db = tmp_path / "party.sqlite3"
    server = LiveServer(db).start()
    peers: list[Peer] = []
    try:
        room = server.create_room()
        code = room["code"]
        anna = Peer(server.url, "Anna")
        peers.append(anna)
        assert anna.call("join", {"code": code, "name": "Anna"})["ok"]
        tv = Peer(server.url, "tv")
        peers.append(tv)
        assert tv.call("host", {"code": code, "host_token": room["host_token"]})["ok"]
        assert tv.call("room", {"type": "start"})["ok"]
        for _ in range(50):
            assert tv.call("act", {"type": "award", "seat": 0, "points": 1})["ok"]
        server.kill()
        for peer in peers:
            peer.close()
        _, count = frames(db)
        assert count > 10, "the acknowledged awards are in the log"
        damage_frame(db, count // 2)
        damaged = Path(f"{db}-wal").read_bytes()
        server.start()

        [line] = [x for x in server.log_text().splitlines() if "cannot be fully recovered" in x]
        [copy] = [p for p in tmp_path.glob("party.sqlite3.corrupt-*") if p.name[-4:] != "-wal"
                  and p.name[-4:] != "-shm"]  # fmt: skip
        assert Path(f"{copy}-wal").read_bytes() == damaged
        assert Path(f"{copy}-shm").exists()
        assert str(copy) in line and f"frame {count // 2 + 1} of {count}" in line
        status, health = http_json("GET", server.url + "/healthz")
        assert status == 200 and health["ok"]
        assert health["damaged_log"]["copy"] == str(copy)
        assert f"frame {count // 2 + 1} of {count}" in health["damaged_log"]["reason"]
        assert "Traceback" not in server.log_text()
    finally:
        for peer in peers:
            peer.close()
        server.stop()
