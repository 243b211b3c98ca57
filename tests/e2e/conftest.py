"""End-to-end tests: the whole local stack in a thread, real sockets, real timers."""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from functions import runtime
from infra.local.stack import LocalStack, Ports


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalStack]:
    saved = dict(os.environ)
    local = LocalStack(ports=Ports(_free_port(), _free_port(), _free_port()),
                       data=Path(tmp_path_factory.mktemp("local")), queue_wait_s=3)
    ready = threading.Event()
    thread = threading.Thread(target=local.run, args=(ready,), daemon=True)
    thread.start()
    assert ready.wait(60), "the local stack did not start"
    runtime.install(None)
    yield local
    local.stop()
    thread.join(timeout=20)
    runtime.install(None)
    os.environ.clear()
    os.environ.update(saved)
