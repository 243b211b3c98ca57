"""What a match at one's own pace costs, and what a person's list of 20 matches reads.

Run with ``python -m bench.paced``. A four-person match of 15 rounds with cards and 24-hour
turns, played as people play such matches: nobody keeps the page open. For each turn its
player opens the site (a ticket from the identity API, a new WebSocket connection: the
authorizer and ``$connect``), greets (``hello``), reads their list (``matches``), opens the
match (``resume``), previews twice before a play, moves, and closes the page
(``$disconnect``); six hours pass before the next player's turn. The other people are away:
their list rows are written all the same (the outbox keeps them for when they come back).
The turn timers wait a day each (Step Functions Standard is priced by transition, not by
time waited). The same prices as :mod:`bench.handlers`; see docs/cost.md.

It also fills one person's list with 20 matches at their own pace and reads it: the read
units and the time of ``matches`` (docs/capacity.md).
"""

from __future__ import annotations

import json
import statistics
import sys
from typing import Any

from moto import mock_aws

import bench.env  # noqa: F401  (first: the handlers read it when imported)
from bench.handlers import (
    _SINK,
    FULL_MATCH_TURNS,
    LAMBDA_PLATFORM_LOG_BYTES,
    MEMORY_GB,
    PRICES,
    _access_log_line_bytes,
    _measure,
    _Outbox,
    _quiet,
    _room,
    _state,
    _world,
    refused,
)
from bench.report import print_table, size
from engine.bots.levels import BotPlayer, bot_rng, level
from functions.handlers.observability import SERVICE
from infra.local.in_process import Client, World, message_for

#: a visit to play one turn: the page is open this long (connection minutes)
VISIT_MINUTES = 2
#: the time between two turns of the match (four people, each answering within the day)
BETWEEN_TURNS_S = 6 * 3600
#: the identity API's HTTP request for a ticket (HTTP API: $1.00 per million requests) and
#: its Lambda call (about 10 ms)
HTTP_REQUEST = 1.00 / 1e6
TICKET_SECONDS = 0.010
DAY = 86400


def _open(world: World, person: Client) -> tuple[float, Client]:
    """The person opens the site: a new connection (the authorizer and ``$connect``)."""
    opened: list[Client] = []

    def connect() -> None:
        opened.append(world.reconnect(person))

    return _measure(world, connect)[0], opened[0]


def _count_logs() -> None:
    """The handlers' log lines go to the counting sink (their bytes are priced)."""
    import logging

    handler = logging.getLogger(SERVICE).handlers[0]
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(_SINK)


def whole_match() -> dict[str, float]:
    """A four-person, 15-round match at 24-hour turns, one visit per turn."""
    policy = BotPlayer(level(4))
    counts = {"messages_in": 0.0, "invocations": 0.0, "seconds": 0.0, "tickets": 0.0,
              "visits": 0.0}
    _count_logs()
    with mock_aws():
        world = _world("paced")
        people, match_id = _quiet(lambda: _room(world, ["Ana", "Bia", "Caio", "Duda"],
                                                turnSeconds=DAY, rounds=size(15, 1),
                                                cards=True))
        for person in people:  # the room's players close their pages once it starts
            _quiet(lambda p=person: world.disconnect(p))  # type: ignore[misc]
        outbox = _Outbox(world)
        repo = world.repository
        units_before = (repo.read_units, repo.write_units)
        logged_before = _SINK.bytes
        posts_before, bytes_before = world.api.posts, world.runtime.ctx.notifier.bytes_sent
        turns = 0
        while True:
            state, record = _state(world, match_id)
            if state.finished:
                break
            turns += 1
            seat, rules = state.current, record.settings.rules()
            rng = bot_rng(state, seat)
            took, tab = _open(world, people[seat])
            counts["seconds"] += took
            counts["invocations"] += 2  # the authorizer and $connect
            counts["tickets"] += 1
            counts["visits"] += 1

            def send(action: str, fields: dict[str, Any], tab: Client = tab) -> None:
                took = _measure(world, lambda: tab.send(action, **fields))[0]
                outbox.drain()
                counts["messages_in"] += 1
                counts["invocations"] += 1
                counts["seconds"] += took

            send("hello", {})
            send("matches", {})
            send("resume", {"matchId": match_id})
            for command in policy.market(rules, state, seat, rng):
                send(*message_for(command, match_id))
            state, record = _state(world, match_id)
            if state.current == seat and not state.finished:
                action, fields = message_for(
                    policy.action(rules, state, seat, world.runtime.ctx.resources, rng),
                    match_id)
                if action == "play":
                    for _ in range(2):
                        send("preview", fields)
                send(action, fields)
            took = _measure(world, lambda t=tab: world.disconnect(t))[0]  # type: ignore[misc]
            counts["seconds"] += took
            counts["invocations"] += 1
            world.clock.advance(BETWEEN_TURNS_S)
        counts["invocations"] += world.stream.invocations
        counts["seconds"] += outbox.seconds
        counts.update({
            "turns": turns, "outbox_invocations": world.stream.invocations,
            "frames_out": world.api.posts - posts_before,
            "frame_bytes": world.runtime.ctx.notifier.bytes_sent - bytes_before,
            "timers": len(world.timers()), "timers_stopped": world.runtime.ctx.timers.stopped,
            "read_units": repo.read_units - units_before[0],
            "write_units": repo.write_units - units_before[1],
            "days": (world.clock.ms - 1_800_000_000_000) / 86_400_000,
            "log_bytes": _SINK.bytes - logged_before, "access_log_line": _access_log_line_bytes(),
            "refused": refused(world),
        })
    return counts


