"""The timer runner: what Step Functions does in the cloud, for the local stack.

moto records the executions the handlers start but does not run them. This runner does, from
the state machine's own definition: it waits the ``Wait`` state's ``SecondsPath`` seconds from
the execution's start (for real), then invokes the function the ``Fire`` state names with the
execution's input, retrying a failure as that state's ``Retry`` says (each retrier's interval,
backoff, cap and number of attempts; jitter left out), and when the retries are spent does
what its ``Catch`` says: sends the input, with the error, to the dead-letter queue, retrying
that send as the ``DeadLetter`` state's own ``Retry`` says; a send that still fails is a lost
record (counted and logged, where the cloud counts it in a metric). Then it stops the
execution. Executions started while the runner was down fire at once when it starts.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from infra.local.background import Background
from infra.local.gateway import LambdaContext

POLL_S = 0.2


class TimerRunner(Background):
    thread_name = "timers"

    def __init__(self, sfn: Any, state_machine_arn: str,
                 functions: dict[str, Callable[[dict[str, Any], Any], Any]],
                 sqs: Any = None, retry_scale: float = 1.0,
                 clock: Callable[[], float] = time.time) -> None:
        super().__init__()
        self.clock = clock  # the stack's clock, which its tests move forward
        self.sfn = sfn
        self.retry_scale = retry_scale  # tests shorten the retries' waits
        self.sqs = sqs
        self.arn = state_machine_arn
        self.functions = functions
        definition = json.loads(sfn.describe_state_machine(stateMachineArn=state_machine_arn)
                                ["definition"])
        states = definition["States"]
        self.seconds_key = states["Wait"]["SecondsPath"].removeprefix("$.")
        fire = states["Fire"]
        self.function = fire["Parameters"]["FunctionName"]
        self.retriers: list[dict[str, Any]] = list(fire.get("Retry", []))
        self.catchers: list[dict[str, Any]] = list(fire.get("Catch", []))
        self.states = states
        self.due: dict[str, tuple[float, dict[str, Any]]] = {}
        self.fired = 0
        self.failed = 0  # attempts that raised
        self.retried = 0
        self.dead_lettered = 0
        self.lost = 0  # dead-letter sends that failed after their retries

    def _scan(self) -> None:
        pages = self.sfn.get_paginator("list_executions").paginate(
            stateMachineArn=self.arn, statusFilter="RUNNING")
        for page in pages:
            for item in page["executions"]:
                arn = item["executionArn"]
                if arn in self.due:
                    continue
                described = self.sfn.describe_execution(executionArn=arn)
                payload = json.loads(described["input"])
                # Started on the wall clock; due on the stack's (which may run ahead of it).
                started = described["startDate"].timestamp() + self.clock() - time.time()
                self.due[arn] = (started + float(payload.get(self.seconds_key, 0)), payload)

    def _fire(self, arn: str, payload: dict[str, Any]) -> None:
        handler = self.functions[self.function]
        attempts = [0] * len(self.retriers)
        while not self._stop.is_set():
            try:
                handler(payload, LambdaContext("timer", arn.rsplit(":", 1)[-1]))
                self.fired += 1
                break
            except Exception as exc:  # the function failed: what the definition says to do
                self.failed += 1
                delay = self._retry_delay(type(exc).__name__, attempts)
                if delay is None:
                    self._catch(payload, exc)
                    break
                self.retried += 1
                self._stop.wait(delay * self.retry_scale)
        with contextlib.suppress(Exception):
            self.sfn.stop_execution(executionArn=arn, cause="fired by the local timer runner")

    def _stopped(self, arn: str) -> bool:
        """A timer stopped since it was seen (its turn ended early) does not fire."""
        try:
            status = self.sfn.describe_execution(executionArn=arn)["status"]
        except Exception:  # moto restarting: fire, the handler checks the turn anyway
            return False
        if status != "RUNNING":
            self.due[arn] = (0.0, None)  # type: ignore[assignment]
            return True
        return False

    def _retry_delay(self, error: str, attempts: list[int],
                     retriers: list[dict[str, Any]] | None = None) -> float | None:
        """Seconds before the next attempt, as the first retrier (of the ``Fire`` state unless
        given) that matches ``error`` says; None when none matches or its attempts are spent."""
        for i, retrier in enumerate(self.retriers if retriers is None else retriers):
            if not _matches(error, retrier["ErrorEquals"]):
                continue
            if attempts[i] >= int(retrier.get("MaxAttempts", 3)):
                return None
            delay = float(retrier.get("IntervalSeconds", 1)) * \
                float(retrier.get("BackoffRate", 2.0)) ** attempts[i]
            attempts[i] += 1
            return min(delay, float(retrier.get("MaxDelaySeconds", delay)))
        return None

    def _catch(self, payload: dict[str, Any], exc: Exception) -> None:
        """The first matching catcher's next state: the dead-letter queue's send."""
        catcher = next((c for c in self.catchers
                        if _matches(type(exc).__name__, c["ErrorEquals"])), None)
        if catcher is None:
            return
        state = self.states[catcher["Next"]]
        if not str(state.get("Resource", "")).endswith(":states:::sqs:sendMessage"):
            return
        error = {"Error": type(exc).__name__, "Cause": str(exc)[:1000]}
        body = {**payload, catcher.get("ResultPath", "$.error").removeprefix("$."): error}
        if self.sqs is None:
            self.dead_lettered += 1
            return
        retriers: list[dict[str, Any]] = list(state.get("Retry", []))
        attempts = [0] * len(retriers)
        while not self._stop.is_set():
            try:
                self.sqs.send_message(QueueUrl=state["Parameters"]["QueueUrl"],
                                      MessageBody=json.dumps(body))
                self.dead_lettered += 1
                return
            except Exception as send_error:
                delay = self._retry_delay(type(send_error).__name__, attempts, retriers)
                if delay is None:
                    break
                self._stop.wait(delay * self.retry_scale)
        self.lost += 1
        logging.getLogger("vanlexis.timers").error(
            "timer record lost: the dead-letter queue refused %s", json.dumps(payload))

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._scan()
            except Exception:  # moto restarting or stopping: try again
                time.sleep(POLL_S)
                continue
            now = self.clock()
            for arn, (at, payload) in list(self.due.items()):
                if at <= now and payload is not None and not self._stopped(arn):
                    self.due[arn] = (at, None)  # type: ignore[assignment]
                    threading.Thread(target=self._fire, args=(arn, payload),
                                     daemon=True).start()
            self._stop.wait(POLL_S)


def _matches(error: str, names: list[str]) -> bool:
    """Step Functions' matching: ``States.ALL`` matches any error, ``States.TaskFailed`` any
    but a timeout, and any other name itself."""
    return "States.ALL" in names or error in names or (
        "States.TaskFailed" in names and error != "States.Timeout")


class Every(Background):
    """What an EventBridge schedule does: call ``run`` every ``seconds`` (the overdue-turn
    sweep), in its own thread; a failing run is logged and the next one comes anyway."""

    thread_name = "schedule"

    def __init__(self, seconds: float, run: Callable[[], Any]) -> None:
        super().__init__()
        self.seconds = seconds
        self.task = run

    def _run(self) -> None:
        while not self._stop.wait(self.seconds):
            try:
                self.task()
            except Exception:
                logging.getLogger("vanlexis.schedule").exception("scheduled run failed")
