"""Shared pytest options, and the local stack for the end-to-end and browser tests."""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from functions import identity_runtime, runtime
from infra.local.stack import LocalStack, Ports

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


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def queue_wait_s() -> int:
    """How long the local stack's queue waits before robots fill a table."""
    return 3


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory, queue_wait_s: int) -> Iterator[LocalStack]:
    """The whole local stack on free ports, for one test module. It configures the handlers
    through the environment, as Lambda does; the environment is restored afterwards."""
    saved = dict(os.environ)
    local = LocalStack(ports=Ports(_free_port(), _free_port(), _free_port()),
                       data=Path(tmp_path_factory.mktemp("local")), queue_wait_s=queue_wait_s)
    ready = threading.Event()
    thread = threading.Thread(target=local.run, args=(ready,), daemon=True)
    thread.start()
    assert ready.wait(60), "the local stack did not start"
    yield local
    local.stop()
    thread.join(timeout=20)
    runtime.install(None)
    identity_runtime.install(None)
    os.environ.clear()
    os.environ.update(saved)
