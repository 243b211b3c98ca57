"""Playing a match through the handlers: moves, previews, races, repeats, timers, reconnects."""

from __future__ import annotations

from typing import Any

from engine.bots.levels import GREEDY, action_command, bot_rng
from engine.state import MatchState
from functions.service.fair_rating import MIN_TURNS_PER_SEAT
from functions.service.settlement import settle
from infra.local.in_process import Client, World, message_for
from tests.functional.turns import swap_turns
from tests.helpers import resources

RES = resources()


def _state(world: World, match_id: str) -> MatchState:
    record = world.repository.load_match(match_id)
    assert record is not None
    return MatchState.from_json(record.state)


def _two_player_room(world: World, **settings: Any) -> tuple[Client, Client, str]:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("createRoom", settings={"turnSeconds": 60, **settings})
    code = ana.last("room")["code"]
    bia.send("joinRoom", code=code)
    ana.send("startRoom", code=code)
    match_id = ana.last("view")["matchId"]
    return ana, bia, match_id


def _play_message(world: World, match_id: str) -> tuple[str, dict[str, Any]]:

    record = world.repository.load_match(match_id)
    assert record is not None
    state = MatchState.from_json(record.state)
    command = action_command(GREEDY, record.settings.rules(), state, state.current, RES,
                             bot_rng(state, state.current))
    return message_for(command, match_id)


def test_a_play_updates_both_seats_with_their_own_views(world: World) -> None:
    ana, bia, match_id = _two_player_room(world)
    action, fields = _play_message(world, match_id)
    assert action == "play"
    ana.new_frames(), bia.new_frames()
    request = ana.send("play", **fields)
    mine, theirs = ana.last("update"), bia.last("update")
    assert mine["requestId"] == request and "requestId" not in theirs
    assert mine["view"]["you"] == 0 and theirs["view"]["you"] == 1
    played = [e for e in theirs["events"] if e["kind"] == "move_played"]
    assert len(played) == 1 and played[0]["data"]["breakdown"]["total"] > 0
    assert not [e for e in theirs["events"] if e["kind"] == "rack"]  # Ana's new rack is hers
    assert [e for e in mine["events"] if e["kind"] == "rack"]
    assert _state(world, match_id).current == 1
    assert theirs["view"]["current"] == 1 and theirs["view"]["deadlineMs"] > world.clock.ms


def test_preview_answers_the_player_and_writes_nothing(world: World) -> None:
    ana, _, match_id = _two_player_room(world)
    _, fields = _play_message(world, match_id)
    before = world.repository.load_match(match_id)
    ana.send("preview", **fields)
    previewed = ana.last("previewed")
    assert previewed["breakdown"]["total"] > 0
    assert world.repository.load_match(match_id) == before


def test_a_refused_preview_names_the_square_it_is_about(world: World) -> None:
    """The first play must cover the centre: the error frame says so and carries the centre
    square, so the page can mark it."""
    ana, _, match_id = _two_player_room(world)
    letter = _state(world, match_id).seats[0].rack[0]
    tile = {"row": 0, "col": 0, "letter": letter if letter[0] != "?" else "A",
            "wild": letter[0] == "?"}
    ana.send("preview", matchId=match_id, tiles=[tile])
    error = ana.last("error")
    assert (error["code"], error["square"]) == ("move.centre", [10, 10])
    ana.send("play", matchId=match_id, tiles=[tile])
    assert (ana.last("error")["code"], ana.last("error")["square"]) == ("move.centre", [10, 10])
    ana.send("history", matchId=match_id, before=99)  # a refusal about no square
    assert ana.last("error")["code"] == "message.invalid" and "square" not in ana.last("error")


def test_a_repeated_request_id_applies_once(world: World) -> None:
    ana, _, match_id = _two_player_room(world)
    _, fields = _play_message(world, match_id)
    version = _state(world, match_id).version
    ana.send("play", requestId="same-1", **fields)
    after = _state(world, match_id)
    ana.send("play", requestId="same-1", **fields)
    assert _state(world, match_id) == after and after.version > version
    assert ana.frames[-1]["type"] == "view" and ana.frames[-1]["requestId"] == "same-1"


def test_acting_out_of_turn_or_for_a_match_not_yours_is_refused(world: World) -> None:
    _, bia, match_id = _two_player_room(world)
    _, fields = _play_message(world, match_id)
    before = _state(world, match_id)
    bia.send("play", **fields)
    assert bia.last("error")["code"] == "turn.not_yours"
    caio = world.connect("Caio")
    caio.send("pass", matchId=match_id)
    assert caio.last("error")["code"] == "match.not_seated"
    caio.send("pass", matchId="m-nothere")
    assert caio.last("error")["code"] == "match.not_found"
    assert _state(world, match_id) == before


