"""The load generator of bench.capacity: rooms of 1 TV + 6 phones at party pace, over raw
WebSockets (not python-socketio's client, whose threads would cost more than the server).

One asyncio loop in one process speaks just enough Engine.IO 4 / Socket.IO 5 over a minimal
RFC 6455 client: it answers the server's pings and clock probes at once, sends events with ack
ids and reads every ``view``. Each room comes from its own loopback address (127.0.x.y), as the
phones of different homes would, so the server's per-address limits see a realistic crowd.

Per room, every ``--period`` seconds the TV sends ``arm`` and each phone sends one ``buzz`` at a
random moment in the round. Measured inside the window only:

- arm: from the send to the moment the last of the room's 7 sockets received a view of that
  round (``game.round``);
- buzz: from the send to its ack (the verdict, after the settle window on the companion);
- messages the server received (frames we sent) and sent (frames we received) per second;
- the CPU of the server process (``--server-pid``) and of this process, the machine's busy share.

Prints one JSON object on stdout. Not meant to be run by hand: ``python -m bench.capacity``.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import collections
import json
import os
import random
import struct
import time
from typing import Any

PHONES = 6
OPTIONS = {"random_delay": False, "countdown": 0, "false_start": False}
CLK_TCK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (from /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def machine_ticks() -> tuple[int, int]:
    """(busy, total) jiffies of all cores together (from /proc/stat)."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


class Counters:
    def __init__(self) -> None:
        self.sent = 0
        self.received = 0
        self.counting = False
        #: messages received by kind ("ack", or the event's name): both servers should send the
        #: same mix, or the CPU ratio compares different work
        self.kinds: collections.Counter[str] = collections.Counter()


COUNT = Counters()


