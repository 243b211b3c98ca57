"""The local stack's DynamoDB (moto) made safe to share between threads, and kept small.

moto 5 runs a transaction by deep-copying every table it touches and putting the copy back if
the transaction fails. With the stack's handlers on many threads, a commit made by another
thread between the copy and the restore vanished with the restore, and iterations raced
("dictionary changed size during iteration"): acknowledged moves were lost and matches forked.
DynamoDB itself is linearisable per item and atomic per transaction; one lock around every
DynamoDB request gives the local stack that guarantee (its load is a few people, not a fleet).
With requests one at a time, the whole-table copy is also what made the stack slow and big
(every transaction copied every item, and a long run's table is large): a transaction
now keeps copies of the items it touches only, and puts those back if it fails.

moto also never deletes expired items (DynamoDB's TTL), so a long run kept every
connection, request marker and lobby item it ever wrote; :class:`TtlSweeper` deletes them as
DynamoDB would, a little after they expire.
"""

from __future__ import annotations

import copy
import functools
import threading
import time
from typing import Any

from infra.local.background import Background

_LOCK = threading.RLock()


def serialise() -> None:
    """Run moto's DynamoDB requests one at a time (idempotent)."""
    from moto.dynamodb.responses import DynamoHandler

    if getattr(DynamoHandler.call_action, "vanlexis_serialised", False):
        return
    original = DynamoHandler.call_action

    @functools.wraps(original)
    def call_action(self: Any) -> Any:
        with _LOCK:
            return original(self)

    call_action.vanlexis_serialised = True  # type: ignore[attr-defined]
    DynamoHandler.call_action = call_action  # type: ignore[method-assign]
    _item_level_rollback()


class _TablesUncopied:
    """moto's ``copy`` inside a transaction: a table is not copied (the items it touches
    are, by ``_item_level_rollback``); anything else is copied as before."""

    @staticmethod
    def deepcopy(value: Any, memo: Any = None) -> Any:
        from moto.dynamodb.models.table import Table

        return value if isinstance(value, Table) else copy.deepcopy(value, memo)


def _item_level_rollback() -> None:
    from moto.dynamodb import models
    from moto.dynamodb.models.dynamo_type import DynamoType

    original = models.DynamoDBBackend.transact_write_items

    def transact_write_items(self: Any, transact_items: list[dict[str, Any]]) -> None:
        touched = []
        try:
            for entry in transact_items:
                op = next(iter(entry.values()))
                table = self.get_table(op["TableName"])
                key = op.get("Key") or op["Item"]
                hash_key = DynamoType(key[table.hash_key_attr])
                range_key = (DynamoType(key[table.range_key_attr])
                             if table.range_key_attr else None)
                old = table.get_item(hash_key, range_key)
                touched.append((table, hash_key, range_key, copy.deepcopy(old)))
        except Exception:  # an unusual request: moto's own (whole-table) way, and its errors
            return original(self, transact_items)
        vars(models)["copy"] = _TablesUncopied
        try:
            return original(self, transact_items)
        except Exception:
            for table, hash_key, range_key, old in reversed(touched):
                table.delete_item(hash_key, range_key)
                if old is not None and range_key is not None:
                    table.items[hash_key][range_key] = old
                elif old is not None:
                    table.items[hash_key] = old
            raise
        finally:
            vars(models)["copy"] = copy

    models.DynamoDBBackend.transact_write_items = transact_write_items  # type: ignore[method-assign]


class TtlSweeper(Background):
    """Deletes the items whose ``ttl`` (epoch seconds) has passed, every ``every_s``."""

    thread_name = "ttl"

    def __init__(self, client: Any, table: str, every_s: float = 60.0) -> None:
        super().__init__()
        self.client, self.table, self.every_s = client, table, every_s
        self.deleted = 0

    def sweep(self, now_s: float | None = None) -> int:
        """One pass; the number of items deleted."""
        now = int(time.time() if now_s is None else now_s)
        gone = 0
        pages = self.client.get_paginator("scan").paginate(
            TableName=self.table, ProjectionExpression="pk, sk",
            FilterExpression="#t < :now", ExpressionAttributeNames={"#t": "ttl"},
            ExpressionAttributeValues={":now": {"N": str(now)}})
        for page in pages:
            for key in page.get("Items", []):
                self.client.delete_item(TableName=self.table, Key=key)
                gone += 1
        self.deleted += gone
        return gone

    def _run(self) -> None:
        while not self._stop.wait(self.every_s):
            try:
                self.sweep()
            except Exception:  # moto stopping: the next pass tries again
                continue
