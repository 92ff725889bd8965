"""The web layer sends what the rooms layer returns, in order; a note to all is encoded once."""

from __future__ import annotations

from typing import Any

from companion.rooms import Outbound
from companion.web.sockets import deliver


class Recorder:
    def __init__(self) -> None:
        self.emits: list[tuple[str, Any, Any]] = []
        self.queued = 0

    def emit(
        self,
        event: str,
        payload: Any,
        to: Any = None,
        callback: Any = None,
        ignore_queue: bool = False,
    ) -> None:
        self.emits.append((event, payload, to))
        self.queued += not ignore_queue


def test_a_run_of_the_same_payload_is_one_emit_and_order_is_kept() -> None:
    note = {"kind": "race"}
    view_a, view_b = {"v": 1, "seat": 0}, {"v": 1, "seat": 1}
    out = [
        Outbound("a", "note", note),
        Outbound("b", "note", note),
        Outbound("a", "view", view_a),
        Outbound("b", "view", view_b),
        Outbound("a", "note", note),  # the same note again, after the views: a separate emit
    ]
    socketio = Recorder()
    deliver(socketio, out)  # type: ignore[arg-type]
    assert socketio.emits == [
        ("note", note, ["a", "b"]),
        ("view", view_a, "a"),
        ("view", view_b, "b"),
        ("note", note, "a"),
    ]
    # the room's connections are all in this process: never through a cluster's message queue
    assert socketio.queued == 0


def test_equal_but_distinct_payloads_are_sent_one_by_one() -> None:
    out = [Outbound("a", "view", {"v": 1}), Outbound("b", "view", {"v": 1})]
    socketio = Recorder()
    deliver(socketio, out)  # type: ignore[arg-type]
    assert [to for _, _, to in socketio.emits] == ["a", "b"]
