"""The HTTP side of identity: ``POST /guest`` makes a guest, ``POST /ticket`` trades a token
for a one-minute WebSocket ticket. Tokens travel in request bodies, never in URLs.

A player's devices: ``POST /link`` makes a one-time code that ``POST /link/redeem`` (on the
new device, with no token) trades for the same player's identity; ``POST /devices`` lists the
player's devices and ``POST /devices/signout`` signs one out. Every call with a token may
answer a renewed ``token`` (one made before devices, given its device): the client keeps it.

``GET /match/<id>`` is the one public read: what a match's link leads to (who plays, the
theme, live or over), for a visitor who has no name yet; refused as watching it would be."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from functions import identity_runtime
from functions.handlers.observability import (
    API_GATEWAY_REQUEST_ID,
    LambdaContext,
    logger,
    metrics,
    observed,
)
from functions.protocol import json_input
from functions.service.errors import ServiceError
from functions.service.identity import AuthError, InvalidNameError, clean_name

_HEADERS = {"content-type": "application/json; charset=utf-8", "cache-control": "no-store"}


def _answer(status: int, body: dict[str, Any]) -> dict[str, Any]:
    return {"statusCode": status, "headers": _HEADERS,
            "body": json.dumps(body, ensure_ascii=False)}


def _error(status: int, code: str, message: str) -> dict[str, Any]:
    return _answer(status, {"error": {"code": code, "message": message}})


GUEST_WINDOW_S = 3600
#: a name or a token is a few hundred characters: nothing bigger is read
MAX_BODY_CHARS = 4096


def _source(event: dict[str, Any]) -> str:
    """The caller's network address as API Gateway saw it (HTTP API or REST shape)."""
    context = event.get("requestContext") or {}
    address = (context.get("http") or {}).get("sourceIp") or \
        (context.get("identity") or {}).get("sourceIp")
    return str(address)[:64] if address else "unknown"


def _user_agent(event: dict[str, Any]) -> str | None:
    """The caller's User-Agent (HTTP API headers are lower case; a REST event's may not be),
    read only to name a new device coarsely; never stored."""
    for key, given in (event.get("headers") or {}).items():
        if str(key).lower() == "user-agent" and isinstance(given, str):
            return given
    return None


def _token(body: dict[str, Any]) -> str | None:
    given = body.get("token")
    return given if isinstance(given, str) else None


def _with_token(answer: dict[str, Any], renewed: str | None) -> dict[str, Any]:
    """The answer, with the renewed token when the caller's was given a device."""
    return answer | {"token": renewed} if renewed else answer


def _guest(body: dict[str, Any], now: int, event: dict[str, Any]) -> dict[str, Any]:
    name = body.get("name")
    if not isinstance(name, str):
        return _error(400, "identity.bad_name", "Escolha um nome para jogar.")
    rt = identity_runtime.current()
    clean_name(name)  # a bad name is refused before it costs an allowance
    if not rt.table.take_allowance(f"guest#{_source(event)}", GUEST_WINDOW_S,
                                   rt.guests_per_hour, now):
        return _error(429, "identity.rate_limited",
                      "Muitos jogadores novos criados desta rede na última hora: tente de "
                      "novo mais tarde, ou continue com o nome que já tem neste aparelho.")
    who, token = rt.devices.new_guest(name, now, _user_agent(event))
    metrics.add_metric(name="Guests", unit="Count", value=1)
    return _answer(200, {"playerId": who.player_id, "name": who.name, "token": token})


def _ticket(body: dict[str, Any], now: int, event: dict[str, Any]) -> dict[str, Any]:
    devices = identity_runtime.current().devices
    ticket, renewed = devices.ticket(_token(body), now, _user_agent(event))
    return _answer(200, _with_token({"ticket": ticket}, renewed))


def _link(body: dict[str, Any], now: int, event: dict[str, Any]) -> dict[str, Any]:
    made, caller = identity_runtime.current().linking.make(_token(body), now,
                                                           _user_agent(event))
    return _answer(200, _with_token({"code": made.code, "expiresInSeconds": made.expires_in_s},
                                    caller.renewed))


def _redeem(body: dict[str, Any], now: int, event: dict[str, Any]) -> dict[str, Any]:
    who, token = identity_runtime.current().linking.redeem(body.get("code"), _source(event),
                                                           now, _user_agent(event))
    metrics.add_metric(name="DevicesLinked", unit="Count", value=1)
    return _answer(200, {"playerId": who.player_id, "name": who.name, "token": token})


