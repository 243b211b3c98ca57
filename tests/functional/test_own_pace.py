"""Matches at one's own pace: turns of hours or days, several matches at once, the list of
one's matches ("Suas partidas"), and the limits (20 at one's own pace, one live)."""

from __future__ import annotations

from typing import Any

from engine.bots.levels import GREEDY, action_command, bot_rng
from engine.state import MatchState
from functions.handlers.ratelimit import RateLimiter
from infra.local.in_process import Client, World, message_for
from tests.helpers import resources

RES = resources()
DAY = 86400


def _state(world: World, match_id: str) -> MatchState:
    record = world.repository.load_match(match_id)
    assert record is not None
    return MatchState.from_json(record.state)


def _back(world: World, client: Client) -> None:
    """The page goes back to its list from the table it showed, if any (as the page does)."""
    connection = world.repository.get_connection(client.connection_id)
    left = {"left": connection.match_id} if connection and connection.match_id else {}
    client.send("matches", **left)


def _room(world: World, host: Client, guest: Client, **settings: Any) -> str:
    """A room's match between two people who come from their lists (the lobby)."""
    _back(world, host), _back(world, guest)
    host.send("createRoom", settings={"turnSeconds": DAY, **settings})
    code = host.last("room")["code"]
    guest.send("joinRoom", code=code)
    host.send("startRoom", code=code)
    return str(host.last("view")["matchId"])


def _listed(client: Client) -> list[dict[str, Any]]:
    client.send("matches")
    return list(client.last("matches")["matches"])


def _play(world: World, client: Client, match_id: str) -> str:
    """The seat to move plays the greedy bot's move; the word it played."""
    record = world.repository.load_match(match_id)
    assert record is not None
    state = MatchState.from_json(record.state)
    command = action_command(GREEDY, record.settings.rules(), state, state.current, RES,
                             bot_rng(state, state.current))
    action, fields = message_for(command, match_id)
    client.send("resume", matchId=match_id)
    client.send(action, **fields)
    return action


