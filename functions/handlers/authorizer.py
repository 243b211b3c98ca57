"""The ``$connect`` REQUEST authorizer: a valid, unexpired ticket in the query string, of a
device still signed in, or no connection. The identity it finds (with its device) travels to
the ``$connect`` handler in the context.

The policy names exactly the ``$connect`` route's ARN the request came for. Powertools'
``APIGatewayAuthorizerResponseWebSocket`` builds its resources from a parsed ARN and a route
pattern; a policy for the one ARN is simpler to read and grants no more.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.utilities.data_classes.api_gateway_authorizer_event import (
    APIGatewayAuthorizerRequestEvent,
)

from functions import identity_runtime
from functions.handlers.observability import (
    API_GATEWAY_REQUEST_ID,
    LambdaContext,
    correlate,
    logger,
    metrics,
    observed,
)
from functions.service.devices import signed_out
from functions.service.identity import AuthError


def _policy(principal: str, effect: str, resource: str,
            context: dict[str, str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "principalId": principal,
        "policyDocument": {"Version": "2012-10-17", "Statement": [
            {"Action": "execute-api:Invoke", "Effect": effect, "Resource": resource}]},
    }
    if context:
        out["context"] = context
    return out


@observed(API_GATEWAY_REQUEST_ID)
def handler(raw: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    rt = identity_runtime.current()
    event = APIGatewayAuthorizerRequestEvent(raw)
    # A handshake with no query string has no such key at all: no ticket, refused below.
    ticket = (event.get("queryStringParameters") or {}).get("ticket")
    resource = event.method_arn
    correlate(connectionId=(event.get("requestContext") or {}).get("connectionId"))
    try:
        checked = rt.signer.check_ticket(ticket if isinstance(ticket, str) else None,
                                         rt.now_s())
        # A ticket lives a minute: one minted just before its device was signed out is
        # refused here, read strongly consistent.
        if not rt.devices.admits(checked.identity):
            raise signed_out()
        # One connection per ticket: the nonce is recorded, and a second use finds it.
        if not rt.table.use_once(f"ticket#{checked.nonce}", checked.expires_s + 60):
            raise AuthError("auth.ticket_used", "Este acesso já foi usado: entre de novo.")
    except AuthError as exc:
        logger.info("connect refused", extra={"code": exc.code})
        metrics.add_metric(name="TicketsRefused", unit="Count", value=1)
        return _policy("anonymous", "Deny", resource)
    who = checked.identity
    correlate(playerId=who.player_id)
    return _policy(who.player_id, "Allow", resource,
                   {"playerId": who.player_id, "name": who.name, "device": str(who.device)})
