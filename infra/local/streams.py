"""The stream runner: what Lambda's event source mapping does in the cloud, for the local
stack and the functional tests.

It reads the table's stream from moto (every shard, from where it last stopped), keeps the
records the function's filter matches (the same pattern the CDK app gives Lambda), invokes the
function with them in order, and when the function reports a failed record, invokes it again
from that record, a few times with a growing pause, before it gives the record up as the
cloud's mapping would (to its dead-letter queue; here, a count and a log line).

The local stack's table streams keys only (moto keeps every record it streams, and new
images of every state would pile up); given the table, the runner reads each matching item
and hands it on as the record's new image, as the cloud's stream (new images) does.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from infra.local.background import Background
from infra.local.gateway import LambdaContext

POLL_S = 0.05
log = logging.getLogger("vanlexis.streams")


def _alternative(option: Any, value: Any) -> bool:
    if isinstance(option, dict) and "prefix" in option:
        return isinstance(value, str) and value.startswith(option["prefix"])
    return bool(option == value)


def matches(pattern: Any, value: Any) -> bool:
    """Whether ``value`` matches an event filter ``pattern``: a dict matches key by key, a
    list of alternatives matches if one does (a value or ``{"prefix": ...}``)."""
    if isinstance(pattern, list):
        return any(_alternative(option, value) for option in pattern)
    if isinstance(pattern, dict):
        return isinstance(value, dict) and all(k in value and matches(p, value[k])
                                               for k, p in pattern.items())
    return bool(pattern == value)


class StreamRunner(Background):
    thread_name = "streams"

    def __init__(self, streams: Any, stream_arn: str,
                 function: Callable[[dict[str, Any], Any], Any], pattern: dict[str, Any],
                 attempts: int = 5, retry_s: float = 0.5,
                 images: tuple[Any, str] | None = None) -> None:
        super().__init__()
        self.streams = streams
        self.images = images  # (DynamoDB client, table): read the new images from the table
        self.arn = stream_arn
        self.function = function
        self.pattern = pattern
        self.attempts = attempts
        self.retry_s = retry_s  # tests set 0
        self.iterators: dict[str, str] = {}
        self.invocations = 0
        self.delivered = 0
        self.retried = 0
        self.dead_lettered = 0
        self._lock = threading.Lock()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                if not self.drain():
                    self._stop.wait(POLL_S)
            except Exception:  # the local stack keeps going; the record is retried
                log.exception("stream runner failed")
                self._stop.wait(1.0)

    def _records(self) -> list[dict[str, Any]]:
        if not self.iterators:  # moto's stream has one shard for good: described once
            description = self.streams.describe_stream(StreamArn=self.arn)["StreamDescription"]
            self.iterators = {shard["ShardId"]: self.streams.get_shard_iterator(
                StreamArn=self.arn, ShardId=shard["ShardId"],
                ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
                for shard in description["Shards"]}
        records: list[dict[str, Any]] = []
        for shard_id, iterator in list(self.iterators.items()):
            page = self.streams.get_records(ShardIterator=iterator)
            records += page["Records"]
            self.iterators[shard_id] = page.get("NextShardIterator") or iterator
        kept = [r for r in records if matches(self.pattern, r)]
        if self.images is not None:
            client, table = self.images
            for record in kept:
                found = client.get_item(TableName=table, Key=record["dynamodb"]["Keys"],
                                        ConsistentRead=True).get("Item")
                if found is not None:
                    record["dynamodb"]["NewImage"] = found
        return kept

    def drain(self) -> int:
        """Hand every new matching record to the function; returns how many there were."""
        with self._lock:
            records = self._records()
            start, failures = 0, 0
            while start < len(records):
                batch = [_as_event_record(r) for r in records[start:]]
                self.invocations += 1
                answer = self.function({"Records": batch}, LambdaContext("outbox", "stream"))
                failed = [f["itemIdentifier"] for f in (answer or {}).get("batchItemFailures",
                                                                           [])]
                if not failed:
                    self.delivered += len(batch)
                    break
                at = next(i for i, r in enumerate(batch)
                          if r["dynamodb"]["SequenceNumber"] == failed[0])
                self.delivered += at
                start += at
                failures += 1
                if failures >= self.attempts:
                    log.error("stream record given up after %d attempts: %s", failures,
                              records[start]["dynamodb"].get("Keys"))
                    self.dead_lettered += 1
                    start, failures = start + 1, 0
                    continue
                self.retried += 1
                if self.retry_s:
                    time.sleep(self.retry_s * 2 ** (failures - 1))
            return len(records)


def _as_event_record(record: dict[str, Any]) -> dict[str, Any]:
    """A record as Lambda's event carries it (timestamps as epoch seconds)."""
    change = dict(record["dynamodb"])
    created = change.get("ApproximateCreationDateTime")
    if created is not None and hasattr(created, "timestamp"):
        change["ApproximateCreationDateTime"] = created.timestamp()
    return {"eventID": record.get("eventID"), "eventName": record["eventName"],
            "eventSource": "aws:dynamodb", "dynamodb": change}