def test_two_people_play_three_matches_at_once_at_24_hour_turns(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    matches = [_room(world, ana, bia) for _ in range(3)]
    assert len(set(matches)) == 3
    for match_id in matches:
        assert _state(world, match_id).deadline_ms == world.clock.ms + DAY * 1000
    rows = _listed(ana)
    assert [r["matchId"] for r in rows] == sorted(matches, key=lambda m: (
        _state(world, m).deadline_ms, m))[: len(rows)] or len(rows) == 3
    assert {r["matchId"] for r in rows} == set(matches)
    row = rows[0]
    assert row["paced"] and row["turnSeconds"] == DAY and row["yourTurn"]
    assert [s["name"] for s in row["seats"]] == ["Ana", "Bia"]
    assert row["deadlineMs"] == world.clock.ms + DAY * 1000 and row["theme"]
    assert all(r["yourTurn"] for r in rows) and not any(r["yourTurn"] for r in _listed(bia))

    # Ana plays in the second match: Bia, on her list, is told at once, and it is her turn.
    bia.new_frames()
    world.clock.advance(3600)
    assert _play(world, ana, matches[1]) == "play"
    told = [f for f in bia.new_frames() if f["type"] == "matchRow"]
    assert [f["row"]["matchId"] for f in told] == [matches[1]]
    changed = told[0]["row"]
    assert changed["yourTurn"] and changed["current"] == 1
    assert changed["last"]["name"] == "Ana" and changed["last"]["kind"] == "play"
    assert changed["last"]["word"] and changed["last"]["points"] > 0
    assert changed["seats"][0]["score"] == changed["last"]["points"]
    # Her list now puts that match first (her turn), Ana's puts it last (not hers).
    assert _listed(bia)[0]["matchId"] == matches[1]
    ana_rows = _listed(ana)
    assert ana_rows[-1]["matchId"] == matches[1] and not ana_rows[-1]["yourTurn"]
    # What the list says is what the table holds.
    stored = _state(world, matches[1])
    assert changed["seats"][0]["score"] == stored.seats[0].score
    assert changed["deadlineMs"] == stored.deadline_ms
    # Bia answers from her list: the match opens on her seat and she plays.
    assert _play(world, bia, matches[1]) in ("play", "swap", "pass")
    assert _state(world, matches[1]).current == 0


def test_a_turn_left_for_a_day_passes_and_the_list_shows_it(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    match_id = _room(world, ana, bia)
    turn = _state(world, match_id).turn
    names = {t["name"] for t in world.timers()}
    assert f"turn-{match_id}-{turn}" in names
    world.clock.advance(DAY - 60)  # an early fire passes nothing
    assert not world.fire({"kind": "turn", "matchId": match_id, "turn": turn})["fired"]
    _back(world, bia)
    bia.new_frames()
    world.clock.advance(61)
    assert world.fire({"kind": "turn", "matchId": match_id, "turn": turn})["fired"]
    state = _state(world, match_id)
    assert state.current == 1 and state.seats[0].timeouts_in_row == 1
    told = [f["row"] for f in bia.new_frames() if f["type"] == "matchRow"]
    assert told and told[-1]["yourTurn"] and told[-1]["last"]["kind"] == "timed_out"
    row = _listed(ana)[0]
    assert (row["last"]["seat"], row["last"]["name"], row["last"]["kind"]) == (
        0, "Ana", "timed_out")
    assert not row["yourTurn"] and row["deadlineMs"] == state.deadline_ms


def test_three_turns_missed_in_a_row_take_the_seat_out(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    match_id = _room(world, ana, bia, rounds=20)
    for _ in range(3):
        state = _state(world, match_id)
        assert state.current == 0
        world.clock.advance(DAY + 1)
        assert world.fire({"kind": "turn", "matchId": match_id, "turn": state.turn})["fired"]
        if not _state(world, match_id).finished:
            _play(world, bia, match_id)
    state = _state(world, match_id)
    assert state.seats[0].left and state.finished  # two seats: Bia is the one left
    row = _listed(ana)[0]
    assert row["result"]["left"] and row["endedMs"] == world.clock.ms
    assert _listed(bia)[0]["result"]["won"]
    assert world.repository.paced_matches(ana.player_id) == []


def test_the_21st_match_at_ones_own_pace_is_refused(world: World) -> None:
    # Twenty starts in a second are no abuse here: the per-player rate is not what is tested.
    world.runtime.limiter = world.runtime.player_limiter = RateLimiter(1000, 1000.0)
    ana = world.connect("Ana")
    for _ in range(20):
        _back(world, ana)
        ana.send("startSolo", settings={"turnSeconds": 3 * DAY})
        assert ana.last("view")["matchId"]
    started = [f["matchId"] for f in ana.frames if f["type"] == "view"]
    ana.new_frames()
    ana.send("startSolo", settings={"turnSeconds": 3600})
    refused = ana.last("error")
    assert refused["code"] == "match.too_many"
    assert refused["message"].startswith("Você já tem 20 partidas no seu ritmo")
    assert not [f for f in ana.new_frames() if f["type"] == "view"]
    # The list holds the twenty, and a live match may still be played beside them.
    assert len(_listed(ana)) == 20
    ana.send("startSolo", settings={"turnSeconds": 90})
    live = ana.last("view")["matchId"]
    assert live not in started
    # Leaving one makes room for another.
    ana.send("resume", matchId=started[0])
    ana.send("leave", matchId=started[0])
    ana.send("startSolo", settings={"turnSeconds": 8 * 3600})
    assert ana.last("view")["matchId"] not in (*started, live)


def test_a_lost_release_does_not_lock_a_player_out(world: World) -> None:
    """A finished match whose release never reached the seat count is found at the limit."""
    world.runtime.ctx.pace = type(world.runtime.ctx.pace)(matches=2)
    ana = world.connect("Ana")
    for _ in range(2):
        _back(world, ana)
        ana.send("startSolo", settings={"turnSeconds": DAY})
    first = ana.last("view")["matchId"]
    ana.send("leave", matchId=first)
    # As if the leave's release had been lost: the count still holds the match.
    world.repository.client.update_item(
        TableName=world.repository.table,
        Key={"pk": {"S": f"PLAYER#{ana.player_id}"}, "sk": {"S": "PACED"}},
        UpdateExpression="ADD matches :m", ExpressionAttributeValues={":m": {"SS": [first]}})
    ana.send("startSolo", settings={"turnSeconds": DAY})
    assert ana.last("view")["matchId"] != first
    assert first not in world.repository.paced_matches(ana.player_id)


def test_the_normal_queue_at_ones_own_pace_has_its_own_tables(world: World) -> None:
    ana, bia, caio = world.connect("Ana"), world.connect("Bia"), world.connect("Caio")
    ana.send("joinQueue", seats=3, paced=True)
    waiting = ana.last("queue")
    assert waiting["paced"] and waiting["fillAtMs"] == world.clock.ms + 600_000
    bia.send("joinQueue", seats=3)  # the live queue: another table
    assert bia.last("queue")["players"] == ["Bia"] and not bia.last("queue").get("paced")
    caio.send("joinQueue", seats=3, paced=True)
    assert ana.last("queue")["players"] == ["Ana", "Caio"]
    [fill] = [t for t in world.timers() if t["kind"] == "fill" and t.get("paced")]
    assert fill["seconds"] == 600
    world.clock.advance(600)
    assert world.fire(fill)["fired"]
    match_id = ana.last("view")["matchId"]
    record = world.repository.load_match(match_id)
    assert record is not None and record.settings.mode == "normal"
    assert record.settings.turn_seconds == DAY and record.settings.timeouts_to_leave == 3
    assert [s["bot"] for s in ana.last("view")["view"]["seats"]] == [False, False, True]
    # It is one of their matches at their own pace, and on their lists.
    assert world.repository.paced_matches(caio.player_id) == [match_id]
    assert [r["matchId"] for r in _listed(caio)] == [match_id]
    # A live match is still theirs to play; Bia's live table waits as before.
    assert bia.last("queue")["status"] == "waiting"


def test_a_room_can_start_at_ones_own_pace_while_someone_plays_live(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("startSolo", settings={"bots": 1, "turnSeconds": 90})
    live = ana.last("view")["matchId"]
    ana.send("createRoom", settings={"turnSeconds": 60})  # a second live match: refused
    assert ana.last("error")["code"] == "match.already_in"
    match_id = _room(world, ana, bia)
    assert match_id != live
    rows = _listed(ana)
    assert [r["matchId"] for r in rows][:1] == [live]  # live first: it cannot wait
    assert not rows[0]["paced"] and rows[0]["deadlineMs"] is None


def test_a_table_reads_the_list_without_leaving_its_match(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    match_id = _room(world, ana, bia)
    ana.send("matches")  # the page at the table, reading the list for its title
    assert [r["matchId"] for r in ana.last("matches")["matches"]] == [match_id]
    assert world.repository.get_connection(ana.connection_id).match_id == match_id
    ana.send("matches", left="m-another")  # a table it no longer shows: nothing changes
    assert world.repository.get_connection(ana.connection_id).match_id == match_id
    ana.send("matches", left=match_id)  # back at the list: the device follows no table
    assert world.repository.get_connection(ana.connection_id).match_id is None
