"""``$connect`` (after the authorizer let it through) and ``$disconnect``."""

from __future__ import annotations

from typing import Any

from functions import runtime
from functions.handlers.observability import LambdaContext, logger, metrics


@logger.inject_lambda_context(correlation_id_path="requestContext.requestId")
@metrics.log_metrics
def connect(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Remember the connection and whose it is (the authorizer put the identity in the
    request context; without it the connection is refused)."""
    rt = runtime.current()
    request = event.get("requestContext", {})
    auth = request.get("authorizer") or {}
    player, name = auth.get("playerId"), auth.get("name")
    if not isinstance(player, str) or not isinstance(name, str):
        metrics.add_metric(name="ConnectRefused", unit="Count", value=1)
        return {"statusCode": 401}
    if not rt.connections.open(str(request["connectionId"]), player, name):
        logger.info("connect refused", extra={"code": "auth.too_many_connections"})
        metrics.add_metric(name="ConnectRefused", unit="Count", value=1)
        return {"statusCode": 429}
    metrics.add_metric(name="Connections", unit="Count", value=1)
    return {"statusCode": 200}


@logger.inject_lambda_context(correlation_id_path="requestContext.requestId")
@metrics.log_metrics
def disconnect(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Best effort: forget the connection. The seat stays; its turns time out until the player
    comes back (TTL and 410 pruning clean up whatever this misses)."""
    rt = runtime.current()
    rt.connections.close(str(event["requestContext"]["connectionId"]))
    metrics.add_metric(name="Disconnections", unit="Count", value=1)
    return {"statusCode": 200}
