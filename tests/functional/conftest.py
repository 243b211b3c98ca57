"""Functional tests: the real handlers against moto's AWS, one fresh world per test."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
os.environ.setdefault("AWS_ACCESS_KEY_ID", "testing")
os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "testing")
os.environ["POWERTOOLS_METRICS_NAMESPACE"] = "VanlexisTest"
os.environ["POWERTOOLS_LOG_LEVEL"] = "WARNING"

import functools
import importlib
from typing import Any

from moto import mock_aws

from functions import identity_runtime, runtime
from infra.cdk.function_specs import SPECS
from infra.local.in_process import World
from tests.functional.access import RecordingClient, Use, check_granted, running

USES: set[Use] = set()
REFUSED: list[str] = []  # what the cloud would refuse (a handler may swallow the error)


def _record(use: Use) -> None:
    try:
        check_granted(use)
    except AssertionError as refused:
        REFUSED.append(str(refused))
        raise


def _as_function(name: str, handler: Any) -> Any:
    @functools.wraps(handler)
    def run(*args: Any, **kwargs: Any) -> Any:
        with running(name):
            return handler(*args, **kwargs)
    return run


@pytest.fixture
def world(monkeypatch: pytest.MonkeyPatch) -> Iterator[World]:
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)  # moto's in-process mock, always
    for name, (path, *_) in SPECS.items():
        module_name, attribute = path.rsplit(".", 1)
        module = importlib.import_module(module_name)
        monkeypatch.setattr(module, attribute, _as_function(name, getattr(module, attribute)))
    with mock_aws():
        made = World()
        # What each function does to the table, the timers and the management API is checked
        # against what the stack grants it (tests/functional/access.py).
        made.repository.client = RecordingClient(made.repository.client, USES, _record)
        made.runtime.ctx.timers.client = RecordingClient(made.runtime.ctx.timers.client, USES,
                                                         _record)
        made.runtime.ctx.notifier.client = RecordingClient(made.runtime.ctx.notifier.client,
                                                           USES, _record)
        made.identity.connections_api = RecordingClient(made.identity.connections_api, USES,
                                                        _record)
        yield made
    runtime.install(None)
    identity_runtime.install(None)
    refused, REFUSED[:] = list(REFUSED), []
    assert not refused, refused[0]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The grant check last: it reads what every other functional test recorded."""
    last = [i for i in items if i.name == "test_every_grant_is_used_by_the_functional_tests"]
    items[:] = [i for i in items if i not in last] + last
