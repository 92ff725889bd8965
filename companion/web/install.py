"""The installable app: the web app manifest and the service worker, served from the site's
root so the worker may control every page (static/js/sw.js; docs/architecture.md)."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, send_from_directory

blueprint = Blueprint("install", __name__)

#: the phone's home-screen entry: it opens the title screen, full screen, in the dark theme
MANIFEST = {
    "name": "Companion — witchy party games",
    "short_name": "Companion",
    "description": "One screen for the table, every phone a controller.",
    "start_url": "/",
    "scope": "/",
    "display": "standalone",
    "background_color": "#10131a",
    "theme_color": "#10131a",
    "icons": [
        {"src": "/static/img/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
        {
            "src": "/static/img/icon.svg",
            "sizes": "any",
            "type": "image/svg+xml",
            "purpose": "maskable",
        },
    ],
}


@blueprint.get("/manifest.webmanifest")
def manifest() -> Response:
    response = jsonify(MANIFEST)
    response.mimetype = "application/manifest+json"
    return response


@blueprint.get("/sw.js")
def service_worker() -> Response:
    assert current_app.static_folder is not None
    response = send_from_directory(current_app.static_folder, "js/sw.js", max_age=0)
    response.mimetype = "text/javascript"
    # A new server version reaches the phones at their next visit, not a day later.
    response.headers["Cache-Control"] = "no-cache"
    return response
