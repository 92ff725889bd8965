"""The web layer sends what the rooms layer returns, in order; a note to all is encoded once,
and the parts a broadcast's views share are encoded once for all of them."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from companion.rooms import Outbound
from companion.web.sockets import deliver
from companion.web.transport import Encoded, JsonPacket, dumps


class Recorder:
    """Flask-SocketIO as ``deliver`` reaches it: the Engine.IO packets handed to each
    connection (``deliver`` writes the Socket.IO packets itself); ``emit`` is never used, and
    nothing goes through a cluster's message queue."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, Any]] = []  # (connection, Engine.IO packet)
        manager = SimpleNamespace(eio_sid_from_sid=lambda sid, namespace: f"eio-{sid}")
        self.server = SimpleNamespace(manager=manager, eio=SimpleNamespace(send_packet=self.send))

    def send(self, eio_sid: str, packet: Any) -> None:
        self.sent.append((eio_sid.removeprefix("eio-"), packet))

    def emit(self, *args: Any, **kwargs: Any) -> None:
        raise AssertionError("deliver sends the packets it encoded itself")

    @property
    def emits(self) -> list[tuple[str, Any, Any]]:
        """What was sent as emits: each run of connections handed the very same packet (one
        encoding) is one ``(event, payload, [connections])``, a single one ``(.., connection)``."""
        runs: list[tuple[Any, list[str]]] = []
        for conn, packet in self.sent:
            if runs and runs[-1][0] is packet:
                runs[-1][1].append(conn)
            else:
                runs.append((packet, [conn]))
        out = []
        for packet, conns in runs:
            assert packet.data.startswith("2["), "a Socket.IO event packet"
            event, payload = json.loads(packet.data[1:])
            out.append((event, payload, conns if len(conns) > 1 else conns[0]))
        return out


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


def test_equal_but_distinct_payloads_are_sent_one_by_one() -> None:
    out = [Outbound("a", "view", {"v": 1}), Outbound("b", "view", {"v": 1})]
    socketio = Recorder()
    deliver(socketio, out)  # type: ignore[arg-type]
    assert [to for _, _, to in socketio.emits] == ["a", "b"]


def test_each_view_of_a_broadcast_reads_as_its_dict() -> None:
    shared = {"code": "BCDF", "players": [{"seat": 0, "name": "Ann"}], "night": []}
    table = {"round": 1, "ranking": []}

    def view(seat: int | None, role: str, game: dict[str, Any]) -> dict[str, Any]:
        return {"v": 4, "room": {**shared, "seat": seat, "role": role}, "game": game}

    views = {
        "tv": view(None, "host", table),
        "spy": view(None, "spectator", table),
        "ann": view(0, "player", {"you": 1}),
    }
    for view_ in views.values():
        assert json.loads(dumps(view_)) == view_


def test_an_encoded_payload_goes_into_the_packet_as_it_is() -> None:
    text = Encoded(dumps({"kind": "race", "name": "Žofie"}))
    packet = JsonPacket(2, data=["note", text], id=7)
    assert packet.encode() == f'27["note",{text}]'
    plain = JsonPacket(2, data=["note", json.loads(text)], id=7).encode()
    assert json.loads(plain[2:]) == json.loads(packet.encode()[2:])


def test_the_encoding_reads_back_as_python_socketios_whatever_the_values() -> None:
    own = {"seat": None, "role": "host", "host": True, "t": 1.5, "n": float("nan"), 3: "Žofie"}
    payload = {
        "v": 1,
        "room": {"players": [{"name": "Ann"}], **own},
        "game": {1: 2},
        0: False,
    }
    sent = json.loads(dumps(payload))
    # as python-socketio's JSON reads back, but a number that is none is null: JSON has no NaN
    # (a browser's JSON.parse refuses the whole message), so orjson writes null
    assert sent == json.loads(json.dumps(payload).replace("NaN", "null"))
    assert sent["room"]["n"] is None


def test_the_packet_deliver_writes_is_the_one_python_socketio_writes() -> None:
    view = {"v": 2, "name": "Renée", "seat": None}
    socketio = Recorder()
    deliver(socketio, [Outbound("a", "view", view)])  # type: ignore[arg-type]
    [(_, packet)] = socketio.sent
    ours, theirs = packet.data, JsonPacket(packet_type=2, data=["view", view]).encode()
    assert ours[:2] == theirs[:2] == "2["  # an event, no ack id, the default namespace
    assert json.loads(ours[1:]) == json.loads(theirs[1:]) == ["view", view]
    assert packet.packet_type == 4  # an Engine.IO message
