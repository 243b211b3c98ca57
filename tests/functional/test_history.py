"""The stored move log and the ``history`` action: pages with their receipts, refusals, the
batch written in the state's own transaction, and the longest match the settings allow, whose
every frame must stay under API Gateway's 32 KB."""

from __future__ import annotations

from typing import Any

import pytest

from engine.bots.levels import action_command, bot_rng, level, market_commands
from engine.state import MatchState
from functions.protocol.client import RoomSettings
from functions.protocol.limits import MAX_FRAME_BYTES
from functions.protocol.settings import MatchSettings
from functions.service.matches import SeatSpec
from functions.storage.repository import ConflictError, MatchRecord
from infra.local.in_process import Client, World, message_for
from tests.helpers import resources

RES = resources()
BEGINNER = level(1)


def _record(world: World, match_id: str) -> tuple[MatchRecord, MatchState]:
    record = world.repository.load_match(match_id)
    assert record is not None
    return record, MatchState.from_json(record.state)


def _room(world: World, names: tuple[str, ...] = ("Ana", "Bia"),
          **settings: Any) -> tuple[list[Client], str]:
    people = [world.connect(n) for n in names]
    host = people[0]
    host.send("createRoom", settings={"turnSeconds": 60, **settings})
    code = host.last("room")["code"]
    for person in people[1:]:
        person.send("joinRoom", code=code)
    host.send("startRoom", code=code)
    return people, host.last("view")["matchId"]


def _move(world: World, client: Client, match_id: str, how: str) -> None:
    """One turn of a person: a real move (with the market first, as a beginner bot would
    choose them), a pass, or a turn left to time out."""
    record, state = _record(world, match_id)
    rules = record.settings.rules()
    seat = state.current
    if how == "timeout":
        world.clock.advance(rules.turn_seconds + 1)
        assert world.fire({"kind": "turn", "matchId": match_id, "turn": state.turn})["fired"]
        return
    if how == "pass":
        client.send("pass", matchId=match_id)
        return
    rng = bot_rng(state, seat)
    for command in market_commands(BEGINNER, rules, state, seat, rng):
        _send(client, command, match_id)
    _, state = _record(world, match_id)
    _send(client, action_command(BEGINNER, rules, state, seat, RES, rng), match_id)
    if client.frames[-1]["type"] == "error":
        client.send("pass", matchId=match_id)


def _send(client: Client, command: Any, match_id: str) -> None:
    action, fields = message_for(command, match_id)
    client.send(action, **fields)


def _pages(client: Client, match_id: str, limit: int = 50) -> tuple[list[dict[str, Any]], int]:
    """Every stored move, fetched page by page from the latest back to the start."""
    moves: list[dict[str, Any]] = []
    before: int | None = None
    total = -1
    for _ in range(1000):
        fields: dict[str, Any] = {"matchId": match_id, "limit": limit}
        if before is not None:
            fields["before"] = before
        client.send("history", **fields)
        page = client.frames[-1]
        assert page["type"] == "history", page
        total = page["total"]
        assert page["moves"] or page["older"] is None
        moves = page["moves"] + moves
        before = page["older"]
        if before is None:
            break
        assert page["moves"][0]["move"] == before
    return moves, total


def _check_log(moves: list[dict[str, Any]], total: int, scores: list[int]) -> None:
    """Every move exactly once, in order, and each seat's points add up to its score."""
    assert [m["move"] for m in moves] == list(range(total))
    for seat, score in enumerate(scores):
        mine = [m for m in moves if m["seat"] == seat]
        assert sum(m["points"] for m in mine) == score, seat
        assert not mine or mine[-1]["total"] == score
    for m in moves:
        if m["kind"] == "play":
            assert m["breakdown"]["total"] == m["points"] and m["tiles"] and m["words"]
            assert m["words"] == [w["display"] for w in m["breakdown"]["words"]]
        else:
            assert m["points"] == 0 and m["breakdown"] is None and m["words"] == []
        assert (m["count"] is not None) == (m["kind"] == "swap")


