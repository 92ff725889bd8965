"""The room pages and the games' descriptions over HTTP, in one process (Flask's test client).
The cluster's redirect to the upper-case code is in test_leases.py."""

from __future__ import annotations

import re
from pathlib import Path

from flask.testing import FlaskClient

from companion.games.registry import GAMES
from companion.web import create_app
from companion.web.app import warm_up


def client(tmp_path: Path) -> FlaskClient:
    app, _ = create_app({"DB_PATH": tmp_path / "db.sqlite3", "ASYNC_MODE": "threading"})
    return app.test_client()


def test_every_game_is_described_by_what_it_declares(tmp_path: Path) -> None:
    described = {g["id"]: g for g in client(tmp_path).get("/api/games").get_json()}
    assert sorted(described) == sorted(GAMES)
    for game_id, game in GAMES.items():
        d = described[game_id]
        assert (d["title"], d["min_players"], d["max_players"]) == (
            game.title,
            game.min_players,
            game.max_players,
        )
        assert d["first_player"] is game.has_first_player
        assert [o["id"] for o in d["options"]] == [o.id for o in game.options]


def test_a_room_page_is_served_for_any_spelling_of_its_code_in_one_process(
    tmp_path: Path,
) -> None:
    http = client(tmp_path)
    code = http.post("/api/rooms", json={"game": "buzzer"}).get_json()["code"]
    for path in (f"/j/{code}", f"/j/{code.lower()}", f"/host/{code.lower()}"):
        page = http.get(path)
        assert page.status_code == 200 and f'"{code}"' in page.text, path
    missing = http.get("/j/ZZZZ")
    assert missing.status_code == 404 and "ZZZZ" in missing.text


def test_each_page_names_its_whole_module_graph_for_preloading(tmp_path: Path) -> None:
    """The kit's own imports (ending.js, two steps from the page's script) are fetched with the
    page's script, not one round trip after another."""
    http = client(tmp_path)
    code = http.post("/api/rooms", json={"game": "buzzer"}).get_json()["code"]
    pages = {"/": "home.js", f"/j/{code}": "phone.js", f"/host/{code}": "host.js"}
    for path, script in pages.items():
        html = http.get(path).text
        preloaded = re.findall(r'<link rel="modulepreload" href="/static/js/([a-z]+\.js)">', html)
        assert preloaded[0] == script, path
        assert {"kit.js", "client.js", "ui.js", "sound.js", "ending.js"} <= set(preloaded), path
        assert len(preloaded) == len(set(preloaded)), path
        for module in preloaded:  # every one exists
            assert http.get(f"/static/js/{module}").status_code == 200, module


def test_the_warm_up_compiles_every_template_before_the_first_visit(tmp_path: Path) -> None:
    app, _ = create_app({"DB_PATH": tmp_path / "db.sqlite3", "ASYNC_MODE": "threading"})
    assert app.jinja_env.cache is not None
    warm_up(app)
    compiled = {name for _, name in app.jinja_env.cache}
    assert {"home.html", "host.html", "join.html", "base.html"} <= compiled
    assert set(app.jinja_env.list_templates()) <= compiled