def _devices(body: dict[str, Any], now: int, event: dict[str, Any]) -> dict[str, Any]:
    found, caller = identity_runtime.current().devices.listing(_token(body), now,
                                                               _user_agent(event))
    return _answer(200, _with_token({"devices": found}, caller.renewed))


def _sign_out(body: dict[str, Any], now: int, event: dict[str, Any]) -> dict[str, Any]:
    done, caller = identity_runtime.current().devices.sign_out(
        _token(body), body.get("device"), now, _user_agent(event))
    return _answer(200, _with_token({"device": done.device_id, "closed": done.closed,
                                     "current": done.itself}, caller.renewed))


_ROUTES = {"POST /guest": _guest, "POST /ticket": _ticket, "POST /link": _link,
           "POST /link/redeem": _redeem, "POST /devices": _devices,
           "POST /devices/signout": _sign_out}
#: the HTTP status of each refusal a POST route's service gives
_STATUS = {"link.malformed": 400, "device.bad_id": 400, "link.unknown": 404,
           "device.not_found": 404, "link.expired": 410, "link.used": 410,
           "link.rate_limited": 429, "link.too_many": 429}

#: the protocol's ``MatchId`` (functions/protocol/client.py), checked before anything is read
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
MATCH_ROUTE = "GET /match/{matchId}"
#: a summary's refusals: the match is not there, or it may not be watched now
_SUMMARY_STATUS = {"match.not_found": 404}


def _match(params: dict[str, Any]) -> dict[str, Any]:
    match_id = params.get("matchId")
    if not isinstance(match_id, str) or not MATCH_ID.fullmatch(match_id):
        return _error(400, "match.bad_id",
                      "Este link de partida não é válido: confira se ele foi copiado inteiro.")
    try:
        return _answer(200, identity_runtime.current().match_summary(match_id))
    except ServiceError as exc:
        return _error(_SUMMARY_STATUS.get(exc.code, 403), exc.code, exc.message)


#: routes that read no body, with their path parameters
_READS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {MATCH_ROUTE: _match}


class _RefusedError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(code)
        self.answer = _error(status, code, message)


def _body(event: dict[str, Any]) -> dict[str, Any]:
    """The request's JSON object; every other body is a typed refusal."""
    text = event.get("body") or "{}"
    if not isinstance(text, str) or len(text) > MAX_BODY_CHARS:
        raise _RefusedError(413, "message.too_large",
                       f"Corpo grande demais (máximo {MAX_BODY_CHARS} caracteres).")
    try:
        body = json_input.loads(text)
    except json_input.UnreadableJsonError as exc:
        raise _RefusedError(400, "message.malformed", exc.message) from exc
    if not isinstance(body, dict):
        raise _RefusedError(400, "message.malformed", "O corpo deve ser um objeto JSON.")
    return body


@observed(API_GATEWAY_REQUEST_ID)
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    answer = _route(event)
    if answer["statusCode"] >= 400:
        code = json.loads(answer["body"])["error"]["code"]
        logger.info("refused", extra={"code": code, "status": answer["statusCode"]})
        metrics.add_metric(name="IdentityRefused", unit="Count", value=1)
    return answer


def _route_key(event: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The route asked for and its path parameters, from an HTTP API event (``routeKey``) or
    a REST-shaped one (``httpMethod`` and ``path``)."""
    if event.get("routeKey"):
        return str(event["routeKey"]), dict(event.get("pathParameters") or {})
    method, path = event.get("httpMethod"), str(event.get("path"))
    if path.startswith("/match/"):
        return f"{method} /match/{{matchId}}", {"matchId": path.removeprefix("/match/")}
    return f"{method} {path}", {}


def _route(event: dict[str, Any]) -> dict[str, Any]:
    key, params = _route_key(event)
    if key in _READS:
        return _READS[key](params)
    route = _ROUTES.get(key)
    if route is None:
        return _error(404, "http.not_found", "Caminho desconhecido.")
    try:
        return route(_body(event), identity_runtime.current().now_s(), event)
    except (_RefusedError, InvalidNameError, AuthError, ServiceError) as exc:
        return _refusal(exc)


def _refusal(exc: Exception) -> dict[str, Any]:
    """The one place a refusal becomes an answer."""
    if isinstance(exc, _RefusedError):
        return exc.answer
    if isinstance(exc, InvalidNameError):
        return _error(400, "identity.bad_name", str(exc))
    if isinstance(exc, AuthError):
        return _error(401, exc.code, exc.message)
    assert isinstance(exc, ServiceError)
    return _error(_STATUS.get(exc.code, 400), exc.code, exc.message)
