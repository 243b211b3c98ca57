"""The timer runner: what Step Functions does in the cloud, for the local stack.

moto records the executions the handlers start but does not run them. This runner does, from
the state machine's own definition: it waits the ``Wait`` state's ``SecondsPath`` seconds from
the execution's start (for real), then invokes the function the ``Task`` state names with the
payload it names (the execution's input), and stops the execution. Executions started while
the runner was down fire at once when it starts.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable
from typing import Any

from infra.local.gateway import LambdaContext

POLL_S = 0.2


class TimerRunner:
    def __init__(self, sfn: Any, state_machine_arn: str,
                 functions: dict[str, Callable[[dict[str, Any], Any], Any]]) -> None:
        self.sfn = sfn
        self.arn = state_machine_arn
        self.functions = functions
        definition = json.loads(sfn.describe_state_machine(stateMachineArn=state_machine_arn)
                                ["definition"])
        states = definition["States"]
        self.seconds_key = states["Wait"]["SecondsPath"].removeprefix("$.")
        self.function = states["Fire"]["Parameters"]["FunctionName"]
        self.due: dict[str, tuple[float, dict[str, Any]]] = {}
        self.fired = 0
        self.failed = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="timers", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

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
                started = described["startDate"].timestamp()
                self.due[arn] = (started + float(payload.get(self.seconds_key, 0)), payload)

    def _fire(self, arn: str, payload: dict[str, Any]) -> None:
        handler = self.functions[self.function]
        try:
            handler(payload, LambdaContext("timer", arn.rsplit(":", 1)[-1]))
            self.fired += 1
        except Exception:
            self.failed += 1
        with contextlib.suppress(Exception):
            self.sfn.stop_execution(executionArn=arn, cause="fired by the local timer runner")

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._scan()
            except Exception:  # moto restarting or stopping: try again
                time.sleep(POLL_S)
                continue
            now = time.time()
            for arn, (at, payload) in list(self.due.items()):
                if at <= now and payload is not None:
                    self.due[arn] = (at, None)  # type: ignore[assignment]
                    threading.Thread(target=self._fire, args=(arn, payload),
                                     daemon=True).start()
            self._stop.wait(POLL_S)
