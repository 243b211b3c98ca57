"""The ``$connect`` REQUEST authorizer: a valid, unexpired ticket in the query string, or no
connection. The identity it finds travels to the ``$connect`` handler in the context."""

from __future__ import annotations

from typing import Any

from functions import identity_runtime
from functions.handlers.observability import LambdaContext, logger
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


@logger.inject_lambda_context()
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    rt = identity_runtime.current()
    ticket = (event.get("queryStringParameters") or {}).get("ticket")
    resource = str(event.get("methodArn", "*"))
    try:
        checked = rt.signer.check_ticket(ticket if isinstance(ticket, str) else None,
                                         rt.now_s())
        # One connection per ticket: the nonce is recorded, and a second use finds it.
        if not rt.table.use_once(f"ticket#{checked.nonce}", checked.expires_s + 60):
            raise AuthError("auth.ticket_used", "Este acesso já foi usado: entre de novo.")
    except AuthError as exc:
        logger.info("connect refused", extra={"code": exc.code})
        return _policy("anonymous", "Deny", resource)
    who = checked.identity
    return _policy(who.player_id, "Allow", resource,
                   {"playerId": who.player_id, "name": who.name})
