"""Accessibility checks in the browser tests: axe-core (bundled by axe-playwright-python, so no
network is needed) run on a live page; a serious or critical violation fails the test."""

from __future__ import annotations

from typing import Any

#: What axe checks: WCAG 2.1 A and AA (names, roles, labels, contrast AA, lang) plus axe's
#: best practices; only serious and critical findings fail a test.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
FAILING = {"serious", "critical"}
#: Moderate findings that fail all the same: every page names itself with a heading.
ALSO_FAILING = {"page-has-heading-one"}


def _describe(violation: dict[str, Any]) -> str:
    nodes = violation.get("nodes", [])
    where = "; ".join(
        " ".join(map(str, n.get("target", [])))
        + ": "
        + " ".join(n.get("failureSummary", "").splitlines()[-1:]).strip()
        for n in nodes[:6]
    )
    more = f" (+{len(nodes) - 6} more)" if len(nodes) > 6 else ""
    return f"[{violation['impact']}] {violation['id']}: {violation['help']} — {where}{more}"


def axe_violations(page: Any) -> list[str]:
    """The page's serious and critical axe violations, one readable line each."""
    from axe_playwright_python.sync_playwright import Axe

    # axe-core (570 KB) is injected once per document: a screen checked again keeps it
    if not page.evaluate("() => typeof window.axe?.run === 'function'"):
        page.evaluate(Axe().axe_script)
    options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
    response = page.evaluate("(options) => axe.run(document, options)", options)
    return [
        _describe(v)
        for v in response["violations"]
        if v.get("impact") in FAILING or v.get("id") in ALSO_FAILING
    ]


def assert_accessible(page: Any, where: str) -> None:
    """Fail with every serious or critical axe violation on ``page`` (``where`` names it)."""
    found = axe_violations(page)
    assert not found, f"axe on {where}:\n" + "\n".join(found)
