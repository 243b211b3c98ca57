"""``GET /match/<id>`` on the identity API: what a match's link leads to, for a visitor with no
name yet. Answered for what may be watched (who plays, the theme, live or over, the round),
refused as the WebSocket's ``watch`` would refuse it, and never a rack, the bag, a seed, a
player id or a move."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import TypeAdapter, ValidationError

from engine.state import MatchState
from functions.handlers import identity_api
from functions.protocol.client import MatchId
from infra.local.in_process import CTX, Client, World

ROUTE = "GET /match/{matchId}"


def _summary(match_id: str) -> dict[str, Any]:
    answer = identity_api.handler({"routeKey": ROUTE, "pathParameters": {"matchId": match_id},
                                   "requestContext": {"http": {"sourceIp": "203.0.113.9"}}},
                                  CTX)
    assert answer["headers"]["cache-control"] == "no-store"
    return {"http": answer["statusCode"], **json.loads(answer["body"])}


def _room(world: World, **settings: object) -> tuple[Client, Client, str]:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("createRoom", settings={"rounds": 8, "cards": True, "bots": 1, **settings})
    code = ana.last("room")["code"]
    bia.send("joinRoom", code=code)
    ana.send("startRoom", code=code)
    return ana, bia, str(ana.last("view")["matchId"])


def _hidden(world: World, match_id: str, people: list[Client]) -> list[str]:
    """What the summary must never hold: the seats' racks, the bag, the seed and the random
    state, every player id, the moves."""
    record = world.repository.load_match(match_id)
    assert record is not None
    state = MatchState.from_json(record.state)
    out = [p.player_id for p in people] + [pid for pid in record.players if pid]
    out += ["".join(seat.rack) for seat in state.seats if len(seat.rack) > 2]
    out.append(str(state.rng_state))
    if record.settings.seed:
        out.append(record.settings.seed)
    return out


def test_a_live_match_that_takes_spectators_says_who_plays_and_what(world: World) -> None:
    ana, bia, match_id = _room(world, themeId="animais")
    summary = _summary(match_id)
    assert summary == {
        "http": 200, "matchId": match_id, "status": "live", "mode": "room",
        "modeName": "Customizada", "theme": {"id": "animais", "name": "Animais"},
        "round": 1, "roundLimit": 8,
        "players": [{"name": "Ana", "bot": False}, {"name": "Bia", "bot": False},
                    {"name": "Robô 1", "bot": True}]}
    text = json.dumps(summary, ensure_ascii=False)
    for key in ("rack", "bag", "seed", "playerId", "history", "moves", "board", "rng"):
        assert key not in text, key
    for secret in _hidden(world, match_id, [ana, bia]):
        assert secret not in text, secret


def test_a_finished_match_is_summed_up_as_over(world: World) -> None:
    ana = world.connect("Ana")
    ana.send("startSolo", settings={"bots": 2, "rounds": 5, "themed": False, "cards": False})
    match_id = str(ana.last("view")["matchId"])
    ana.send("leave", matchId=match_id)  # the robots are left alone: the match ends
    hidden = _hidden(world, match_id, [ana])
    summary = _summary(match_id)
    assert summary["http"] == 200
    assert summary["status"] == "finished" and summary["theme"] is None
    assert summary["modeName"] == "Solo" and summary["roundLimit"] == 5
    assert [p["name"] for p in summary["players"]] == ["Ana", "Robô 1", "Robô 2"]
    assert [p["bot"] for p in summary["players"]] == [False, True, True]
    assert not [s for s in hidden if s in json.dumps(summary, ensure_ascii=False)]


def test_a_live_table_without_spectators_is_refused_until_it_ends(world: World) -> None:
    ana, _, match_id = _room(world, spectators=False, bots=0)
    refused = _summary(match_id)
    assert refused["http"] == 403
    assert refused["error"] == {"code": "watch.closed",
                                "message": "Esta mesa não aceita espectadores."}
    ana.send("leave", matchId=match_id)  # Bia alone: the match ends, and is public
    assert _summary(match_id)["status"] == "finished"


def test_a_daily_attempt_is_summed_up_only_once_its_day_is_over(world: World) -> None:
    ana = world.connect("Ana")
    ana.send("startDaily")
    match_id = str(ana.last("view")["matchId"])
    for moment in ("live", "over"):
        if moment == "over":
            ana.send("leave", matchId=match_id)  # leaving is a finished attempt too
        refused = _summary(match_id)
        assert refused["http"] == 403, moment
        assert refused["error"]["code"] == "watch.daily_open", moment
        assert "depois que o dia acaba" in refused["error"]["message"]
    hidden = _hidden(world, match_id, [ana])
    world.clock.advance(86_400)  # the next day: yesterday's attempts are public
    summary = _summary(match_id)
    assert summary["http"] == 200 and summary["status"] == "finished"
    assert summary["modeName"] == "Desafio do dia"
    assert summary["players"] == [{"name": "Ana", "bot": False}]
    assert summary["theme"] is not None and summary["roundLimit"] == 10
    assert not [s for s in hidden if s in json.dumps(summary, ensure_ascii=False)]


def test_an_unknown_match_is_not_found(world: World) -> None:
    answer = _summary("m-000000000000")
    assert answer["http"] == 404
    assert answer["error"] == {"code": "match.not_found", "message": "Esta partida não existe."}


BAD_IDS = ["", "a" * 65, "m 1", "../STATE", "m-1/x", "m#1", "partida-é", "m-1\n", "m%2F1",
           "m.1"]


@pytest.mark.parametrize("match_id", BAD_IDS)
def test_a_malformed_id_is_refused_before_anything_is_read(
        world: World, monkeypatch: pytest.MonkeyPatch, match_id: str) -> None:
    def nothing(_: str) -> dict[str, Any]:
        raise AssertionError("read the table for a malformed id")

    monkeypatch.setattr(world.identity, "match_summary", nothing)
    answer = _summary(match_id)
    assert answer["http"] == 400 and answer["error"]["code"] == "match.bad_id"
    assert "link de partida não é válido" in answer["error"]["message"]


@pytest.mark.parametrize("match_id", [*BAD_IDS, "m-1", "a" * 64, "A_b-9", "-"])
def test_the_route_takes_exactly_the_ids_the_protocol_takes(match_id: str) -> None:
    try:
        TypeAdapter(MatchId).validate_python(match_id)
        protocol = True
    except ValidationError:
        protocol = False
    assert bool(identity_api.MATCH_ID.fullmatch(match_id)) == protocol


def test_the_rest_shaped_event_reaches_the_same_route(world: World) -> None:
    answer = identity_api.handler({"httpMethod": "GET", "path": "/match/m-000000000000"}, CTX)
    assert answer["statusCode"] == 404
    assert json.loads(answer["body"])["error"]["code"] == "match.not_found"
