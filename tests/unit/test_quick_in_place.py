"""Where a commit waits for the disk (companion/store/waiting.py): in place while the disk is
quick, in a native thread while it is slow, and tried in place again now and then."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from companion.store import SqliteStore
from companion.store.waiting import QUICK_MS, RETRY_MAX, STALL_MS, WINDOW, QuickInPlace


class Disk:
    """A clock that moves by each commit's time in ms (taken in turn from ``times``, then
    ``rest``), and a native thread: ``places`` says where each commit ran."""

    def __init__(self, times: Iterable[float], rest: float = 0.5) -> None:
        self.times, self.rest = iter(times), rest
        self.now = 0.0
        self.in_thread = False
        self.places: list[str] = []

    def clock(self) -> float:
        return self.now

    def commit(self) -> str:
        self.now += next(self.times, self.rest) / 1000
        self.places.append("away" if self.in_thread else "here")
        return "done"

    def hand_over(self, f: Callable[[], Any]) -> Any:
        self.in_thread = True
        try:
            return f()
        finally:
            self.in_thread = False


def run(disk: Disk, commits: int, retry_after: int = 10) -> list[str]:
    wait = QuickInPlace(disk.hand_over, clock=disk.clock, retry_after=retry_after)
    for _ in range(commits):
        assert wait(disk.commit) == "done"
    return disk.places


def tries(places: list[str]) -> list[int]:
    return [n for n, place in enumerate(places) if place == "here"]


def test_a_quick_disk_is_never_handed_over() -> None:
    assert run(Disk([], rest=QUICK_MS / 2), 500) == ["here"] * 500


def test_one_stalled_commit_sends_the_next_ones_away_then_one_is_tried_in_place_again() -> None:
    places = run(Disk([0.3, 0.3, STALL_MS * 2], rest=0.3), 20, retry_after=10)
    assert places == ["here"] * 3 + ["away"] * 10 + ["here"] * 7


def test_a_slow_median_sends_commits_away_though_none_stalls() -> None:
    slow = QUICK_MS * 3
    # the window's median turns slow with the slow commit that makes the most of it
    places = run(Disk([0.3] * WINDOW, rest=slow), WINDOW * 2 + 10, retry_after=10)
    turned = WINDOW + WINDOW // 2 + 1
    # away for 10, one try in place (slow again), away again
    again = WINDOW * 2 - turned - 1
    assert places == ["here"] * turned + ["away"] * 10 + ["here"] + ["away"] * again


def test_tries_grow_rarer_while_the_disk_stays_slow() -> None:
    places = run(Disk([], rest=STALL_MS * 2), 1 + 10 + 1 + 20 + 1 + 40 + 1, retry_after=10)
    assert tries(places) == [0, 11, 32, 73]  # away 10, 20, 40 commits between the tries


def test_tries_start_over_once_the_disk_was_quick_for_a_whole_window() -> None:
    stall = STALL_MS * 2
    times = [stall] + [0.3] * (10 + WINDOW) + [stall]
    places = run(Disk(times, rest=0.3), 1 + 10 + WINDOW + 1 + 10 + 1, retry_after=10)
    assert places == (["here"] + ["away"] * 10 + ["here"] * (WINDOW + 1) + ["away"] * 10 + ["here"])


def test_the_wait_between_tries_has_a_ceiling() -> None:
    half = RETRY_MAX // 2
    commits = 1 + half + 1 + RETRY_MAX + 1 + RETRY_MAX + 1
    places = run(Disk([], rest=STALL_MS * 2), commits, retry_after=half)
    assert tries(places) == [0, half + 1, half + RETRY_MAX + 2, half + 2 * RETRY_MAX + 3]


def test_a_failed_commit_in_place_raises_and_is_timed() -> None:
    disk = Disk([])

    def fails() -> None:
        disk.now += STALL_MS * 2 / 1000
        raise OSError("disk gone")

    wait = QuickInPlace(disk.hand_over, clock=disk.clock)
    with pytest.raises(OSError, match="disk gone"):
        wait(fails)
    assert not wait.in_place  # it stalled the rooms before it failed


def test_a_store_commits_through_it_and_what_it_acknowledged_is_stored(tmp_path: Path) -> None:
    handed: list[int] = []

    def hand_over(f: Callable[[], Any]) -> Any:
        handed.append(1)
        return f()

    store = SqliteStore(tmp_path / "db.sqlite3", run_blocking=QuickInPlace(hand_over))
    store.begin()
    store.create("BCDF", {"kind": "create", "game": "buzzer", "at": 1.0})
    store.commit()
    store.begin()
    store.append("BCDF", 1, {"kind": "join", "name": "Ann", "at": 2.0})
    store.commit()
    again = SqliteStore(tmp_path / "db.sqlite3")
    assert [event["kind"] for event in again.events("BCDF")] == ["create", "join"]
