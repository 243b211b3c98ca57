"""Handler figures, in process with moto (no network): time per action, DynamoDB use, cost.

Run with ``python -m bench.handlers``. It prints:

- the median and 95th percentile time of the ``play``, ``preview`` and timer handlers, measured
  around the real Lambda handler in a two-player room (moto's DynamoDB and Step Functions in the
  same process, a recording stand-in for API Gateway);
- DynamoDB operations, capacity units and the largest item written, per action;
- a whole four-person match of 15 rounds with cards (moves chosen by a bot and sent as
  messages, two previews per move): every message, frame, Lambda invocation (the outbox's
  included) and second, DynamoDB unit and timer, the log bytes the handlers wrote (at the
  deployed INFO level) plus Lambda's own lines and API Gateway's access lines, the X-Ray
  traces Lambda's sampling records, the bytes sent out, and the page's pings over the
  match's length; and the cost of 1,000 such matches at public AWS prices (us-east-1,
  on-demand; see docs/cost.md).
"""

from __future__ import annotations

import contextlib
import io
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from moto import mock_aws

import bench.env  # noqa: F401  (first: the handlers read it when imported)
from bench.report import print_table, size
from engine.bots.levels import BotPlayer, bot_rng, level
from engine.state import MatchState
from functions.handlers.observability import SERVICE
from infra.cdk.realtime import ACCESS_LOG_FORMAT
from infra.local.in_process import Client, World, message_for

SAMPLES = size(40, 2)
MEMORY_GB = 1.0  # the game Lambdas' memory in the CDK app (CPU for the engine and the bots)
PRICES = {  # us-east-1, public on-demand prices
    "lambda_gb_s": 0.0000133334, "lambda_request": 0.20 / 1e6,  # arm64
    "ws_message": 1.00 / 1e6, "ws_connection_minute": 0.25 / 1e6,
    "dynamodb_wru": 0.625 / 1e6, "dynamodb_rru": 0.125 / 1e6,
    "sfn_transition": 0.025 / 1e3,
    "logs_gb": 0.50, "xray_trace": 5.00 / 1e6, "transfer_gb": 0.09,
}
#: Lambda's own lines per invocation (START, END, REPORT with its X-Ray part), measured on
#: CloudWatch: about 330 bytes
LAMBDA_PLATFORM_LOG_BYTES = 330
#: the page's keep-alive: one ping per tab every 4 minutes (a message in, a pong out, a call)
PING_S = 240
#: Lambda's active tracing records the first request each second and 5% of the rest: at
#: low traffic every call is a trace, at scale about one in twenty
XRAY_LOW_TRAFFIC, XRAY_AT_SCALE = 1.0, 0.05
# A timer is one transition (Wait) if a move stops it first, two if it fires (Wait, Fire)
FULL_MATCH_TURNS = 60  # 15 rounds of 4 seats; matches that end early on points are scaled up


class _Counted(io.TextIOBase):
    """A stream that only counts the bytes written to it (the handlers' log lines)."""

    def __init__(self) -> None:
        self.bytes = 0

    def write(self, text: str) -> int:
        self.bytes += len(text.encode("utf-8"))
        return len(text)


#: where the handlers' log and metric lines go: counted, never shown
_SINK = _Counted()


def _quiet(run: Callable[[], Any]) -> Any:
    """The handlers print their metric lines on stdout; keep the report readable."""
    with contextlib.redirect_stdout(_SINK):
        return run()


class _Outbox:
    """The world's outbox function, timed: Lambda's stream mapping reads the stream for free,
    so only the function's own time counts."""

    def __init__(self, world: World) -> None:
        self.world, self.seconds, self.samples = world, 0.0, []
        self.function = world.stream.function
        world.stream.function = self._run
        world.auto_drain = False

    def _run(self, event: dict[str, Any], context: Any) -> Any:
        start = time.perf_counter()
        answer = self.function(event, context)
        took = time.perf_counter() - start
        self.seconds += took
        self.samples.append(took)
        return answer

    def drain(self) -> None:
        _quiet(self.world.stream.drain)


def _world(seed_prefix: str) -> World:
    """A world whose rate limits run on its own clock: the bench sends a match's messages as
    fast as the machine allows, while the players' time passes 30 s a turn."""
    world = World(seed_prefix=seed_prefix)
    for limiter in (world.runtime.limiter, world.runtime.player_limiter):
        limiter.clock = lambda: world.clock.ms / 1000
    return world


def _state(world: World, match_id: str) -> tuple[MatchState, Any]:
    record = world.repository.load_match(match_id)
    assert record is not None
    return MatchState.from_json(record.state), record


def _room(world: World, names: list[str], **settings: Any) -> tuple[list[Client], str]:
    people = [world.connect(n) for n in names]
    people[0].send("createRoom", settings=settings)
    code = people[0].last("room")["code"]
    for p in people[1:]:
        p.send("joinRoom", code=code)
    people[0].send("startRoom", code=code)
    return people, str(people[0].last("view")["matchId"])


