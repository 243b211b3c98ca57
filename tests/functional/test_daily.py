"""The Desafio do dia through the service: the same theme and opening rack for everyone on a
day, one scored attempt each, the day's leaderboard, and a new challenge the next day."""

from __future__ import annotations

from engine.state import MatchState
from infra.local.in_process import Client, World


def _seed(world: World, match_id: str) -> str:
    record = world.repository.load_match(match_id)
    assert record is not None and MatchState.from_json(record.state).finished
    return str(record.settings.seed)


def _attempt(client: Client) -> str:
    client.send("startDaily")
    match_id = client.last("view")["matchId"]
    client.send("leave", matchId=match_id)  # leaving is a finished attempt too
    return str(match_id)


def test_everyone_gets_the_same_challenge_once_a_day(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("daily")
    status = ana.last("daily")
    assert status["played"] is False and status["rounds"] == 10 and status["players"] == 0
    assert status["cards"] is False  # the lobby says so from the frame, not from its own rules
    ana.send("startDaily")
    first = ana.last("view")
    bia.send("startDaily")
    second = bia.last("view")
    assert first["view"]["theme"] == second["view"]["theme"] and first["view"]["theme"]
    assert first["view"]["rack"] == second["view"]["rack"]  # the same bag for everyone
    assert first["view"]["roundLimit"] == 10 and first["view"]["cards"] is False
    for client, view in ((ana, first), (bia, second)):
        client.send("leave", matchId=view["matchId"])
    ana.send("startDaily")
    assert ana.last("error")["code"] == "daily.played"
    ana.send("rematch", matchId=first["matchId"])
    assert ana.last("error")["code"] == "daily.played"

    bia.send("daily")
    board = bia.last("daily")
    assert board["played"] and board["players"] == 2 and board["matchId"] == second["matchId"]
    scores = [e["score"] for e in board["leaderboard"]]
    assert sorted(e["name"] for e in board["leaderboard"]) == ["Ana", "Bia"]
    assert scores == sorted(scores, reverse=True) and [e["rank"] for e in
                                                      board["leaderboard"]] == [1, 2]
    assert [e["you"] for e in board["leaderboard"]].count(True) == 1

    world.clock.advance(86_400)  # the next day: a new challenge, a new attempt
    ana.send("daily")
    tomorrow = ana.last("daily")
    assert tomorrow["number"] == status["number"] + 1 and tomorrow["played"] is False
    again = _attempt(ana)
    assert _seed(world, again) != _seed(world, first["matchId"])  # drawn afresh each day


def test_one_name_holds_one_attempt_a_day(world: World) -> None:
    """A second guest identity under the same name (a new browser, a cleared one) gets no
    second scored attempt with the day's bag, and the leaderboard never lists a name twice."""
    first = world.connect("Ana")
    _attempt(first)
    for spelling in ("Ana", "ANA", "Âna"):
        again = world.connect(spelling)
        again.send("startDaily")
        error = again.last("error")
        assert error["code"] == "daily.name_played", spelling
        assert spelling in error["message"] and "outro nome" in error["message"]
        assert not [f for f in again.frames if f["type"] == "view"]
    bia = world.connect("Bia")
    _attempt(bia)
    bia.send("daily")
    board = bia.last("daily")
    assert sorted(e["name"] for e in board["leaderboard"]) == ["Ana", "Bia"]
    world.clock.advance(86_400)  # a new day: the name is free again
    late = world.connect("Ana")
    assert _attempt(late)


def test_nobody_watches_a_daily_attempt_while_its_day_is_open(world: World) -> None:
    """Every player of the day draws from the same bag: another's attempt, live or over,
    shows its tiles, so it is seen only once the day is over."""
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("startDaily")
    match_id = ana.last("view")["matchId"]
    for finished in (False, True):
        bia.send("watch", matchId=match_id)
        assert bia.last("error")["code"] == "watch.daily_open", finished
        bia.send("history", matchId=match_id)
        assert bia.last("error")["code"] == "watch.daily_open", finished
        assert not [f for f in bia.frames if f["type"] in ("view", "history")]
        if not finished:
            ana.send("leave", matchId=match_id)
    ana.send("watch", matchId=match_id)  # your own attempt is yours to replay
    assert ana.last("view")["matchId"] == match_id
    world.clock.advance(86_400)
    bia.send("watch", matchId=match_id)
    assert bia.last("view")["matchId"] == match_id
