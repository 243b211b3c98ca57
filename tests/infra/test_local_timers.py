"""The local timer runner runs the timers' own definition: its retries and its dead letters."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from functions.service.timers import state_machine_definition
from infra.local.timers import TimerRunner

FUNCTION = "arn:aws:lambda:us-east-1:123456789012:function:timer"


class FlakyError(RuntimeError):
    pass


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, Any, str, str]]:
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)
    with mock_aws():
        sqs = boto3.client("sqs", region_name="us-east-1")
        queue = sqs.create_queue(QueueName="dead")["QueueUrl"]
        sfn = boto3.client("stepfunctions", region_name="us-east-1")
        arn = sfn.create_state_machine(
            name="timers", roleArn="arn:aws:iam::123456789012:role/t",
            definition=json.dumps(state_machine_definition(FUNCTION, queue)))["stateMachineArn"]
        yield sfn, sqs, arn, queue


def _run(aws: tuple[Any, Any, str, str], handler: Any) -> TimerRunner:
    sfn, sqs, arn, _ = aws
    runner = TimerRunner(sfn, arn, {FUNCTION: handler}, sqs, retry_scale=0.01)
    sfn.start_execution(stateMachineArn=arn, name="turn-m-1",
                        input=json.dumps({"seconds": 0, "kind": "turn", "matchId": "m",
                                          "turn": 1}))
    runner.start()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not (runner.fired or runner.dead_lettered):
        time.sleep(0.05)
    runner.stop()
    return runner


def test_a_failing_timer_is_retried_until_it_works(aws: tuple[Any, Any, str, str]) -> None:
    calls: list[dict[str, Any]] = []

    def flaky(payload: dict[str, Any], context: Any) -> None:
        calls.append(payload)
        if len(calls) < 4:
            raise FlakyError("the table said no")

    runner = _run(aws, flaky)
    assert (runner.fired, runner.retried, runner.dead_lettered) == (1, 3, 0)
    assert all(c["matchId"] == "m" for c in calls)


def test_a_timer_that_keeps_failing_goes_to_the_dead_letter_queue(
        aws: tuple[Any, Any, str, str]) -> None:
    calls: list[int] = []

    def broken(payload: dict[str, Any], context: Any) -> None:
        calls.append(1)
        raise FlakyError("always")

    runner = _run(aws, broken)
    # The definition's handler retrier: 5 retries after the first attempt, then the catch.
    assert (len(calls), runner.fired, runner.dead_lettered) == (6, 0, 1)
    _, sqs, _, queue = aws
    [message] = sqs.receive_message(QueueUrl=queue)["Messages"]
    body = json.loads(message["Body"])
    assert body["matchId"] == "m" and body["error"]["Error"] == "FlakyError"