class Socket:
    """One Socket.IO connection over a raw WebSocket."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.acks: dict[int, asyncio.Future[Any]] = {}
        self.next_id = 0
        self.on_view: Any = None
        self.connected = asyncio.get_running_loop().create_future()
        self.closed = False

    @classmethod
    async def open(cls, host: str, port: int, source: str, query: str = "") -> Socket:
        reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            (
                f"GET /socket.io/?EIO=4&transport=websocket{query} HTTP/1.1\r\n"
                f"Host: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(head.split(b"\r\n", 1)[0].decode())
        sock = cls(reader, writer)
        asyncio.get_running_loop().create_task(sock._read())
        sock.send_text("40")
        await asyncio.wait_for(sock.connected, 30)
        return sock

    def send_text(self, text: str) -> None:
        data = text.encode()
        n = len(data)
        # A client must mask its frames; an all-zero key is a valid key and leaves the bytes
        # as they are, which keeps this generator cheap (the server unmasks either way).
        if n < 126:
            head = struct.pack("!BB", 0x81, 0x80 | n)
        elif n < 65536:
            head = struct.pack("!BBH", 0x81, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x81, 0x80 | 127, n)
        self.writer.write(head + b"\0\0\0\0" + data)

    def emit(self, event: str, data: Any) -> asyncio.Future[Any]:
        self.next_id += 1
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.acks[self.next_id] = future
        self.send_text(f"42{self.next_id}" + json.dumps([event, data], separators=(",", ":")))
        if COUNT.counting:
            COUNT.sent += 1
        return future

    async def _read(self) -> None:
        read = self.reader.readexactly
        try:
            while True:
                b0, b1 = await read(2)
                n = b1 & 0x7F
                if n == 126:
                    (n,) = struct.unpack("!H", await read(2))
                elif n == 127:
                    (n,) = struct.unpack("!Q", await read(8))
                payload = await read(n) if n else b""
                opcode = b0 & 0x0F
                if opcode == 8:
                    break
                if opcode == 9:
                    self.writer.write(b"\x8a\x80\0\0\0\0")
                    continue
                if opcode in (1, 0):
                    self._message(payload.decode())
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            self.closed = True
            for future in self.acks.values():
                if not future.done():
                    future.set_exception(ConnectionError("closed"))

    def _message(self, text: str) -> None:
        if text == "2":  # Engine.IO ping
            self.send_text("3")
            return
        if not text.startswith("4"):
            return
        kind = text[1:2]
        if kind == "0":
            if not self.connected.done():
                self.connected.set_result(True)
            return
        body = text[2:]
        cut = body.find("[")
        if COUNT.counting:
            COUNT.received += 1
            COUNT.kinds[body[cut + 2 : body.find('"', cut + 2)] if kind == "2" else "ack"] += 1
        ack_id = int(body[:cut]) if cut > 0 else None
        if kind == "3":
            future = self.acks.pop(ack_id, None) if ack_id is not None else None
            if future is not None and not future.done():
                future.set_result(json.loads(body[cut:])[0])
            return
        if kind != "2":
            return
        if body.startswith('["clock"', cut):
            # Answer at once, as a phone page does: our clock in ms (like performance.now()).
            answer = json.dumps([{"c": time.perf_counter() * 1000.0}])
            self.send_text(f"43{ack_id}{answer}")
            if COUNT.counting:
                COUNT.sent += 1
            return
        if body.startswith('["view"', cut) and self.on_view is not None:
            self.on_view(self, json.loads(body[cut:])[1])

    def close(self) -> None:
        try:
            self.writer.write(b"\x88\x80\0\0\0\0")
            self.writer.close()
        except Exception:
            pass


async def http(host: str, port: int, source: str, method: str, path: str, body: Any) -> Any:
    reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
    data = json.dumps(body).encode()
    writer.write(
        (
            f"{method} {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json"
            f"\r\nContent-Length: {len(data)}\r\nConnection: close\r\n\r\n"
        ).encode()
        + data
    )
    raw = await reader.read()
    writer.close()
    head, _, rest = raw.partition(b"\r\n\r\n")
    status = int(head.split()[1])
    if b"chunked" in head.lower():
        chunks, rest2 = [], rest
        while rest2:
            size_line, _, rest2 = rest2.partition(b"\r\n")
            size = int(size_line, 16)
            if not size:
                break
            chunks.append(rest2[:size])
            rest2 = rest2[size + 2 :]
        rest = b"".join(chunks)
    return status, json.loads(rest or b"null")


class Results:
    def __init__(self) -> None:
        self.arm: list[float] = []
        self.buzz: list[float] = []
        self.lost_arms = 0
        self.errors: dict[str, int] = {}
        self.view_bytes: list[int] = []

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


async def run_room(
    index: int, args: argparse.Namespace, window: tuple[float, float], out: Results
) -> list[Socket]:
    """Set up one room and play it until the window closes."""
    source = f"127.{1 + index // 60000}.{1 + index // 250 % 240}.{1 + index % 250}"
    host, port = "127.0.0.1", args.port
    status, room = await http(
        host, port, source, "POST", "/api/rooms", {"game": "buzzer", "options": OPTIONS}
    )
    if status != 201:
        raise RuntimeError(f"room {index}: {status} {room}")
    code = room["code"]
    query = f"&room={code}"
    tv = await Socket.open(host, port, source, query)
    answer = await tv.emit("host", {"code": code, "host_token": room["host_token"]})
    assert answer.get("ok"), answer
    phones = []
    for k in range(PHONES):
        phone = await Socket.open(host, port, source, query)
        answer = await phone.emit("join", {"code": code, "name": f"Phone {k}"})
        assert answer.get("ok"), answer
        phones.append(phone)
    answer = await tv.emit("room", {"type": "start"})
    assert answer.get("ok"), answer
    everyone = [tv, *phones]
    seen: dict[int, float] = {}
    expected = [0]
    seen_count = [0]

    def on_view(sock: Socket, view: Any) -> None:
        game = view.get("game") or {}
        if game.get("round") == expected[0] and seen.get(id(sock)) is None:
            seen[id(sock)] = time.perf_counter()
            seen_count[0] += 1
        if index == 0 and len(out.view_bytes) < 200:
            out.view_bytes.append(len(json.dumps(view)))

    for sock in everyone:
        sock.on_view = on_view
    rng = random.Random(index)
    start, end = window
    # spread the rooms over the period, as real tables are
    await asyncio.sleep(
        max(0.0, start - args.period - time.perf_counter()) + rng.random() * args.period
    )
    number = 0
    while time.perf_counter() < end:
        number += 1
        seen.clear()
        seen_count[0] = 0
        expected[0] = number
        sent = time.perf_counter()
        measured = start <= sent and sent + args.period <= end
        arm = tv.emit("act", {"type": "arm"})
        buzzes = [
            asyncio.get_running_loop().create_task(
                buzz(phone, rng.uniform(0.2, args.period * 0.75), measured, out)
            )
            for phone in phones
        ]
        try:
            answer = await asyncio.wait_for(arm, args.period)
            if not answer.get("ok"):
                out.error(f"arm: {answer.get('error', {}).get('code')}")
        except (TimeoutError, ConnectionError):
            out.error("arm: no ack")
        while seen_count[0] < len(everyone) and time.perf_counter() - sent < args.period:
            await asyncio.sleep(0.002)
        if measured:
            if seen_count[0] == len(everyone):
                out.arm.append((max(seen.values()) - sent) * 1000)
            else:
                out.lost_arms += 1
        await asyncio.gather(*buzzes)
        await asyncio.sleep(max(0.0, sent + args.period - time.perf_counter()))
    return everyone


async def buzz(phone: Socket, delay: float, measured: bool, out: Results) -> None:
    await asyncio.sleep(delay)
    sent = time.perf_counter()
    try:
        answer = await asyncio.wait_for(phone.emit("act", {"type": "buzz", "t": sent * 1000.0}), 10)
    except (TimeoutError, ConnectionError):
        out.error("buzz: no ack")
        return
    if measured:
        out.buzz.append((time.perf_counter() - sent) * 1000)
    if not answer.get("ok") and answer.get("error", {}).get("code") != "too_late":
        out.error(f"buzz: {answer.get('error', {}).get('code')}")


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    out = Results()
    set_up_started = time.perf_counter()
    # generous room for set-up: connecting is not what is measured
    start = set_up_started + args.setup + args.warmup
    end = start + args.seconds
    tasks = []
    for index in range(args.rooms):
        tasks.append(
            asyncio.get_running_loop().create_task(run_room(index, args, (start, end), out))
        )
        if index % 10 == 9:
            await asyncio.sleep(0.05)  # do not open every socket in the same instant
    await asyncio.sleep(max(0.0, start - time.perf_counter()))
    failed_setup = [t for t in tasks if t.done() and t.exception() is not None]
    infra = args.infra_pid or []
    server_cpu0, own_cpu0 = sum(map(cpu_seconds, args.server_pid)), time.process_time()
    infra_cpu0 = sum(map(cpu_seconds, infra))
    machine0 = machine_ticks()
    COUNT.counting = True
    await asyncio.sleep(max(0.0, end - time.perf_counter()))
    COUNT.counting = False
    server_cpu1, own_cpu1 = sum(map(cpu_seconds, args.server_pid)), time.process_time()
    infra_cpu1 = sum(map(cpu_seconds, infra))
    machine1 = machine_ticks()
    rss = sum(map(rss_mb, args.server_pid))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    problems = [repr(r) for r in results if isinstance(r, BaseException)]
    for sockets in results:
        if isinstance(sockets, list):
            for sock in sockets:
                sock.close()
    busy = (machine1[0] - machine0[0]) / max(1, machine1[1] - machine0[1])
    return {
        "rooms": args.rooms,
        "seconds": args.seconds,
        "arm": out.arm,
        "buzz": out.buzz,
        "lost_arms": out.lost_arms,
        "errors": out.errors,
        "setup_failures": len(failed_setup) + len(problems),
        "problems": problems[:5],
        "server_cpu": (server_cpu1 - server_cpu0) / args.seconds,
        # nginx and redis-server in front of and behind several processes (bench --processes)
        "infra_cpu": (infra_cpu1 - infra_cpu0) / args.seconds,
        "load_cpu": (own_cpu1 - own_cpu0) / args.seconds,
        "machine_busy": busy * os.cpu_count(),  # in cores
        "server_rss_mb": rss,
        "in_per_s": COUNT.sent / args.seconds,
        "out_per_s": COUNT.received / args.seconds,
        "out_kinds_per_s": {k: n / args.seconds for k, n in sorted(COUNT.kinds.items())},
        "view_bytes": sorted(out.view_bytes)[len(out.view_bytes) // 2] if out.view_bytes else 0,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument(
        "--server-pid", type=int, action="append", required=True, help="repeatable: CPU summed"
    )
    parser.add_argument("--infra-pid", type=int, action="append", help="nginx, redis-server")
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--period", type=float, default=3.0)
    parser.add_argument("--setup", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main_async(args))), flush=True)


if __name__ == "__main__":
    main()