def test_two_tabs_racing_the_same_turn_apply_once_and_the_other_gets_a_clear_error(
        world: World) -> None:
    ana, _, match_id = _two_player_room(world)
    tab = world.reconnect(ana)
    tab.send("resume", matchId=match_id)
    _, fields = _play_message(world, match_id)
    world.race_next_save(lambda: tab.send("pass", matchId=match_id))
    version = _state(world, match_id).version
    ana.send("play", **fields)
    state = _state(world, match_id)
    assert state.history[-1]["kind"] == "passed" and state.version == version + 1
    assert ana.last("error")["code"] == "turn.not_yours"


def test_a_timeout_racing_a_move_lets_exactly_one_win(world: World) -> None:
    ana, _, match_id = _two_player_room(world)
    turn, deadline = _state(world, match_id).turn, _state(world, match_id).deadline_ms
    _, fields = _play_message(world, match_id)
    original = world.repository.save_match
    fired: list[dict[str, Any]] = []

    def save_after_the_timer(*args: Any, **kwargs: Any) -> None:
        if not fired:
            fired.append({})
            world.clock.ms = deadline  # the move was read just in time; the timer fires now
            fired[0] = world.fire({"kind": "turn", "matchId": match_id, "turn": turn})
        original(*args, **kwargs)

    world.repository.save_match = save_after_the_timer  # type: ignore[method-assign]
    ana.send("play", **fields)
    state = _state(world, match_id)
    assert fired[0]["fired"] is True
    assert [h["kind"] for h in state.history] == ["timed_out"]
    assert ana.last("error")["code"] == "turn.not_yours"
    assert world.fire({"kind": "turn", "matchId": match_id, "turn": turn})["fired"] is False


def test_a_late_timer_does_nothing_after_the_move(world: World) -> None:
    ana, _, match_id = _two_player_room(world)
    turn = _state(world, match_id).turn
    _, fields = _play_message(world, match_id)
    ana.send("play", **fields)
    after = _state(world, match_id)
    assert world.fire({"kind": "turn", "matchId": match_id, "turn": turn})["fired"] is False
    assert _state(world, match_id) == after


def test_a_move_that_arrives_after_the_deadline_is_refused_with_its_own_code(
        world: World) -> None:
    ana, bia, match_id = _two_player_room(world)
    before = _state(world, match_id)
    bia.new_frames()
    world.clock.advance(60 + 2.5)  # the 60 s turn and more than its 2 s grace
    _, fields = _play_message(world, match_id)
    ana.send("play", **fields)
    error = ana.last("error")
    assert error["code"] == "turn.expired" and "tempo" in error["message"]
    assert _state(world, match_id) == before and not bia.new_frames()
    assert world.fire({"kind": "turn", "matchId": match_id, "turn": 1})["fired"] is True
    assert _state(world, match_id).current == 1


def test_every_human_turn_gets_a_deterministically_named_timer(world: World) -> None:
    ana, _, match_id = _two_player_room(world, turnSeconds=45)
    _, fields = _play_message(world, match_id)
    ana.send("play", **fields)
    timers = world.timers()
    names = sorted(t["name"] for t in timers)
    assert names == [f"turn-{match_id}-1", f"turn-{match_id}-2"]
    assert all(t["seconds"] == 45 and t["kind"] == "turn" for t in timers)


def test_the_first_views_reach_connections_the_index_does_not_show_yet(
        world: World, monkeypatch: Any) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("createRoom", settings={"turnSeconds": 60})
    code = ana.last("room")["code"]
    bia.send("joinRoom", code=code)
    # In the cloud, byMatch is eventually consistent: just after the connections are
    # attached to the new match, a query of the index may not show them yet.
    monkeypatch.setattr(world.repository, "match_connections", lambda match_id: [])
    ana.send("startRoom", code=code)
    assert ana.last("view")["view"]["you"] == 0 and bia.last("view")["view"]["you"] == 1


def test_a_turn_ended_early_stops_its_timer_and_the_next_turn_gets_one(world: World) -> None:
    ana, _, match_id = _two_player_room(world)
    _, fields = _play_message(world, match_id)
    ana.send("play", **fields)

    def status(turn: int) -> str:
        [execution] = [e for e in world.sfn.list_executions(
            stateMachineArn=world.machine)["executions"]
            if e["name"] == f"turn-{match_id}-{turn}"]
        return str(execution["status"])
    assert status(1) == "ABORTED"  # costs one transition and never calls the timer function
    assert status(2) == "RUNNING"
    assert world.runtime.ctx.timers.stopped == 1


def test_a_disconnected_seat_times_out_and_a_reconnect_resumes_it(world: World) -> None:
    ana, bia, match_id = _two_player_room(world)
    world.disconnect(ana)
    world.clock.advance(61)
    assert world.fire({"kind": "turn", "matchId": match_id, "turn": 1})["fired"] is True
    assert _state(world, match_id).current == 1 and bia.last("update")["view"]["current"] == 1
    back = world.reconnect(ana)
    back.send("hello")
    assert back.last("welcome")["activeMatch"] == match_id
    back.send("resume", matchId=match_id)
    view = back.last("view")["view"]
    assert view["you"] == 0 and len(view["rack"]) == 7
    action, fields = _play_message(world, match_id)
    bia.send(action, **fields)
    assert back.last("update")["view"]["current"] == 0  # the new connection gets updates


