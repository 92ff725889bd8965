"""Where the pages live: inside the package in a wheel, at the repository top in a checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def asset_dir(name: str) -> Path:
    """``static`` or ``templates``, from an installed wheel first, else from the checkout."""
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"cannot find the {name!r} folder next to {_PACKAGE}")
