"""Load on the local stack: N concurrent two-player matches, every move over real WebSockets.

Run with ``python -m bench.local_load`` (default N = 1, 10, 50). For each N a fresh local stack
is started as its own process (``python -m infra.local`` on free ports). Then N rooms of two
clients play short matches (3 rounds, no cards): a client whose turn it is plays the engine's
best move for its rack (found in a worker process from what its view shows), or swaps. It
prints matches per minute, the latency of every action (from sending it to the frame that
answers its ``requestId``) at p50/p95/p99, error frames, and actions lost (no answer within
30 s) or answered twice.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from bench.report import print_table

REPO = Path(__file__).resolve().parents[1]

ANSWER_TIMEOUT_S = 30


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def best_tiles(view: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The engine's best move for the view's rack (runs in a worker process)."""
    from engine.bots.search import ranked_moves
    from engine.position import parse_position

    theme = view["theme"]["id"] if view.get("theme") else None
    rules, state, _ = parse_position({"board": view["board"], "rack": view["rack"],
                                      "theme": theme}, need_move=False)
    found = ranked_moves(rules, state, 0, top=1)
    if not found:
        return None
    return [{"row": t.row, "col": t.col, "letter": t.letter, "wild": t.wild}
            for t in found[0].placement.tiles]


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    lost: int = 0
    duplicated: int = 0
    finished: int = 0
    lost_ids: list[str] = field(default_factory=list)


