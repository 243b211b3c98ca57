"""Functional tests: the real handlers against moto's AWS, one fresh world per test."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
os.environ.setdefault("AWS_ACCESS_KEY_ID", "testing")
os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "testing")
os.environ["POWERTOOLS_TRACE_DISABLED"] = "1"
os.environ["POWERTOOLS_METRICS_NAMESPACE"] = "VanlexisTest"
os.environ["POWERTOOLS_LOG_LEVEL"] = "WARNING"

from moto import mock_aws

from functions import runtime
from tests.functional.world import World


@pytest.fixture
def world(monkeypatch: pytest.MonkeyPatch) -> Iterator[World]:
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)  # moto's in-process mock, always
    with mock_aws():
        yield World()
    runtime.install(None)
