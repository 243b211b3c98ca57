"""Structured logs and CloudWatch metrics for every handler, by Powertools for AWS Lambda.

Every log line is Powertools' JSON: ``level``, ``location``, ``message``, ``timestamp``,
``service``, the Lambda context (``function_name``, ``function_request_id``, ``cold_start``
and the rest), API Gateway's ``correlation_id`` where the event has one, and this
invocation's correlation keys (:func:`correlate`: ``connectionId``, ``matchId``,
``requestId``, the client's id of its message). Metrics are one embedded-metric line per
invocation in the stage's namespace with a ``service`` dimension (what the dashboard and the
alarms read), plus Powertools' ``ColdStart`` metric on a container's first invocation.

Settings, Powertools' own: ``POWERTOOLS_LOG_LEVEL`` (INFO), ``POWERTOOLS_LOGGER_SAMPLE_RATE``
(the share of invocations logged at DEBUG), ``POWERTOOLS_METRICS_NAMESPACE``,
``POWERTOOLS_METRICS_DISABLED`` (``true`` in the local stack unless asked for).

The tracer is not used: Lambda's active tracing (``-c tracing=on``) already records every
invocation, and Powertools' tracer would import the X-Ray SDK on every cold start (about
390 ms measured here) to add subsegments no alarm reads.

The correlation keys live in a context variable (Powertools' thread-safe keys), not in the
logger's shared state: the local stack runs many invocations at once on worker threads.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics.functions import is_metrics_disabled

SERVICE = "vanlexis"


class LambdaContext(Protocol):
    """What Powertools reads of Lambda's context object. A protocol rather than Powertools'
    own class, so that the local stack's and the tests' stand-ins type-check too."""

    @property
    def function_name(self) -> str: ...
    @property
    def memory_limit_in_mb(self) -> int: ...
    @property
    def invoked_function_arn(self) -> str: ...
    @property
    def aws_request_id(self) -> str: ...


R = TypeVar("R")
Handler = Callable[[dict[str, Any], LambdaContext], R]

__all__ = ["SERVICE", "LambdaContext", "correlate", "logger", "metrics", "observed",
           "publish_counters"]

logger = Logger(service=SERVICE)
metrics = Metrics(service=SERVICE)

# A function that counted nothing (an authorizer allowing a ticket) is not a fault: Powertools
# would warn on every such invocation.
warnings.filterwarnings("ignore", message="No application metrics to publish")

#: where API Gateway (WebSocket and HTTP APIs alike) puts its id of the request
API_GATEWAY_REQUEST_ID = "requestContext.requestId"


def observed(correlation_id_path: str | None = None
             ) -> Callable[[Handler[R]], Handler[R]]:
    """Wrap a Lambda handler: the Lambda context (and API Gateway's request id, a path into
    the event) on every log line, the last invocation's correlation keys cleared first, the
    metrics flushed when it returns or raises, with the cold-start metric."""
    def wrap(handler: Handler[R]) -> Handler[R]:
        @functools.wraps(handler)
        def run(event: dict[str, Any], context: LambdaContext) -> R:
            logger.thread_safe_clear_keys()
            # With metrics disabled Powertools keeps what was added (and prints it anyway at
            # 100 values): each invocation starts from none.
            metrics.clear_metrics()
            return handler(event, context)

        # Powertools prints the cold-start line even with metrics disabled: asked for only
        # when they are on.
        measured = metrics.log_metrics(run, capture_cold_start_metric=not is_metrics_disabled())
        logged = logger.inject_lambda_context(measured, correlation_id_path=correlation_id_path,
                                              clear_state=True)
        return functools.wraps(handler)(logged)
    return wrap


def correlate(**keys: str | None) -> None:
    """Add keys to every later log line of this invocation (the ones given as None are
    left out)."""
    present = {k: v for k, v in keys.items() if v}
    if present:
        logger.thread_safe_append_keys(**present)


#: service counters published as metrics (lost races, bot turns, matches started and settled)
_COUNTERS = {"conflicts": "LostRaces", "bot_turns": "BotTurns",
             "matches_started": "MatchesStarted", "matches_settled": "MatchesSettled"}


def publish_counters(counters: dict[str, int]) -> None:
    """Turn what the services counted during this invocation into metrics, and start over."""
    for key, name in _COUNTERS.items():
        if counters.get(key):
            metrics.add_metric(name=name, unit="Count", value=counters[key])
    counters.clear()
