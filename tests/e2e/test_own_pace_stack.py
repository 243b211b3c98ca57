"""Matches at one's own pace on the whole local stack: two people in three matches at 24-hour
turns, a day that passes on the stack's clock (the timer runner fires the turn's timer, the
list says so), the 21st match refused, a second device joined by a one-time code that plays
the same seat, and that device signed out, closed and refused. Every frame is checked
against the schema (tests/e2e/client.py)."""

from __future__ import annotations

import asyncio
import json
import urllib.error
from typing import Any

import pytest

from infra.local.stack import LocalStack
from tests.e2e.client import Player, post

DAY = 86400


async def _room(ana: Player, bia: Player) -> str:
    """A room match at 24-hour turns between two people who come from their lists."""
    for player in (ana, bia):
        await _list(player, back=True)
    since = len(ana.frames)
    await ana.send("createRoom", settings={"turnSeconds": DAY, "cards": False})
    room = await ana.wait_for(lambda f: f["type"] == "room", since=since)
    await bia.send("joinRoom", code=room["code"])
    await ana.wait_for(lambda f: f["type"] == "room" and len(f["players"]) == 2, since=since)
    await ana.send("startRoom", code=room["code"])
    view = await ana.wait_for(lambda f: f["type"] == "view", since=since)
    return str(view["matchId"])


async def _list(player: Player, back: bool = False) -> list[dict[str, Any]]:
    """The player's list; ``back``: read as the page does going back to it from the table it
    showed last (the device stops following that match)."""
    shown = [f["matchId"] for f in player.frames if f["type"] == "view"]
    left = {"left": shown[-1]} if back and shown else {}
    since = len(player.frames)
    request = await player.send("matches", **left)
    frame = await player.wait_for(lambda f: f.get("requestId") == request, since=since)
    assert frame["type"] == "matches", frame
    return list(frame["matches"])


async def _twenty(ana: Player) -> None:
    """Ana starts matches at her own pace until she sits in 20; the 21st is refused."""
    for _ in range(17):
        await _list(ana, back=True)
        since = len(ana.frames)
        await ana.send("startSolo", settings={"turnSeconds": 3 * DAY})
        await ana.wait_for(lambda f: f["type"] == "view", since=since)
        await asyncio.sleep(0.3)  # the per-player allowance: 8 messages a second
    since = len(ana.frames)
    request = await ana.send("startSolo", settings={"turnSeconds": 3600})
    refused = await ana.wait_for(lambda f: f.get("requestId") == request, since=since)
    assert refused["type"] == "error" and refused["code"] == "match.too_many", refused
    assert len(await _list(ana)) == 20



async def _second_device(stack: LocalStack, ana: Player, bia: Player,
                         matches: list[str]) -> None:
    """Ana's phone joins her by a one-time code and plays her seat; her desktop, on its list,
    and Bia are told. Then the desktop signs the phone out: it is closed and stays out."""
    assert ana.token is not None
    code = post(stack, "/link", {"token": ana.token})["code"]
    redeemed = post(stack, "/link/redeem", {"code": code})
    assert redeemed["name"] == "Ana"
    phone = await Player(stack, "Ana", token=str(redeemed["token"])).open()
    rows = {r["matchId"]: r for r in await _list(bia)}
    match_id = next(m for m in matches if rows[m]["current"] is not None)
    if rows[match_id]["yourTurn"]:  # Bia's turn there: she passes, and it is Ana's
        since = len(bia.frames)
        await bia.send("resume", matchId=match_id)
        await bia.send("pass", matchId=match_id)
        await bia.wait_for(lambda f: f["type"] == "update", since=since)
        await _list(bia, back=True)
    since_ana, since_bia = len(ana.frames), len(bia.frames)
    await phone.send("resume", matchId=match_id)
    assert (await phone.wait_for(lambda f: f["type"] == "view"))["view"]["you"] == 0
    await phone.send("pass", matchId=match_id)
    moved = await phone.wait_for(lambda f: f["type"] == "update" and any(
        e["kind"] == "passed" and e["data"]["seat"] == 0 for e in f["events"]))
    assert moved["view"]["current"] == 1  # Ana's seat moved, from the phone
    def ana_passed(frame: dict[str, Any]) -> bool:
        row = frame.get("row") or {}
        return frame["type"] == "matchRow" and row.get("matchId") == match_id and \
            (row.get("last") or {}).get("seat") == 0
    told = (await ana.wait_for(ana_passed, since=since_ana))["row"]
    assert told["last"]["kind"] == "passed" and not told["yourTurn"]
    told = (await bia.wait_for(ana_passed, since=since_bia))["row"]
    assert told["yourTurn"]
    devices = post(stack, "/devices", {"token": ana.token})["devices"]
    [other] = [d["id"] for d in devices if not d["current"]]
    assert post(stack, "/devices/signout", {"token": ana.token, "device": other})["closed"] == 1
    assert phone._reader is not None
    await asyncio.wait_for(asyncio.shield(phone._reader), 5)  # the server closed it
    with pytest.raises(urllib.error.HTTPError) as refused:
        post(stack, "/ticket", {"token": str(redeemed["token"])})
    assert json.loads(refused.value.read())["error"]["code"] == "auth.signed_out"


async def _own_pace(stack: LocalStack) -> None:
    ana, bia = await Player(stack, "Ana").open(), await Player(stack, "Bia").open()
    matches = [await _room(ana, bia) for _ in range(3)]
    assert len(set(matches)) == 3
    rows = await _list(ana)
    for _ in range(20):  # the rows are the outbox's, a moment after each match's start
        if len(rows) == 3:
            break
        await asyncio.sleep(0.1)
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
    await _list(ana, back=True)  # back at her list: her device follows no table
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

    await _twenty(ana)
    await _second_device(stack, ana, bia, matches)
    await ana.close()
    await bia.close()


def test_two_people_play_three_matches_at_their_own_pace(stack: LocalStack) -> None:
    asyncio.run(_own_pace(stack))
