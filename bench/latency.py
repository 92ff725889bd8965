"""Latency benchmark (not a test): real clients in many rooms playing buzzer rounds.

For each action it measures the time from the send to the moment the last of the room's seven
sockets (1 TV + 6 phones) has received the view that shows the action, and prints p50/p99 for the
table's `arm` and for the phones' `buzz` presses; a press is a race, so its time includes the
settle window during which the server waits for earlier presses still in flight (docs/fairness.md).

    python -m bench.latency [--rooms 10] [--phones 6] [--rounds 4]

The clients run on the same machine as the server, so the figures include their own CPU cost.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bench.common import header, in_parallel, percentile
from tests.support import LiveServer, Peer, wait_until

NAMES = ["Ursule", "Renee", "Cunegonde", "Germaine", "Sofia", "Augustine", "Anna", "Ben"]


def seen_by_all(peers: list[Peer], predicate, timeout: float = 15.0) -> float:
    """The receipt time of the last of ``peers`` to get a view satisfying ``predicate``."""

    def ok(view) -> bool:
        try:
            return bool(predicate(view))
        except (KeyError, TypeError):
            return False

    stamps = wait_until(
        lambda: (s := [p.first_view_at(ok) for p in peers]) and all(x is not None for x in s) and s,
        timeout,
        "a view on every socket",
    )
    return max(stamps)


def play_room(
    server: LiveServer, phones: int, rounds: int, samples: dict[str, list[float]]
) -> None:
    room = server.create_room(options={"random_delay": False, "false_start": False})
    tv = Peer(server.url, "tv")
    tv.call("host", {"code": room["code"], "host_token": room["host_token"]})
    seats = []
    for name in NAMES[:phones]:
        seat = Peer(server.url, name)
        seat.call("join", {"code": room["code"], "name": name})
        seats.append(seat)
    everyone = [tv, *seats]
    tv.call("room", {"type": "start"})
    try:
        for number in range(1, rounds + 1):
            sent = time.perf_counter()
            tv.call("act", {"type": "arm"})
            done = seen_by_all(everyone, lambda v, n=number: v["game"]["round"] == n)
            samples["arm"].append((done - sent) * 1000)
            tv.wait_view(
                lambda v, n=number: v["game"]["round"] == n and v["game"]["status"] == "open"
            )
            for k, seat in enumerate(seats):
                sent = time.perf_counter()
                seat.press("buzz")
                done = seen_by_all(
                    everyone,
                    lambda v, n=number, k=k: (
                        v["game"]["round"] == n
                        and any(r["seat"] == k for r in v["game"]["ranking"])
                    ),
                )
                samples["buzz"].append((done - sent) * 1000)
    finally:
        for peer in everyone:
            peer.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--async-mode", default="eventlet")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp) / "bench.sqlite3", async_mode=args.async_mode).start()
        samples: dict[str, list[float]] = {"arm": [], "buzz": []}
        try:
            in_parallel(play_room, [(server, args.phones, args.rounds, samples)] * args.rooms)
        finally:
            server.stop()

    header("bench.latency", f"server async mode {args.async_mode}; clients on the same machine")
    total = sum(len(v) for v in samples.values())
    print(
        f"{args.rooms} rooms x (1 TV + {args.phones} phones), {args.rounds} rounds each: "
        f"{total} actions"
    )
    print("send -> last of the room's views received (ms):")
    for kind, values in samples.items():
        print(
            f"  {kind:<5} n={len(values):<4} p50 {statistics.median(values):.1f}   "
            f"p99 {percentile(values, 0.99):.1f}"
        )


if __name__ == "__main__":
    main()
