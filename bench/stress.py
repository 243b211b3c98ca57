"""Stress and faults on the local stack: conflicting commands, repeats, drops, crashes, timers.

Run with ``python -m bench.stress`` (``make stress``). A local stack is started with 5% of its
match writes made to fail (a handler dying between computing and writing). 20 two-player rooms
play 14 rounds of 20-second turns. Every player has two tabs, and every tab:

- when its seat is to play, plays the engine's best move or (half the time) swaps, so two
  tabs race the same turn with different commands, and sends some requests twice with the
  same request id;
- when it is not its turn, sends a swap, which must be refused unless it lands on its
  seat's next turn (then it applies);
- sometimes drops its connection, then reconnects and resumes;
- retries, with the same request id, whatever got no answer or a server error, and after
  45 s of silence asks for the match again (``resume``), as the page does.

One turn in ten nobody acts, so the turn's timer fires against late commands. At the end,
everything each match stored (its state, every stored move with the request that made it, and
every request marker) is read from the embedded AWS and checked against every frame the tabs
received. Printed, besides commands sent, applied, rejected and unanswered, four counts that
must all be 0:

- told but not stored: a request answered with an ``update`` whose own move is not in the
  stored moves exactly once, as announced (same move number, kind and total);
- stored but not announced: a stored move no tab of its match received in an ``update``;
- forked versions: a match version announced with two different public states;
- markers without action: a stored request marker with no stored move made by that request.

And the local stack's memory (resident set) before and after the run.
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from bench.local_load import best_tiles, start_stack
from bench.report import size

MATCHES = size(20, 1)
ROUNDS = size(14, 1)
FAULT_RATE = 0.05
ANSWER_TIMEOUT_S = 60


MOVE_EVENTS = {"move_played": "play", "swapped": "swap", "passed": "passed",
               "timed_out": "timed_out"}


def _moves_in(frame: dict[str, Any]) -> list[tuple[int, int, str, int]]:
    """(move, seat, kind, total) of every move an update announces, in order."""
    out = []
    for event in frame.get("events", []):
        kind = MOVE_EVENTS.get(event["kind"])
        data = event["data"]
        if kind is not None and "move" in data:
            out.append((int(data["move"]), int(data["seat"]), kind, int(data["total"])))
    return out


def _public(view: dict[str, Any]) -> str:
    """What every seat of one version must agree on."""
    return json.dumps([view["board"], [s["score"] for s in view["seats"]], view["turn"],
                       view["current"], view["moves"], view["status"]])


class Tally:
    def __init__(self) -> None:
        self.announced: dict[str, set[tuple[int, int, str, int]]] = (
            collections.defaultdict(set))  # match → moves seen in updates
        self.told: dict[str, tuple[str, tuple[int, int, str, int]]] = {}  # request → own move
        self.states: dict[tuple[str, int], set[str]] = collections.defaultdict(set)
        self.sent = 0
        self.game_messages = 0
        self.answers: dict[str, list[str]] = collections.defaultdict(list)  # request → kinds
        self.retried = 0
        self.reconnect_failures = 0
        self.requests: dict[str, dict[str, Any]] = {}


class Tab:
    def __init__(self, base: str, ws_url: str, name: str, token: str, tally: Tally,
                 rng: random.Random, seat: int) -> None:
        self.base, self.ws_url, self.name, self.token = base, ws_url, name, token
        self.seat = seat
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
                self._note(frame)
                rid = frame.get("requestId")
                if rid:
                    kind = frame["type"] if frame["type"] != "error" else f"error:{frame['code']}"
                    self.tally.answers[rid].append(kind)
                    if not kind.startswith("error:server"):
                        self.unanswered.pop(rid, None)
                await self.frames.put(frame)
        except Exception:
            pass

    def _note(self, frame: dict[str, Any]) -> None:
        """Keep what this frame told: the moves it announced, its version's public state."""
        match = frame.get("matchId")
        if match is None:
            return
        if frame["type"] == "update":
            moves = _moves_in(frame)
            self.tally.announced[match].update(moves)
            own = [m for m in moves if m[1] == self.seat]
            rid = frame.get("requestId")
            if rid and own and rid not in self.tally.told:
                self.tally.told[rid] = (match, own[0])
        view = frame.get("view")
        if isinstance(view, dict) and "board" in view:
            self.tally.states[(match, int(view["version"]))].add(_public(view))

    async def send(self, message: dict[str, Any], request_id: str | None = None) -> str:
        if request_id is None:
            self.seq += 1
            request_id = f"{self.name}-{self.seq}"
            self.tally.sent += 1
            self.tally.requests[request_id] = message
        message = {**message, "requestId": request_id}
        if message.get("matchId"):
            self.tally.game_messages += 1  # every copy on the wire: repeats and retries too
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
            # Silence: like the page, ask for the match again (the last update may have been
            # sent while this tab was reconnecting) and retry what got no answer.
            await tab.send({"action": "resume", "matchId": match_id})
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
            # Out of turn: a swap, refused unless it lands on this seat's next turn (then it
            # applies, as a swap, so the match still runs to its round limit).
            await tab.send({"action": "swap", "matchId": match_id, "tiles": view["rack"][:2]})
            continue
        if view["turn"] in idle:
            continue  # nobody acts: the timer fires
        # Half the time a swap: the two tabs of a seat then race different commands, and
        # lower scores keep the match going to its round limit.
        tiles = (await loop.run_in_executor(pool, best_tiles, view)
                 if tab.rng.random() < 0.5 else None)
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
    tabs = [Tab(base, ws_url, f"m{index}p{p}t{t}", tokens[p], tally, rng, p)
            for p in range(2) for t in range(2)]
    for tab in tabs:
        await tab.open()
    await tabs[0].send({"action": "createRoom", "settings": {
        "turnSeconds": 20, "rounds": ROUNDS, "cards": False, "bots": 0}})
    room = await _wait(tabs[0], lambda f: f["type"] == "room")
    await tabs[2].send({"action": "joinRoom", "code": room["code"]})
    await _wait(tabs[0], lambda f: f["type"] == "room" and len(f["players"]) == 2)
    await tabs[0].send({"action": "startRoom", "code": room["code"]})
    start = await _wait(tabs[0], lambda f: f["type"] == "view")
    match_id = start["matchId"]
    await tabs[0].frames.put(start)
    for tab in (tabs[1], tabs[3]):  # the second tabs take their seats too
        await tab.send({"action": "resume", "matchId": match_id})
    idle = {turn for turn in range(1, 2 * ROUNDS + 1) if rng.random() < 0.1}
    seat_of = [0, 0, 1, 1]
    await asyncio.gather(*(play_tab(t, seat_of[i], match_id, pool, idle)
                           for i, t in enumerate(tabs)))
    # Every request gets its answer before the tabs close: retry what is still unanswered
    # (as the page does after a reconnect) for up to a minute.
    for _ in range(12):
        if not any(tab.unanswered for tab in tabs):
            break
        for tab in tabs:
            await tab.retry_unanswered()
        await asyncio.sleep(5)
    for tab in tabs:
        await tab.ws.close()
    return match_id


