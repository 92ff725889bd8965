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
                             [--buckets 1-2,2-5] [--diagnose]

``--buckets`` draws gaps only in the buckets named; ``--diagnose`` also prints where the error
comes from: per bucket the server's offset error beyond the limit's, per phone its offset error
against its link's asymmetry, and how late the client library runs a probe's handler.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.common import header, in_parallel, percentile
from tests.shim import LatencyProxy
from tests.support import LiveServer, Peer

BUCKETS = [(1, 2), (2, 5), (5, 10), (10, 20), (20, 50), (50, 200)]
LATENCY_MS, ASYMMETRY_MS, JITTER_MS, OFFSET_MS = (5.0, 250.0), 3.0, 15.0, 1e6
OTHERS_LATER_S = 0.4
#: the pressing thread spins, rather than sleeps, this long before the second press
SPIN_S = 0.003


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
    #: how far the server's fair gap between the two presses is off beyond the limit's (ms):
    #: the difference of the two connections' offset errors, less what the asymmetry explains
    excess_ms: float
    #: presses of the two whose fair time a bound moved away from ``t + offset``: to the
    #: arrival, or up to the lower bound (the arrival less the largest round trip, or the cap)
    clamped: int
    clamped_low: int
    #: how far the gap the phones pressed is from the one drawn (ms)
    gap_drift_ms: float


@dataclass(frozen=True)
class OffsetError:
    """One press's offset as the server estimated it, for the per-phone diagnostic."""

    phone: str
    up: float
    down: float
    #: the estimated offset plus the phone's clock offset, less half its asymmetry: the same
    #: constant (the server clock's origin) for every phone whose estimate is as good as the limit
    residual: float
    #: a bound moved this press's fair time
    moved: bool


@dataclass
class Findings:
    """What every room's trials add up to."""

    trials: list[Trial] = field(default_factory=list)
    offsets: list[OffsetError] = field(default_factory=list)
    probe_lags: list[float] = field(default_factory=list)


def press_at(phone: Phone, when: float) -> None:
    while (left := when - time.perf_counter()) > 0:
        time.sleep(min(left, 0.001))
    phone.peer.press("buzz")


def press_pair(first: Phone, second: Phone, start: float, gap: float) -> None:
    """The two racers press from one thread: ``first`` once it runs after ``start``, ``second``
    ``gap`` ms after that (spinning for the last SPIN_S: a sleep wakes late on a busy machine,
    and a longer spin would hold up the shim's threads). Each press is stamped as it is sent,
    as a page sends a press at once: how late a thread runs moves the moment of a press, never
    its stamp."""
    while (left := start - time.perf_counter()) > 0:
        time.sleep(min(left, 0.001))
    first.peer.press("buzz", wait=False)
    second_at = first.peer.pressed_at + gap / 1000
    while (left := second_at - time.perf_counter()) > SPIN_S:
        time.sleep(left - SPIN_S)
    while time.perf_counter() < second_at:
        pass
    second.peer.press("buzz", wait=False)


def run_room(server: LiveServer, phones: int, gaps: list[float], seed: int, out: Findings) -> None:
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
            out.trials.append(trial(tv, table, number, gap, rng, out.offsets, f"{seed}/"))
    finally:
        for phone in table:
            out.probe_lags.extend(phone.peer.probe_lags)
            phone.peer.close()
            phone.proxy.close()
        tv.close()


