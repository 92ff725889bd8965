"""Three processes behind nginx with Redis: SIGKILL the one that owns a room during play.

Everything is real: redis-server (append-only, fsync always), three ``companion serve --redis``
processes, nginx with deploy/nginx.conf, python-socketio clients that connect through nginx with
``?room=<CODE>`` and reconnect by themselves, as the pages do.
"""

from __future__ import annotations

import threading
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import redis
import socketio

from tests.servers import Cluster
from tests.support import Peer, http_json, wait_until

pytestmark = pytest.mark.integration

#: generous: the lease lapses within 3 s, clients retry within a few seconds; a busy machine
RECOVERY_TIMEOUT = 90.0


class ClusterPeer(Peer):
    """A Peer that connects through nginx with ``?room=<CODE>``, reconnects by itself like the
    pages' client does, and on every reconnect resumes its place (TV: ``host`` with the host
    key; phone: ``join`` with its seat token), as the pages do on ``connect``."""

    def __init__(self, url: str, code: str, name: str) -> None:
        self.name = name
        self.clock_offset_ms = 0.0
        self.received: list[tuple[str, Any]] = []
        self.arrivals: list[float] = []
        self.acks: list[Any] = []
        self._lock = threading.Lock()
        # Peer's clock answer reads these; a cluster client's probes are stamped in the handler
        self._probe_received: dict[Any, float] = {}
        self.probe_lags: list[float] = []
        #: what to send on a reconnect, once seated: (event, payload)
        self.resume_with: tuple[str, dict[str, Any]] | None = None
        #: the ack of every resume attempt, in order
        self.resumes: list[Any] = []
        self.connects = 0
        #: the connection (by its number in ``connects``) the last resume ack answered
        self.resumed_on = 0
        self.sio = socketio.Client(reconnection=True, reconnection_delay=0.5)
        self.sio.on("*", self._record)
        self.sio.on("clock", self._clock)
        self.sio.on("connect", self._connected)
        self.sio.connect(f"{url}?room={code}", transports=["websocket"], wait_timeout=10)

    def _connected(self) -> None:
        with self._lock:
            self.connects += 1
            connect = self.connects
        if self.resume_with is not None:
            # not in the client's reader thread: it must stay free to read the ack
            threading.Thread(target=self._resume, args=(connect,), daemon=True).start()

    def _resume(self, connect: int) -> None:
        assert self.resume_with is not None
        event, payload = self.resume_with
        try:
            ack = self.sio.call(event, payload, timeout=10)
        except Exception as exc:  # a connection dropped again: the next connect retries
            ack = {"ok": False, "error": {"code": "no_answer", "message": str(exc)}}
        with self._lock:
            self.resumes.append(ack)
            self.resumed_on = connect
            if isinstance(ack, dict) and "view" in ack:
                self.acks.append(ack)

    def resumed(self) -> Any:
        """The last successful resume ack, if the client is connected now and that ack answered
        this connection's resume (after a reconnect the last ack is the old connection's until
        the new resume is answered: the room does not know the new one yet)."""
        with self._lock:
            last = self.resumes[-1] if self.resumes else None
            current = self.resumed_on == self.connects
        ok = isinstance(last, dict) and last.get("ok") and current and self.sio.connected
        return last if ok else None


@pytest.fixture(scope="module")
def shared_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """One cluster for the module (starting one took 12 s on a busy machine): each test makes
    its own room and reads only that room's keys."""
    running = Cluster(tmp_path_factory.mktemp("cluster")).start()
    yield running
    running.stop()


@pytest.fixture
def cluster(shared_cluster: Cluster) -> Cluster:
    """The module's cluster with every process up (an earlier test killed one)."""
    return shared_cluster.revive()