async def _wait(tab: Tab, test: Any) -> dict[str, Any]:
    while True:
        frame = await asyncio.wait_for(tab.frames.get(), ANSWER_TIMEOUT_S)
        if test(frame):
            return frame


@dataclass
class Stored:
    history: list[dict[str, Any]]
    moves: list[dict[str, Any]]  # the stored move log, with each person's move's request
    markers: list[str]  # request ids of the REQ# markers
    reason: str  # why the match ended


def stored(moto_url: str, match_ids: list[str]) -> dict[str, Stored]:
    """Everything each match wrote: its state's history, its move log and its markers."""
    import boto3

    from functions.storage.codec import unpack_moves, unpack_state

    client = boto3.client("dynamodb", endpoint_url=moto_url, region_name="us-east-1",
                          aws_access_key_id="local", aws_secret_access_key="local")
    out = {}
    for match_id in match_ids:
        items = []
        for page in client.get_paginator("query").paginate(
                TableName="vanlexis-local", KeyConditionExpression="pk = :p",
                ExpressionAttributeValues={":p": {"S": f"MATCH#{match_id}"}}):
            items += page["Items"]
        state = next(i for i in items if i["sk"]["S"] == "STATE")
        moves = [m for i in items if i["sk"]["S"].startswith("MOVES#")
                 for m in unpack_moves(i["moves"]["B"])]
        markers = [i["sk"]["S"].split("#", 2)[2] for i in items
                   if i["sk"]["S"].startswith("REQ#")]
        kept = unpack_state(state["state"]["B"])
        out[match_id] = Stored(list(kept["history"]), moves, markers,
                               str((kept.get("result") or {}).get("reason", "not finished")))
    return out


