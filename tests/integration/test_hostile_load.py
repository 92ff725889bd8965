"""Issue 24, through a live server: every frame that asks for an answer gets one, foreign
host names are refused before Engine.IO makes a session, and what a few addresses send cannot
crowd out another table. Outcomes only; the timings are in ``python -m bench.abuse``."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.hostile import RawSocket
from tests.support import LiveServer

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server behind a (pretend) proxy for the module: each raw client claims its own
    address, so that no test's refusals count against another's."""
    db = tmp_path_factory.mktemp("load") / "load.sqlite3"
    live = LiveServer(db, extra=["--behind-proxy"]).start()
    yield live
    live.stop()


def binary_event(placeholder: object) -> list[str | bytes]:
    """The text frames of a binary ``time`` event whose one placeholder says ``num``."""
    body = json.dumps(["time", {"blob": {"_placeholder": True, "num": placeholder}}])
    return [body, b"\x00\x01"]


@pytest.mark.parametrize("num", [1, 7, -1, "0", True, None, 0.5, [0], {"n": 0}])
def test_a_binary_frame_with_an_unreadable_placeholder_is_answered_bad_request(
    proxied, num
) -> None:
    sock = RawSocket(proxied.url, "10.24.1.1")
    body, blob = binary_event(num)
    ack = sock.call_frames(lambda ack_id: [f"51-{ack_id}{body}", blob])
    assert ack is not None, "a frame with an ack id went unanswered"
    assert ack["ok"] is False and ack["error"]["code"] == "bad_request", ack
    assert sock.call("time", {})["ok"]  # the connection goes on
    log = proxied.log_text()
    assert "Traceback" not in log and "could not be handled" not in log, log[-2000:]
    sock.close()


def test_a_binary_frame_with_a_readable_placeholder_is_dispatched(proxied) -> None:
    sock = RawSocket(proxied.url, "10.24.1.2")
    body, blob = binary_event(0)
    ack = sock.call_frames(lambda ack_id: [f"51-{ack_id}{body}", blob])
    assert ack is not None and ack["ok"] and ack["now"] > 0, ack
    sock.close()


@pytest.mark.parametrize("event", ["connect", "disconnect", "connect_error"])
def test_a_reserved_event_with_an_ack_id_is_refused_bad_request(proxied, event) -> None:
    sock = RawSocket(proxied.url, "10.24.1.3")
    ack = sock.call(event, {})
    assert ack is not None and ack["ok"] is False, ack
    assert ack["error"]["code"] == "bad_request", ack
    assert ack["error"]["template"] == "Unknown event {event}.", ack
    assert ack["error"]["params"] == {"event": repr(event)}, ack
    assert sock.call("time", {})["ok"]  # still connected: a fake disconnect changed nothing
    sock.close()
