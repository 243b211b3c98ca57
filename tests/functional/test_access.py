"""Least privilege, checked from both sides. Every functional test records what each deployed
function does to the table, the timers and the management API, and fails at once on anything
``infra/cdk/access.py`` does not grant (``conftest.py``). This test runs after all of them and
fails on anything granted that none of them used: a grant nobody needs is a grant to remove
(or a path with no test)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.functional.access import granted_uses
from tests.functional.conftest import USES

HERE = Path(__file__).parent


def test_every_grant_is_used_by_the_functional_tests(request: pytest.FixtureRequest) -> None:
    session = request.session
    ran = {Path(str(item.path)).name for item in session.items}
    files = {p.name for p in HERE.glob("test_*.py")}
    selected = not (request.config.option.keyword or request.config.option.markexpr)
    if not (files <= ran and selected):
        pytest.skip("reads what the whole functional suite recorded: run all of it")
    unused = sorted(granted_uses() - USES)
    assert not unused, f"granted but never used: {unused}"
