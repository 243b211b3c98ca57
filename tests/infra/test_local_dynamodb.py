"""The local stack's DynamoDB: no acknowledged write lost while transactions fail on other
threads, and expired items deleted as DynamoDB's TTL would.

Without ``serialise`` (moto 5 restores a deep copy of the table when a transaction fails) the
first test lost 191 of 400 acknowledged puts and raised "dictionary changed size during
iteration" 129 times.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto import mock_aws

from functions.storage.schema import create_table
from infra.local.dynamodb import TtlSweeper, serialise


@pytest.fixture
def dynamodb(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)
    for key, value in (("AWS_DEFAULT_REGION", "us-east-1"), ("AWS_ACCESS_KEY_ID", "x"),
                       ("AWS_SECRET_ACCESS_KEY", "x")):
        monkeypatch.setenv(key, os.environ.get(key, value))
    with mock_aws():
        client = boto3.client("dynamodb", region_name="us-east-1")
        create_table(client, "t")
        yield client


def _item(pk: str, **extra: Any) -> dict[str, Any]:
    return {"pk": {"S": pk}, "sk": {"S": "x"}, **extra}


def test_no_acknowledged_put_is_lost_while_transactions_fail(dynamodb: Any) -> None:
    serialise()
    for i in range(100):
        dynamodb.put_item(TableName="t", Item=_item(f"BIG#{i}", v={"S": "y" * 200}))
    stop, errors = threading.Event(), []

    def failing() -> None:
        while not stop.is_set():
            try:
                dynamodb.transact_write_items(TransactItems=[{"Put": {
                    "TableName": "t", "Item": _item("BIG#1"),
                    "ConditionExpression": "attribute_not_exists(pk)"}}])
            except dynamodb.exceptions.TransactionCanceledException:
                pass
            except Exception as exc:  # counted: moto's internal errors
                errors.append(repr(exc))

    def putter(k: int) -> None:
        for i in range(150):
            dynamodb.put_item(TableName="t", Item=_item(f"P{k}#{i}"))

    threads = [threading.Thread(target=failing) for _ in range(3)]
    putters = [threading.Thread(target=putter, args=(k,)) for k in range(2)]
    for thread in threads + putters:
        thread.start()
    for thread in putters:
        thread.join()
    stop.set()
    for thread in threads:
        thread.join()
    lost = [f"P{k}#{i}" for k in range(2) for i in range(150)
            if "Item" not in dynamodb.get_item(TableName="t", Key=_item(f"P{k}#{i}"))]
    assert lost == [] and errors == []


def test_the_sweeper_deletes_expired_items_only(dynamodb: Any) -> None:
    dynamodb.put_item(TableName="t", Item=_item("OLD", ttl={"N": "100"}))
    dynamodb.put_item(TableName="t", Item=_item("NEW", ttl={"N": "300"}))
    dynamodb.put_item(TableName="t", Item=_item("KEPT"))  # no ttl: kept for ever
    assert TtlSweeper(dynamodb, "t").sweep(now_s=200) == 1
    left = {i["pk"]["S"] for i in dynamodb.scan(TableName="t")["Items"]}
    assert left == {"NEW", "KEPT"}


def test_a_failed_transaction_puts_back_exactly_the_items_it_touched(dynamodb: Any) -> None:
    serialise()
    dynamodb.put_item(TableName="t", Item=_item("A", v={"S": "before"}))
    dynamodb.put_item(TableName="t", Item=_item("C", v={"B": b"\x00\x01"}))
    with pytest.raises(dynamodb.exceptions.TransactionCanceledException):
        dynamodb.transact_write_items(TransactItems=[
            {"Put": {"TableName": "t", "Item": _item("A", v={"S": "after"})}},
            {"Put": {"TableName": "t", "Item": _item("B")}},
            {"Put": {"TableName": "t", "Item": _item("C", v={"S": "x"}),
                     "ConditionExpression": "attribute_not_exists(pk)"}}])
    items = {i["pk"]["S"]: i.get("v") for i in dynamodb.scan(TableName="t")["Items"]}
    assert items == {"A": {"S": "before"}, "C": {"B": b"\x00\x01"}}
    dynamodb.transact_write_items(TransactItems=[
        {"Put": {"TableName": "t", "Item": _item("A", v={"S": "after"})}},
        {"Put": {"TableName": "t", "Item": _item("B")}}])
    assert len(dynamodb.scan(TableName="t")["Items"]) == 3
