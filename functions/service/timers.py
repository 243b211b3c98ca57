"""Turn timeouts and the queue's bot fill, as Step Functions executions.

Each timer is one execution of a Standard state machine ``Wait(SecondsPath) → invoke the timer
handler``. Its name is derived from what it times (the match and turn, or the queue table), so
scheduling the same timer twice starts it once: Step Functions refuses a second execution with
the same name. The handler reloads the state and does nothing if the timed turn is over.
"""

from __future__ import annotations

import json
import re
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

_NAME = re.compile(r"[^A-Za-z0-9_-]")


#: Lambda's own hiccups (throttling, a service error): retried quickly
_SERVICE_ERRORS = ["Lambda.ServiceException", "Lambda.AWSLambdaException",
                   "Lambda.SdkClientException", "Lambda.TooManyRequestsException"]


#: The metric a timer counts when even its dead-letter send failed (alarmed on).
LOST_METRIC = "TimerRecordsLost"


def state_machine_definition(timer_function_arn: str, dead_letter_queue_url: str,
                             partition: str = "aws",
                             metric_namespace: str = "Vanlexis") -> dict[str, Any]:
    """The timers' state machine (Amazon States Language), shared by the CDK app and the local
    stack: wait the input's ``seconds``, then invoke the timer handler with the whole input.

    A timer that fails is a match that stops for good, so the handler's own failures (a
    conflict it could not win, a table hiccup) are retried with backoff for about a minute
    (the handler is idempotent: it reloads the match and does nothing if the turn is over).
    What still fails goes, with its error, to the dead-letter queue, and the execution fails:
    both are alarmed on, and the periodic sweep re-arms the overdue turn.

    The send to the queue is retried too (a throttled or failed send, with backoff and jitter,
    for about a minute), or the record of the stuck turn would be lost. When even that fails,
    the execution counts the loss in the stage's ``TimerRecordsLost`` metric (alarmed on: the
    only trace left is the execution's own history) and fails as ``TimerRecordLost``.
    """
    return {
        "Comment": "Vanlexis timers: a turn's deadline or a queue table's bot fill.",
        "StartAt": "Wait",
        "States": {
            "Wait": {"Type": "Wait", "SecondsPath": "$.seconds", "Next": "Fire"},
            "Fire": {
                "Type": "Task",
                "Resource": f"arn:{partition}:states:::lambda:invoke",
                "Parameters": {"FunctionName": timer_function_arn, "Payload.$": "$"},
                "Retry": [
                    {"ErrorEquals": _SERVICE_ERRORS, "IntervalSeconds": 1, "MaxAttempts": 3,
                     "BackoffRate": 2.0},
                    {"ErrorEquals": ["States.TaskFailed"], "IntervalSeconds": 2,
                     "MaxAttempts": 5, "BackoffRate": 2.0, "MaxDelaySeconds": 30,
                     "JitterStrategy": "FULL"},
                ],
                "Catch": [{"ErrorEquals": ["States.ALL"], "ResultPath": "$.error",
                           "Next": "DeadLetter"}],
                "End": True,
            },
            "DeadLetter": {
                "Type": "Task",
                "Resource": f"arn:{partition}:states:::sqs:sendMessage",
                "Parameters": {"QueueUrl": dead_letter_queue_url,
                               "MessageBody.$": "States.JsonToString($)"},
                "Retry": [{"ErrorEquals": ["States.ALL"], "IntervalSeconds": 1,
                           "MaxAttempts": 6, "BackoffRate": 2.0, "MaxDelaySeconds": 20,
                           "JitterStrategy": "FULL"}],
                "Catch": [{"ErrorEquals": ["States.ALL"], "ResultPath": "$.deadLetterError",
                           "Next": "CountLost"}],
                "Next": "Failed",
            },
            "CountLost": {
                "Type": "Task",
                "Resource": f"arn:{partition}:states:::aws-sdk:cloudwatch:putMetricData",
                "Parameters": {"Namespace": metric_namespace, "MetricData": [
                    {"MetricName": LOST_METRIC, "Value": 1, "Unit": "Count"}]},
                "Retry": [{"ErrorEquals": ["States.ALL"], "IntervalSeconds": 2,
                           "MaxAttempts": 3, "BackoffRate": 2.0}],
                "Catch": [{"ErrorEquals": ["States.ALL"], "ResultPath": "$.metricError",
                           "Next": "Lost"}],
                "Next": "Lost",
            },
            "Failed": {"Type": "Fail", "Error": "TimerFailed",
                       "Cause": "the timer handler kept failing; its input is in the "
                                "dead-letter queue"},
            "Lost": {"Type": "Fail", "Error": "TimerRecordLost",
                     "Cause": "the timer handler kept failing and its input could not be "
                              "put in the dead-letter queue; the periodic sweep re-arms the "
                              "overdue turn"},
        },
    }


def turn_timer_name(match_id: str, turn: int, deadline_ms: int | None = None) -> str:
    """The timer of a turn; with ``deadline_ms``, of that turn's later deadline (its clock
    was stopped or restarted: Step Functions never reuses an execution's name)."""
    base = f"turn-{match_id}-{turn}" + (f"-{deadline_ms}" if deadline_ms is not None else "")
    return _NAME.sub("-", base)[:80]


def fill_timer_name(table_id: str) -> str:
    return _NAME.sub("-", f"fill-{table_id}")[:80]


class Timers:
    def __init__(self, client: Any, state_machine_arn: str) -> None:
        self.client = client
        self.arn = state_machine_arn
        self.started = 0  # executions started (each costs a few state transitions)
        self.stopped = 0

    def schedule(self, name: str, seconds: int, payload: dict[str, Any]) -> bool:
        """Start the timer; False if a timer of that name already exists."""
        body = {"seconds": max(1, int(seconds)), **payload}
        try:
            self.client.start_execution(stateMachineArn=self.arn, name=name,
                                        input=json.dumps(body))
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") == "ExecutionAlreadyExists":
                return False
            raise
        self.started += 1
        return True

    def stop(self, name: str) -> bool:
        """Stop a timer that is no longer needed (its turn ended early), so it never fires:
        a stopped execution costs one state transition instead of two, and no invocation.
        Best effort: a timer already fired or gone is simply not stopped."""
        execution = self.arn.replace(":stateMachine:", ":execution:", 1) + ":" + name
        try:
            self.client.stop_execution(executionArn=execution, cause="the turn ended")
        except (ClientError, BotoCoreError):
            return False
        self.stopped += 1
        return True
