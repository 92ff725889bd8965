"""The help text the pages show: how the app referees and every interpretation it makes."""

from __future__ import annotations

from importlib import resources

#: ``help.md``, in Markdown
HELP: str = resources.files(__name__.rpartition(".")[0]).joinpath("help.md").read_text("utf-8")
