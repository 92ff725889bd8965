"""The tests that need redis-server or nginx skip without them on a developer's machine, and fail
in CI, where they must run."""

from __future__ import annotations

import pytest

from tests import servers


@pytest.fixture
def nothing_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(servers.shutil, "which", lambda program: None)
    monkeypatch.setattr(servers.os, "access", lambda path, mode: False)


@pytest.mark.usefixtures("nothing_installed")
def test_a_missing_program_skips_with_the_package_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install redis-server"):
        servers.need("redis-server")


@pytest.mark.usefixtures("nothing_installed")
def test_a_missing_program_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="nginx is not installed"):
        servers.need("nginx")
