"""Stress and faults on the local stack: conflicting commands, repeats, drops, crashes, timers.

Run with ``python bench/stress.py`` (``make stress``). A local stack is started with 5% of its
match writes made to fail (a handler dying between computing and writing). 20 two-player rooms
play 6 rounds of 20-second turns. Every player has two tabs, and every tab:

- when its seat is to play, plays the engine's best move, so two tabs race the same turn, and
  sends some requests twice with the same request id;
- when it is not its turn, sends a pass, which must be refused;
- sometimes drops its connection, then reconnects and resumes;
- retries, with the same request id, whatever got no answer or a server error.

One turn in ten nobody acts, so the turn's timer fires against late commands. At the end, every
match's stored history is read from the embedded AWS. At most one action per turn may have been
applied, and every request got an answer. Printed: commands sent, applied, rejected, lost,
duplicated.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from local_load import best_tiles, start_stack  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

MATCHES = 20
FAULT_RATE = 0.05
ANSWER_TIMEOUT_S = 60


class Tally:
    def __init__(self) -> None:
        self.sent = 0
        self.answers: dict[str, list[str]] = collections.defaultdict(list)  # request → kinds
        self.retried = 0
        self.reconnect_failures = 0
        self.requests: dict[str, dict[str, Any]] = {}


class Tab:
    def __init__(self, base: str, ws_url: str, name: str, token: str, tally: Tally,
                 rng: random.Random) -> None:
        self.base, self.ws_url, self.name, self.token = base, ws_url, name, token
        self.tally, self.rng = tally, rng
        self.unanswered: dict[str, dict[str, Any]] = {}
        self.frames: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.seq = 0
        self.ws: Any = None

    async def open(self) -> None:
        import urllib.request

        def ticket() -> str:
            req = urllib.request.Request(self.base + "/ticket", method="POST",
                                         data=json.dumps({"token": self.token}).encode(),
                                         headers={"content-type": "application/json"})
            with urllib.request.urlopen(req, timeout=30) as answer:
                return str(json.loads(answer.read())["ticket"])

        for attempt in range(4):  # like the page, retry a refused or failed handshake
            try:
                self.ws = await connect(
                    f"{self.ws_url}/?ticket={await asyncio.to_thread(ticket)}",
                    max_size=64 * 1024, open_timeout=30)
                break
            except Exception:
                self.tally.reconnect_failures += 1
                if attempt == 3:
                    raise
                await asyncio.sleep(1 + attempt)
        self.reader = asyncio.create_task(self._read(self.ws))

    async def _read(self, ws: Any) -> None:
        try:
            async for text in ws:
                frame = json.loads(text)
                rid = frame.get("requestId")
                if rid:
                    kind = frame["type"] if frame["type"] != "error" else f"error:{frame['code']}"
                    self.tally.answers[rid].append(kind)
                    if not kind.startswith("error:server"):
                        self.unanswered.pop(rid, None)
                await self.frames.put(frame)
        except Exception:
            pass

    async def send(self, message: dict[str, Any], request_id: str | None = None) -> str:
        if request_id is None:
            self.seq += 1
            request_id = f"{self.name}-{self.seq}"
            self.tally.sent += 1
            self.tally.requests[request_id] = message
        message = {**message, "requestId": request_id}
        self.unanswered[request_id] = message
        with contextlib.suppress(Exception):
            await self.ws.send(json.dumps(message))
        return request_id

    async def retry_unanswered(self) -> None:
        for rid, message in list(self.unanswered.items()):
            self.tally.retried += 1
            await self.send(message, rid)

    async def drop_and_resume(self, match_id: str) -> None:
        await self.ws.close()
        await self.open()
        await self.send({"action": "resume", "matchId": match_id})
        await self.retry_unanswered()


async def play_tab(tab: Tab, seat: int, match_id: str, pool: ProcessPoolExecutor,
                   idle: set[int]) -> None:
    loop = asyncio.get_running_loop()
    last_version = -1
    while True:
        try:
            frame = await asyncio.wait_for(tab.frames.get(), 45)
        except TimeoutError:
            await tab.retry_unanswered()
            continue
        if frame["type"] == "ended":
            break
        if frame["type"] == "error" and frame["code"] == "server.error":
            await asyncio.sleep(0.3)
            await tab.retry_unanswered()
            continue
        view = frame.get("view")
        if view is None or view.get("version", 0) <= last_version:
            continue
        last_version = view["version"]
        if view["status"] == "finished":
            break
        if view["current"] != seat:
            await tab.send({"action": "pass", "matchId": match_id})  # out of turn: refused
            continue
        if view["turn"] in idle:
            continue  # nobody acts: the timer fires
        tiles = await loop.run_in_executor(pool, best_tiles, view)
        message = ({"action": "play", "matchId": match_id, "tiles": tiles} if tiles else
                   {"action": "swap", "matchId": match_id, "tiles": view["rack"][:2]})
        rid = await tab.send(message)
        if tab.rng.random() < 0.3:
            await tab.send(message, rid)  # the same request again
        if tab.rng.random() < 0.08:
            await tab.drop_and_resume(match_id)


async def one_match(index: int, base: str, ws_url: str, tally: Tally,
                    pool: ProcessPoolExecutor) -> str:
    import urllib.request

    rng = random.Random(index)

    def guest(name: str) -> str:
        req = urllib.request.Request(base + "/guest", method="POST",
                                     data=json.dumps({"name": name}).encode(),
                                     headers={"content-type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as answer:
            return str(json.loads(answer.read())["token"])

    tokens = [await asyncio.to_thread(guest, f"S{index}P{p}") for p in range(2)]
    tabs = [Tab(base, ws_url, f"m{index}p{p}t{t}", tokens[p], tally, rng)
            for p in range(2) for t in range(2)]
    for tab in tabs:
        await tab.open()
    await tabs[0].send({"action": "createRoom", "settings": {
        "turnSeconds": 20, "rounds": 6, "cards": False, "bots": 0}})
    room = await _wait(tabs[0], lambda f: f["type"] == "room")
    await tabs[2].send({"action": "joinRoom", "code": room["code"]})
    await _wait(tabs[0], lambda f: f["type"] == "room" and len(f["players"]) == 2)
    await tabs[0].send({"action": "startRoom", "code": room["code"]})
    start = await _wait(tabs[0], lambda f: f["type"] == "view")
    match_id = start["matchId"]
    await tabs[0].frames.put(start)
    for tab in (tabs[1], tabs[3]):  # the second tabs take their seats too
        await tab.send({"action": "resume", "matchId": match_id})
    idle = {turn for turn in range(1, 13) if rng.random() < 0.1}
    seat_of = [0, 0, 1, 1]
    await asyncio.gather(*(play_tab(t, seat_of[i], match_id, pool, idle)
                           for i, t in enumerate(tabs)))
    for tab in tabs:
        await tab.retry_unanswered()
    await asyncio.sleep(2)
    for tab in tabs:
        await tab.ws.close()
    return match_id


async def _wait(tab: Tab, test: Any) -> dict[str, Any]:
    while True:
        frame = await asyncio.wait_for(tab.frames.get(), ANSWER_TIMEOUT_S)
        if test(frame):
            return frame


def stored_histories(moto_url: str, match_ids: list[str]) -> dict[str, list[dict[str, Any]]]:
    import boto3

    from functions.storage.codec import unpack_state

    client = boto3.client("dynamodb", endpoint_url=moto_url, region_name="us-east-1",
                          aws_access_key_id="local", aws_secret_access_key="local")
    out = {}
    for match_id in match_ids:
        item = client.get_item(TableName="vanlexis-local", Key={
            "pk": {"S": f"MATCH#{match_id}"}, "sk": {"S": "STATE"}})["Item"]
        out[match_id] = list(unpack_state(item["state"]["B"])["history"])
    return out


def main() -> None:
    process, base, ws_url = start_stack(["--fault-rate", str(FAULT_RATE)])
    moto_url = "http://127.0.0.1:" + process.args[process.args.index("--moto-port") + 1]
    tally = Tally()
    started = time.perf_counter()
    try:
        with ProcessPoolExecutor(max_workers=2) as pool:
            results = asyncio.run(_all(base, ws_url, tally, pool))
        match_ids = [r for r in results if isinstance(r, str)]
        failed = [r for r in results if not isinstance(r, str)]
        histories = stored_histories(moto_url, match_ids)
    finally:
        process.terminate()
        process.wait(timeout=30)
    elapsed = time.perf_counter() - started
    per_turn = collections.Counter((m, h["turn"]) for m, hist in histories.items() for h in hist
                                   if h["kind"] in ("play", "swap", "passed", "timed_out"))
    duplicated = sum(n - 1 for n in per_turn.values() if n > 1)
    kinds = collections.Counter(k for ks in tally.answers.values() for k in ks)
    lost = tally.sent - len(tally.answers)
    applied = sum(1 for ks in tally.answers.values() if "update" in ks or
                  any(k == "view" for k in ks))
    rejected = sum(1 for ks in tally.answers.values()
                   if all(k.startswith("error:") for k in ks))
    timeouts = sum(1 for hist in histories.values() for h in hist if h["kind"] == "timed_out")
    print(f"{len(match_ids)}/{MATCHES} matches in {elapsed:.0f} s ({len(failed)} failed), "
          f"fault rate {FAULT_RATE:.0%}")
    print(f"commands sent {tally.sent}, retried {tally.retried}; answered: applied or "
          f"repeated {applied}, rejected {rejected}; lost {lost}; duplicated {duplicated}; "
          f"timeouts fired {timeouts}; handshakes retried {tally.reconnect_failures}")
    print("answers by kind:", dict(kinds.most_common()))
    for problem in failed:
        print("a match failed:", repr(problem)[:300], file=sys.stderr)
    unanswered = [rid for rid in tally.requests if rid not in tally.answers]
    for rid in unanswered[:10]:
        print("no answer:", rid, json.dumps(tally.requests[rid])[:200], file=sys.stderr)


async def _all(base: str, ws_url: str, tally: Tally, pool: ProcessPoolExecutor) -> list[Any]:
    pool.submit(best_tiles, {"board": ["." * 21] * 21, "rack": list("CASA"),
                             "theme": None}).result()
    return list(await asyncio.gather(*(one_match(i, base, ws_url, tally, pool)
                                       for i in range(MATCHES)), return_exceptions=True))


if __name__ == "__main__":
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "ERROR")
    main()
