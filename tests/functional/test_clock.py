"""A Solo player may stop their turn's clock (the first-match tour does while it is read):
the turn's timer then passes nothing, and restarting gives a whole turn with its own timer.
Nowhere else does the clock stop: someone waits there."""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from engine.state import MatchState
from infra.local.in_process import World


def _state(world: World, match_id: str) -> MatchState:
    record = world.repository.load_match(match_id)
    assert record is not None
    return MatchState.from_json(record.state)


class _Names:
    """Step Functions never reuses an execution's name (90 days); moto does once one ended."""

    def __init__(self, client: Any) -> None:
        self.client, self.used = client, set()

    def start_execution(self, **kwargs: Any) -> Any:
        if kwargs["name"] in self.used:
            raise ClientError({"Error": {"Code": "ExecutionAlreadyExists", "Message": "x"}},
                              "StartExecution")
        self.used.add(kwargs["name"])
        return self.client.start_execution(**kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)


def test_a_solo_turn_read_away_is_not_lost(world: World) -> None:
    timers = world.runtime.ctx.timers
    timers.client = _Names(timers.client)
    ana = world.connect("Ana")
    ana.send("startSolo", settings={"bots": 1, "botLevel": 1, "turnSeconds": 60})
    match_id = ana.last("view")["matchId"]
    turn = _state(world, match_id).turn
    ana.send("clock", matchId=match_id, running=False)
    update = ana.last("update")
    assert any(e["kind"] == "clock" for e in update["events"])
    world.clock.advance(61)  # the turn's first timer: the deadline moved, nothing passes
    assert not world.fire({"kind": "turn", "matchId": match_id, "turn": turn})["fired"]
    assert _state(world, match_id).turn == turn
    world.clock.advance(300)
    ana.send("clock", matchId=match_id, running=True)  # a whole turn again, with its timer
    state = _state(world, match_id)
    assert state.turn == turn and state.deadline_ms == world.clock.ms + 60_000
    names = [t["name"] for t in world.timers()]
    assert f"turn-{match_id}-{turn}-{state.deadline_ms}" in names
    world.clock.advance(58)  # that timer passes the turn when the whole turn has run
    timer = {"kind": "turn", "matchId": match_id, "turn": turn}
    assert not world.fire(timer)["fired"]
    world.clock.advance(3)
    assert world.fire(timer)["fired"] and _state(world, match_id).turn > turn


def test_a_stopped_clock_still_ends_after_half_an_hour(world: World) -> None:
    ana = world.connect("Ana")
    ana.send("startSolo", settings={"bots": 1, "botLevel": 1})
    match_id = ana.last("view")["matchId"]
    turn = _state(world, match_id).turn
    ana.send("clock", matchId=match_id, running=False)
    world.clock.advance(1801)
    assert world.fire({"kind": "turn", "matchId": match_id, "turn": turn})["fired"]
    assert _state(world, match_id).turn > turn


def test_nobody_stops_the_clock_where_someone_waits(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("createRoom", settings={"bots": 0})
    code = ana.last("room")["code"]
    bia.send("joinRoom", code=code)
    ana.send("startRoom", code=code)
    match_id = ana.last("view")["matchId"]
    first = ana if _state(world, match_id).current == 0 else bia
    before = _state(world, match_id)
    first.send("clock", matchId=match_id, running=False)
    error = first.last("error")
    assert error["code"] == "clock.not_pausable" and "relógio" in error["message"]
    assert _state(world, match_id).deadline_ms == before.deadline_ms
    ana.send("startDaily")  # nor in the daily, whose leaderboard counts the same turns
