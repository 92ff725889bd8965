"""Fairness benchmark (docs/fairness.md, "Measuring it"): fair vs arrival order vs the limit.

Starts the real server and connects simulated phones through a latency shim: per phone a base
one-way latency drawn from 5–250 ms, an up/down asymmetry of up to ±3 ms, ±15 ms jitter per
message (order kept within each direction) and a random clock offset of up to ±10⁶ ms. In each
trial two phones press at known true times separated by a gap; the others press well after.
It reports, per gap bucket, the share of trials ordered correctly by

  (a) the server's fair ordering,
  (b) plain arrival order at the server, on the same trials,
  (c) the limit: an estimator that knows each phone's jitter-free round trip exactly, so only the
      path asymmetry is left as error,

and the settle delay (verdict time minus the race's first arrival), median and p95.

    python -m bench.fairness [--rooms 2] [--phones 6] [--trials 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.common import header, in_parallel, percentile
from tests.shim import LatencyProxy
from tests.support import LiveServer, Peer

BUCKETS = [(1, 2), (2, 5), (5, 10), (10, 20), (20, 50), (50, 200)]
LATENCY_MS, ASYMMETRY_MS, JITTER_MS, OFFSET_MS = (5.0, 250.0), 3.0, 15.0, 1e6
OTHERS_LATER_S = 0.4


@dataclass
class Phone:
    peer: Peer
    proxy: LatencyProxy
    seat: int
    up: float
    down: float


@dataclass
class Trial:
    gap: float
    fair_ok: bool
    arrival_ok: bool
    limit_ok: bool
    settle_ms: list[float]


def press_at(phone: Phone, when: float) -> None:
    while (left := when - time.perf_counter()) > 0:
        time.sleep(min(left, 0.001))
    phone.peer.press("buzz")


def run_room(
    server: LiveServer, phones: int, gaps: list[float], seed: int, out: list[Trial]
) -> None:
    rng = random.Random(seed)
    room = server.create_room(options={"random_delay": False, "countdown": 0, "false_start": False})
    tv = Peer(server.url, "tv")
    tv.call("host", {"code": room["code"], "host_token": room["host_token"]})
    table: list[Phone] = []
    for seat in range(phones):
        base = rng.uniform(*LATENCY_MS)
        skew = rng.uniform(-ASYMMETRY_MS, ASYMMETRY_MS)
        up, down = base + skew / 2, base - skew / 2
        proxy = LatencyProxy(server.port, up, down, JITTER_MS, seed=rng.randrange(2**31))
        peer = Peer(proxy.url, f"p{seat}", clock_offset_ms=rng.uniform(-OFFSET_MS, OFFSET_MS))
        peer.call("join", {"code": room["code"], "name": f"Phone {seat}"})
        table.append(Phone(peer, proxy, seat, up, down))
    tv.call("room", {"type": "start"})
    time.sleep(2.0)  # let the connect-time clock bursts come back over the slow links
    try:
        for number, gap in enumerate(gaps, start=1):
            out.append(trial(tv, table, number, gap, rng))
    finally:
        for phone in table:
            phone.peer.close()
            phone.proxy.close()
        tv.close()


def trial(tv: Peer, table: list[Phone], number: int, gap: float, rng: random.Random) -> Trial:
    before = tv.latest()["room"]["race"]  # the last race so far: this trial's come after it
    seen = -math.inf if before is None else before["settled_at"]
    assert tv.call("act", {"type": "arm"})["ok"]
    for phone in table:  # everyone presses only after seeing GO on their own screen
        phone.peer.wait_view(
            lambda v: v["game"]["round"] == number and v["game"]["status"] == "open"
        )
    first, second = rng.sample(table, 2)
    start = time.perf_counter() + 0.02
    when = {first.seat: start, second.seat: start + gap / 1000}
    threads = [
        threading.Thread(
            target=press_at, args=(p, when.get(p.seat, start + OTHERS_LATER_S + 0.01 * p.seat))
        )
        for p in table
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    view = tv.wait_view(
        lambda v: v["game"]["round"] == number and len(v["game"]["ranking"]) == len(table)
    )
    ranked = [r["seat"] for r in view["game"]["ranking"] if r["seat"] in when]
    notes = races_after(tv, seen)  # this trial's races
    presses = {p["seat"]: p for n in notes for p in n["presses"]}
    mine = [n for n in notes if any(p["seat"] in when for p in n["presses"])]
    # The truth is when each phone stamped its press (a thread may wake a little late).
    pressed = {p.seat: p.peer.pressed_at for p in (first, second)}
    truth = sorted(pressed, key=pressed.__getitem__)
    by_arrival = sorted(when, key=lambda s: presses[s]["arrival"])
    # The limit: press time estimated with the exact, jitter-free round trip of each link.
    limit = {p.seat: pressed[p.seat] * 1000 + (p.up - p.down) / 2 for p in (first, second)}
    by_limit = sorted(when, key=limit.__getitem__)
    settle = [n["settled_at"] - min(p["arrival"] for p in n["presses"]) for n in mine]
    gap = abs(pressed[first.seat] - pressed[second.seat]) * 1000
    return Trial(gap, ranked == truth, by_arrival == truth, by_limit == truth, settle)


def races_after(tv: Peer, seen: float) -> list[dict[str, Any]]:
    """The races settled after ``seen`` (server time), each once: every race comes with the
    views from its settling on (``view.room.race``)."""
    races = {r["settled_at"]: r for v in tv.views() if (r := v["room"]["race"]) is not None}
    return [race for at, race in sorted(races.items()) if at > seen]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=2, help="rooms playing at once")
    parser.add_argument("--phones", type=int, default=6, help="phones per room")
    parser.add_argument("--trials", type=int, default=60, help="trials per gap bucket")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    gaps = [rng.uniform(low, high) for low, high in BUCKETS for _ in range(args.trials)]
    rng.shuffle(gaps)
    shares = [gaps[k :: args.rooms] for k in range(args.rooms)]
    trials: list[Trial] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp) / "fairness.sqlite3").start()
        try:
            in_parallel(
                run_room,
                [
                    (server, args.phones, share, args.seed + k, trials)
                    for k, share in enumerate(shares)
                ],
            )
        finally:
            server.stop()

    header(
        "bench.fairness",
        f"{args.rooms} rooms x {args.phones} phones; {len(trials)} trials in "
        f"{time.perf_counter() - started:.0f} s; server, shim and phones on the same machine",
    )
    print()
    print("| gap (ms) | trials | fair order | arrival order | limit |")
    print("|---|---|---|---|---|")
    for low, high in BUCKETS:
        inside = [t for t in trials if low <= t.gap < high or (high == 200 and t.gap == 200)]
        if not inside:
            continue

        def share(key: str, inside: list[Trial] = inside) -> str:
            return f"{100 * sum(getattr(t, key) for t in inside) / len(inside):.1f} %"

        print(
            f"| {low}–{high} | {len(inside)} | {share('fair_ok')} | {share('arrival_ok')} "
            f"| {share('limit_ok')} |"
        )
    delays = [d for t in trials for d in t.settle_ms]
    print()
    print(
        f"settle delay (verdict − first arrival): median {statistics.median(delays):.0f} ms, "
        f"p95 {percentile(delays, 0.95):.0f} ms"
    )


if __name__ == "__main__":
    main()
