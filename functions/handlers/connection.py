"""``$connect`` (after the authorizer let it through) and ``$disconnect``."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.utilities.data_classes import APIGatewayWebSocketEvent

from functions import runtime
from functions.handlers.observability import (
    API_GATEWAY_REQUEST_ID,
    LambdaContext,
    correlate,
    logger,
    metrics,
    observed,
)


@observed(API_GATEWAY_REQUEST_ID)
def connect(raw: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Remember the connection, whose it is and its device (the authorizer put the identity
    in the request context; without it the connection is refused)."""
    rt = runtime.current()
    request = APIGatewayWebSocketEvent(raw).request_context
    correlate(connectionId=request.connection_id)
    auth = request.get("authorizer") or {}
    player, name, device = auth.get("playerId"), auth.get("name"), auth.get("device")
    if not isinstance(player, str) or not isinstance(name, str):
        logger.warning("connect without the authorizer's identity")
        metrics.add_metric(name="ConnectRefused", unit="Count", value=1)
        return {"statusCode": 401}
    if not rt.connections.open(request.connection_id, player, name,
                               device if isinstance(device, str) and device else None):
        logger.info("connect refused", extra={"code": "auth.too_many_connections",
                                              "playerId": player})
        metrics.add_metric(name="ConnectRefused", unit="Count", value=1)
        return {"statusCode": 429}
    metrics.add_metric(name="Connections", unit="Count", value=1)
    return {"statusCode": 200}


@observed(API_GATEWAY_REQUEST_ID)
def disconnect(raw: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Best effort: forget the connection. The seat stays; its turns time out until the player
    comes back (TTL and 410 pruning clean up whatever this misses)."""
    rt = runtime.current()
    request = APIGatewayWebSocketEvent(raw).request_context
    correlate(connectionId=request.connection_id)
    rt.connections.close(request.connection_id)
    metrics.add_metric(name="Disconnections", unit="Count", value=1)
    return {"statusCode": 200}