def four_counts(tally: Tally, matches: dict[str, Stored]) -> dict[str, int]:
    """The four counts that prove no command was lost, doubled or forked (all must be 0)."""
    by_request: dict[str, list[tuple[str, dict[str, Any]]]] = collections.defaultdict(list)
    for match_id, kept in matches.items():
        for move in kept.moves:
            if move.get("request"):
                by_request[str(move["request"])].append((match_id, move))

    def as_told(move: dict[str, Any]) -> tuple[int, int, str, int]:
        return int(move["move"]), int(move["seat"]), str(move["kind"]), int(move["total"])

    told_not_stored = sum(
        1 for rid, (match_id, told) in tally.told.items() if match_id in matches and
        [as_told(m) for mid, m in by_request.get(rid, []) if mid == match_id] != [told])
    stored_not_announced = sum(
        1 for match_id, kept in matches.items() for entry in kept.history
        if (int(entry["move"]), int(entry["seat"]), str(entry["kind"]), int(entry["total"]))
        not in tally.announced[match_id])
    forked = sum(1 for (match_id, _), states in tally.states.items()
                 if match_id in matches and len(states) > 1)
    orphans = sum(1 for kept in matches.values() for rid in kept.markers
                  if rid not in by_request)
    return {"told but not stored": told_not_stored,
            "stored but not announced": stored_not_announced, "forked versions": forked,
            "markers without action": orphans}


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    process, base, ws_url = start_stack(["--fault-rate", str(FAULT_RATE)])
    moto_url = "http://127.0.0.1:" + process.args[process.args.index("--moto-port") + 1]
    tally = Tally()
    started = time.perf_counter()
    memory_before = _rss_mb(process.pid)
    try:
        with ProcessPoolExecutor(max_workers=2) as pool:
            results = asyncio.run(_all(base, ws_url, tally, pool))
        match_ids = [r for r in results if isinstance(r, str)]
        failed = [r for r in results if not isinstance(r, str)]
        matches = stored(moto_url, match_ids)
        memory_after = _rss_mb(process.pid)
    finally:
        process.terminate()
        process.wait(timeout=30)
    elapsed = time.perf_counter() - started
    histories = {m: kept.history for m, kept in matches.items()}
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
    counts = four_counts(tally, matches)
    print("proof (all must be 0):", ", ".join(f"{k} {v}" for k, v in counts.items()),
          f"— over {len(tally.told)} moves told applied, "
          f"{sum(len(k.history) for k in matches.values())} stored, "
          f"{sum(len(k.markers) for k in matches.values())} markers")
    actions = collections.Counter(m["action"] for m in tally.requests.values()
                                  if m["action"] in ("play", "swap", "pass"))
    print(f"distinct game commands {sum(actions.values())} {dict(actions)}, "
          f"at most one of each turn's can apply")
    print(f"game commands on the wire {tally.game_messages} (repeats and retries included); "
          "matches ended by", dict(collections.Counter(k.reason for k in matches.values())))
    print(f"local stack memory: {memory_before:.0f} MB before, {memory_after:.0f} MB after")
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
