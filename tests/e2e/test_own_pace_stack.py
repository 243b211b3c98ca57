"""Matches at one's own pace on the whole local stack: two people in three matches at 24-hour
turns, a day that passes on the stack's clock (the timer runner fires the turn's timer, the
list says so), and the 21st match refused. Every frame is checked against the schema
(tests/e2e/client.py)."""

from __future__ import annotations

import asyncio
from typing import Any

from infra.local.stack import LocalStack
from tests.e2e.client import Player

DAY = 86400


async def _room(ana: Player, bia: Player) -> str:
    """A room match at 24-hour turns between two people who come from their lists."""
    for player in (ana, bia):
        await player.send("matches")
    since = len(ana.frames)
    await ana.send("createRoom", settings={"turnSeconds": DAY, "cards": False})
    room = await ana.wait_for(lambda f: f["type"] == "room", since=since)
    await bia.send("joinRoom", code=room["code"])
    await ana.wait_for(lambda f: f["type"] == "room" and len(f["players"]) == 2, since=since)
    await ana.send("startRoom", code=room["code"])
    view = await ana.wait_for(lambda f: f["type"] == "view", since=since)
    return str(view["matchId"])


async def _list(player: Player) -> list[dict[str, Any]]:
    since = len(player.frames)
    request = await player.send("matches")
    frame = await player.wait_for(lambda f: f.get("requestId") == request, since=since)
    assert frame["type"] == "matches", frame
    return list(frame["matches"])


async def _own_pace(stack: LocalStack) -> None:
    ana, bia = await Player(stack, "Ana").open(), await Player(stack, "Bia").open()
    matches = [await _room(ana, bia) for _ in range(3)]
    assert len(set(matches)) == 3
    rows = await _list(ana)
    assert {r["matchId"] for r in rows} == set(matches)
    assert all(r["yourTurn"] and r["paced"] for r in rows)
    assert not any(r["yourTurn"] for r in await _list(bia))

    # Ana passes in the second match: Bia's list is told at once, and her title would count 1.
    since = len(bia.frames)
    await ana.send("resume", matchId=matches[1])
    await ana.wait_for(lambda f: f["type"] == "view" and f["matchId"] == matches[1])
    await ana.send("pass", matchId=matches[1])
    row = (await bia.wait_for(lambda f: f["type"] == "matchRow", since=since))["row"]
    assert row["matchId"] == matches[1] and row["yourTurn"]
    assert row["last"]["kind"] == "passed" and row["last"]["name"] == "Ana"

    # A day passes on the stack's clock: the timer runner fires the first match's timer, Ana's
    # turn passes, and both lists say so.
    since_ana, since_bia = len(ana.frames), len(bia.frames)
    await _list(ana)  # back at her list: her device follows no table
    stack.clock.advance(DAY + 1)
    told = (await bia.wait_for(lambda f: f["type"] == "matchRow" and f["row"]["matchId"]
                               == matches[0], since=since_bia, timeout=20))["row"]
    assert told["last"]["kind"] == "timed_out" and told["yourTurn"]
    mine = (await ana.wait_for(lambda f: f["type"] == "matchRow" and f["row"]["matchId"]
                               == matches[0], since=since_ana, timeout=20))["row"]
    assert not mine["yourTurn"] and mine["deadlineMs"] > stack.clock.ms() + (DAY - 60) * 1000
    # (The third match's timer fired too: it had the same deadline.)
    assert [r["matchId"] for r in await _list(bia)][:1] in ([matches[0]], [matches[1]],
                                                             [matches[2]])

    # Ana starts matches at her own pace until she sits in 20; the 21st is refused.
    for _ in range(17):
        await _list(ana)
        since = len(ana.frames)
        await ana.send("startSolo", settings={"turnSeconds": 3 * DAY})
        await ana.wait_for(lambda f: f["type"] == "view", since=since)
        await asyncio.sleep(0.3)  # the per-player allowance: 8 messages a second
    since = len(ana.frames)
    request = await ana.send("startSolo", settings={"turnSeconds": 3600})
    refused = await ana.wait_for(lambda f: f.get("requestId") == request, since=since)
    assert refused["type"] == "error" and refused["code"] == "match.too_many", refused
    assert len(await _list(ana)) == 20
    await ana.close()
    await bia.close()


def test_two_people_play_three_matches_at_their_own_pace(stack: LocalStack) -> None:
    asyncio.run(_own_pace(stack))
