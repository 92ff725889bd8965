"""Room leases (companion/web/cluster.py) and the room service as one process of a cluster, on a
real redis-server: a room is served by one process at a time, and only by the one whose lease it
holds."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from companion.engine import ErrorCode
from companion.games.registry import GAMES
from companion.rooms import RoomError, RoomService, ServiceConfig
from companion.store.redis import RedisStore, lease_key
from companion.web import cluster, create_app
from companion.web.cluster import Leases, renewer
from tests.unit.test_group_commit import press
from tests.unit.test_room_service import Clock


@pytest.fixture
def raw(redis_url: str) -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    yield client
    client.close()


def process(redis_url: str, name: str, clock: Clock) -> tuple[RoomService, Leases]:
    """One process of the cluster: its fenced store, its leases, its room service."""
    leases = Leases(redis_url, name)
    store = RedisStore(redis_url, owner=name)
    return RoomService(store, GAMES, clock, ServiceConfig("http://t"), leases), leases


def test_a_lease_is_held_by_one_process_at_a_time(redis_url: str, raw: redis.Redis) -> None:
    one, two = Leases(redis_url, "p1"), Leases(redis_url, "p2")
    assert one.acquire("BCDF") and one.acquire("BCDF")  # taken, then kept
    assert raw.get(lease_key("BCDF")) == "p1"
    assert 0 < raw.pttl(lease_key("BCDF")) <= one.lease_ms
    raw.delete(lease_key("BCDF"))  # it lapsed: p1 stalled for longer than the lease
    assert one.renew(["BCDF"]) == ([], [])  # nobody took it: p1 takes it again
    assert raw.get(lease_key("BCDF")) == "p1"
    assert not two.acquire("BCDF")
    raw.delete(lease_key("BCDF"))  # it lapsed again, and this time p2 was quicker
    assert two.acquire("BCDF")
    assert one.renew(["BCDF"]) == (["BCDF"], [])  # p1 learns it lost the room
    one.close(), two.close()


def test_leases_read_the_holder_as_text_even_from_a_client_that_answers_bytes(
    redis_url: str, raw: redis.Redis
) -> None:
    """redis-py answers bytes unless its client asks for text: a holder read as bytes never
    equalled the process' name, so a process refused its own lease (mypy: cluster.py)."""
    leases = Leases(redis_url, "p1")
    assert leases.holder("BCDF") is None
    # the client as redis-py makes it by default, scripts included
    leases._redis = redis.Redis.from_url(redis_url)
    leases._renew = leases._redis.register_script(cluster._RENEW)
    assert leases.acquire("BCDF") and leases.acquire("BCDF")  # taken, then kept
    assert leases.holder("BCDF") == "p1"
    raw.set(lease_key("GHJK"), "p2", px=60_000)
    assert not leases.acquire("GHJK") and leases.holder("GHJK") == "p2"
    assert leases.renew(["BCDF", "GHJK"]) == (["GHJK"], [])
    leases.close()


def test_a_process_refused_a_lease_asks_for_it_and_the_holder_hands_it_over(
    redis_url: str, raw: redis.Redis
) -> None:
    """nginx routes a room to a process that is back: the interim owner gives the room up."""
    interim, home = Leases(redis_url, "interim"), Leases(redis_url, "home")
    assert interim.acquire("BCDF") and interim.acquire("GHJK")
    assert not home.acquire("BCDF")
    dropped: list[list[str]] = []
    renew = renewer(interim, lambda: ["BCDF", "GHJK"], dropped.append)
    renew()
    assert dropped == [["BCDF"]]
    assert raw.get(lease_key("BCDF")) is None and raw.get(lease_key("GHJK")) == "interim"
    assert home.acquire("BCDF")
    interim.close(), home.close()


def test_a_cluster_process_loads_a_room_only_once_it_holds_its_lease(
    redis_url: str, raw: redis.Redis, clock: Clock
) -> None:
    first, _ = process(redis_url, "p1", clock)
    room = first.create_room({"game": "buzzer"})
    code = room["code"]
    # the creating process does not keep the room: nginx may route its code elsewhere
    assert first.rooms == {} and raw.get(lease_key(code)) is None
    second, _ = process(redis_url, "p2", clock)
    assert second.rooms == {}  # nothing is loaded at start in a cluster
    assert second.host("tv", {"code": code, "host_token": room["host_token"]}).ack["ok"]
    assert list(second.rooms) == [code] and raw.get(lease_key(code)) == "p2"
    ack = second.join("anna", {"code": code, "name": "Anna"}).ack
    assert ack["ok"] and ack["seat"] == 0