def process_header(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return str(response.headers["X-Companion-Process"])


def test_sigkill_of_the_owning_process_loses_no_acknowledged_action_and_no_seat(
    cluster: Cluster,
) -> None:
    redis_server, servers, nginx = cluster.redis, cluster.servers, cluster.nginx
    db = redis.Redis.from_url(redis_server.url, decode_responses=True)
    peers: list[ClusterPeer] = []
    try:
        status, room = http_json(
            "POST", f"{nginx.url}/api/rooms", {"game": "buzzer", "options": {"random_delay": False}}
        )
        assert status == 201, room
        code = room["code"]
        assert db.get(f"companion:lease:{code}") is None  # the creator did not keep the room

        tv = ClusterPeer(nginx.url, code, "tv")
        peers.append(tv)
        assert tv.call("host", {"code": code, "host_token": room["host_token"]})["ok"]
        tv.resume_with = ("host", {"code": code, "host_token": room["host_token"]})
        phones: list[ClusterPeer] = []
        seats: dict[str, int] = {}
        for name in ("Anna", "Ben", "Cleo"):
            phone = ClusterPeer(nginx.url, code, name)
            peers.append(phone)
            ack = phone.call("join", {"code": code, "name": name})
            assert ack["ok"], ack
            seats[name] = ack["seat"]
            phone.resume_with = ("join", {"code": code, "token": ack["token"]})
            phones.append(phone)

        # acknowledged play: two rounds of buzzing, points awarded
        assert tv.call("room", {"type": "start"})["ok"]
        for round_no, (first, second) in enumerate([(2, 1), (0, 2)], start=1):
            wait_until(
                lambda: tv.latest()["game"]["status"] not in ("armed", "open"), 30, "round over"
            )
            armed = tv.call("act", {"type": "arm"})
            assert armed["ok"], armed
            tv.wait_view(
                lambda v, r=round_no: v["game"]["status"] == "open" and v["game"]["round"] == r
            )
            assert phones[first].press("buzz")["ok"]
            assert phones[second].press("buzz")["ok"]
            assert tv.call("act", {"type": "award", "seat": first, "points": 1})["ok"]
        scores = {"0": 1, "1": 0, "2": 1}
        tv.wait_view(lambda v: v["game"]["scores"] == scores)
        acked_log = db.lrange(f"companion:room:{code}:events", 0, -1)

        # the owner: the lease names it, and nginx routes the room's requests to it
        owner = db.get(f"companion:lease:{code}")
        assert owner is not None
        for path in (
            f"/api/rooms/{code}",
            f"/j/{code}",
            f"/host/{code}",
            f"/api/rooms/{code}/qr.svg",
        ):
            assert process_header(nginx.url + path) == owner, path
        [victim] = [s for s in servers if owner.split(":")[-1] == str(s.proc and s.proc.pid)]
        survivors = [s for s in servers if s is not victim]
        before = {peer.name: peer.connects for peer in peers}

        victim.kill()

        # every client reconnects by itself, through nginx, to another process, and resumes
        # its place: the TV its table, each phone its own seat
        def everyone_back() -> bool:
            return all(p.connects > before[p.name] and p.resumed() for p in peers)

        wait_until(everyone_back, RECOVERY_TIMEOUT, "every client to reconnect and resume")
        new_owner = db.get(f"companion:lease:{code}")
        assert new_owner is not None and new_owner != owner
        assert any(new_owner.split(":")[-1] == str(s.proc and s.proc.pid) for s in survivors)
        for phone in phones:
            assert phone.resumed()["seat"] == seats[phone.name]
        # every acknowledged action is in the log and in the view the new owner serves
        assert db.lrange(f"companion:room:{code}:events", 0, len(acked_log) - 1) == acked_log
        view = tv.resumed()["view"]
        assert view["game"]["scores"] == scores and view["game"]["round"] == 2
        summary = http_json("GET", f"{nginx.url}/api/rooms/{code}")[1]
        assert [p["name"] for p in summary["players"]] == ["Anna", "Ben", "Cleo"]
        assert all(p["connected"] for p in summary["players"])

        # play goes on: new actions are acknowledged and reach every screen
        wait_until(lambda: tv.latest()["game"]["status"] not in ("armed", "open"), 30, "round over")
        assert tv.call("act", {"type": "arm"})["ok"]
        tv.wait_view(lambda v: v["game"]["status"] == "open" and v["game"]["round"] == 3)
        assert phones[1].press("buzz")["ok"]
        assert tv.call("act", {"type": "award", "seat": 1, "points": 1})["ok"]
        for peer in peers:
            peer.wait_view(lambda v: v["game"]["scores"] == {"0": 1, "1": 1, "2": 1}, 30)
        assert db.llen(f"companion:room:{code}:events") > len(acked_log)
    finally:
        for peer in peers:
            peer.sio.reconnection = False
            peer.close()
        db.close()


def test_a_room_goes_back_to_its_process_when_that_one_is_up_again(
    cluster: Cluster,
) -> None:
    """After a failover the process nginx routes the room to is back: it asks for the room,
    the interim owner hands it over, and the clients follow."""
    redis_server, servers, nginx = cluster.redis, cluster.servers, cluster.nginx
    db = redis.Redis.from_url(redis_server.url, decode_responses=True)
    peers: list[ClusterPeer] = []
    try:
        room = http_json("POST", f"{nginx.url}/api/rooms", {"game": "buzzer"})[1]
        code = room["code"]
        tv = ClusterPeer(nginx.url, code, "tv")
        peers.append(tv)
        assert tv.call("host", {"code": code, "host_token": room["host_token"]})["ok"]
        tv.resume_with = ("host", {"code": code, "host_token": room["host_token"]})
        phone = ClusterPeer(nginx.url, code, "Anna")
        peers.append(phone)
        ack = phone.call("join", {"code": code, "name": "Anna"})
        phone.resume_with = ("join", {"code": code, "token": ack["token"]})
        owner = db.get(f"companion:lease:{code}")
        assert owner is not None
        [home] = [s for s in servers if owner.split(":")[-1] == str(s.proc and s.proc.pid)]

        home.kill()
        wait_until(
            lambda: db.get(f"companion:lease:{code}") not in (None, owner),
            RECOVERY_TIMEOUT,
            "another process to take the room over",
        )
        interim = db.get(f"companion:lease:{code}")
        wait_until(lambda: all(p.resumed() for p in peers), RECOVERY_TIMEOUT, "clients back")
        home.start()  # same port: nginx's hash sends the room there again
        # a new request for the room reaches the restarted process; it asks for the room
        wait_until(
            lambda: (
                http_json("GET", f"{nginx.url}/api/rooms/{code}")[0] == 200
                and db.get(f"companion:lease:{code}") not in (None, interim)
            ),
            RECOVERY_TIMEOUT,
            "the restarted process to take its room back",
            every=0.5,
        )
        holder = db.get(f"companion:lease:{code}")
        assert holder is not None and holder.split(":")[-1] == str(home.proc and home.proc.pid)
        wait_until(
            lambda: all(p.resumed() for p in peers) and phone.resumed()["seat"] == 0,
            RECOVERY_TIMEOUT,
            "clients back on the restarted process",
        )
        started = tv.call("room", {"type": "start"})
        assert started["ok"], started
    finally:
        for peer in peers:
            peer.sio.reconnection = False
            peer.close()
        db.close()
