"""One client cannot crowd out the others: a cap on connections per player, a per-player
rate limit before any game logic, answers that always reach the page."""

from __future__ import annotations

from typing import Any

from functions.handlers import connection
from functions.service.connections import MAX_CONNECTIONS_PER_PLAYER
from infra.local.in_process import CTX, Client, World


def _connect_again(world: World, client: Client) -> dict[str, Any]:
    """Another tab of the same player, with the connect handler's own answer."""
    world.counter += 1
    connection_id = f"c{world.counter}"
    answer = connection.connect({"requestContext": {
        "connectionId": connection_id, "requestId": "r",
        "authorizer": {"playerId": client.player_id, "name": client.name}}}, CTX)
    return {"id": connection_id, **answer}


def test_a_player_may_hold_only_a_few_connections(world: World) -> None:
    ana = world.connect("Ana")
    opened = [_connect_again(world, ana) for _ in range(MAX_CONNECTIONS_PER_PLAYER)]
    assert [o["statusCode"] for o in opened] == [200] * (MAX_CONNECTIONS_PER_PLAYER - 1) + [429]
    assert len(world.repository.player_connections(ana.player_id)) == MAX_CONNECTIONS_PER_PLAYER
    assert world.repository.get_connection(opened[-1]["id"]) is None


def test_a_connection_whose_disconnect_was_lost_does_not_lock_its_player_out(
        world: World) -> None:
    ana = world.connect("Ana")
    for _ in range(MAX_CONNECTIONS_PER_PLAYER - 1):
        _connect_again(world, ana)
    world.api.gone.add(ana.connection_id)  # the browser went away without $disconnect
    assert _connect_again(world, ana)["statusCode"] == 200
    assert world.repository.get_connection(ana.connection_id) is None


def test_the_player_limit_holds_across_connections_before_anything_is_read(
        world: World) -> None:
    ana = world.connect("Ana")
    tabs = [ana, world.reconnect(ana), world.reconnect(ana)]
    reads = world.repository.reads
    for _ in range(15):
        for tab in tabs:
            tab.send("ping")
    codes = [f.get("code") for tab in tabs for f in tab.frames if f["type"] in ("pong", "error")]
    # Each tab alone is within its own burst of 20; together they pass the player's 30.
    assert codes.count("rate.limited") >= 45 - 30 - 2
    assert world.repository.reads == reads  # neither a refusal nor a ping reads anything


def test_a_rate_limited_message_is_answered_with_its_request_id(world: World) -> None:
    ana = world.connect("Ana")
    for _ in range(25):
        ana.send("ping")
    request = ana.send("ping", requestId="preview-7")
    error = ana.last("error")
    assert error["code"] == "rate.limited" and error["requestId"] == request


def test_a_command_from_a_connection_that_never_resumed_is_refused_not_lost(
        world: World) -> None:
    ana = world.connect("Ana")
    ana.send("startSolo", settings={"bots": 1})
    match_id = ana.last("view")["matchId"]
    tab = world.reconnect(ana)
    before = world.repository.load_match(match_id)
    tab.send("pass", matchId=match_id)
    assert tab.last("error")["code"] == "match.resume_first"
    assert world.repository.load_match(match_id) == before
    tab.send("resume", matchId=match_id)
    tab.send("pass", matchId=match_id)
    assert tab.last("update")["view"]["moves"] > 0
