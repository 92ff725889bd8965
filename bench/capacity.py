"""Capacity benchmark (not a test): how many rooms one process serves at party pace, against a
bare Flask-SocketIO server that sends the same messages with no game and no log.

Rooms of 1 TV + 6 phones playing buzzer: an ``arm`` every 3 s, every phone buzzes once per
round at a random moment, every clock probe answered at once. The load comes from
``bench/wsload.py`` (one asyncio process over raw WebSockets, its CPU reported so you can see it
is not the bottleneck). The companion (``companion serve``, eventlet, a fresh SQLite file) and
the bare server (``bench/bare.py``) run ONE AFTER THE OTHER in the same run, on the same
machine, so a noisy machine hits both alike; the ratio is what to read.

    python -m bench.capacity --rooms 50            # one size, both servers
    python -m bench.capacity --sweep               # each one's capacity (arm p99 < 100 ms)
    python -m bench.capacity --rooms 50 --only companion
    python -m bench.capacity --rooms 50 --together   # both servers at once, each its own load

Per server and size it prints: arm send -> last of the room's 7 views p50/p99 (ms), buzz send ->
ack p99 (ms; the companion's includes the settle window), server CPU (share of one core), RSS,
Socket.IO messages in/out per second, CPU per message (in or out), the load generator's CPU
and the machine's busy cores during the window (more than server + generator means other work
was running); then the CPU ratio bare / companion at each size both ran (issue 25's goal: the
companion within 1.1x).
A size counts as over the limit only after ``--attempts`` runs (3) all were: on a shared
machine other work only ever slows a run down, so the best run is the server's own figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.common import header, percentile
from companion.timing.clock import OFFSET_AGE_MS
from tests.servers import Cluster
from tests.support import ROOT, LiveServer, free_port, http_json, wait_until

P99_LIMIT_MS = 100.0
#: the share of a core at which the arm p99 crosses 100 ms (the issue's profile: the bare server
#: had p99 48-63 ms at 70-74 % and 197 ms at 87 %)
CPU_LIMIT = 0.8
SERVERS = ("companion", "bare")

#: play before the measured window: the settle window follows each link's largest round trip of
#: the last 30 s, and the round trips of the connect storm (hundreds of sockets joining at once)
#: are long; measured within 30 s of it, the companion's races waited ~230 ms and held more
#: presses each, so it sent a sixth fewer views than it does in steady play
WARMUP_SECONDS = OFFSET_AGE_MS / 1000 + 5


@dataclass
class Run:
    server: str
    rooms: int
    figures: dict[str, Any]
    #: companion processes behind nginx (1: the server alone, no nginx, no Redis)
    processes: int = 1

    @property
    def p99(self) -> float:
        arm = self.figures["arm"]
        if not arm or self.figures["lost_arms"] or self.figures["setup_failures"]:
            return float("inf")
        return percentile(arm, 0.99)

    @property
    def ok(self) -> bool:
        return self.p99 < P99_LIMIT_MS

    def line(self) -> str:
        f = self.figures
        arm, buzz = f["arm"], f["buzz"]
        p50 = statistics.median(arm) if arm else float("nan")
        bz = percentile(buzz, 0.99) if buzz else float("nan")
        bad = ""
        if f["lost_arms"] or f["setup_failures"] or f["errors"]:
            bad = f"  lost {f['lost_arms']} setup-fail {f['setup_failures']} {f['errors']}"
        return (
            f"{self.server + (f'×{self.processes}' if self.processes > 1 else ''):<11} "
            f"{self.rooms:>4} rooms ({self.rooms * 7:>4} sockets)  "
            f"arm p50 {p50:6.1f}  p99 {self.p99:6.1f}  buzz-ack p99 {bz:6.1f}  "
            f"cpu {f['server_cpu'] * 100:4.0f}%"
            + (f" (+ nginx/redis {f['infra_cpu'] * 100:.0f}%)" if f.get("infra_cpu") else "")
            + f"  rss {f['server_rss_mb']:4.0f} MB  "
            f"in {f['in_per_s']:6.0f}/s  out {f['out_per_s']:6.0f}/s  "
            f"cpu/msg {cpu_per_message(f) * 1e6:3.0f} us  "
            f"load-gen cpu {f['load_cpu'] * 100:3.0f}%  "
            f"other work "
            f"{f['machine_busy'] - f['server_cpu'] - f.get('infra_cpu', 0) - f['load_cpu']:.2f}"
            " cores" + bad
        )


def cpu_per_message(figures: dict[str, Any]) -> float:
    """Server CPU seconds per Socket.IO message received or sent: the cost of the work done,
    which a server starved by other work on the machine (lost rounds, fewer messages) still
    shows where its CPU share does not.

    >>> round(cpu_per_message({"server_cpu": 0.5, "in_per_s": 400, "out_per_s": 1600}) * 1e6)
    250
    """
    messages = figures["in_per_s"] + figures["out_per_s"]
    return figures["server_cpu"] / messages if messages else float("nan")


def cpu_capacity(runs: list[Run]) -> float:
    """The rooms at which the server would use CPU_LIMIT of a core: a least-squares line
    through (rooms, server CPU) of the runs (through the origin with a single size).

    >>> figures = lambda cpu: {"server_cpu": cpu}
    >>> round(cpu_capacity([Run("x", 50, figures(0.2)), Run("x", 100, figures(0.35))]))
    250
    """
    points = [(r.rooms, r.figures["server_cpu"]) for r in runs]
    sizes = {rooms for rooms, _ in points}
    if not points:
        return 0.0
    if len(sizes) == 1:
        rooms, cpu = points[0][0], statistics.mean(c for _, c in points)
        return rooms * CPU_LIMIT / cpu if cpu > 0 else 0.0
    slope, intercept = statistics.linear_regression([r for r, _ in points], [c for _, c in points])
    return (CPU_LIMIT - intercept) / slope if slope > 0 else 0.0


def cpu_ratios(runs: list[Run]) -> dict[int, float]:
    """Bare CPU / companion CPU at each size both servers ran (the best run of each: other
    work on a shared machine only ever adds to a run's CPU), the goal being >= 1 / 1.1.

    >>> figures = lambda cpu: {"server_cpu": cpu}
    >>> ratios = cpu_ratios([Run("companion", 50, figures(0.4)), Run("bare", 50, figures(0.3)),
    ...                      Run("companion", 50, figures(0.35)), Run("bare", 70, figures(0.4))])
    >>> {rooms: round(ratio, 3) for rooms, ratio in ratios.items()}
    {50: 0.857}
    """
    best: dict[tuple[str, int], float] = {}
    for run in runs:
        key = (run.server, run.rooms)
        best[key] = min(best.get(key, float("inf")), run.figures["server_cpu"])
    return {
        rooms: best[("bare", rooms)] / best[("companion", rooms)]
        for server, rooms in sorted(best)
        if server == "companion" and ("bare", rooms) in best and best[("companion", rooms)] > 0
    }


def start_server(
    kind: str, tmp: Path, probe_seconds: float, processes: int = 1
) -> tuple[subprocess.Popen[bytes], int, Any]:
    if kind == "companion" and processes > 1:
        cluster = Cluster(tmp / f"cluster-{time.time_ns()}", processes).start()
        assert cluster.servers[0].proc is not None
        return cluster.servers[0].proc, cluster.nginx.port, cluster
    if kind == "companion":
        server = LiveServer(tmp / f"capacity-{time.time_ns()}.sqlite3").start()
        assert server.proc is not None
        return server.proc, server.port, server
    port = free_port()
    log = (tmp / "bare.log").open("ab")
    proc = subprocess.Popen(
        [sys.executable, "-m", "bench.bare", "--port", str(port),
         "--probe-seconds", str(probe_seconds)],
        cwd=ROOT, stdout=log, stderr=log,
    )  # fmt: skip

    def up() -> bool:
        try:
            return http_json("GET", f"http://127.0.0.1:{port}/healthz")[0] == 200
        except OSError:
            return False

    wait_until(up, 30, "the bare server")
    return proc, port, None


def measure(kind: str, rooms: int, args: argparse.Namespace, tmp: Path) -> Run:
    return measure_at_once([kind], rooms, args, tmp)[0]


def pids(proc: subprocess.Popen[bytes], live: Any) -> tuple[list[int], list[int]]:
    """The server's processes (CPU summed) and, for a cluster, nginx's and Redis's."""
    if isinstance(live, Cluster):
        return live.pids(), live.infra_pids()
    return [proc.pid], []


def load_command(
    port: int, pids: tuple[list[int], list[int]], rooms: int, setup: float, args: argparse.Namespace
) -> list[str]:
    servers, infra = pids
    return [
        sys.executable, "-m", "bench.wsload", "--port", str(port),
        *[f"--server-pid={pid}" for pid in servers],
        *[f"--infra-pid={pid}" for pid in infra], "--rooms", str(rooms),
        "--setup", str(setup), "--warmup", str(args.warmup), "--seconds", str(args.seconds),
    ]  # fmt: skip


def measure_at_once(kinds: list[str], rooms: int, args: argparse.Namespace, tmp: Path) -> list[Run]:
    """Each server in ``kinds`` under its own load generator, all at the same time (one: the
    usual run). Run together, the two servers meet the same machine: a host whose speed drifts
    between two runs (this one's did by ±20 %) moves both alike, and their CPU ratio with it."""
    started = [start_server(kind, tmp, args.probe_seconds, args.processes) for kind in kinds]
    try:
        setup = max(8.0, rooms * 0.06)
        loads = [
            subprocess.Popen(
                load_command(port, pids(proc, live), rooms, setup, args),
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for proc, port, live in started
        ]
        outputs = [
            load.communicate(timeout=setup + args.warmup + args.seconds + 120) for load in loads
        ]
    finally:
        for proc, _, live in started:
            if live is not None:
                live.stop()
            else:
                proc.terminate()
                proc.wait(10)
    runs = []
    for kind, (_, _, live), load, (out, err) in zip(kinds, started, loads, outputs, strict=True):
        if load.returncode != 0 or not out.strip():
            raise RuntimeError(f"load generator failed: {err[-2000:]}")
        figures = json.loads(out.strip().splitlines()[-1])
        processes = len(live.pids()) if isinstance(live, Cluster) else 1
        run = Run(kind, rooms, figures, processes)
        print(run.line(), flush=True)
        runs.append(run)
    return runs


def trial(kind: str, rooms: int, args: argparse.Namespace, tmp: Path, runs: list[Run]) -> bool:
    """One server at one size: passes as soon as one of ``--attempts`` runs keeps arm p99 under
    100 ms. Other work on a shared machine only ever makes a run slower, so the best run is the
    one closest to what the server itself can do."""
    for attempt in range(args.attempts):
        run = measure(kind, rooms, args, tmp)
        runs.append(run)
        if run.ok:
            return True
        if attempt + 1 < args.attempts:
            print(f"{kind:<9} {rooms:>4} rooms: over the limit, measuring again", flush=True)
    return False


@dataclass
class Search:
    """One server's capacity search: double from --start until a size fails, then bisect."""

    good: int = 0
    bad: int | None = None
    next: int = 0

    def update(self, ok: bool, args: argparse.Namespace) -> None:
        if ok:
            self.good = self.next
        else:
            self.bad = self.next
        if self.bad is None:
            self.next = self.good * 2
        else:
            self.next = (self.good + self.bad) // 2

    def done(self, args: argparse.Namespace) -> bool:
        if self.bad is None:
            return self.next > args.max_rooms
        return self.bad - self.good <= max(args.resolution, self.good * args.resolution_share)


def sweep(kinds: list[str], args: argparse.Namespace, tmp: Path, runs: list[Run]) -> dict[str, int]:
    """Each server's capacity (largest R with arm p99 < 100 ms), the servers' runs taking turns
    so that a noisy spell on the machine hits both."""
    searches = {kind: Search(next=args.start) for kind in kinds}
    while not all(search.done(args) for search in searches.values()):
        for kind, search in searches.items():
            if not search.done(args):
                search.update(trial(kind, search.next, args, tmp, runs), args)
    return {kind: search.good for kind, search in searches.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, action="append", help="room counts (repeatable)")
    parser.add_argument("--sweep", action="store_true", help="find each server's capacity")
    parser.add_argument("--only", choices=SERVERS, help="measure one server only")
    parser.add_argument(
        "--together",
        action="store_true",
        help="run both servers at the same time, each under its own load (not with --sweep)",
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="measured window per run")
    parser.add_argument(
        "--warmup",
        type=float,
        default=WARMUP_SECONDS,
        help="seconds of play before the measured window (default: until the clock samples "
        "of the connect storm have aged out of the settle windows)",
    )
    parser.add_argument(
        "--attempts",
        type=int,
        default=3,
        help="runs of a size before it counts as over the limit (the best run decides)",
    )
    parser.add_argument("--start", type=int, default=25, help="sweep: first size")
    parser.add_argument("--max-rooms", type=int, default=800, help="sweep: largest size tried")
    parser.add_argument("--resolution", type=int, default=5, help="sweep: rooms")
    parser.add_argument("--resolution-share", type=float, default=0.1, help="sweep: of the size")
    parser.add_argument(
        "--probe-seconds",
        type=float,
        default=2.0,
        help="bare server: clock probe interval after the burst (the companion's steady rate)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="companion: this many `serve --redis` processes behind nginx, with redis-server "
        "(docs/cluster.md); CPU and RSS are their sum",
    )
    args = parser.parse_args()
    kinds = [args.only] if args.only else list(SERVERS)
    load_before = os.getloadavg()
    header(
        "bench.capacity",
        f"load average before {load_before[0]:.2f}; clients and servers on the same machine",
    )
    runs: list[Run] = []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        if args.sweep:
            capacity = sweep(kinds, args, tmp, runs)
        elif args.together:
            capacity = {kind: 0 for kind in kinds}
            for rooms in args.rooms or [50]:
                for _ in range(args.attempts):
                    pair = measure_at_once(kinds, rooms, args, tmp)
                    runs += pair
                    for run in pair:
                        if run.ok:
                            capacity[run.server] = max(capacity[run.server], rooms)
        else:
            capacity = {kind: 0 for kind in kinds}
            for rooms in args.rooms or [25]:
                for kind in kinds:
                    if trial(kind, rooms, args, tmp, runs):
                        capacity[kind] = max(capacity[kind], rooms)
    print()
    print(f"arm p99 < {P99_LIMIT_MS:.0f} ms up to (largest size measured that passed):")
    for kind in kinds:
        print(f"  {kind:<9} {capacity[kind]} rooms ({capacity[kind] * 7} sockets)")
    if len(kinds) == 2 and capacity["bare"]:
        print(f"  ratio companion / bare: {capacity['companion'] / capacity['bare']:.2f}")
    print(
        f"CPU-bound estimate (rooms at {CPU_LIMIT:.0%} of a core, a line fitted through every "
        "run's server CPU; other work barely moves CPU time, unlike latency):"
    )
    estimate = {kind: cpu_capacity([r for r in runs if r.server == kind]) for kind in kinds}
    for kind in kinds:
        print(f"  {kind:<9} {estimate[kind]:.0f} rooms ({estimate[kind] * 7:.0f} sockets)")
    if len(kinds) == 2 and estimate["bare"]:
        print(f"  ratio companion / bare: {estimate['companion'] / estimate['bare']:.2f}")
    ratios = cpu_ratios(runs)
    if ratios:
        print("CPU ratio bare / companion at each size both ran (goal >= 0.91, i.e. 1.1x):")
        for rooms, ratio in ratios.items():
            print(f"  {rooms:>4} rooms: {ratio:.2f} (companion {1 / ratio:.2f}x the bare CPU)")
    if args.together and len(kinds) == 2:
        print("CPU ratio bare / companion of each pair run together, by size (median):")
        for rooms in sorted({r.rooms for r in runs}):
            cpu = {k: [r.figures["server_cpu"] for r in runs if (r.server, r.rooms) == (k, rooms)]
                   for k in kinds}  # fmt: skip
            pairs = [b / c for c, b in zip(cpu["companion"], cpu["bare"], strict=True) if c > 0]
            listed = ", ".join(f"{ratio:.2f}" for ratio in pairs)
            print(f"  {rooms:>4} rooms: {statistics.median(pairs):.2f} ({listed})")
    view_sizes = {r.server: r.figures["view_bytes"] for r in runs}
    print(f"median view size (bytes): {view_sizes}")
    extra = [
        r.figures["machine_busy"] - r.figures["server_cpu"] - r.figures["load_cpu"] for r in runs
    ]
    print(
        f"other work on the machine during the windows: {statistics.median(extra):.2f} cores "
        f"(median; machine busy minus server minus load generator); "
        f"load average after {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
