"""The page's ES modules, named up front so the browser fetches them all at once.

A page's script imports the kit, which imports the client, the sound and the ending, each found
only once the file that imports it has arrived: three round trips one after the other before
the page can draw, slow on a busy party Wi-Fi or a busy phone. The templates list the whole
static import graph of their script as ``<link rel="modulepreload">`` instead, read from the
files themselves so that the list can never fall behind an import.
"""

from __future__ import annotations

import posixpath
import re
from functools import cache
from pathlib import Path

from flask import Flask, url_for
from markupsafe import Markup, escape

#: ``import … from './x.js'`` and ``import './x.js'`` at the start of a line; dynamic
#: ``import(url)`` (a game's module, loaded when the game starts) is not followed
STATIC_IMPORT = re.compile(
    r"""^(?:import\s*|(?:import|export)\b[^'"(;]*?\bfrom\s*)['"](\.{1,2}/[^'"]+)['"]""", re.M
)


def imports_of(source: str) -> list[str]:
    """The relative modules a module's source imports statically, in order.

    >>> imports_of("import { h } from './ui.js';\\nimport {\\n  t,\\n} from '../kit.js';")
    ['./ui.js', '../kit.js']
    >>> imports_of("import('./late.js');\\nconst m = await import(`./${id}.js`);")
    []
    >>> imports_of("import './side.js';\\nexport const styles = ['./look.css'];")
    ['./side.js']
    """
    return STATIC_IMPORT.findall(source)


@cache
def module_graph(static: Path, entry: str) -> tuple[str, ...]:
    """``entry`` (a path under ``static``, e.g. ``js/phone.js``) and every module it imports,
    directly or not, as paths under ``static``: entry first, each module once."""
    seen: list[str] = []
    pending = [entry]
    while pending:
        path = pending.pop(0)
        if path in seen:
            continue
        seen.append(path)
        folder = posixpath.dirname(path)
        for target in imports_of((static / path).read_text(encoding="utf-8")):
            pending.append(posixpath.normpath(posixpath.join(folder, target)))
    return tuple(seen)


def warm_up(app: Flask) -> None:
    """Read the import graph of every page script now rather than at its page's first visit."""
    assert app.static_folder is not None
    static = Path(app.static_folder)
    for script in sorted((static / "js").glob("*.js")):
        module_graph(static, script.relative_to(static).as_posix())


def init_app(app: Flask) -> None:
    """``{{ preload_modules('js/phone.js') }}`` in a template's head: one
    ``<link rel="modulepreload">`` per module of the graph."""
    assert app.static_folder is not None
    static = Path(app.static_folder)

    def preload_modules(entry: str) -> Markup:
        urls = (url_for("static", filename=path) for path in module_graph(static, entry))
        return Markup("\n").join(
            Markup('<link rel="modulepreload" href="{}">').format(escape(url)) for url in urls
        )

    app.jinja_env.globals["preload_modules"] = preload_modules