def test_a_room_leased_to_another_process_is_unavailable_here_and_not_served(
    redis_url: str, raw: redis.Redis, clock: Clock
) -> None:
    owner, _ = process(redis_url, "p1", clock)
    other, _ = process(redis_url, "p2", clock)
    code = owner.create_room({"game": "buzzer"})["code"]
    assert owner.summary(code)["code"] == code  # p1 takes the lease
    for attempt in (
        lambda: other.join("anna", {"code": code, "name": "Anna"}),
        lambda: other.summary(code),
    ):
        with pytest.raises(RoomError) as refused:
            attempt()
        assert refused.value.code is ErrorCode.UNAVAILABLE
    assert other.rooms == {} and len(raw.lrange(f"companion:room:{code}:events", 0, -1)) == 1


def test_an_unknown_code_takes_no_lease(redis_url: str, raw: redis.Redis, clock: Clock) -> None:
    svc, _ = process(redis_url, "p1", clock)
    with pytest.raises(RoomError) as refused:
        svc.summary("BCDFGH")
    assert refused.value.code is ErrorCode.UNKNOWN_ROOM
    assert raw.keys("companion:lease:*") == []


def test_a_process_that_lost_a_room_drops_it_and_answers_its_presses(
    redis_url: str, raw: redis.Redis, clock: Clock
) -> None:
    old, _ = process(redis_url, "p1", clock)
    room = old.create_room({"game": "buzzer", "options": {"random_delay": False, "countdown": 3}})
    code = room["code"]
    old.host("tv", {"code": code, "host_token": room["host_token"]})
    old.join("anna", {"code": code, "name": "Anna"})
    old.clock_connected("anna")
    old.room_command("tv", {"type": "start"})
    old.act("tv", {"type": "arm"})
    clock.now += 3_000
    old.tick()
    pending = press(old, "anna", clock).pending
    assert pending is not None
    stored = len(raw.lrange(f"companion:room:{code}:events", 0, -1))
    raw.set(lease_key(code), "p2")  # p1 stalled, its lease lapsed, p2 took the room
    conns = old.drop(old.owned())
    assert sorted(conns) == ["anna", "tv"] and old.rooms == {}
    verdict = pending.wait(0)
    assert verdict is not None and verdict["error"]["code"] == "unavailable"
    new, _ = process(redis_url, "p2", clock)
    ack = new.join("anna2", {"code": code, "token": old_token(raw, code)}).ack
    assert ack["ok"] and ack["seat"] == 0 and ack["view"]["game"]["status"] == "open"
    assert len(raw.lrange(f"companion:room:{code}:events", 0, -1)) == stored


def old_token(raw: redis.Redis, code: str) -> str:
    joins = [json.loads(e) for e in raw.lrange(f"companion:room:{code}:events", 0, -1)]
    return str(next(e["token"] for e in joins if e["kind"] == "join"))


def test_over_http_a_room_of_another_process_is_503_unavailable_with_retry_after(
    redis_url: str, raw: redis.Redis, tmp_path: Path
) -> None:
    app, _ = create_app(
        {"DB_PATH": tmp_path / "unused.sqlite3", "ASYNC_MODE": "threading",
         "REDIS_URL": redis_url, "PROCESS_ID": "here"}
    )  # fmt: skip
    http = app.test_client()
    created = http.post("/api/rooms", json={"game": "buzzer"})
    assert created.status_code == 201 and created.headers["X-Companion-Process"] == "here"
    code = created.get_json()["code"]
    raw.set(lease_key(code), "elsewhere", px=60_000)
    answer = http.get(f"/api/rooms/{code}")
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "1"
    assert answer.get_json()["error"]["code"] == "unavailable"
    assert http.get("/healthz").get_json()["process"] == "here"
    # nginx hashes on the code as written: a room page redirects to the upper-case code
    page = http.get(f"/j/{code.lower()}")
    assert page.status_code == 308 and page.headers["Location"].endswith(f"/j/{code}")
    raw.delete(lease_key(code))
    assert http.get(f"/api/rooms/{code}").status_code == 200  # now this process takes it
    assert raw.get(lease_key(code)) == "here"
    service = app.extensions["companion"]
    service.drop(service.owned())  # its ticker thread lives on: leave it no lease to renew
