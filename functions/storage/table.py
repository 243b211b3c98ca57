"""The low level of the game's one DynamoDB table: reads, writes, conditional writes and
transactions, and the capacity they cost (counted for the handlers' benchmark and the cost
model). The item kinds are in ``repository`` and ``lobby_items``."""

from __future__ import annotations

import zlib
from typing import Any

from botocore.exceptions import ClientError

from functions.storage.codec import from_item, item_size, to_item, value

CONNECTION_TTL_S = 3 * 3600  # API Gateway closes a connection after 2 hours
MATCH_TTL_S = 30 * 86400  # the default; the operator sets MATCH_RETENTION_DAYS
REQUEST_TTL_S = 2 * 86400
LOBBY_TTL_S = 6 * 3600
MATCH_INDEX = "byMatch"
RATING_INDEX = "byRating"
DEADLINE_INDEX = "byDeadline"
#: Shards of the deadline index (``LIVE#<n>``): a match's state is written on every command,
#: so one index key for every live match would be a hot partition at scale.
LIVE_SHARDS = 16
LEADERBOARD = "LEADERBOARD"
class ConflictError(Exception):
    """The item changed since it was read (a lost race)."""


class DuplicateRequestError(Exception):
    """This request id was already applied to this match."""


class ExistsError(Exception):
    """An item that had to be new already exists."""


def live_shard(match_id: str) -> str:
    """The deadline index key of a live match."""
    return f"LIVE#{zlib.crc32(match_id.encode()) % LIVE_SHARDS:02d}"


def failed_condition(exc: ClientError) -> bool:
    return bool(exc.response.get("Error", {}).get("Code") == "ConditionalCheckFailedException")


class Table:
    """One DynamoDB table through an injected boto3 client."""

    def __init__(self, client: Any, table: str, match_ttl_s: int = MATCH_TTL_S) -> None:
        self.client = client
        self.table = table
        self.match_ttl_s = match_ttl_s  # how long a match is kept after its last write
        # Operations issued and the capacity units they cost (on-demand pricing counts a
        # strongly consistent read per 4 KB, a write per 1 KB, twice inside a transaction),
        # for the handlers' benchmark and the cost model.
        self.reads = 0
        self.writes = 0
        self.read_units = 0
        self.write_units = 0
        self.largest_item = 0

    def _count_read(self, items: list[dict[str, Any]]) -> None:
        self.read_units += max(1, -(-sum(item_size(i) for i in items) // 4096))

    def _count_write(self, item: dict[str, Any] | None, transactional: bool = False,
                     indexed: bool = False) -> None:
        size = item_size(item) if item else 0
        self.largest_item = max(self.largest_item, size)
        units = max(1, -(-size // 1024)) * (2 if transactional else 1)
        self.write_units += units + (1 if indexed else 0)

    # -- low level ----------------------------------------------------------------------------

    def _get(self, pk: str, sk: str, consistent: bool = True) -> dict[str, Any] | None:
        self.reads += 1
        found = self.client.get_item(TableName=self.table, Key=to_item({"pk": pk, "sk": sk}),
                                     ConsistentRead=consistent)
        item = found.get("Item")
        self._count_read([item] if item else [])
        return from_item(item) if item else None

    def _put(self, values: dict[str, Any], condition: str | None = None,
             names: dict[str, str] | None = None, values_: dict[str, Any] | None = None) -> None:
        self.writes += 1
        args: dict[str, Any] = {"TableName": self.table, "Item": to_item(values)}
        self._count_write(args["Item"], indexed="gsi1pk" in values)
        if condition:
            args["ConditionExpression"] = condition
        if names:
            args["ExpressionAttributeNames"] = names
        if values_:
            args["ExpressionAttributeValues"] = {k: value(v) for k, v in values_.items()}
        self.client.put_item(**args)

    def _versioned_put(self, values: dict[str, Any], expected: int | None) -> None:
        """Put an item whose ``version`` must still be ``expected`` (None: must be new)."""
        try:
            if expected is None:
                self._put(values, "attribute_not_exists(pk)")
            else:
                self._put(values, "#v = :v", {"#v": "version"}, {":v": expected})
        except ClientError as exc:
            if failed_condition(exc):
                raise (ExistsError() if expected is None else ConflictError()) from exc
            raise

    def _delete(self, pk: str, sk: str) -> None:
        self.writes += 1
        self._count_write(None, indexed=pk.startswith("CONN#"))
        self.client.delete_item(TableName=self.table, Key=to_item({"pk": pk, "sk": sk}))

    def _query(self, **args: Any) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        while True:
            self.reads += 1
            page = self.client.query(TableName=self.table, **args)
            self._count_read(page.get("Items", []))
            items += [from_item(i) for i in page.get("Items", [])]
            if "LastEvaluatedKey" not in page:
                return items
            args["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def _transact(self, items: list[dict[str, Any]]) -> list[str | None]:
        """Write ``items`` (Put, Update or Delete requests) all or nothing; on a cancelled
        transaction, the reason code of each item (None where its condition held)."""
        self.writes += len(items)
        for entry in items:
            item = entry["Put"]["Item"] if "Put" in entry else None
            # A live match's state also moves its deadline index entry.
            self._count_write(item, transactional=True,
                              indexed=item is not None and "gsi3pk" in item)
        try:
            self.client.transact_write_items(TransactItems=items)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") != "TransactionCanceledException":
                raise
            reasons = [r.get("Code") for r in exc.response.get("CancellationReasons", [])]
            return [None if r in (None, "None") else str(r) for r in reasons] or ["Unknown"]
        return []

    def take_allowance(self, key: str, window_s: int, limit: int, now_s: int) -> bool:
        """One use of a fixed-window allowance shared by every container (``LIMIT#<key>``,
        one item per window, deleted by TTL): False once ``limit`` uses of this window are
        taken. One conditional update, so concurrent callers cannot overshoot."""
        window = now_s // window_s
        self.writes += 1
        self._count_write(None)
        try:
            self.client.update_item(
                TableName=self.table,
                Key=to_item({"pk": f"LIMIT#{key}", "sk": f"W#{window}"}),
                UpdateExpression="ADD uses :one SET #ttl = :ttl",
                ConditionExpression="attribute_not_exists(uses) OR uses < :limit",
                ExpressionAttributeNames={"#ttl": "ttl"},
                ExpressionAttributeValues={":one": value(1), ":limit": value(limit),
                                           ":ttl": value((window + 2) * window_s)})
        except ClientError as exc:
            if failed_condition(exc):
                return False
            raise
        return True

    def use_once(self, key: str, expires_s: int) -> bool:
        """Record that ``key`` was used (``ONCE#<key>``, deleted by TTL after ``expires_s``);
        False if it already was. One conditional put, so of two concurrent uses one wins."""
        try:
            self._put({"pk": f"ONCE#{key}", "sk": "ONCE", "ttl": expires_s},
                      "attribute_not_exists(pk)")
        except ClientError as exc:
            if failed_condition(exc):
                return False
            raise
        return True
