"""The installable app over HTTP: manifest and service worker with their content types, and a
policy that lets the worker run."""

from __future__ import annotations

import json
import urllib.request

from tests.support import LiveServer

SHARE_SERVER = True  # the tests only read what it serves (tests/conftest.py, module_server)


def fetch(url: str) -> tuple[str, bytes, dict[str, str]]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers.get_content_type(), response.read(), dict(response.headers)


def test_manifest_and_service_worker_are_served_with_their_types(server: LiveServer) -> None:
    kind, body, _ = fetch(server.url + "/manifest.webmanifest")
    assert kind == "application/manifest+json"
    manifest = json.loads(body)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert {"any", "maskable"} <= {icon["purpose"] for icon in manifest["icons"]}
    for icon in manifest["icons"]:
        icon_kind, icon_body, _ = fetch(server.url + icon["src"])
        assert icon_kind == icon["type"] == "image/svg+xml" and icon_body.startswith(b"<svg")

    kind, body, headers = fetch(server.url + "/sw.js")
    assert kind == "text/javascript"
    assert b"addEventListener('fetch'" in body
    assert headers["Cache-Control"] == "no-cache"


def test_the_pages_may_run_a_worker_and_link_the_manifest(server: LiveServer) -> None:
    _, body, headers = fetch(server.url + "/")
    policy = headers["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy
    assert b'rel="manifest" href="/manifest.webmanifest"' in body
    assert b"js/install.js" in body
