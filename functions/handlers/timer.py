"""The target of the timer state machine (a turn's deadline, or a queue table's bot fill) and
of the minute's schedule (the sweep that passes the turns whose timer never fired). The
events are the project's own (``functions.service.timers``), so no event class reads them."""

from __future__ import annotations

from typing import Any

from functions import runtime
from functions.handlers.observability import (
    LambdaContext,
    correlate,
    logger,
    metrics,
    observed,
    publish_counters,
)


@observed()
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    rt = runtime.current()
    kind = event.get("kind")
    correlate(timer=str(kind), matchId=event.get("matchId"), tableId=event.get("tableId"))
    if kind == "turn":
        fired = rt.matches.timeout(str(event["matchId"]), int(event["turn"]))
        if fired:
            metrics.add_metric(name="Timeouts", unit="Count", value=1)
    elif kind == "fill":
        fired = rt.lobby.fill(int(event["seats"]), str(event["tableId"]),
                              bool(event.get("paced", False)))
    elif kind == "sweep":
        swept = rt.matches.sweep()
        if swept:
            logger.warning("overdue turns passed by the sweep", extra={"turns": swept})
            metrics.add_metric(name="TurnsSwept", unit="Count", value=swept)
        fired = swept > 0
    else:
        logger.warning("unknown timer", extra={"event": event})
        fired = False
    logger.debug("timer done", extra={"fired": fired})
    publish_counters(rt.ctx.counters)
    return {"fired": fired}