def _measure(world: World, run: Callable[[], Any]) -> tuple[float, int, int, int, int]:
    repo = world.repository
    before = (repo.reads, repo.writes, repo.read_units, repo.write_units)
    start = time.perf_counter()
    _quiet(run)
    elapsed = time.perf_counter() - start
    return (elapsed, repo.reads - before[0], repo.writes - before[1],
            repo.read_units - before[2], repo.write_units - before[3])


def timings() -> dict[str, list[tuple[float, int, int, int, int]]]:
    out: dict[str, list[tuple[float, int, int, int, int]]] = {"play": [], "preview": [],
                                                               "timeout": [], "outbox": []}
    policy = BotPlayer(level(0))
    with mock_aws():
        world = _world("bench")
        outbox = _Outbox(world)
        matches, match_id = 0, ""
        people: list[Client] = []
        while min(len(v) for v in out.values()) < SAMPLES and matches < 10:
            if matches == 0 or _state(world, match_id)[0].finished:
                matches += 1
                world.auto_drain = True
                people, match_id = _quiet(lambda n=matches: _room(
                    world, [f"Ana{n}", f"Bia{n}"], turnSeconds=60, rounds=50))
                world.auto_drain = False
            state, record = _state(world, match_id)
            seat = state.current
            rules = record.settings.rules()
            action, fields = message_for(
                policy.action(rules, state, seat, world.runtime.ctx.resources,
                              bot_rng(state, seat)), match_id)
            client = people[seat]
            if action == "play":
                out["preview"].append(_measure(world, lambda c=client, f=fields:
                                               c.send("preview", **f)))
            if state.turn % 3 == 0:
                world.clock.advance(61)
                payload = {"kind": "turn", "matchId": match_id, "turn": state.turn}
                out["timeout"].append(_measure(world, lambda p=payload: world.fire(p)))
                out["outbox"].append(_measure(world, outbox.drain))
                continue
            sample = _measure(world, lambda c=client, a=action, f=fields: c.send(a, **f))
            if action == "play":
                out["play"].append(sample)
            out["outbox"].append(_measure(world, outbox.drain))
    return out


def _access_log_line_bytes() -> int:
    """One WebSocket access line as the stage writes it: the format with typical values
    (ids, an address, a time) in place of its 10 variables."""
    import re

    sample = {"requestId": "Kx7PbF1ZIAMFYkA=", "connectionId": "Kx7PaeFYIAMCJlQ=",
              "routeKey": "play", "eventType": "MESSAGE", "status": "200",
              "error.message": "-", "integrationErrorMessage": "-",
              "identity.sourceIp": "203.0.113.17", "integrationLatency": "42",
              "requestTime": "02/Dec/2026:10:00:00 +0000"}
    line = re.sub(r"\$context\.([\w.]+)", lambda m: sample[m.group(1)], ACCESS_LOG_FORMAT)
    return len(line.encode("utf-8")) + 1


def whole_match() -> dict[str, float]:
    """A four-person, 15-round match with cards: everything it costs."""
    import logging

    policy = BotPlayer(level(4))
    counts = {"messages_in": 0.0, "invocations": 0.0, "seconds": 0.0}
    handler = logging.getLogger(SERVICE).handlers[0]
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(_SINK)  # type: ignore[arg-type]
    with mock_aws():
        world = _world("cost")
        people, match_id = _quiet(lambda: _room(world, ["Ana", "Bia", "Caio", "Duda"],
                                                turnSeconds=60, rounds=size(15, 1),
                                                cards=True))
        start_frames = world.api.posts
        outbox = _Outbox(world)
        logged_before = _SINK.bytes

        def send(client: Client, action: str, fields: dict[str, Any]) -> None:
            took = _measure(world, lambda: client.send(action, **fields))[0]
            outbox.drain()
            counts["messages_in"] += 1
            counts["invocations"] += 1
            counts["seconds"] += took

        turns = 0
        while True:
            state, record = _state(world, match_id)
            if state.finished:
                break
            turns += 1
            seat, rules = state.current, record.settings.rules()
            client, rng = people[seat], bot_rng(state, seat)
            for command in policy.market(rules, state, seat, rng):
                send(client, *message_for(command, match_id))
            state, record = _state(world, match_id)
            if state.current != seat or state.finished:
                continue
            action, fields = message_for(policy.action(rules, state, seat,
                                                       world.runtime.ctx.resources, rng),
                                         match_id)
            if action == "play":
                for _ in range(2):
                    send(client, "preview", fields)
            send(client, action, fields)
            world.clock.advance(30)
        timers = len(world.timers())
        repo = world.repository
        minutes = (world.clock.ms - 1_800_000_000_000) / 60000
        pings = 4 * minutes * 60 / PING_S
        counts["invocations"] += world.stream.invocations
        counts["seconds"] += outbox.seconds
        counts.update({
            "outbox_invocations": world.stream.invocations, "pings": pings,
            "log_bytes": _SINK.bytes - logged_before, "access_log_line": _access_log_line_bytes(),
            "turns": turns, "frames_out": world.api.posts - start_frames + 4,
            "timers": timers, "timers_stopped": world.runtime.ctx.timers.stopped,
            "read_units": repo.read_units, "write_units": repo.write_units,
            "largest_item": repo.largest_item, "connection_minutes": 4 * minutes,
            "frame_bytes": world.runtime.ctx.notifier.bytes_sent,
            "refused": refused(world),
        })
    return counts


