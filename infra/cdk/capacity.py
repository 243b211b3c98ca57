"""The traffic model: what a number of concurrent matches asks of each service, and the
throttles the stack sets from it. Plain data and arithmetic, so the stack, the tests and
``docs/capacity.md`` (``python -m infra.cdk.capacity`` prints its table) share one source.

The per-turn figures are ``bench/handlers.py``'s, measured on a four-person, 15-round match
with cards through the real handlers (docs/cost.md); a turn is taken to last 30 s (the
default turn is 60 s, and people rarely use it all).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

PEOPLE_PER_MATCH = 4
TURN_S = 30.0
#: per turn, from bench/handlers.py (the match above)
MESSAGES_PER_TURN = 3.8  # messages in: the move, two previews per play, market actions
FRAMES_PER_TURN = 9.4  # frames out (every seat's update, answers, end frames)
OUTBOX_PER_TURN = 1.8  # outbox invocations (one per command; market actions are commands)
READ_UNITS_PER_TURN = 19.2
WRITE_UNITS_PER_TURN = 22.9
#: the page's keep-alive: one ping per open tab every 4 minutes (a message each way)
PING_S = 240.0
#: people in the lobby or between matches, on top of those seated
IDLE_SHARE = 0.25
#: how much above the average a stage must take (bursts of moves at round starts)
PEAK = 2.0
#: how fast everyone must be able to come back after a drop (a deploy, a network blip)
RECONNECT_S = 120.0
#: the account's WebSocket new-connection quota per region (adjustable)
NEW_CONNECTIONS_QUOTA = 500

#: the regional quotas that bind first, with their defaults (Service Quotas console)
QUOTAS = {
    "API Gateway WebSocket: new connections per second": "500 (adjustable)",
    "API Gateway: requests per second, account and region": "10,000, burst 5,000 (adjustable)",
    "Lambda: concurrent executions": "1,000 (adjustable; new accounts may start lower)",
    "Step Functions Standard: StartExecution": "bucket 1,300, refill 300/s in the largest "
                                               "regions; 800 and 150/s elsewhere (adjustable)",
    "Step Functions Standard: state transitions per second": "5,000 in the largest regions, "
                                                             "800 elsewhere (adjustable)",
    "DynamoDB on demand: table throughput": "40,000 read and 40,000 write units per second "
                                            "(adjustable); a new table starts warm at about "
                                            "4,000 writes and 12,000 reads",
    "DynamoDB: one partition key": "1,000 write units and 3,000 read units per second",
}


@dataclass(frozen=True)
class Load:
    """The steady traffic of ``matches`` concurrent matches, per second."""

    matches: int

    @property
    def connections(self) -> float:
        return self.matches * PEOPLE_PER_MATCH * (1 + IDLE_SHARE)

    @property
    def turns(self) -> float:
        return self.matches / TURN_S

    @property
    def pings(self) -> float:
        return self.connections / PING_S

    @property
    def messages_in(self) -> float:
        return self.turns * MESSAGES_PER_TURN + self.pings

    @property
    def frames_out(self) -> float:
        return self.turns * FRAMES_PER_TURN + self.pings

    @property
    def invocations(self) -> float:
        """Lambda calls: every message in (pings included), the outbox, the timers."""
        return self.messages_in + self.turns * (OUTBOX_PER_TURN + 1)

    @property
    def timer_starts(self) -> float:
        return self.turns  # one timer per person's turn

    @property
    def read_units(self) -> float:
        return self.turns * READ_UNITS_PER_TURN

    @property
    def write_units(self) -> float:
        return self.turns * WRITE_UNITS_PER_TURN

    @property
    def queue_joins(self) -> float:
        """People joining the Normal queue (if every match came from it)."""
        return self.matches * PEOPLE_PER_MATCH / (TURN_S * 60)  # a match is ~60 turns

    @property
    def reconnects(self) -> float:
        """New connections a second for everyone to come back within ``RECONNECT_S``."""
        return self.connections / RECONNECT_S


@dataclass(frozen=True)
class Throttles:
    """What the stack sets for ``matches`` concurrent matches at most."""

    stage_rate: int
    stage_burst: int
    connect_rate: int  # the $connect route (each one runs the authorizer and $connect)
    connect_burst: int
    identity_rate: int  # POST /guest and /ticket: one ticket per (re)connection
    identity_burst: int
    summary_rate: int  # GET /match/<id>: a match link opened before a name is chosen
    summary_burst: int
    redeem_rate: int  # POST /link/redeem: a one-time code typed on a new device
    redeem_burst: int


def throttles(matches: int) -> Throttles:
    load = Load(matches)
    stage = max(100, math.ceil(load.messages_in * PEAK / 50) * 50)
    connect = min(NEW_CONNECTIONS_QUOTA, max(20, math.ceil(load.reconnects / 10) * 10))
    # A summary is read once by a newcomer who holds a match's link, who then needs a guest
    # and a ticket: half the identity API's rate is plenty, on a route of its own so that a
    # flood of summaries is refused by API Gateway before it reaches a function or the table.
    summary = max(10, connect // 2)
    return Throttles(stage_rate=stage, stage_burst=2 * stage, connect_rate=connect,
                     connect_burst=2 * connect, identity_rate=connect,
                     identity_burst=2 * connect, summary_rate=summary,
                     summary_burst=2 * summary, redeem_rate=REDEEM_RATE,
                     redeem_burst=2 * REDEEM_RATE)


#: Codes typed on a new device, a second, at any size: a person adds a device now and then,
#: and this is also the most guesses at a code the whole world can make (docs/security.md).
REDEEM_RATE = 2


#: concurrent matches the stack is sized for unless ``-c matches=N`` says otherwise
DEFAULT_MATCHES = 2_000
SIZES = (1, 10, 100, 1_000, 10_000)


def table() -> str:
    """The capacity table of docs/capacity.md (a test keeps them equal)."""
    rows = ["| concurrent matches | " + " | ".join(f"{m:,}" for m in SIZES) + " |",
            "|---|" + "---|" * len(SIZES)]

    def row(label: str, values: list[str]) -> None:
        rows.append(f"| {label} | " + " | ".join(values) + " |")

    loads = [Load(m) for m in SIZES]
    sized = [throttles(m) for m in SIZES]
    row("open connections", [f"{lo.connections:,.0f}" for lo in loads])
    row("messages in /s (pings included)", [f"{lo.messages_in:,.1f}" for lo in loads])
    row("frames out /s", [f"{lo.frames_out:,.1f}" for lo in loads])
    row("Lambda invocations /s", [f"{lo.invocations:,.1f}" for lo in loads])
    row("Lambda concurrency (≈60 ms each)", [f"{lo.invocations * 0.06:,.1f}" for lo in loads])
    row("DynamoDB reads /s (units)", [f"{lo.read_units:,.0f}" for lo in loads])
    row("DynamoDB writes /s (units)", [f"{lo.write_units:,.0f}" for lo in loads])
    row("timers started /s", [f"{lo.timer_starts:,.1f}" for lo in loads])
    row("queue joins /s (one open table per size)", [f"{lo.queue_joins:,.2f}" for lo in loads])
    row("reconnects /s to bring everyone back in 2 min", [f"{lo.reconnects:,.1f}"
                                                          for lo in loads])
    row("stage throttle (rate / burst)", [f"{t.stage_rate:,} / {t.stage_burst:,}"
                                          for t in sized])
    row("$connect and identity API (rate / burst)", [f"{t.connect_rate:,} / {t.connect_burst:,}"
                                                     for t in sized])
    row("a match's public summary (rate / burst)", [f"{t.summary_rate:,} / {t.summary_burst:,}"
                                                   for t in sized])
    row("a one-time code redeemed (rate / burst)", [f"{t.redeem_rate:,} / {t.redeem_burst:,}"
                                                    for t in sized])
    return "\n".join(rows)


if __name__ == "__main__":
    print(table())