class Client:
    def __init__(self, base: str, ws_url: str, name: str, stats: Stats,
                 pool: ProcessPoolExecutor) -> None:
        self.base, self.ws_url, self.name = base, ws_url, name
        self.stats, self.pool = stats, pool
        self.pending: dict[str, float] = {}
        self.answered: set[str] = set()
        self.actions: dict[str, str] = {}
        self.frames: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.seq = 0

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(),
                                         method="POST",
                                         headers={"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return dict(json.loads(answer.read()))

    async def open(self) -> None:
        guest = await asyncio.to_thread(self._post, "/guest", {"name": self.name})
        ticket = (await asyncio.to_thread(self._post, "/ticket", {"token": guest["token"]}))
        self.ws = await connect(f"{self.ws_url}/?ticket={ticket['ticket']}",
                                max_size=64 * 1024, open_timeout=30)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for text in self.ws:
            frame = json.loads(text)
            request_id = frame.get("requestId")
            if request_id in self.pending:
                self.stats.latencies.append(time.perf_counter() - self.pending.pop(request_id))
                self.answered.add(request_id)
                self.actions[request_id] = frame["type"]
            elif request_id in self.answered and frame["type"] == "update" and \
                    self.actions.get(request_id) == "update":
                self.stats.duplicated += 1  # the same action applied (and announced) twice
            if frame["type"] == "error":
                self.stats.errors += 1
            await self.frames.put(frame)

    async def send(self, action: str, **fields: Any) -> str:
        self.seq += 1
        request_id = f"{self.name}-{self.seq}"
        self.pending[request_id] = time.perf_counter()
        await self.ws.send(json.dumps({"action": action, "requestId": request_id, **fields}))
        return request_id

    async def next(self, test: Any) -> dict[str, Any]:
        while True:
            frame = await asyncio.wait_for(self.frames.get(), ANSWER_TIMEOUT_S)
            if test(frame):
                return frame

    async def play(self, seat: int, match_id: str) -> None:
        """Answer every turn of ours until the match ends."""
        while True:
            frame = await self.next(lambda f: f["type"] in ("view", "update", "ended"))
            if frame["type"] == "ended":
                return
            view = frame["view"]
            if view["status"] == "finished":
                await self.next(lambda f: f["type"] == "ended")
                return
            if view["current"] != seat:
                continue
            tiles = await asyncio.get_running_loop().run_in_executor(self.pool, best_tiles, view)
            if tiles:
                await self.send("play", matchId=match_id, tiles=tiles)
            else:
                await self.send("swap", matchId=match_id, tiles=view["rack"][:3])

    async def close(self) -> None:
        self.stats.lost += len(self.pending)
        self.stats.lost_ids += list(self.pending)
        await self.ws.close()
        await asyncio.gather(self.reader, return_exceptions=True)


async def one_match(index: int, base: str, ws_url: str, stats: Stats,
                    pool: ProcessPoolExecutor, rounds: int) -> None:
    host = Client(base, ws_url, f"H{index}", stats, pool)
    guest = Client(base, ws_url, f"G{index}", stats, pool)
    await host.open()
    await guest.open()
    await host.send("createRoom", settings={"rounds": rounds, "cards": False,
                                            "turnSeconds": 120})
    room = await host.next(lambda f: f["type"] == "room")
    await guest.send("joinRoom", code=room["code"])
    await host.next(lambda f: f["type"] == "room" and len(f["players"]) == 2)
    await host.send("startRoom", code=room["code"])
    started = await host.next(lambda f: f["type"] == "view")
    match_id = started["matchId"]
    await host.frames.put(started)
    await asyncio.gather(host.play(0, match_id), guest.play(1, match_id))
    stats.finished += 1
    await host.close()
    await guest.close()


async def run(n: int, base: str, ws_url: str, rounds: int) -> tuple[Stats, float]:
    stats = Stats()
    with ProcessPoolExecutor(max_workers=2) as pool:
        pool.submit(best_tiles, {"board": ["." * 21] * 21, "rack": list("CASA"),
                                 "theme": None}).result()  # warm the workers' lexicon
        start = time.perf_counter()
        results = await asyncio.gather(*(one_match(i, base, ws_url, stats, pool, rounds)
                                         for i in range(n)), return_exceptions=True)
        elapsed = time.perf_counter() - start
    stats.lost += sum(1 for r in results if isinstance(r, BaseException))
    return stats, elapsed


def start_stack(extra: list[str] | None = None) -> tuple[subprocess.Popen[str], str, str]:
    http, ws, moto = _free_port(), _free_port(), _free_port()
    env = {**os.environ, "POWERTOOLS_LOG_LEVEL": "ERROR", "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "infra.local", "--http-port", str(http), "--ws-port", str(ws),
         "--moto-port", str(moto), "--data", str(REPO / ".local"), *(extra or [])],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        if "is running" in line:
            break
    else:
        raise SystemExit("the local stack did not start")
    # Keep reading what it prints, so that a full pipe never blocks it.
    threading.Thread(target=lambda: [None for _ in process.stdout],  # type: ignore[union-attr]
                     daemon=True).start()
    return process, f"http://127.0.0.1:{http}", f"ws://127.0.0.1:{ws}"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", default="1,10,50")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rows = []
    for n in (int(x) for x in args.matches.split(",")):
        process, base, ws_url = start_stack()
        try:
            stats, elapsed = asyncio.run(run(n, base, ws_url, args.rounds))
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)
        lat = stats.latencies or [0.0]
        rows.append((f"N = {n} concurrent matches",
                     f"{stats.finished}/{n} finished in {elapsed:.1f} s "
                     f"({stats.finished / elapsed * 60:.1f} matches/min); "
                     f"{len(stats.latencies)} actions: p50 {_percentile(lat, 0.5):.0f} ms, "
                     f"p95 {_percentile(lat, 0.95):.0f} ms, p99 {_percentile(lat, 0.99):.0f} ms "
                     f"(mean {statistics.mean(lat) * 1000:.0f}); errors {stats.errors}, "
                     f"lost {stats.lost}, duplicated {stats.duplicated}"))
        if stats.lost_ids:
            print(f"N = {n}: unanswered requests {stats.lost_ids}", file=sys.stderr)
    print_table(rows)


if __name__ == "__main__":
    main()
