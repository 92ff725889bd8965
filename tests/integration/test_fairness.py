"""Fair ordering through the real server: a phone on a slow link that pressed first wins."""

from __future__ import annotations

import threading
import time

import pytest

from companion.timing.probes import PROBE_BURST
from tests.shim import LatencyProxy
from tests.support import LiveServer, Peer, wait_until

# timing: it compares presses 40 ms apart through a latency shim, so it runs alone after the
# parallel run (scripts/test), never beside a busy Chromium on the other core
pytestmark = [pytest.mark.integration, pytest.mark.timing]

SLOW_MS, FAST_MS, HEAD_START_MS = 200.0, 20.0, 40.0


def press_at(peer: Peer, when: float, results: dict[str, object]) -> None:
    while (left := when - time.perf_counter()) > 0:
        time.sleep(min(left, 0.002))
    results[peer.name] = peer.press("buzz")


def test_the_slow_phone_that_pressed_first_wins(server: LiveServer, peers: list[Peer]) -> None:
    slow_link = LatencyProxy(server.port, SLOW_MS, SLOW_MS)
    fast_link = LatencyProxy(server.port, FAST_MS, FAST_MS)
    room = server.create_room(options={"random_delay": False, "countdown": 0})
    tv = Peer(server.url, "tv")
    slow = Peer(slow_link.url, "slow", clock_offset_ms=-123_456.0)
    fast = Peer(fast_link.url, "fast", clock_offset_ms=987_654.0)
    peers.extend([tv, slow, fast])
    tv.call("host", {"code": room["code"], "host_token": room["host_token"]})
    assert slow.call("join", {"code": room["code"], "name": "Slow"})["seat"] == 0
    assert fast.call("join", {"code": room["code"], "name": "Fast"})["seat"] == 1
    tv.call("room", {"type": "start"})
    # The connect-time burst of clock probes has come back over the slow link once the next
    # probe arrives: it is sent at least a dense interval after the burst's last one, which
    # takes one round trip (twice SLOW_MS) to come back, and arrives SLOW_MS after it is sent.
    wait_until(lambda: slow.clock_probes() > PROBE_BURST, what="a probe after the burst")

    for trial in range(1, 5):
        assert tv.call("act", {"type": "arm"})["ok"]
        # Both phones press only once they can see GO: the slow one sees it 180 ms later.
        for phone in (slow, fast):
            phone.wait_view(
                lambda v, n=trial: v["game"]["round"] == n and v["game"]["status"] == "open"
            )
        start = time.perf_counter() + 0.05
        results: dict[str, object] = {}
        threads = [
            threading.Thread(target=press_at, args=(slow, start, results)),
            threading.Thread(target=press_at, args=(fast, start + HEAD_START_MS / 1000, results)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        view = tv.wait_view(
            lambda v, n=trial: v["game"]["round"] == n and len(v["game"]["ranking"]) == 2
        )
        ranking = view["game"]["ranking"]
        assert [r["seat"] for r in ranking] == [0, 1], f"trial {trial}: {ranking}"
        assert results["slow"]["ok"] and results["fast"]["ok"]
        this_round = view["room"]["race"]["presses"]  # the race settled with this view
        by_arrival = [p["seat"] for p in sorted(this_round, key=lambda p: p["arrival"])]
        assert by_arrival == [1, 0], "ordered by arrival, the fast phone would have won"
        margin = ranking[1]["margin_ms"]
        assert 0 < margin < 2 * HEAD_START_MS  # the 40 ms head start, give or take the jitter
    slow_link.close()
    fast_link.close()
