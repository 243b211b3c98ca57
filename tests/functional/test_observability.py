"""What an operator reads: Powertools' log lines with the Lambda context and the correlation
keys, and the embedded metric lines with the cold-start metric.

Each case runs in a fresh interpreter, as a Lambda container starts: Powertools reads its
settings when the handlers are imported, and a cold start happens once per process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]

#: a player connects, asks for a match that does not exist, then says hello
SCRIPT = """
import json, sys
from moto import mock_aws
with mock_aws():
    from infra.local.in_process import World
    world = World()
    client = world.connect("Bia")
    print(json.dumps({"connection": client.connection_id}))
    world.deliver(client.connection_id, json.dumps(
        {"action": "resume", "requestId": "r-42", "matchId": "m-nenhuma"}), "resume")
    world.deliver(client.connection_id, json.dumps({"action": "hello", "requestId": "r-43"}),
                  "hello")
    for n in range(int(sys.argv[1])):
        world.deliver(client.connection_id, json.dumps({"action": "ping"}), "ping")
"""


def _run(pings: int = 0, **env: str) -> tuple[str, list[dict[str, Any]], list[dict[str, Any]]]:
    """The connection id, the log lines and the embedded metric lines of one run."""
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(pings)], cwd=REPO, capture_output=True, text=True,
        timeout=120, check=False,
        env={**{k: v for k, v in os.environ.items() if not k.startswith("POWERTOOLS_")},
             "AWS_DEFAULT_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": "testing",
             "AWS_SECRET_ACCESS_KEY": "testing", "POWERTOOLS_METRICS_NAMESPACE": "VanlexisTest",
             **env})
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    [connection] = [line["connection"] for line in lines if "connection" in line]
    return (connection, [line for line in lines if "level" in line],
            [line for line in lines if "_aws" in line])


def test_a_refusal_is_logged_with_the_lambda_context_and_the_correlation_keys() -> None:
    connection, logs, _ = _run(POWERTOOLS_LOG_LEVEL="INFO")
    [refused] = [line for line in logs if line["message"] == "refused"]
    assert refused["level"] == "INFO"
    assert refused["service"] == "vanlexis"
    assert refused["code"] == "match.not_found"
    # the Lambda context (the in-process world's stand-in) and API Gateway's request id
    assert refused["function_name"] == "test"
    assert refused["function_request_id"] == "req"
    assert refused["cold_start"] is False  # the authorizer ran first in this process
    assert refused["correlation_id"] == "m"
    # this invocation's keys
    assert refused["connectionId"] == connection
    assert refused["requestId"] == "r-42"
    assert refused["matchId"] == "m-nenhuma"


def test_debug_lines_appear_in_a_sampled_invocation_and_keys_do_not_leak() -> None:
    _, logs, _ = _run(POWERTOOLS_LOG_LEVEL="INFO", POWERTOOLS_LOGGER_SAMPLE_RATE="1")
    [hello] = [line for line in logs if line["message"] == "answered"
               and line.get("action") == "hello"]
    assert hello["level"] == "DEBUG"
    assert hello["requestId"] == "r-43"
    assert "matchId" not in hello  # the previous message's match is not this one's


def test_nothing_below_the_level_without_sampling() -> None:
    _, logs, _ = _run(POWERTOOLS_LOG_LEVEL="INFO")
    assert logs, "the refusal is logged"
    assert all(line["level"] != "DEBUG" for line in logs)


def test_metrics_are_embedded_lines_in_the_namespace_with_the_cold_start() -> None:
    _, _, emf = _run()
    def named(line: dict[str, Any]) -> set[str]:
        return {m["Name"] for d in line["_aws"]["CloudWatchMetrics"] for m in d["Metrics"]}

    assert all(d["Namespace"] == "VanlexisTest"
               for line in emf for d in line["_aws"]["CloudWatchMetrics"])
    [cold] = [line for line in emf if "ColdStart" in named(line)]
    assert cold["ColdStart"] == [1.0]
    assert cold["function_name"] == "test"
    assert cold["_aws"]["CloudWatchMetrics"][0]["Dimensions"] == [["function_name", "service"]]
    # The message path's metrics carry the service dimension the dashboard reads.
    [refusal] = [line for line in emf if "Errors" in named(line)]
    assert refusal["service"] == "vanlexis"
    assert {"Errors", "LatencyMs"} <= named(refusal)
    assert ["service"] in refusal["_aws"]["CloudWatchMetrics"][0]["Dimensions"]


def test_disabled_metrics_print_nothing_however_many_invocations() -> None:
    # Powertools keeps unflushed values while disabled and prints them at 100: each
    # invocation starts from none, so nothing ever reaches the terminal.
    _, _, emf = _run(pings=110, POWERTOOLS_METRICS_DISABLED="true")
    assert emf == []
