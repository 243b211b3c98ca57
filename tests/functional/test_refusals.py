"""Bad messages get an error frame with a stable code, and nothing is written."""

from __future__ import annotations

import json

import pytest

from infra.local.in_process import World


def _writes(world: World) -> int:
    return world.repository.writes


@pytest.mark.parametrize(("body", "code"), [
    ("{not json", "message.malformed"),
    ("", "message.malformed"),
    ("[1, 2]", "message.no_action"),
    ('{"requestId": "r1"}', "message.no_action"),
    ('{"action": "teleport", "requestId": "r1"}', "message.unknown_action"),
    ('{"action": "pass", "requestId": "r1"}', "message.invalid"),
    ('{"action": "buy", "requestId": "r1", "matchId": "m-1", "slot": "two"}', "message.invalid"),
    ('{"action": "play", "requestId": "r1", "matchId": "m-1", "tiles": []}', "message.invalid"),
    ('{"action": "play", "requestId": "r1", "matchId": "m-1", "tiles": [{"row": 30, "col": 1,'
     ' "letter": "A"}]}', "message.invalid"),
    ('{"action": "swap", "requestId": "r1", "matchId": "m-1", "tiles": ["AB"]}',
     "message.invalid"),
    ('{"action": "ping", "requestId": "r1", "extra": true}', "message.invalid"),
    ('{"action": "ping", "requestId": ""}', "message.invalid"),
    (json.dumps({"action": "ping", "requestId": "r1", "pad": "x" * 20_000}),
     "message.too_large"),
    # found by tests/fuzz: nesting deeper than Python's stack, a lone surrogate echoed back
    ('{"action":"play","requestId":"r","x":' + "[" * 3000 + "]" * 3000 + "}",
     "message.malformed"),
    ('{"action": "\\ud800"}', "message.unknown_action"),
    ('{"action": "ping", "requestId": "\\ud800"}', "message.invalid"),
    # an integer past Python's 4,300-digit limit was a server.error
    ('{"action": "buy", "requestId": "r1", "matchId": "m", "slot": ' + "9" * 5000 + "}",
     "message.malformed"),
    ('{"action": "buy", "requestId": "r1", "matchId": "m", "slot": NaN}', "message.malformed"),
])
def test_bad_messages_get_an_error_frame_and_change_nothing(world: World, body: str,
                                                            code: str) -> None:
    ana = world.connect("Ana")
    before = _writes(world)
    ana.raw(body)
    error = ana.last("error")
    assert error["code"] == code and error["message"]
    assert _writes(world) == before


def test_an_error_frame_carries_the_request_id_when_it_could_be_read(world: World) -> None:
    ana = world.connect("Ana")
    ana.raw('{"action": "teleport", "requestId": "abc-1"}')
    assert ana.last("error")["requestId"] == "abc-1"


def test_a_refusal_never_echoes_a_long_client_key(world: World) -> None:
    ana = world.connect("Ana")
    ana.raw(json.dumps({"action": "ping", "requestId": "r1", "k" * 12_000: 1}))
    error = ana.last("error")
    assert error["code"] == "message.invalid" and error["requestId"] == "r1"
    assert len(json.dumps(error)) < 200 and "kkkk" not in error["message"]


def test_a_route_only_runs_its_own_actions(world: World) -> None:
    ana = world.connect("Ana")
    ana.raw('{"action": "hello", "requestId": "r1"}', route="play")
    ana.world.deliver(ana.connection_id, '{"action": "hello", "requestId": "r2"}', "pass")
    assert ana.last("error")["code"] == "message.unknown_action"


def test_an_unknown_connection_is_refused(world: World) -> None:
    ana = world.connect("Ana")
    world.disconnect(ana)
    ana.send("hello")
    assert ana.last("error")["code"] == "auth.no_connection"


def test_pings_are_answered_with_the_server_time_and_read_nothing(world: World) -> None:
    ana = world.connect("Ana")
    reads, writes = world.repository.reads, world.repository.writes
    request = ana.send("ping")
    pong = ana.last("pong")
    assert pong["requestId"] == request and pong["serverTimeMs"] == world.clock.ms
    assert (world.repository.reads, world.repository.writes) == (reads, writes)


def test_engine_refusals_keep_their_codes(world: World) -> None:
    ana = world.connect("Ana")
    ana.send("startSolo", settings={"bots": 1})
    match_id = ana.last("view")["matchId"]
    before = world.repository.load_match(match_id)
    ana.send("play", matchId=match_id, tiles=[{"row": 0, "col": 0, "letter": "Q"}])
    assert ana.last("error")["code"].startswith("move.")
    ana.send("buy", matchId=match_id, slot=7)
    assert ana.last("error")["code"].startswith(("card.", "market.", "economy."))
    assert world.repository.load_match(match_id) == before


def test_a_flooding_connection_is_slowed_down_and_nothing_is_written(world: World) -> None:
    ana = world.connect("Ana")
    before = world.repository.writes
    for _ in range(30):
        ana.send("ping")
    codes = [f.get("code") for f in ana.frames]
    assert "rate.limited" in codes and codes.count(None) >= 20  # the burst got its pongs
    assert world.repository.writes == before
