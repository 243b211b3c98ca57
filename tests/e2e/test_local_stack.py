"""The local stack end to end: real WebSocket clients, the local gateway, moto in server mode,
the timer runner waiting for real. Every frame a client receives is checked against the
protocol's schema (tests/e2e/client.py)."""

from __future__ import annotations

import asyncio
import json
import socket
import urllib.error
import urllib.request
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from engine.bots.search import ranked_moves
from engine.position import parse_position
from infra.local.stack import LocalStack
from tests.e2e.client import Player, post, ticket


def _best_play(view: dict[str, Any]) -> list[dict[str, Any]]:
    """A real move for the seat's rack, found by the engine from what the view shows."""
    theme = view["theme"]["id"] if view.get("theme") else None
    rules, state, _ = parse_position({"board": view["board"], "rack": view["rack"],
                                      "theme": theme}, need_move=False)
    best = ranked_moves(rules, state, 0, top=1)[0]
    return [{"row": t.row, "col": t.col, "letter": t.letter, "wild": t.wild}
            for t in best.placement.tiles]


def _kinds(player: Player) -> list[str]:
    return [e["kind"] for f in player.frames if f["type"] == "update" for e in f["events"]]


async def _whole_match(stack: LocalStack) -> None:
    ana, bia = await Player(stack, "Ana").open(), await Player(stack, "Bia").open()
    await ana.send("createRoom", settings={"turnSeconds": 20, "rounds": 2, "bots": 1,
                                           "botLevel": 2, "cards": False})
    room = await ana.wait_for(lambda f: f["type"] == "room")
    await bia.send("joinRoom", code=room["code"])
    await ana.wait_for(lambda f: f["type"] == "room" and len(f["players"]) == 2)
    await ana.send("startRoom", code=room["code"])
    view = (await ana.wait_for(lambda f: f["type"] == "view"))["view"]
    await bia.wait_for(lambda f: f["type"] == "view")
    match_id = view["matchId"]
    assert [s["bot"] for s in view["seats"]] == [False, False, True]

    # Round 1: Ana plays a real word; Bia lets her turn run out; the bot plays at once.
    request = await ana.send("play", matchId=match_id, tiles=_best_play(view))
    mine = await ana.wait_for(lambda f: f.get("requestId") == request)
    assert mine["type"] == "update", mine
    await bia.wait_for(lambda f: f["type"] == "update" and any(
        e["kind"] == "move_played" for e in f["events"]))
    timed_out = await bia.wait_for(lambda f: f["type"] == "update" and any(
        e["kind"] == "timed_out" for e in f["events"]), timeout=40)
    assert timed_out["view"]["current"] == 0  # the bot's turn came and went in between

    # Round 2: Ana swaps, Bia passes, the bot's turn ends the match.
    view = ana.latest_view()
    mark = len(bia.frames)
    await ana.send("swap", matchId=match_id, tiles=view["rack"][:2])
    await bia.wait_for(lambda f: f["type"] == "update" and not f.get("partial")
                       and f["view"]["current"] == 1, since=mark)
    await bia.send("pass", matchId=match_id)
    for player in (ana, bia):
        ended = await player.wait_for(lambda f: f["type"] == "ended")
        assert ended["result"]["reason"] == "rounds"
    kinds = _kinds(ana)
    assert kinds.count("move_played") >= 2  # Ana's word and at least one of the bot's
    assert "timed_out" in kinds and "swapped" in kinds and "passed" in kinds

    # The whole match, move by move with its receipts, from the stored log.
    request = await bia.send("history", matchId=match_id)
    page = await bia.wait_for(lambda f: f.get("requestId") == request)
    assert page["type"] == "history", page
    assert [m["move"] for m in page["moves"]] == list(range(page["total"]))
    assert page["total"] == ana.latest_view()["moves"] >= 6
    assert {"play", "timed_out", "swap", "passed"} <= {m["kind"] for m in page["moves"]}
    plays = [m for m in page["moves"] if m["kind"] == "play"]
    assert all(m["breakdown"]["total"] == m["points"] for m in plays)
    await ana.close()
    await bia.close()


def test_two_people_and_a_bot_play_a_whole_match_with_a_real_timeout(
        stack: LocalStack) -> None:
    asyncio.run(_whole_match(stack))


async def _refused(stack: LocalStack, query: str) -> int:
    with pytest.raises(InvalidStatus) as refused:
        async with connect(f"{stack.websocket_url}/{query}"):
            pass
    return int(refused.value.response.status_code)


def test_the_gateway_refuses_connections_without_a_valid_ticket(stack: LocalStack) -> None:
    assert asyncio.run(_refused(stack, "")) == 401
    assert asyncio.run(_refused(stack, "?ticket=v1.forged.ticket")) == 401


