"""A stored event the rules now refuse: the server starts all the same and says so on /healthz."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.store import SqliteStore
from tests.support import ROOT, LiveServer, Peer, free_port, http_json, wait_until

pytestmark = pytest.mark.integration


def test_a_room_that_no_longer_replays_is_set_aside_and_the_server_starts(tmp_path: Path) -> None:
    db = tmp_path / "party.sqlite3"
    server = LiveServer(db).start()
    peers: list[Peer] = []
    try:
        healthy = server.create_room()["code"]
        broken = server.create_room()["code"]
        for code, name in ((healthy, "Anna"), (broken, "Ben")):
            peer = Peer(server.url, name)
            peers.append(peer)
            assert peer.call("join", {"code": code, "name": name})["ok"]
        for peer in peers:
            peer.close()
        server.stop()

        store = SqliteStore(db)  # plant an event the rules refuse: a seat that does not exist
        seq = len(next(room for room in store.live_rooms() if room.code == broken).events)
        store.append(broken, seq, {"kind": "kick", "seat": 9, "at": 0})
        store.close()

        server.start()
        status, health = http_json("GET", server.url + "/healthz")
        assert status == 200 and health["ok"] is True and health["rooms"] == 1
        [aside] = health["set_aside"]
        assert (aside["code"], aside["game"]) == (broken, "buzzer")
        assert f"event {seq} (kick)" in aside["reason"]
        status, summary = http_json("GET", f"{server.url}/api/rooms/{healthy}")
        assert status == 200 and [p["name"] for p in summary["players"]] == ["Anna"]
        assert http_json("GET", f"{server.url}/api/rooms/{broken}")[0] == 404
        assert f"room {broken} set aside" in server.log_text()
    finally:
        for peer in peers:
            peer.close()
        server.stop()
    store = SqliteStore(db)  # kept in the database
    assert [room.code for room in store.aside_rooms()] == [broken]
    store.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG applies on Linux")
def test_without_db_the_database_is_in_the_user_data_folder_and_printed(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    expected = tmp_path / "data" / "companion" / "companion.sqlite3"
    out = tmp_path / "serve.log"
    command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1",
               "--port", str(port)]  # fmt: skip
    with out.open("wb") as log:
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
    try:

        def up() -> bool:
            if proc.poll() is not None:
                raise AssertionError(out.read_text())
            try:
                return http_json("GET", f"http://127.0.0.1:{port}/healthz")[0] == 200
            except OSError:
                return False

        wait_until(up, 30, "the server")
        assert http_json("POST", f"http://127.0.0.1:{port}/api/rooms", {"game": "buzzer"})[0] == 201
        assert f"database: {expected})" in out.read_text()
        assert expected.is_file()
    finally:
        proc.terminate()
        proc.wait(10)
