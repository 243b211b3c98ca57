"""One match at a time: a person is seated in at most one unfinished match, whatever order
their queue, room and solo requests arrive in, and even when two starts race."""

from __future__ import annotations

import pytest

from functions.protocol.client import RoomSettings
from functions.protocol.settings import MatchSettings
from functions.service.matches import SeatSpec
from functions.storage.repository import BusyError, MatchRecord, SeatClaim
from infra.local.in_process import Client, World


def _active(world: World, client: Client) -> str | None:
    pointer = world.repository.get_active(client.player_id)
    return pointer[0] if pointer else None


def _seated_in(world: World, client: Client, match_id: str) -> bool:
    record = world.repository.load_match(match_id)
    return record is not None and client.player_id in record.players


def _solo_behind_the_lobbys_back(world: World, client: Client) -> str:
    """Seat a person in a solo match without the lobby's checks: what a request racing the
    one under test would have done a moment earlier."""
    record: MatchRecord = world.runtime.matches.start(
        [SeatSpec(client.name, client.player_id)],
        MatchSettings.for_table(RoomSettings(rounds=3), mode="solo", bot_levels=[0]))
    world.stream.drain()
    return record.match_id


def _room(world: World, host: Client, *guests: Client) -> str:
    host.send("createRoom", settings={"turnSeconds": 60})
    code = str(host.last("room")["code"])
    for guest in guests:
        guest.send("joinRoom", code=code)
    return code


def test_starting_solo_leaves_the_queue_so_the_table_never_seats_you_twice(
        world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("joinQueue", seats=3)
    bia.send("joinQueue", seats=3)
    ana.send("startSolo", settings={"rounds": 3})
    solo = ana.last("view")["matchId"]
    assert bia.last("queue")["players"] == ["Bia"]
    [fill] = [t for t in world.timers() if t["kind"] == "fill"]
    world.clock.advance(20)
    assert world.fire(fill)["fired"] is True
    normal = bia.last("view")["matchId"]
    assert not _seated_in(world, ana, normal) and _active(world, ana) == solo


def test_starting_solo_leaves_the_room_so_its_start_never_seats_you_twice(
        world: World) -> None:
    ana, bia, caio = world.connect("Ana"), world.connect("Bia"), world.connect("Caio")
    code = _room(world, ana, bia, caio)
    bia.send("startSolo", settings={"rounds": 3})
    solo = bia.last("view")["matchId"]
    assert [p["name"] for p in ana.last("room")["players"]] == ["Ana", "Caio"]
    ana.send("startRoom", code=code)
    room_match = ana.last("view")["matchId"]
    assert not _seated_in(world, bia, room_match) and _active(world, bia) == solo


def test_joining_the_queue_leaves_the_room_and_a_room_leaves_the_queue(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    code = _room(world, ana, bia)
    bia.send("joinQueue", seats=3)
    assert [p["name"] for p in ana.last("room")["players"]] == ["Ana"]
    bia.send("joinRoom", code=code)
    assert world.repository.get_queue_pointer(bia.player_id) is None
    assert [p["name"] for p in ana.last("room")["players"]] == ["Ana", "Bia"]


def test_a_seated_person_is_refused_every_other_start(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    code = _room(world, bia)
    ana.send("startSolo", settings={"rounds": 3})
    for action, fields in (("startSolo", {}), ("joinQueue", {"seats": 2}),
                           ("createRoom", {}), ("joinRoom", {"code": code}),
                           ("startDaily", {})):
        ana.send(action, **fields)
        assert ana.last("error")["code"] == "match.already_in", action


def test_a_room_whose_member_was_seated_elsewhere_meanwhile_does_not_start(
        world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    code = _room(world, ana, bia)
    solo = _solo_behind_the_lobbys_back(world, bia)
    ana.send("startRoom", code=code)
    error = ana.last("error")
    assert error["code"] == "match.player_busy" and "Bia" in error["message"]
    room = world.repository.get_room(code)
    assert room is not None and room.status == "open"
    assert [p["name"] for p in room.players] == ["Ana"]
    assert _active(world, bia) == solo and _active(world, ana) is None


def test_a_queue_table_whose_person_was_seated_elsewhere_plays_on_without_them(
        world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("joinQueue", seats=3)
    bia.send("joinQueue", seats=3)
    solo = _solo_behind_the_lobbys_back(world, ana)
    [fill] = [t for t in world.timers() if t["kind"] == "fill"]
    world.clock.advance(20)
    assert world.fire(fill)["fired"] is True
    normal = bia.last("view")["matchId"]
    record = world.repository.load_match(normal)
    assert record is not None and record.players[0] == bia.player_id
    assert ana.player_id not in record.players and _active(world, ana) == solo


def test_two_matches_racing_for_one_person_cannot_both_seat_them(world: World) -> None:
    """Both starts read "no active match"; the transaction that creates the second fails on
    the person's claim, and nothing of it is written."""
    ana = world.connect("Ana")
    first = _solo_behind_the_lobbys_back(world, ana)
    record = world.repository.load_match(first)
    assert record is not None
    second = MatchRecord("m-second", record.version, record.state, record.settings,
                         record.players)
    with pytest.raises(BusyError) as busy:
        world.repository.create_match(second, 0, seats=[SeatClaim(ana.player_id, 0, None)])
    assert busy.value.player_id == ana.player_id
    assert world.repository.load_match("m-second") is None
    assert _active(world, ana) == first


def test_a_table_everyone_left_is_not_reused_without_a_timer(world: World) -> None:
    ana, bia = world.connect("Ana"), world.connect("Bia")
    ana.send("joinQueue", seats=3)
    ana.send("leaveQueue")
    [first] = [t for t in world.timers() if t["kind"] == "fill"]
    world.clock.advance(20)
    assert world.fire(first)["fired"] is False  # nobody left to seat
    bia.send("joinQueue", seats=3)
    [second] = [t for t in world.timers() if t["kind"] == "fill" and t != first]
    assert second["tableId"] != first["tableId"]
    assert bia.last("queue")["fillAtMs"] == world.clock.ms + 20_000
    world.clock.advance(20)
    assert world.fire(second)["fired"] is True
    assert bia.last("view")["view"]["you"] == 0
