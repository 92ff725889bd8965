"""Real redis-server and nginx processes for the tests, each on a free port in a temp folder.

A missing program skips the tests that need it on a developer's machine, with the reason; in CI
(``CI`` set) it fails them: `.ci/run` installs both, so missing means broken.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.support import free_port

if TYPE_CHECKING:
    from tests.support import LiveServer

ROOT = Path(__file__).resolve().parent.parent


def need(program: str) -> str:
    """The path of ``program``, or skip (fail in CI) when it is not installed."""
    # nginx lives in /usr/sbin, which is not on every user's PATH
    places = [f"{folder}/{program}" for folder in ("/usr/sbin", "/usr/local/sbin", "/sbin")]
    found = shutil.which(program) or next((p for p in places if os.access(p, os.X_OK)), None)
    if found:
        return found
    package = "redis-server" if program == "redis-server" else program
    message = f"{program} is not installed (Debian: apt-get install {package})"
    if os.environ.get("CI"):
        pytest.fail(f"{message}; CI must have it (.ci/run installs it)")
    pytest.skip(message)


def wait_port(port: int, proc: subprocess.Popen[bytes], what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with status {proc.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on port {port}")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class RedisServer:
    """``redis-server`` with the durability docs/cluster.md asks for: append-only file, fsync on
    every write, no snapshots."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> RedisServer:
        program = need("redis-server")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [program, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--save", "", "--appendonly", "yes", "--appendfsync", "always"],
            stdout=(self.folder / "redis.log").open("wb"),
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        wait_port(self.port, self.proc, "redis-server")
        return self

    def stop(self) -> None:
        if self.proc is not None:
            stop(self.proc)


class Nginx:
    """nginx as a non-root process with deploy/nginx.conf: its own prefix folder, a free port,
    in the foreground."""

    def __init__(self, folder: Path, upstream_ports: list[int]) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.upstream_ports = upstream_ports
        self.proc: subprocess.Popen[bytes] | None = None

    def config(self) -> str:
        template = (ROOT / "deploy" / "nginx.conf").read_text()
        servers = "\n        ".join(
            f"server 127.0.0.1:{port} max_fails=1 fail_timeout=10s;" for port in self.upstream_ports
        )
        return (
            template.replace("__PREFIX__", str(self.folder))
            .replace("__LISTEN__", f"127.0.0.1:{self.port}")
            .replace("__SERVERS__", servers)
        )

    def start(self) -> Nginx:
        program = need("nginx")
        self.folder.mkdir(parents=True, exist_ok=True)
        conf = self.folder / "nginx.conf"
        conf.write_text(self.config())
        self.proc = subprocess.Popen(
            [program, "-p", str(self.folder), "-e", str(self.folder / "error.log"),
             "-c", str(conf), "-g", "daemon off;"],
            stdout=(self.folder / "nginx.out").open("wb"),
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        wait_port(self.port, self.proc, "nginx")
        return self

    def stop(self) -> None:
        if self.proc is not None:
            stop(self.proc)


class Cluster:
    """redis-server, ``processes`` × ``companion serve --redis`` and nginx (deploy/nginx.conf)
    in front, all on free ports under ``folder``; the processes' public URL is nginx's."""

    def __init__(self, folder: Path, processes: int = 3) -> None:
        from tests.support import LiveServer

        self.redis = RedisServer(folder / "redis")
        self.servers = [LiveServer(folder / f"p{k}.sqlite3") for k in range(processes)]
        self.nginx = Nginx(folder / "nginx", [s.port for s in self.servers])
        self.url = self.nginx.url
        for server in self.servers:
            server.extra = ["--redis", self.redis.url, "--behind-proxy", "--public-url", self.url]

    def start(self) -> Cluster:
        try:
            self.redis.start()
            for server in self.servers:
                server.launch()  # all at once: each takes about a second of CPU to start
            self.nginx.start()  # meanwhile: it needs no process up to listen
            for server in self.servers:
                server.ready()
        except BaseException:
            self.stop()
            raise
        return self

    def revive(self) -> Cluster:
        """Starts again every process a test killed (on its port: nginx routes to it again),
        so that the next test meets all of them up, as on a fresh cluster."""
        down = [s for s in self.servers if s.proc is None or s.proc.poll() is not None]
        for server in down:
            server.launch()
        for server in down:
            server.ready()
        if down:
            # nginx still counts a process it saw fail as down for fail_timeout (10 s) and sends
            # its rooms elsewhere: a fresh nginx on the same port routes as on a fresh cluster
            self.nginx.stop()
            self.nginx.start()
        return self

    def pids(self) -> list[int]:
        return [s.proc.pid for s in self.servers if s.proc is not None]

    def infra_pids(self) -> list[int]:
        return [p.pid for p in (self.redis.proc, self.nginx.proc) if p is not None]

    def owner(self, code: str) -> LiveServer:
        """The process holding the room's lease (its id ends with its pid)."""
        import redis

        client = redis.Redis.from_url(self.redis.url, decode_responses=True)
        try:
            holder = client.get(f"companion:lease:{code}")
        finally:
            client.close()
        assert holder is not None, f"nobody holds room {code}"
        [server] = [s for s in self.servers if s.proc and holder.endswith(f":{s.proc.pid}")]
        return server

    def stop(self) -> None:
        self.nginx.stop()
        for server in self.servers:
            server.stop()
        self.redis.stop()