async def _misbehaving(stack: LocalStack) -> None:
    good = await Player(stack, "Boa").open()
    async with connect(f"{stack.websocket_url}/?ticket={ticket(stack, 'Ruim')}",
                       max_size=None) as bad:
        await bad.send(b"\xff\xfe binary garbage")
        await bad.send("x" * (33 * 1024))
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(5):
                await asyncio.wait_for(bad.recv(), 5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    request = await good.send("ping")
    pong = await good.wait_for(lambda f: f.get("requestId") == request)
    assert pong["type"] == "pong"
    await good.close()


def test_an_oversized_frame_closes_only_that_connection(stack: LocalStack) -> None:
    asyncio.run(_misbehaving(stack))


async def _second_device_signed_out(stack: LocalStack) -> None:
    phone = post(stack, "/guest", {"name": "Duda"})
    code = post(stack, "/link", {"token": phone["token"]})["code"]
    laptop = post(stack, "/link/redeem", {"code": code.lower().replace("-", "")})
    assert (laptop["playerId"], laptop["name"]) == (phone["playerId"], "Duda")
    opened = post(stack, "/ticket", {"token": laptop["token"]})["ticket"]
    async with connect(f"{stack.websocket_url}/?ticket={opened}") as ws:
        devices = post(stack, "/devices", {"token": phone["token"]})["devices"]
        [other] = [d["id"] for d in devices if not d["current"]]
        done = post(stack, "/devices/signout", {"token": phone["token"], "device": other})
        assert done["closed"] == 1
        with pytest.raises(ConnectionClosed):  # closed through the management API
            await asyncio.wait_for(ws.recv(), 5)
    with pytest.raises(urllib.error.HTTPError) as refused:
        post(stack, "/ticket", {"token": laptop["token"]})
    assert refused.value.code == 401
    assert json.loads(refused.value.read())["error"]["code"] == "auth.signed_out"


def test_a_device_joined_by_a_code_and_signed_out_is_disconnected(stack: LocalStack) -> None:
    asyncio.run(_second_device_signed_out(stack))


def test_the_site_and_its_config_are_served(stack: LocalStack) -> None:
    with urllib.request.urlopen(stack.url + "config.json", timeout=10) as answer:
        config = json.loads(answer.read())
    assert config["websocketUrl"] == stack.websocket_url
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(stack.url + "../../etc/passwd", timeout=10)
    assert missing.value.code == 404


def test_the_management_api_answers_gone_for_unknown_connections(stack: LocalStack) -> None:
    import boto3
    from botocore.exceptions import ClientError

    client = boto3.client("apigatewaymanagementapi",
                          endpoint_url=f"http://127.0.0.1:{stack.ports.management}/local")
    with pytest.raises(ClientError) as gone:
        client.post_to_connection(ConnectionId="nobody", Data=b"{}")
    assert gone.value.response["Error"]["Code"] == "GoneException"


def _raw(port: int, request: bytes, wait: float = 5) -> bytes:
    """Send raw bytes to a local port; what came back before it answered or closed."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
        sock.sendall(request)
        try:
            return sock.recv(4096)
        except TimeoutError:
            return b""


def test_the_public_port_does_not_answer_the_management_api(stack: LocalStack) -> None:
    for method in ("GET", "POST", "DELETE"):
        answer = _raw(stack.ports.http, f"{method} /local/@connections/abc HTTP/1.1\r\n"
                                        f"Host: x\r\nContent-Length: 2\r\n\r\n{{}}".encode())
        assert answer.startswith(b"HTTP/1.1 404"), (method, answer[:40])
    assert _raw(stack.ports.management, b"GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n"
                ).startswith(b"HTTP/1.1 404")


@pytest.mark.parametrize(("request_bytes", "status"), [
    (b"POST /guest HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", b"400"),
    (b"POST /guest HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", b"400"),
    (b"POST /guest HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n", b"413"),
    (b"GET /%00 HTTP/1.1\r\nHost: x\r\n\r\n", b"404"),
    (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", b"404"),
    # a match's summary: the id is checked before anything is read
    (b"GET /match/%00 HTTP/1.1\r\nHost: x\r\n\r\n", b"400"),
    (b"GET /match/" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", b"400"),
    (b"GET /match/m-000000000000 HTTP/1.1\r\nHost: x\r\n\r\n", b"404"),
])
def test_hostile_http_requests_get_an_answer_at_once(stack: LocalStack, request_bytes: bytes,
                                                     status: bytes) -> None:
    answer = _raw(stack.ports.http, request_bytes)
    assert answer.startswith(b"HTTP/1.1 " + status), answer[:60]
