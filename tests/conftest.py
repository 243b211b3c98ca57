"""Shared pytest options."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# CI replays the same examples on every run, so a red build always means a changed program;
# locally, hypothesis explores new examples and keeps the failing ones in .hypothesis/.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden", action="store_true", default=False,
        help="rewrite the golden files in tests/golden from the current code",
    )


@pytest.fixture()
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
