"""Browser tests: Debian's Chromium driven by Playwright against the local stack.

Screenshots and the performance figures go to ``test-artifacts/browser/``. The tests are
skipped, with the reason, where no Chromium is installed (``apt-get install chromium``;
``make test`` installs it when it can).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def queue_wait_s() -> int:
    """Long enough for a slow machine to photograph a player alone in the queue before robots
    fill the table; two people who queue together are matched at once anyway."""
    return 30


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if CHROMIUM is None:
        pytest.skip("no Chromium on this machine (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield chromium
        chromium.close()
