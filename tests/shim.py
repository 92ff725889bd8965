"""A latency shim: a TCP proxy that delays every chunk in each direction, in order.

Each direction has a base one-way delay plus uniform jitter per chunk; a chunk is never
released before the one ahead of it, so order is preserved within a direction, as on a real
connection. Used by the fairness test and bench/fairness to play phones on slow links.
"""

from __future__ import annotations

import contextlib
import heapq
import random
import socket
import threading
import time


class _Direction:
    """Pumps src -> dst, releasing each chunk at its scheduled time."""

    def __init__(self, src: socket.socket, dst: socket.socket, delay_ms: float, jitter_ms: float,
                 rng: random.Random) -> None:  # fmt: skip
        self.src, self.dst = src, dst
        self.delay, self.jitter, self.rng = delay_ms / 1000, jitter_ms / 1000, rng
        self.queue: list[tuple[float, int, bytes]] = []
        self.ready = threading.Condition()
        self.last = 0.0
        self.count = 0
        self.closed = False
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._write, daemon=True).start()

    def _read(self) -> None:
        try:
            while chunk := self.src.recv(65536):
                at = time.monotonic() + max(0.0, self.delay + self.rng.uniform(-1, 1) * self.jitter)
                with self.ready:
                    self.last = max(self.last, at)  # never overtake the chunk ahead
                    heapq.heappush(self.queue, (self.last, self.count, chunk))
                    self.count += 1
                    self.ready.notify()
        except OSError:
            pass
        with self.ready:
            self.closed = True
            self.ready.notify()

    def _write(self) -> None:
        while True:
            with self.ready:
                while not self.queue and not self.closed:
                    self.ready.wait()
                if not self.queue:
                    break
                at, _, chunk = self.queue[0]
                wait = at - time.monotonic()
                if wait > 0:
                    self.ready.wait(wait)
                    continue
                heapq.heappop(self.queue)
            try:
                self.dst.sendall(chunk)
            except OSError:
                break
        for sock in (self.dst, self.src):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)


class LatencyProxy:
    """Listen on a free local port and forward to ``target_port`` with delays (ms).

    ``up_ms`` delays client -> server, ``down_ms`` server -> client.
    """

    def __init__(self, target_port: int, up_ms: float, down_ms: float, jitter_ms: float = 0.0,
                 seed: int = 0) -> None:  # fmt: skip
        self.target_port = target_port
        self.up, self.down, self.jitter = up_ms, down_ms, jitter_ms
        self.rng = random.Random(seed)
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.port = int(self.listener.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.target_port))
            for sock in (client, server):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            _Direction(client, server, self.up, self.jitter, random.Random(self.rng.random()))
            _Direction(server, client, self.down, self.jitter, random.Random(self.rng.random()))

    def close(self) -> None:
        self.listener.close()