def cost_per_thousand(c: dict[str, float]) -> dict[str, float]:
    """Dollars per 1,000 matches of FULL_MATCH_TURNS turns (the measured match scaled)."""
    scale = FULL_MATCH_TURNS / c["turns"]
    per_match = {
        "Lambda": (c["invocations"] + c["tickets"]) * PRICES["lambda_request"]
        + (c["seconds"] + c["tickets"] * TICKET_SECONDS) * MEMORY_GB * PRICES["lambda_gb_s"],
        "API Gateway (WebSocket messages, HTTP tickets)":
            (c["messages_in"] + c["frames_out"]) * PRICES["ws_message"]
            + c["tickets"] * HTTP_REQUEST,
        "API Gateway connection minutes": c["visits"] * VISIT_MINUTES
        * PRICES["ws_connection_minute"],
        "data transfer out": c["frame_bytes"] / 1e9 * PRICES["transfer_gb"],
        # the handlers' lines, Lambda's own, and the stage's access line per message and
        # per connection event (connect, disconnect)
        "CloudWatch Logs": (c["log_bytes"]
                            + (c["invocations"] + c["tickets"]) * LAMBDA_PLATFORM_LOG_BYTES
                            + (c["messages_in"] + 2 * c["visits"]) * c["access_log_line"])
        / 1e9 * PRICES["logs_gb"],
        "DynamoDB": c["read_units"] * PRICES["dynamodb_rru"]
        + c["write_units"] * PRICES["dynamodb_wru"],
        "Step Functions": (2 * c["timers"] - c["timers_stopped"]) * PRICES["sfn_transition"],
    }
    return {k: v * 1000 * scale for k, v in per_match.items()}


def list_of_twenty() -> dict[str, float]:
    """One person's list with 20 matches at their own pace: what reading it costs."""
    with mock_aws():
        world = _world("list")
        for limiter in (world.runtime.limiter, world.runtime.player_limiter):
            limiter.burst = 1000
        ana = world.connect("Ana")
        for _ in range(20):
            _quiet(lambda: ana.send("matches"))
            _quiet(lambda: ana.send("startSolo", settings={"bots": 1, "turnSeconds": DAY}))
        samples = [_measure(world, lambda: ana.send("matches")) for _ in range(size(20, 3))]
        rows = len(ana.last("matches")["matches"])
        frame = len(json.dumps(ana.last("matches"), ensure_ascii=False).encode("utf-8"))
    return {"rows": rows, "median_ms": statistics.median(s[0] for s in samples) * 1e3,
            "reads": samples[-1][1], "read_units": samples[-1][3], "frame_bytes": frame}


def main() -> None:
    match = whole_match()
    costs = cost_per_thousand(match)
    listed = list_of_twenty()
    rows = [("4-person match at 24-hour turns",
             f"{match['turns']:.0f} turns over {match['days']:.1f} days, "
             f"{match['visits']:.0f} visits, {match['messages_in']:.0f} messages in, "
             f"{match['frames_out']:.0f} frames out, {match['timers']:.0f} timers "
             f"({match['timers_stopped']:.0f} stopped early), {match['read_units']:.0f} RRU, "
             f"{match['write_units']:.0f} WRU, {match['outbox_invocations']:.0f} outbox "
             f"calls, {match['seconds']:.1f} s of handlers, {match['refused']:.0f} refused")]
    for name, dollars in costs.items():
        rows.append((f"  per 1,000 matches: {name}", f"${dollars:.2f}"))
    total = sum(costs.values())
    rows.append(("  per 1,000 matches: total", f"${total:.2f} as deployed, X-Ray off"))
    rows.append(("list of 20 matches (matches)",
                 f"{listed['rows']:.0f} rows, one Query, {listed['read_units']:.0f} read "
                 f"units (strongly consistent count; the index reads are eventually "
                 f"consistent: half), frame {listed['frame_bytes'] / 1024:.1f} KiB, median "
                 f"{listed['median_ms']:.1f} ms in process"))
    print_table(rows)
    print(json.dumps({"match": match, "cost_per_1000": costs, "list": listed}, indent=1),
          file=sys.stderr)


if __name__ == "__main__":
    main()
