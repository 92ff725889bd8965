"""Every relative link in the repository's Markdown files points at a file inside the repository.

A clone must be self-sufficient: a link into a folder next to the checkout, or to a file that was
renamed or deleted, is broken for everyone else.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.support import ROOT

#: [text](target) and ![alt](target); the target ends at white space or the closing parenthesis
#: (an optional "title" may follow it)
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+[\"'][^)]*[\"'])?\s*\)")
#: fenced code blocks and inline code hold examples, not links
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]*`")
EXTERNAL = ("http://", "https://", "mailto:")
SKIPPED = ("static/vendor/",)


def markdown_files(root: Path) -> list[Path]:
    """The Markdown files git tracks (plus new ones not ignored, minus deleted ones), without
    vendored code."""
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    names = sorted({line for line in out.splitlines() if line})
    return [
        root / name for name in names if not name.startswith(SKIPPED) and (root / name).is_file()
    ]


def relative_links(text: str) -> list[str]:
    """The link targets of ``text`` that point into the repository, without their #fragment.

    >>> relative_links("[a](docs/x.md#top) [b](https://x.org) [c](#here) `[d](no.md)`")
    ['docs/x.md']
    >>> relative_links("![pic](img/a.png \\"A picture\\") [m](mailto:a@b.c)")
    ['img/a.png']
    """
    text = INLINE_CODE.sub("", FENCE.sub("", text))
    targets = []
    for match in LINK.finditer(text):
        target = match.group(1)
        if target.startswith(EXTERNAL) or target.startswith("#"):
            continue
        path = unquote(target.split("#", 1)[0])
        if path:
            targets.append(path)
    return targets


def broken_links(root: Path, files: list[Path]) -> list[str]:
    """``file: target`` for every link that leaves ``root`` or names nothing that exists."""
    root = root.resolve()
    broken = []
    for file in files:
        for target in relative_links(file.read_text("utf-8")):
            resolved = (file.parent / target).resolve()
            where = f"{file.relative_to(root)}: {target}"
            if not resolved.is_relative_to(root):
                broken.append(f"{where} (outside the repository)")
            elif not resolved.exists():
                broken.append(f"{where} (does not exist)")
    return broken


def test_every_relative_link_resolves_inside_the_repository() -> None:
    files = markdown_files(ROOT)
    assert any(f.name == "README.md" for f in files)
    assert broken_links(ROOT, files) == []


@pytest.mark.parametrize(
    ("link", "report"),
    [
        ("[design](../shared/design/PROTOCOL.md)", "../shared/design/PROTOCOL.md (outside the"),
        ("[gone](docs/no-such-file.md#part)", "docs/no-such-file.md (does not exist)"),
        ("[up](docs/../../repo/README.md)", None),
    ],
)
def test_a_broken_link_is_reported(tmp_path: Path, link: str, report: str | None) -> None:
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    (repo / "docs" / "ok.md").write_text("fine", "utf-8")
    readme = repo / "README.md"
    readme.write_text(f"[ok](docs/ok.md) [top](#top) [web](https://example.org) {link}\n", "utf-8")
    found = broken_links(repo, [readme])
    if report is None:
        assert found == []
    else:
        assert len(found) == 1 and found[0].startswith(f"README.md: {report}")
