"""The WebSocket message routes: the game actions, the lobby actions and ``$default``.

API Gateway selects the route by ``$request.body.action``; each route's Lambda runs the same
message path (:mod:`functions.handlers.messages`) limited to its own actions, and posts the
answer frames back to the caller's connection.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.utilities.data_classes import APIGatewayWebSocketEvent

from functions import runtime
from functions.handlers.messages import GAME_ACTIONS, LOBBY_ACTIONS, handle
from functions.handlers.observability import (
    API_GATEWAY_REQUEST_ID,
    LambdaContext,
    correlate,
    observed,
)

_OK = {"statusCode": 200}


def _run(raw: dict[str, Any], allowed: frozenset[str] | None) -> dict[str, Any]:
    rt = runtime.current()
    event = APIGatewayWebSocketEvent(raw)
    connection_id = event.request_context.connection_id
    correlate(connectionId=connection_id)
    # API Gateway puts the authorizer's identity on every message of the connection.
    player = (event.request_context.get("authorizer") or {}).get("playerId")
    frames = handle(rt, connection_id, event.body, allowed,
                    player if isinstance(player, str) else None)
    rt.ctx.notifier.reply(connection_id, frames)
    return _OK


@observed(API_GATEWAY_REQUEST_ID)
def game(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return _run(event, GAME_ACTIONS)


@observed(API_GATEWAY_REQUEST_ID)
def lobby(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    return _run(event, LOBBY_ACTIONS)


@observed(API_GATEWAY_REQUEST_ID)
def default(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """Anything no route matched: malformed JSON, no action, an unknown action."""
    return _run(event, frozenset())
