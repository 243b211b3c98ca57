"""One hostile client against everyone else, on the local stack.

Run with ``python -m bench.flood``. A fresh local stack is started; a quiet client pings once
every 100 ms and records each round trip, first alone, then while an attacker sends 1,000
messages as fast as it can on one connection, then while the attacker opens as many
connections as it is allowed (of 20 asked) and sends 200 messages on each. Printed per phase:
the quiet client's ping p50 / p95 / max, and what the attacker got (answers, refusals by code,
connections refused at ``$connect``).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import statistics
import time
import urllib.request
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from bench.local_load import start_stack
from bench.report import size


def _post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(base + path, method="POST", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return dict(json.loads(answer.read()))


def _ticket(base: str, token: str) -> str:
    return str(_post(base, "/ticket", {"token": token})["ticket"])


async def _quiet(ws: ClientConnection, stop: asyncio.Event) -> list[float]:
    """Ping every 100 ms; the round trips in ms."""
    trips = []
    n = 0
    while not stop.is_set():
        n += 1
        started = time.perf_counter()
        await ws.send(json.dumps({"action": "ping", "requestId": f"q{n}"}))
        while True:
            frame = json.loads(await ws.recv())
            if frame.get("requestId") == f"q{n}":
                break
        trips.append((time.perf_counter() - started) * 1000)
        await asyncio.sleep(0.1)
    return trips


async def _flood(ws: ClientConnection, count: int, tally: collections.Counter[str]) -> None:
    for i in range(count):
        await ws.send(json.dumps({"action": "ping", "requestId": f"f{i}"}))

    async def drain() -> None:
        while True:
            frame = json.loads(await ws.recv())
            tally[frame.get("code") or frame["type"]] += 1

    # Quiet for 5 s, or closed: the flood is over.
    with contextlib.suppress(TimeoutError, ConnectionClosed):
        await asyncio.wait_for(drain(), 5)


async def _phase(ws_url: str, base: str, quiet: ClientConnection, token: str,
                 connections: int, per_connection: int) -> dict[str, Any]:
    tally: collections.Counter[str] = collections.Counter()
    refused = 0
    floods = []
    for _ in range(connections):
        try:
            floods.append(await connect(f"{ws_url}/?ticket={_ticket(base, token)}"))
        except InvalidStatus:
            refused += 1
    stop = asyncio.Event()
    pinger = asyncio.create_task(_quiet(quiet, stop))
    await asyncio.sleep(0.5)
    await asyncio.gather(*(_flood(ws, per_connection, tally) for ws in floods))
    stop.set()
    trips = await pinger
    for ws in floods:
        await ws.close()
    return {"trips": trips, "tally": dict(tally), "refused": refused, "opened": len(floods)}


def _row(name: str, result: dict[str, Any]) -> str:
    trips = sorted(result["trips"])
    p95 = trips[min(len(trips) - 1, round(0.95 * (len(trips) - 1)))]
    return (f"{name:<34} ping p50 {statistics.median(trips):7.1f} ms  p95 {p95:7.1f} ms  "
            f"max {trips[-1]:7.1f} ms   attacker: {result['opened']} open, "
            f"{result['refused']} refused at $connect, answers {result['tally']}")


async def _run(base: str, ws_url: str) -> None:
    quiet_guest = _post(base, "/guest", {"name": "Quieta"})
    attacker = _post(base, "/guest", {"name": "Atacante"})
    quiet = await connect(f"{ws_url}/?ticket={_ticket(base, quiet_guest['token'])}")
    print(_row("alone", await _phase(ws_url, base, quiet, attacker["token"], 0, 0)))
    one, many, each = size(1000, 20), size(20, 2), size(200, 10)
    print(_row(f"1 connection x {one:,} messages",
               await _phase(ws_url, base, quiet, attacker["token"], 1, one)))
    print(_row(f"{many} connections x {each} messages",
               await _phase(ws_url, base, quiet, attacker["token"], many, each)))
    await quiet.close()


def main() -> None:
    process, base, ws_url = start_stack()
    try:
        asyncio.run(_run(base, ws_url))
    finally:
        process.terminate()
        process.wait(timeout=30)


if __name__ == "__main__":
    main()