def test_history_pages_back_through_every_move_with_its_receipt(world: World) -> None:
    (ana, bia), match_id = _room(world, rounds=3, cards=False)
    for how in ("play", "pass", "play", "timeout", "play"):
        _move(world, ana if _record(world, match_id)[1].current == 0 else bia, match_id, how)
    _, state = _record(world, match_id)
    total = len(state.history)
    assert total == 5 and ana.view()["moves"] == 5
    bia.send("history", matchId=match_id, limit=2)
    page = bia.last("history")
    assert [m["move"] for m in page["moves"]] == [3, 4] and page["older"] == 3
    assert page["total"] == 5 and page["requestId"]
    bia.send("history", matchId=match_id, before=3, limit=2)
    assert [m["move"] for m in bia.last("history")["moves"]] == [1, 2]
    bia.send("history", matchId=match_id, before=1, limit=2)
    start = bia.last("history")
    assert [m["move"] for m in start["moves"]] == [0] and start["older"] is None
    moves, total = _pages(ana, match_id, limit=2)
    assert [m["kind"] for m in moves] == ["play", "passed", "play", "timed_out", "play"]
    _check_log(moves, total, [s.score for s in state.seats])
    first = moves[0]
    assert first["round"] == 1 and first["turn"] == 1 and first["seat"] == 0
    assert first["band"] in ("Frio", "Morno", "Quente", "Escaldante")


def test_a_table_closed_to_spectators_shows_its_history_to_its_seats_only_and_bad_pages_are_refused(
        world: World) -> None:
    (ana, _), match_id = _room(world, cards=False, spectators=False)
    _move(world, ana, match_id, "play")
    record, _ = _record(world, match_id)
    caio = world.connect("Caio")
    caio.send("history", matchId=match_id)
    assert caio.last("error")["code"] == "match.not_seated"
    caio.send("history", matchId="m-nothere")
    assert caio.last("error")["code"] == "match.not_found"
    for fields, where in (({"before": -1}, "(página)"), ({"limit": 0}, "(tamanho da página)"),
                          ({"limit": 51}, "(tamanho da página)"),
                          ({"before": "dois"}, "(página)"), ({"before": 99}, "página"),
                          ({"since": 1}, "“since”")):
        ana.send("history", matchId=match_id, **fields)
        error = ana.frames[-1]
        assert error["type"] == "error" and error["code"] == "message.invalid", fields
        assert error["message"].startswith("Mensagem inválida") and where in error["message"]
    assert world.repository.load_match(match_id) == record


def test_the_history_of_a_finished_match_can_still_be_read(world: World) -> None:
    (ana, bia), match_id = _room(world, cards=False)
    _move(world, ana, match_id, "play")
    bia.send("leave", matchId=match_id)
    assert ana.last("ended")["result"]["reason"] == "left"
    bia.send("history", matchId=match_id)
    page = bia.last("history")
    assert [m["kind"] for m in page["moves"]] == ["play"] and page["total"] == 1


def test_bots_moving_first_are_stored_with_the_new_match(world: World) -> None:
    ana = world.connect("Ana")
    seats = [SeatSpec("Robô 1", None, 1), SeatSpec("Robô 2", None, 1),
             SeatSpec("Ana", ana.player_id)]
    settings = MatchSettings.for_table(RoomSettings(cards=False), mode="room",
                                       bot_levels=[1, 1, 0])
    record = world.runtime.matches.start(seats, settings)
    world.stream.drain()
    view = ana.last("view")["view"]
    assert view["moves"] == 2 and view["current"] == 2
    stored, older = world.repository.load_moves(record.match_id, None, 50)
    assert [m["seat"] for m in stored] == [0, 1] and older is None
    ana.send("history", matchId=record.match_id)
    assert ana.last("history")["moves"] == stored


def test_leaving_a_solo_match_at_once_lets_the_bots_finish_it_in_frames_that_fit(
        world: World) -> None:
    ana = world.connect("Ana")
    ana.send("startSolo", settings={"bots": 3, "botLevel": 1, "rounds": 15})
    match_id = ana.last("view")["matchId"]
    ana.send("leave", matchId=match_id)
    assert ana.last("ended")
    assert not [f for f in ana.frames if f["type"] == "error"]
    assert max(world.api.sizes) < MAX_FRAME_BYTES
    updates = [f for f in ana.frames if f["type"] == "update"]
    assert len(updates) > 1 and updates[0]["partial"] and "view" not in updates[0]
    assert updates[-1]["requestId"] and updates[-1]["view"]["status"] == "finished"
    moves, total = _pages(ana, match_id)
    _check_log(moves, total, [s["score"] for s in updates[-1]["view"]["seats"]])