def test_a_gone_connection_is_pruned_and_the_others_still_get_their_frames(
        world: World) -> None:
    ana, bia, match_id = _two_player_room(world)
    tab = world.reconnect(bia)
    tab.send("resume", matchId=match_id)
    world.api.gone.add(bia.connection_id)
    _, fields = _play_message(world, match_id)
    ana.send("play", **fields)
    assert world.repository.get_connection(bia.connection_id) is None
    assert world.repository.get_connection(tab.connection_id) is not None
    assert tab.last("update")["view"]["you"] == 1
    assert [c.connection_id for c in world.repository.match_connections(match_id)] == \
        sorted([ana.connection_id, tab.connection_id])


def test_a_turn_timer_prunes_a_gone_connection_and_still_tells_the_others(
        world: World) -> None:
    ana, bia, match_id = _two_player_room(world)
    world.api.gone.add(bia.connection_id)
    world.clock.advance(61)
    assert world.fire({"kind": "turn", "matchId": match_id, "turn": 1})["fired"] is True
    assert world.repository.get_connection(bia.connection_id) is None
    assert ana.last("update")["view"]["current"] == 1


def test_a_room_prunes_a_gone_member_connection_and_still_tells_the_others(
        world: World) -> None:
    ana, bia, cid = world.connect("Ana"), world.connect("Bia"), world.connect("Cid")
    ana.send("createRoom", settings={"bots": 0})
    code = ana.last("room")["code"]
    bia.send("joinRoom", code=code)
    world.api.gone.add(ana.connection_id)
    cid.send("joinRoom", code=code)
    assert world.repository.get_connection(ana.connection_id) is None
    assert len(bia.last("room")["players"]) == 3


def test_leaving_ends_a_normal_match_and_rates_it_once(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("joinQueue", seats=2)
    bia.send("joinQueue", seats=2)
    match_id = ana.last("view")["matchId"]
    swap_turns(world, match_id, [ana, bia], 2 * MIN_TURNS_PER_SEAT)  # sooner: unrated
    bia.send("leave", matchId=match_id)
    ended = ana.last("ended")
    assert ended["result"]["reason"] == "left"
    ratings = {r["seat"]: r for r in ended["ratings"]}
    assert ratings[0]["after"] > ratings[0]["before"] > ratings[1]["after"]
    profile = world.repository.get_profile(ana.player_id)
    assert profile is not None and profile.matches == 1
    ana.send("pass", matchId=match_id)
    assert ana.last("error")["code"] == "match.finished"
    settle(world.runtime.ctx, world.repository.load_match(match_id), _state(world, match_id))  # type: ignore[arg-type]
    again = world.repository.get_profile(ana.player_id)
    assert again == profile
    ana.send("hello")
    assert ana.last("welcome").get("activeMatch") is None


def test_room_and_solo_matches_are_not_rated(world: World) -> None:
    ana, bia, match_id = _two_player_room(world)
    bia.send("leave", matchId=match_id)
    assert ana.last("ended")["ratings"] == []
    profile = world.repository.get_profile(ana.player_id)
    assert profile is not None and profile.matches == 1 and profile.rated == 0
    assert profile.rating["rating"] == 1500.0
    assert "primeira-partida" in profile.badges and "primeira-vitoria" in profile.badges


def test_views_say_which_seats_are_connected(world: World) -> None:
    ana, bia, match_id = _two_player_room(world)
    assert [s["online"] for s in ana.view()["seats"]] == [True, True]
    world.disconnect(bia)
    ana.send("pass", matchId=match_id)
    assert [s["online"] for s in ana.view()["seats"]] == [True, False]


def test_the_last_move_arrives_before_the_end_of_the_match(world: World) -> None:
    ana, bia, match_id = _two_player_room(world, rounds=1)
    _, fields = _play_message(world, match_id)
    ana.send("play", **fields)
    request = bia.send("pass", matchId=match_id)
    kinds = [f["type"] for f in bia.frames[-2:]]
    assert kinds == ["update", "ended"] and bia.frames[-2]["requestId"] == request


def test_a_late_resume_of_a_match_you_left_is_refused_and_keeps_your_new_match(
        world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("createRoom", settings={"turnSeconds": 60, "bots": 1})
    code = ana.last("room")["code"]
    bia.send("joinRoom", code=code)
    ana.send("startRoom", code=code)
    old = ana.last("view")["matchId"]
    bia.send("leave", matchId=old)
    assert not _state(world, old).finished  # Ana and the robot play on
    bia.send("startSolo", settings={"bots": 1})
    new = bia.last("view")["matchId"]
    bia.send("resume", matchId=old)  # sent before the leave was seen, answered after
    assert bia.last("error")["code"] == "match.left"
    assert bia.connection_id in [c.connection_id for c in world.repository.match_connections(new)]
