"""``$connect`` (after the authorizer let it through) and ``$disconnect``."""

from __future__ import annotations

from typing import Any

from functions import runtime
from functions.handlers.observability import LambdaContext, logger, metrics
from functions.storage.repository import Connection

#: open connections (tabs, devices) one player may hold; a flood of them is refused
MAX_CONNECTIONS_PER_PLAYER = 5


def _room_for_one_more(rt: runtime.Runtime, player: str) -> bool:
    """Under the cap, counting only connections API Gateway still holds (one whose
    ``$disconnect`` was lost is pruned here rather than locking its player out)."""
    known = rt.ctx.repository.player_connections(player)
    if len(known) < MAX_CONNECTIONS_PER_PLAYER:
        return True
    live = [c for c in known if rt.ctx.notifier.alive(c)]
    return len(live) < MAX_CONNECTIONS_PER_PLAYER


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
    if not _room_for_one_more(rt, player):
        logger.info("connect refused", extra={"code": "auth.too_many_connections"})
        metrics.add_metric(name="ConnectRefused", unit="Count", value=1)
        return {"statusCode": 429}
    rt.ctx.repository.put_connection(Connection(str(request["connectionId"]), player, name),
                                     rt.ctx.now_s())
    metrics.add_metric(name="Connections", unit="Count", value=1)
    return {"statusCode": 200}


@logger.inject_lambda_context(correlation_id_path="requestContext.requestId")
@metrics.log_metrics
def disconnect(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Best effort: forget the connection. The seat stays; its turns time out until the player
    comes back (TTL and 410 pruning clean up whatever this misses)."""
    rt = runtime.current()
    rt.ctx.repository.delete_connection(str(event["requestContext"]["connectionId"]))
    metrics.add_metric(name="Disconnections", unit="Count", value=1)
    return {"statusCode": 200}
