"""What a match write leaves for after it: done from its outbox item on the table's stream,
retried when it fails, and the sweep that passes a turn whose timer never fired."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from botocore.exceptions import ClientError

from engine.state import MatchState
from functions.service.matches import SWEEP_GRACE_MS
from infra.local.in_process import Client, World


def _state(world: World, match_id: str) -> MatchState:
    record = world.repository.load_match(match_id)
    assert record is not None
    return MatchState.from_json(record.state)


def _room(world: World) -> tuple[Client, Client, str]:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("createRoom", settings={"turnSeconds": 60})
    code = ana.last("room")["code"]
    bia.send("joinRoom", code=code)
    ana.send("startRoom", code=code)
    return ana, bia, str(ana.last("view")["matchId"])


def _fail(error: str, status: int, operation: str) -> ClientError:
    return ClientError({"Error": {"Code": error, "Message": "injected"},
                        "ResponseMetadata": {"HTTPStatusCode": status}}, operation)


class FailingFirst:
    """A client whose ``method`` fails its first ``times`` calls, as a throttled or briefly
    failing service does; everything else goes through."""

    def __init__(self, client: Any, method: str, error: ClientError, times: int = 1,
                 when: Callable[[dict[str, Any]], bool] = lambda args: True) -> None:
        self._client, self._method, self._error = client, method, error
        self._left, self._when = times, when
        self.failed = 0

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._client, name)
        if name != self._method:
            return attr

        def call(**args: Any) -> Any:
            if self._left and self._when(args):
                self._left -= 1
                self.failed += 1
                raise self._error
            return attr(**args)
        return call


def _swap(client: Client, world: World, match_id: str) -> str:
    state = _state(world, match_id)
    return client.send("swap", matchId=match_id, tiles=list(state.seats[state.current].rack[:1]))


def test_a_failed_timer_start_after_the_write_is_retried_and_the_match_goes_on(
        world: World) -> None:
    ana, bia, match_id = _room(world)
    timers = world.runtime.ctx.timers
    failing = FailingFirst(timers.client, "start_execution",
                           _fail("ThrottlingException", 400, "StartExecution"), times=2)
    timers.client = failing
    ana.new_frames(), bia.new_frames()
    request = _swap(ana, world, match_id)
    # The move was kept and answered at once, whatever happened after the write.
    assert [f["requestId"] for f in ana.new_frames() if f["type"] == "update"] == [request]
    state = _state(world, match_id)
    assert state.current == 1
    # The stream retried the outbox item until the timer started, and told Bia once.
    assert failing.failed == 2 and world.stream.retried == 2
    names = {t["name"] for t in world.timers()}
    assert f"turn-{match_id}-{state.turn}" in names
    assert [f["version"] for f in bia.new_frames() if f["type"] == "update"] == [state.version]
    # The match goes on: Bia's turn times out by the timer that was started late.
    world.clock.advance(61)
    assert world.fire({"kind": "turn", "matchId": match_id, "turn": state.turn})["fired"]
    assert _state(world, match_id).current == 0
    assert any(e["kind"] == "timed_out" for f in ana.new_frames() if f["type"] == "update"
               for e in f["events"])


def test_a_failed_post_after_the_write_is_retried_and_the_other_seat_is_told(
        world: World) -> None:
    ana, bia, match_id = _room(world)
    notifier = world.runtime.ctx.notifier
    failing = FailingFirst(notifier.client, "post_to_connection",
                           _fail("InternalServerErrorException", 500, "PostToConnection"),
                           when=lambda args: args["ConnectionId"] == bia.connection_id)
    notifier.client = failing
    ana.new_frames(), bia.new_frames()
    _swap(ana, world, match_id)
    assert failing.failed == 1 and world.stream.retried == 1
    version = _state(world, match_id).version
    assert [f["version"] for f in bia.new_frames() if f["type"] == "update"] == [version]
    # Ana's own answer came from the handler and was not sent again by the retry.
    assert [f["version"] for f in ana.new_frames() if f["type"] == "update"] == [version]
    _swap(bia, world, match_id)  # and the match goes on
    assert _state(world, match_id).current == 0


def test_an_overdue_turn_whose_timer_never_started_is_passed_by_the_sweep(
        world: World) -> None:
    ana, bia, match_id = _room(world)
    timers = world.runtime.ctx.timers
    # Every try to start Bia's timer fails: the stream gives the record up.
    timers.client = FailingFirst(timers.client, "start_execution",
                                 _fail("ServiceUnavailable", 503, "StartExecution"), times=99)
    _swap(ana, world, match_id)
    state = _state(world, match_id)
    assert world.stream.dead_lettered == 1
    assert f"turn-{match_id}-{state.turn}" not in {t["name"] for t in world.timers()}
    timers.client = timers.client._client  # the service is back
    # Past the deadline, but within the time a timer's own retries take: left alone.
    world.clock.ms = state.deadline_ms + SWEEP_GRACE_MS - 1_000
    assert world.fire({"kind": "sweep"})["fired"] is False
    assert _state(world, match_id).turn == state.turn
    world.clock.advance(2)
    bia.new_frames()
    assert world.fire({"kind": "sweep"})["fired"] is True
    after = _state(world, match_id)
    assert after.turn == state.turn + 1 and after.current == 0
    assert any(e["kind"] == "timed_out" for f in bia.new_frames() if f["type"] == "update"
               for e in f["events"])
    # The next turn has its timer again, and a second sweep finds nothing to do.
    assert f"turn-{match_id}-{after.turn}" in {t["name"] for t in world.timers()}
    assert world.fire({"kind": "sweep"})["fired"] is False


def test_a_finished_match_leaves_the_sweeps_index(world: World) -> None:
    ana, bia, match_id = _room(world)
    assert world.repository.overdue_matches(world.clock.ms + 10**9) == [match_id]
    ana.send("leave", matchId=match_id)
    bia.send("leave", matchId=match_id)
    assert _state(world, match_id).finished
    assert world.repository.overdue_matches(world.clock.ms + 10**9) == []


def test_a_queue_player_whose_connection_vanished_does_not_stop_the_fill(
        world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("joinQueue", seats=4)
    bia.send("joinQueue", seats=4)
    [fill] = [t for t in world.timers() if t["kind"] == "fill"]
    world.api.gone.add(bia.connection_id)  # Bia's tab closed without a $disconnect
    world.clock.advance(20)
    assert world.fire(fill)["fired"] is True
    assert ana.last("view")["view"]["seats"][1]["bot"] is False
    assert world.repository.get_connection(bia.connection_id) is None