def test_the_moves_are_written_with_the_state_or_not_at_all(world: World) -> None:
    (ana, _), match_id = _room(world, cards=False)
    tab = world.reconnect(ana)
    tab.send("resume", matchId=match_id)
    world.race_next_save(lambda: tab.send("pass", matchId=match_id))
    _move(world, ana, match_id, "play")
    assert ana.last("error")["code"] == "turn.not_yours"
    moves, older = world.repository.load_moves(match_id, None, 50)
    assert [m["kind"] for m in moves] == ["passed"] and older is None  # the winner's only

    # A stale version writes neither the state nor its moves.
    record, state = _record(world, match_id)
    stale = MatchRecord(match_id, record.version + 1, record.state, record.settings,
                        record.players)
    entry = {**moves[0], "move": 1, "turn": 2}
    with pytest.raises(ConflictError):
        world.repository.save_match(stale, record.version - 1, world.clock.ms // 1000,
                                    moves=[entry])
    # A batch already written (its condition fails) does not let the state through either.
    with pytest.raises(ConflictError):
        world.repository.save_match(stale, record.version, world.clock.ms // 1000,
                                    request=("p", "r-1"), moves=[{**moves[0]}])
    assert world.repository.load_match(match_id) == record
    assert world.repository.load_moves(match_id, None, 50) == (moves, None)
    assert not world.repository.request_seen(match_id, "p", "r-1")
    assert len(state.history) == 1


@pytest.mark.parametrize("target", [None, 100_000], ids=["standard", "unreachable-target"])
def test_the_longest_match_sends_only_frames_under_32_kb(
        world: World, monkeypatch: pytest.MonkeyPatch, target: int | None) -> None:
    """4 seats, 50 rounds, cards: two people play real moves, pass and time out; Bia leaves
    midway, then Ana, and that command lets the bots play out the rest of the match. With an
    unreachable point target the bots play all 50 rounds in it (~190 moves in one command).

    Measured (it varies a little with the match id, which is random): the largest frame is
    29.6–29.9 KB with either target (standard: 87–99 moves in 22–25 rounds; unreachable: 200
    moves in 50 rounds, 180 of them in the last command), a partial update packed up to the
    30,000-byte budget; the largest stored item (that command's moves, compressed) is about
    12 KB. Unsplit, that command's update would have been 94 KB (standard) and 201 KB.
    """
    if target is not None:
        table_rules = MatchSettings.rules
        monkeypatch.setattr(MatchSettings, "rules",
                            lambda s: table_rules(s).with_settings(point_target=target))
    (ana, bia), match_id = _room(world, rounds=50, cards=True, bots=2, botLevel=1)
    _, state = _record(world, match_id)
    assert [s.bot for s in state.seats] == [False, False, True, True]
    plan = {0: ["play"] * 5, 1: ["play", "pass", "timeout", "play"]}
    done = {0: 0, 1: 0}
    while not state.finished:
        seat = state.current
        if seat == 1 and done[1] == len(plan[1]):
            bia.send("leave", matchId=match_id)  # not her turn: she passes from now on
            done[1] += 1
        elif seat == 0 and done[0] == len(plan[0]):
            ana.send("leave", matchId=match_id)  # the bots play out the rest at once
            break
        else:
            _move(world, ana if seat == 0 else bia, match_id, plan[seat][done[seat]])
            done[seat] += 1
        _, state = _record(world, match_id)
    _, state = _record(world, match_id)
    assert state.finished, state.result
    assert ana.last("ended") and bia.last("ended")
    largest = max(world.api.sizes)
    partial = sum(1 for c in (ana, bia) for f in c.frames if f.get("partial"))
    assert largest < MAX_FRAME_BYTES, f"largest frame {largest} bytes"
    assert not [f for c in (ana, bia) for f in c.frames if f["type"] == "error"]
    moves, total = _pages(bia, match_id)
    assert total == len(state.history) > 60
    scores = [s["score"] for s in ana.view()["seats"]]
    assert scores == [s.score for s in state.seats]
    _check_log(moves, total, scores)
    kinds = {m["kind"] for m in moves}
    assert {"play", "passed", "timed_out"} <= kinds
    print(f"longest match ({target or 'standard'} target): {total} moves, "
          f"{state.round} rounds, {len(world.api.sizes)} frames, largest {largest} bytes, "
          f"{partial} partial updates, largest item {world.repository.largest_item} bytes")
