"""The outbox function: what each match write left to do, handed over by the table's stream.

The stream (filtered to new ``OUTBOX#`` items, :data:`functions.storage.outbox.STREAM_FILTER`)
invokes this with batches of records, in write order per match. Each is delivered in turn
(:meth:`functions.service.delivery.Delivery.deliver`); at the first failure the rest of the
batch is reported failed with it, so the stream retries from there and a match's updates are
never told out of order. A record that keeps failing goes to the dead-letter queue.

Powertools' batch processor is not used: it goes on past a failed record, and a later record
of the same match delivered before the failed one would tell its players the match out of
order. The records are read through its DynamoDB stream data class; the image stays in
DynamoDB's typed JSON, as the storage codec reads it.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.utilities.data_classes import DynamoDBStreamEvent

from functions import runtime
from functions.handlers.observability import (
    LambdaContext,
    correlate,
    logger,
    metrics,
    observed,
    publish_counters,
)


@observed()
def handler(raw: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    rt = runtime.current()
    failures: list[dict[str, str]] = []
    for record in DynamoDBStreamEvent(raw).records:
        change = record.dynamodb
        image = change.get("NewImage") if change is not None else None
        if change is None or image is None:
            continue
        match = str(image.get("pk", {}).get("S", "")).removeprefix("MATCH#") or None
        correlate(matchId=match, sequence=change.sequence_number)
        try:
            rt.matches.delivery.deliver_image(image)
            logger.debug("delivered")
        except Exception:
            logger.exception("delivery failed; the stream retries it")
            metrics.add_metric(name="DeliveryFailures", unit="Count", value=1)
            failures.append({"itemIdentifier": str(change.sequence_number)})
            break
        finally:
            logger.thread_safe_remove_keys(["matchId", "sequence"])
    publish_counters(rt.ctx.counters)
    return {"batchItemFailures": failures}
