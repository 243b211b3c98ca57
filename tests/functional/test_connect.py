"""$connect, $disconnect and identity: only a fresh, genuine ticket opens a connection."""

from __future__ import annotations

import json

import pytest

from functions.handlers import identity_api
from functions.service.identity import Identity, Signer
from infra.local.in_process import CTX, World


def _effect(world: World, ticket: str | None) -> str:
    return str(world.authorize(ticket)["policyDocument"]["Statement"][0]["Effect"])


def test_a_fresh_ticket_connects_and_the_identity_reaches_the_connection(world: World) -> None:
    ana = world.connect("Ana")
    stored = world.repository.get_connection(ana.connection_id)
    assert stored is not None and stored.player_id == ana.player_id and stored.name == "Ana"


@pytest.mark.parametrize("case", ["missing", "garbage", "forged", "expired", "token"])
def test_bad_tickets_are_refused_at_connect(world: World, case: str) -> None:
    who, token = world.signer.new_guest("Bia", world.clock.ms // 1000)
    ticket = world.signer.ticket_for(token, world.clock.ms // 1000)
    if case == "missing":
        ticket = None
    elif case == "garbage":
        ticket = "v1.not-base64!.x"
    elif case == "forged":
        ticket = Signer(b"another key of thirty-two bytes!").ticket_for(
            Signer(b"another key of thirty-two bytes!").token_for(who, world.clock.ms // 1000),
            world.clock.ms // 1000)
    elif case == "expired":
        world.clock.advance(61)
    elif case == "token":
        ticket = token
    assert _effect(world, ticket) == "Deny"


def test_connect_without_an_authorized_identity_is_refused(world: World) -> None:
    from functions.handlers import connection

    answer = connection.connect({"requestContext": {"connectionId": "x", "requestId": "r",
                                                    "authorizer": {}}}, CTX)
    assert answer["statusCode"] == 401 and world.repository.get_connection("x") is None


def test_disconnect_forgets_the_connection(world: World) -> None:
    ana = world.connect("Ana")
    world.disconnect(ana)
    assert world.repository.get_connection(ana.connection_id) is None
    assert world.repository.player_connections(ana.player_id) == []


def _http(route: str, body: object) -> dict[str, object]:
    answer = identity_api.handler({"routeKey": route, "body": json.dumps(body)}, CTX)
    return {"status": answer["statusCode"], **json.loads(answer["body"])}


def test_guests_get_a_token_and_trade_it_for_a_ticket(world: World) -> None:
    guest = _http("POST /guest", {"name": "  Zé   da Silva "})
    assert guest["status"] == 200 and guest["name"] == "Zé da Silva"
    ticket = _http("POST /ticket", {"token": guest["token"]})
    assert ticket["status"] == 200
    assert _effect(world, str(ticket["ticket"])) == "Allow"


@pytest.mark.parametrize(("route", "body", "status", "code"), [
    ("POST /guest", {"name": ""}, 400, "identity.bad_name"),
    ("POST /guest", {"name": "x" * 30}, 400, "identity.bad_name"),
    ("POST /guest", {"name": "<script>"}, 400, "identity.bad_name"),
    ("POST /guest", {}, 400, "identity.bad_name"),
    ("POST /ticket", {"token": "v1.abc.def"}, 401, "auth.token_invalid"),
    ("POST /ticket", {}, 401, "auth.token_missing"),
    ("GET /secrets", {}, 404, "http.not_found"),
])
def test_identity_endpoints_refuse_bad_input(world: World, route: str, body: object,
                                             status: int, code: str) -> None:
    answer = _http(route, body)
    assert answer["status"] == status
    assert answer["error"]["code"] == code  # type: ignore[index]


def test_an_expired_token_buys_no_ticket(world: World) -> None:
    token = world.signer.token_for(Identity("p_1", "Ana"), 0)
    answer = _http("POST /ticket", {"token": token})
    assert answer["status"] == 401 and answer["error"]["code"] == "auth.token_expired"  # type: ignore[index]


def _guest_from(address: str, name: str = "Ana") -> dict[str, object]:
    answer = identity_api.handler({"routeKey": "POST /guest", "body": json.dumps({"name": name}),
                                   "requestContext": {"http": {"sourceIp": address}}}, CTX)
    return {"status": answer["statusCode"], **json.loads(answer["body"])}


def test_guest_creation_is_limited_per_address_and_per_hour(world: World) -> None:
    world.identity.guests_per_hour = 3
    assert _guest_from("203.0.113.9", "")["status"] == 400  # a refused name costs nothing
    assert [_guest_from("203.0.113.9")["status"] for _ in range(3)] == [200, 200, 200]
    refused = _guest_from("203.0.113.9")
    assert refused["status"] == 429
    assert refused["error"]["code"] == "identity.rate_limited"  # type: ignore[index]
    assert "tente de novo mais tarde" in refused["error"]["message"]  # type: ignore[index]
    assert _guest_from("198.51.100.4")["status"] == 200  # another address has its own
    world.clock.advance(3600)
    assert _guest_from("203.0.113.9")["status"] == 200  # and the next hour starts afresh


def test_a_ticket_opens_one_connection_only(world: World) -> None:
    _, ticket = world.ticket("Ana")
    assert _effect(world, ticket) == "Allow"
    assert _effect(world, ticket) == "Deny"  # 100 connections from one ticket, before


@pytest.mark.parametrize("change", ["junk in the signature", "padding", "non-ascii payload",
                                    "non-ascii signature", "non-canonical"])
def test_ticket_encoding_is_strict_and_never_crashes(world: World, change: str) -> None:
    _, ticket = world.ticket("Ana")
    version, payload, signature = ticket.split(".")
    if change == "junk in the signature":
        signature = signature[:5] + "*" + signature[5:]  # the lenient decoder skipped it
    elif change == "padding":
        signature += "=="
    elif change == "non-ascii payload":
        payload = payload[:-1] + "é"
    elif change == "non-ascii signature":
        signature = "ß" + signature[1:]
    elif change == "non-canonical":
        # the same bytes, spelt with unused low bits set in the last character
        last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        signature = signature[:-1] + last[last.index(signature[-1]) + 1]
    assert _effect(world, f"{version}.{payload}.{signature}") == "Deny"


def test_a_token_with_non_ascii_gets_a_typed_refusal_not_a_crash(world: World) -> None:
    answer = _http("POST /ticket", {"token": "v1.ção.assinatura"})
    assert answer["status"] == 401
    assert answer["error"]["code"] == "auth.token_invalid"  # type: ignore[index]


@pytest.mark.parametrize(("body", "status", "code"), [
    ('{"name": ' + "9" * 5000 + "}", 413, "message.too_large"),
    ('{"name": ' + "9" * 2000 + "}", 400, "message.malformed"),
    ("[" * 100_000 + "]" * 100_000, 413, "message.too_large"),
    ("[" * 2000 + "]" * 2000, 400, "message.malformed"),  # deeper than Python's stack
    ('{"name": NaN}', 400, "message.malformed"),
])
def test_hostile_identity_bodies_get_a_typed_refusal(world: World, body: str, status: int,
                                                     code: str) -> None:
    answer = identity_api.handler({"routeKey": "POST /guest", "body": body}, CTX)
    assert answer["statusCode"] == status
    assert json.loads(answer["body"])["error"]["code"] == code
