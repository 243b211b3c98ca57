"""The Normal queue under a rush, in the whole local stack: 200 people join the four-seat queue
at the same moment, each on their own WebSocket."""

from __future__ import annotations

import asyncio
import collections
import sys
import time

import boto3
import pytest

from engine.state import MatchState
from functions.storage.repository import Repository
from infra.local.stack import TABLE, LocalStack
from tests.e2e.client import Player

PEOPLE = 200
SEATS = 4


@pytest.fixture(scope="module")
def queue_wait_s() -> int:
    """Long enough that no table is filled with bots while the rush is being seated."""
    return 150


def _name(i: int) -> str:
    return f"Fila{chr(65 + i // 26)}{chr(97 + i % 26)}"


async def _rush(stack: LocalStack) -> dict[str, str]:
    """Each person's name → the match id their ``queue matched`` frame named."""
    players = [Player(stack, _name(i)) for i in range(PEOPLE)]
    for player in players:  # tickets are fetched over HTTP, one after the other
        await player.open()
    started = time.monotonic()
    try:
        await asyncio.gather(*(p.send("joinQueue", seats=SEATS) for p in players))
        matched = await asyncio.gather(*(p.wait_for(
            lambda f: f["type"] == "queue" and f.get("status") == "matched", timeout=120)
            for p in players))
        print(f"{PEOPLE} joins seated in {time.monotonic() - started:.1f} s", file=sys.stderr)
        return {p.name: str(m["matchId"]) for p, m in zip(players, matched, strict=True)}
    finally:
        await asyncio.gather(*(p.close() for p in players))


def test_two_hundred_simultaneous_joins_seat_everyone_once_at_full_tables(
        stack: LocalStack) -> None:
    told = asyncio.run(_rush(stack))
    # Everyone was told one match; every table filled with people only, none over its size.
    sizes = collections.Counter(told.values())
    assert len(sizes) == PEOPLE // SEATS and set(sizes.values()) == {SEATS}
    repository = Repository(boto3.client("dynamodb"), TABLE)
    stored: dict[str, str] = {}
    for match_id in sizes:
        record = repository.load_match(match_id)
        assert record is not None and len(record.players) == SEATS
        assert all(record.players), record.players  # no bot seat
        for seat in MatchState.from_json(record.state).seats:
            assert seat.name not in stored, f"{seat.name} seated twice"
            stored[seat.name] = match_id
            # No one is left waiting: their queue pointers went with the closed table.
            assert repository.get_queue_pointer(seat.player_id) is None
    # What each person was told is what was stored: seated once, in that match.
    assert stored == told
