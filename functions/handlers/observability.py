"""Structured logs and CloudWatch metrics for every handler, on the standard library alone.

Log lines are JSON (``level``, ``message``, ``service``, ``function_request_id``,
``correlation_id``, ``cold_start`` and the ``extra`` fields); metrics are CloudWatch's
embedded metric format, one line per invocation, in the ``Vanlexis`` namespace with a
``service`` dimension (what the dashboard and the alarms read). Written here rather than taken
from Powertools, whose logger, metrics and tracer cost about 90 ms of imports on every cold
start (390 ms more with the X-Ray SDK): Lambda's active tracing still records every
invocation, and each message's latency is the ``LatencyMs`` metric.

Settings: ``LOG_LEVEL`` (INFO), ``METRICS_NAMESPACE`` (Vanlexis), ``METRICS_DISABLED``
(``true`` in the local stack, where the lines would only clutter the terminal).
"""

from __future__ import annotations

import functools
import json
import logging
import os
import sys
import time
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

SERVICE = "vanlexis"
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message"}

R = TypeVar("R")
Handler = Callable[[dict[str, Any], Any], R]


class LambdaContext(Protocol):
    """What a handler reads of Lambda's context object."""

    @property
    def aws_request_id(self) -> str: ...


class _Json(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {"level": record.levelname, "message": record.getMessage(), "service": SERVICE,
                "timestamp": round(record.created * 1000),
                **{k: v for k, v in vars(record).items() if k not in _STANDARD}}
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def _path(data: Any, dotted: str) -> Any:
    for key in dotted.split("."):
        data = data.get(key) if isinstance(data, dict) else None
    return data


class Logger:
    def __init__(self) -> None:
        self._log = logging.getLogger(SERVICE)
        self._log.propagate = False
        if not self._log.handlers:
            out = logging.StreamHandler(sys.stdout)
            out.setFormatter(_Json())
            self._log.addHandler(out)
        self._context: dict[str, Any] = {}
        self._cold = True

    def _emit(self, level: int, message: str, extra: dict[str, Any] | None,
              exc_info: bool = False) -> None:
        self._log.log(level, message, extra={**self._context, **(extra or {})},
                      exc_info=exc_info)

    def info(self, message: str, extra: dict[str, Any] | None = None) -> None:
        self._emit(logging.INFO, message, extra)

    def warning(self, message: str, extra: dict[str, Any] | None = None) -> None:
        self._emit(logging.WARNING, message, extra)

    def exception(self, message: str, extra: dict[str, Any] | None = None) -> None:
        self._emit(logging.ERROR, message, extra, exc_info=True)

    def inject_lambda_context(self, correlation_id_path: str | None = None
                              ) -> Callable[[Handler[R]], Handler[R]]:
        """Every line of an invocation names its request, its correlation id (a path into
        the event) and whether it was the container's first invocation."""
        def wrap(handler: Handler[R]) -> Handler[R]:
            @functools.wraps(handler)
            def run(event: dict[str, Any], context: Any) -> R:
                self._log.setLevel(os.environ.get("LOG_LEVEL", "INFO").upper())
                self._context = {
                    "function_request_id": getattr(context, "aws_request_id", None),
                    "cold_start": self._cold}
                if correlation_id_path:
                    self._context["correlation_id"] = _path(event, correlation_id_path)
                self._cold = False
                return handler(event, context)
            return run
        return wrap


class Metrics:
    """Counts and timings added during an invocation, written as one embedded-metric line."""

    def __init__(self) -> None:
        self._values: dict[str, tuple[str, list[float]]] = {}

    def add_metric(self, name: str, unit: str, value: float) -> None:
        self._values.setdefault(name, (unit, []))[1].append(value)

    def flush(self) -> str | None:
        """The line for what was added (None if nothing), and start again."""
        values, self._values = self._values, {}
        if not values:
            return None
        line: dict[str, Any] = {"_aws": {
            "Timestamp": int(time.time() * 1000),
            "CloudWatchMetrics": [{"Namespace": os.environ.get("METRICS_NAMESPACE", "Vanlexis"),
                                   "Dimensions": [["service"]],
                                   "Metrics": [{"Name": n, "Unit": u}
                                               for n, (u, _) in values.items()]}]},
            "service": SERVICE}
        line.update({n: v[0] if len(v) == 1 else v for n, (_, v) in values.items()})
        return json.dumps(line)

    def log_metrics(self, handler: Handler[R]) -> Handler[R]:
        @functools.wraps(handler)
        def run(event: dict[str, Any], context: Any) -> R:
            try:
                return handler(event, context)
            finally:
                line = self.flush()
                disabled = os.environ.get("METRICS_DISABLED", "").lower() in ("1", "true")
                if line and not disabled:
                    print(line, flush=True)
        return run


logger = Logger()
metrics = Metrics()

#: service counters published as metrics (lost races, bot turns, matches started and settled)
_COUNTERS = {"conflicts": "LostRaces", "bot_turns": "BotTurns",
             "matches_started": "MatchesStarted", "matches_settled": "MatchesSettled"}


def publish_counters(counters: dict[str, int]) -> None:
    """Turn what the services counted during this invocation into metrics, and start over."""
    for key, name in _COUNTERS.items():
        if counters.get(key):
            metrics.add_metric(name=name, unit="Count", value=counters[key])
    counters.clear()
