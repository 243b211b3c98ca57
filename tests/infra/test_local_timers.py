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
    while time.monotonic() < deadline and not (runner.fired or runner.dead_lettered or
                                               runner.lost):
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


class RefusingQueue:
    """An SQS client whose sends fail ``failures`` times (throttled), then work."""

    def __init__(self, sqs: Any, failures: int) -> None:
        self.sqs, self.failures, self.sends = sqs, failures, 0

    def send_message(self, **kwargs: Any) -> Any:
        self.sends += 1
        if self.sends <= self.failures:
            raise FlakyError("ThrottlingException")
        return self.sqs.send_message(**kwargs)


def _broken(payload: dict[str, Any], context: Any) -> None:
    raise FlakyError("always")


@pytest.mark.parametrize(("failures", "delivered", "lost", "sends"),
                         [(3, 1, 0, 4), (100, 0, 1, 7)])
def test_the_dead_letter_send_is_retried_and_a_final_failure_is_counted(
        aws: tuple[Any, Any, str, str], failures: int, delivered: int, lost: int,
        sends: int) -> None:
    """The DeadLetter state's own retrier: a throttled send is tried again (6 retries); when
    they are spent the record is lost, and counted."""
    sfn, sqs, arn, queue = aws
    refusing = RefusingQueue(sqs, failures)
    runner = _run((sfn, refusing, arn, queue), _broken)
    assert (runner.dead_lettered, runner.lost, refusing.sends) == (delivered, lost, sends)
    messages = sqs.receive_message(QueueUrl=queue).get("Messages", [])
    assert len(messages) == delivered


def test_a_lost_record_is_counted_in_the_stage_metric_and_fails_the_execution() -> None:
    definition = state_machine_definition(FUNCTION, "https://queue", "aws", "Vanlexis/prod")
    states = definition["States"]
    assert states["DeadLetter"]["Retry"][0]["MaxAttempts"] == 6
    assert states["DeadLetter"]["Catch"][0]["Next"] == "CountLost"
    count = states["CountLost"]
    assert count["Resource"].endswith(":states:::aws-sdk:cloudwatch:putMetricData")
    assert count["Parameters"]["Namespace"] == "Vanlexis/prod"
    assert count["Parameters"]["MetricData"][0]["MetricName"] == "TimerRecordsLost"
    assert count["Next"] == count["Catch"][0]["Next"] == "Lost"
    assert states["Lost"] == {**states["Lost"], "Type": "Fail", "Error": "TimerRecordLost"}
