"""The outbox function: what each match write left to do, handed over by the table's stream.

The stream (filtered to new ``OUTBOX#`` items, :data:`functions.storage.outbox.STREAM_FILTER`)
invokes this with batches of records, in write order per match. Each is delivered in turn
(:meth:`functions.service.delivery.Delivery.deliver`); at the first failure the rest of the
batch is reported failed with it, so the stream retries from there and a match's updates are
never told out of order. A record that keeps failing goes to the dead-letter queue.
"""

from __future__ import annotations

from typing import Any

from functions import runtime
from functions.handlers.observability import LambdaContext, logger, metrics, publish_counters


@logger.inject_lambda_context()
@metrics.log_metrics
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    rt = runtime.current()
    failures: list[dict[str, str]] = []
    for record in event.get("Records", []):
        change = record.get("dynamodb", {})
        image = change.get("NewImage")
        if image is None:
            continue
        try:
            rt.matches.delivery.deliver_image(image)
        except Exception:
            logger.exception("delivery failed; the stream retries it",
                             extra={"sequence": change.get("SequenceNumber"),
                                    "match": image.get("pk", {}).get("S")})
            metrics.add_metric(name="DeliveryFailures", unit="Count", value=1)
            failures.append({"itemIdentifier": str(change.get("SequenceNumber"))})
            break
    publish_counters(rt.ctx.counters)
    return {"batchItemFailures": failures}