def refused(world: World) -> int:
    """What the players were refused: a bench that hits its own limits measures nothing."""
    return sum(1 for frames in world.api.frames.values() for f in frames
               if f.get("type") == "error")


def cost_per_thousand(c: dict[str, float]) -> dict[str, float]:
    """Dollars per 1,000 matches of FULL_MATCH_TURNS turns (the measured match scaled)."""
    scale = FULL_MATCH_TURNS / c["turns"]
    per_match = {
        "Lambda": c["invocations"] * PRICES["lambda_request"]
        + c["seconds"] * MEMORY_GB * PRICES["lambda_gb_s"],
        "API Gateway messages": (c["messages_in"] + c["frames_out"]) * PRICES["ws_message"],
        "pings (message, pong, call)": c["pings"] * (2 * PRICES["ws_message"]
                                                     + PRICES["lambda_request"]
                                                     + 0.005 * MEMORY_GB * PRICES["lambda_gb_s"]),
        "CloudWatch Logs": (c["log_bytes"]
                            + (c["invocations"] + c["pings"]) * LAMBDA_PLATFORM_LOG_BYTES
                            + (c["messages_in"] + c["pings"] + 8) * c["access_log_line"])
        / 1e9 * PRICES["logs_gb"],
        "X-Ray (low traffic: every call)": (c["invocations"] + c["pings"]) * XRAY_LOW_TRAFFIC
        * PRICES["xray_trace"],
        "data transfer out": c["frame_bytes"] / 1e9 * PRICES["transfer_gb"],
        "API Gateway connection minutes": c["connection_minutes"]
        * PRICES["ws_connection_minute"],
        "DynamoDB": c["read_units"] * PRICES["dynamodb_rru"]
        + c["write_units"] * PRICES["dynamodb_wru"],
        "Step Functions": (2 * c["timers"] - c["timers_stopped"]) * PRICES["sfn_transition"],
    }
    return {k: v * 1000 * scale for k, v in per_match.items()}


def xray_at_scale(c: dict[str, float]) -> float:
    """X-Ray per 1,000 matches once traffic is well above a request a second (5% sampled)."""
    scale = FULL_MATCH_TURNS / c["turns"]
    return ((c["invocations"] + c["pings"]) * XRAY_AT_SCALE * PRICES["xray_trace"]
            * 1000 * scale)


def main() -> None:
    rows = []
    for name, samples in timings().items():
        times = sorted(s[0] * 1e3 for s in samples)
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        reads = statistics.mean(s[1] for s in samples)
        writes = statistics.mean(s[2] for s in samples)
        rru = statistics.mean(s[3] for s in samples)
        wru = statistics.mean(s[4] for s in samples)
        rows.append((f"{name} ({len(times)} samples)",
                     f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms; "
                     f"DynamoDB {reads:.1f} reads ({rru:.1f} RRU), {writes:.1f} writes "
                     f"({wru:.1f} WRU)"))
    match = whole_match()
    rows.append(("4-person match, 15 rounds",
                 f"{match['turns']:.0f} turns, {match['messages_in']:.0f} messages in, "
                 f"{match['frames_out']:.0f} frames out ({match['frame_bytes'] / 1024:.0f} KiB), "
                 f"{match['timers']:.0f} timers ({match['timers_stopped']:.0f} stopped early), "
                 f"{match['read_units']:.0f} RRU, "
                 f"{match['write_units']:.0f} WRU, largest item {match['largest_item']:,} B, "
                 f"{match['seconds']:.1f} s of handlers, {match['refused']:.0f} refused; "
                 f"{match['outbox_invocations']:.0f} outbox calls, {match['pings']:.0f} pings, "
                 f"{match['log_bytes'] / 1024:.0f} KiB of handler logs"))
    costs = cost_per_thousand(match)
    rows.append(("cost of 1,000 4-person matches", f"of {FULL_MATCH_TURNS} turns (15 rounds), "
                                                   f"scaled from the match above"))
    xray = costs.pop("X-Ray (low traffic: every call)")
    for name, dollars in costs.items():
        rows.append((f"  per 1,000 matches: {name}", f"${dollars:.2f}"))
    total = sum(costs.values())
    rows.append(("  per 1,000 matches: total", f"${total:.2f} as deployed, X-Ray off "
                                               f"(target $5.00: {total / 5:.2f}× the target)"))
    rows.append(("  with -c tracing=on", f"+${xray:.2f} below a call a second (every call "
                                         f"traced): ${total + xray:.2f}; "
                                         f"+${xray_at_scale(match):.2f} at scale (5% sampled)"
                                         f": ${total + xray_at_scale(match):.2f}"))
    print_table(rows)
    print(json.dumps({"match": match, "cost_per_1000": costs}, indent=1), file=sys.stderr)


if __name__ == "__main__":
    main()