def trial(
    tv: Peer,
    table: list[Phone],
    number: int,
    gap: float,
    rng: random.Random,
    offsets: list[OffsetError],
    room: str,
) -> Trial:
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
    threads = [threading.Thread(target=press_pair, args=(first, second, start, gap))] + [
        threading.Thread(target=press_at, args=(p, start + OTHERS_LATER_S + 0.01 * p.seat))
        for p in table
        if p.seat not in when
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
    # The truth is when each phone stamped its press.
    pressed = {p.seat: p.peer.pressed_at for p in (first, second)}
    truth = sorted(pressed, key=pressed.__getitem__)
    by_arrival = sorted(when, key=lambda s: presses[s]["arrival"])
    # The limit: press time estimated with the exact, jitter-free round trip of each link.
    limit = {p.seat: pressed[p.seat] * 1000 + (p.up - p.down) / 2 for p in (first, second)}
    by_limit = sorted(when, key=limit.__getitem__)
    settle = [n["settled_at"] - min(p["arrival"] for p in n["presses"]) for n in mine]
    drawn, gap = gap, abs(pressed[first.seat] - pressed[second.seat]) * 1000
    moved = {
        p.seat: presses[p.seat]["fair"]
        - presses[p.seat]["t"]
        - (presses[p.seat]["offset"] or math.nan)
        for p in (first, second)
    }
    residual = {}
    for phone in (first, second):
        press = presses[phone.seat]
        residual[phone.seat] = (
            press["offset"] + phone.peer.clock_offset_ms - (phone.up - phone.down) / 2
            if press["offset"] is not None
            else math.nan
        )
        name = room + str(phone.seat)
        bound = not abs(moved[phone.seat]) < 1e-3
        offsets.append(OffsetError(name, phone.up, phone.down, residual[phone.seat], bound))
    return Trial(
        gap,
        ranked == truth,
        by_arrival == truth,
        by_limit == truth,
        settle,
        excess_ms=residual[second.seat] - residual[first.seat],
        clamped=sum(not abs(m) < 1e-3 for m in moved.values()),
        clamped_low=sum(m >= 1e-3 for m in moved.values()),
        gap_drift_ms=gap - drawn,
    )


def buckets(text: str) -> list[tuple[int, int]]:
    """The buckets named by ``--buckets`` ("1-2,2-5"), each one of BUCKETS."""
    chosen = [tuple(int(x) for x in part.split("-")) for part in text.split(",") if part]
    unknown = [c for c in chosen if c not in BUCKETS]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(f"buckets are some of {BUCKETS}, not {text!r}")
    return [(low, high) for low, high in chosen]


def in_bucket(trials: list[Trial], low: int, high: int) -> list[Trial]:
    return [t for t in trials if low <= t.gap < high or (high == 200 and t.gap == 200)]


def share(trials: list[Trial], key: str) -> str:
    """The share of ``trials`` whose ``key`` holds, in per cent."""
    if not trials:
        return "–"
    return f"{100 * sum(getattr(t, key) for t in trials) / len(trials):.1f} %"


def report(trials: list[Trial]) -> None:
    print("| gap (ms) | trials | fair order | arrival order | limit |")
    print("|---|---|---|---|---|")
    for low, high in BUCKETS:
        inside = in_bucket(trials, low, high)
        if inside:
            print(
                f"| {low}–{high} | {len(inside)} | {share(inside, 'fair_ok')} "
                f"| {share(inside, 'arrival_ok')} | {share(inside, 'limit_ok')} |"
            )
    delays = [d for t in trials for d in t.settle_ms]
    print()
    print(
        f"settle delay (verdict − first arrival): median {statistics.median(delays):.0f} ms, "
        f"p95 {percentile(delays, 0.95):.0f} ms"
    )


def diagnose(found: Findings) -> None:
    """Where the fair order's error comes from (``--diagnose``)."""
    print()
    print("| gap (ms) | trials | offset error beyond the limit p50 / p90 / max (ms) | "
          "presses a bound moved | fair order / limit where none moved |")  # fmt: skip
    print("|---|---|---|---|---|")
    for low, high in BUCKETS:
        inside = [t for t in in_bucket(found.trials, low, high) if not math.isnan(t.excess_ms)]
        free = [t for t in inside if not t.clamped]
        if inside:
            excess = [abs(t.excess_ms) for t in inside]
            print(
                f"| {low}–{high} | {len(inside)} | {percentile(excess, 0.5):.2f} / "
                f"{percentile(excess, 0.9):.2f} / {max(excess):.2f} | "
                f"{sum(t.clamped for t in inside)} of {2 * len(inside)} "
                f"({sum(t.clamped_low for t in inside)} up to the lower bound) | "
                f"{share(free, 'fair_ok')} / {share(free, 'limit_ok')} of {len(free)} |"
            )
    known = [o for o in found.offsets if not math.isnan(o.residual)]
    origin = statistics.median(o.residual for o in known)  # the server clock's origin
    print()
    print(
        "| phone | up / down (ms) | offset error beyond the limit: mean ± sd (ms) | presses "
        "| a bound moved |"
    )
    print("|---|---|---|---|---|")
    for phone in sorted({o.phone for o in known}):
        link = next(o for o in known if o.phone == phone)
        mine = [o.residual - origin for o in known if o.phone == phone]
        print(
            f"| {phone} | {link.up:.1f} / {link.down:.1f} | {statistics.mean(mine):+.2f} ± "
            f"{statistics.pstdev(mine):.2f} | {len(mine)} | "
            f"{sum(o.moved for o in found.offsets if o.phone == phone)} |"
        )
    drift = [abs(t.gap_drift_ms) for t in found.trials]
    print()
    print(
        f"gap pressed vs drawn: p50 {percentile(drift, 0.5):.2f} ms, "
        f"p95 {percentile(drift, 0.95):.2f} ms, max {max(drift):.1f} ms off"
    )
    lags = found.probe_lags
    print()
    print(
        f"probe handler lag (client library's thread hop, not counted since probes are "
        f"stamped on receipt): p50 {percentile(lags, 0.5):.2f} ms, "
        f"p95 {percentile(lags, 0.95):.2f} ms, max {max(lags):.1f} ms ({len(lags)} probes)"
    )


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
    parser.add_argument("--buckets", type=buckets, default=BUCKETS, help="e.g. 1-2,2-5")
    parser.add_argument("--diagnose", action="store_true", help="where the error comes from")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    gaps = [rng.uniform(low, high) for low, high in args.buckets for _ in range(args.trials)]
    rng.shuffle(gaps)
    shares = [gaps[k :: args.rooms] for k in range(args.rooms)]
    found = Findings()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp) / "fairness.sqlite3").start()
        try:
            in_parallel(
                run_room,
                [
                    (server, args.phones, share, args.seed + k, found)
                    for k, share in enumerate(shares)
                ],
            )
        finally:
            server.stop()

    header(
        "bench.fairness",
        f"{args.rooms} rooms x {args.phones} phones; {len(found.trials)} trials in "
        f"{time.perf_counter() - started:.0f} s; server, shim and phones on the same machine; "
        f"load average {' / '.join(f'{x:.1f}' for x in os.getloadavg())} at the end",
    )
    print()
    report(found.trials)
    if args.diagnose:
        diagnose(found)


if __name__ == "__main__":
    main()
