"""The outbox: what must still happen after a match write, written in the same transaction.

A command's effects outside the table, the next turn's timer and every other seat's update,
cannot be part of the write itself. If they were only done after it, a failure in between (a
throttled ``StartExecution``, a ``PostToConnection`` that fails, a Lambda that times out)
would leave a saved match that nobody hears of and no timer to move it on. So each write of
a match carries one ``MATCH#<id>`` / ``OUTBOX#<version>`` item, in the same transaction: the
events to tell, the turn to time and the turn whose timer is no longer needed. The table's
stream hands every new outbox item to the outbox function, which does that work and is
retried by the stream until it succeeds (then the record goes to a dead-letter queue).

The item is never read back from the table: the stream record carries it whole (the stream
shows new images), and DynamoDB's TTL removes it after a day.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any

from functions.storage.codec import from_item, pack_moves, to_item, unpack_moves

OUTBOX_TTL_S = 86400  # a stream keeps its records for 24 hours: the item is useless after
PREFIX = "OUTBOX#"

#: The stream records the outbox function is invoked for (Lambda's event filter, also used by
#: the local stack's stream runner): new outbox items only, not the state or anything else.
STREAM_FILTER: dict[str, Any] = {
    "eventName": ["INSERT"],
    "dynamodb": {"Keys": {"sk": {"S": [{"prefix": PREFIX}]}}},
}

@dataclass(frozen=True)
class Pending:
    """The work a match write left for after it.

    ``events``: the engine events of the command (each seat is told the ones it may see);
    ``start``: the write created the match (every seat gets a whole view, not an update);
    ``arm``: the turn whose timer to start (a person's turn this write began), or None;
    ``disarm``: the person's turn this write ended before its deadline, whose timer need not
    fire, or None; ``request``: (player id, request id) of the command, for its answer's
    ``requestId``; ``answered``: the connection already answered by the handler itself, which
    is not sent the update a second time.
    """

    match_id: str
    version: int
    at_ms: int
    events: list[dict[str, Any]]
    start: bool = False
    arm: int | None = None
    disarm: int | None = None
    request: tuple[str, str] | None = None
    answered: str | None = None


def item_values(pending: Pending, now_s: int) -> dict[str, Any]:
    values: dict[str, Any] = {
        "pk": f"MATCH#{pending.match_id}", "sk": f"{PREFIX}{pending.version:08d}",
        "version": pending.version, "at": pending.at_ms, "start": pending.start,
        "events": pack_moves(pending.events), "ttl": now_s + OUTBOX_TTL_S}
    if pending.arm is not None:
        values["arm"] = pending.arm
    if pending.disarm is not None:
        values["disarm"] = pending.disarm
    if pending.request is not None:
        values["request"] = list(pending.request)
    if pending.answered is not None:
        values["answered"] = pending.answered
    return values


def put_request(table: str, pending: Pending, now_s: int) -> dict[str, Any]:
    """The outbox item as a transaction's Put (new by condition: one per version)."""
    return {"Put": {"TableName": table, "ConditionExpression": "attribute_not_exists(pk)",
                    "Item": to_item(item_values(pending, now_s))}}


def from_image(image: dict[str, Any]) -> Pending:
    """The pending work from a stream record's ``NewImage`` (DynamoDB's typed JSON). In a
    Lambda event a binary attribute is base64 text; read through boto3 it is bytes."""
    image = {k: ({"B": base64.b64decode(v["B"])} if isinstance(v.get("B"), str) else v)
             for k, v in image.items()}
    item = from_item(image)
    request = item.get("request")
    return Pending(
        match_id=str(item["pk"]).removeprefix("MATCH#"), version=int(item["version"]),
        at_ms=int(item["at"]), events=unpack_moves(item["events"]),
        start=bool(item.get("start")),
        arm=int(item["arm"]) if "arm" in item else None,
        disarm=int(item["disarm"]) if "disarm" in item else None,
        request=(str(request[0]), str(request[1])) if request else None,
        answered=str(item["answered"]) if "answered" in item else None)
