"""The table's key schema, in one place for the local stack, the tests and the CDK app (which
declares the same keys; a test compares them)."""

from __future__ import annotations

from typing import Any

from functions.storage.repository import DEADLINE_INDEX, LIST_INDEX, MATCH_INDEX, RATING_INDEX


def table_definition(name: str, stream_view: str = "NEW_IMAGE") -> dict[str, Any]:
    """``create_table`` arguments: on-demand, ``pk``/``sk``, the four sparse indexes (a
    match's connections; the leaderboard; live turns by deadline; a person's list of
    matches), and a stream of new
    images (the outbox function reads its items from it)."""
    return {
        "TableName": name,
        "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [
            {"AttributeName": n, "AttributeType": "S"}
            for n in ("pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk", "gsi3pk", "gsi3sk",
                      "gsi4pk", "gsi4sk")
        ],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                      {"AttributeName": "sk", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{
            "IndexName": MATCH_INDEX,
            "KeySchema": [{"AttributeName": "gsi1pk", "KeyType": "HASH"},
                          {"AttributeName": "gsi1sk", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "INCLUDE",
                           "NonKeyAttributes": ["playerId", "name"]},
        }, {
            "IndexName": RATING_INDEX,
            "KeySchema": [{"AttributeName": "gsi2pk", "KeyType": "HASH"},
                          {"AttributeName": "gsi2sk", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "INCLUDE",
                           "NonKeyAttributes": ["name", "rating", "matches", "rated", "badges",
                                                "tileStyle"]},
        }, {
            "IndexName": DEADLINE_INDEX,
            "KeySchema": [{"AttributeName": "gsi3pk", "KeyType": "HASH"},
                          {"AttributeName": "gsi3sk", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"},
        }, {
            "IndexName": LIST_INDEX,
            "KeySchema": [{"AttributeName": "gsi4pk", "KeyType": "HASH"},
                          {"AttributeName": "gsi4sk", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "INCLUDE",
                           "NonKeyAttributes": ["row", "version", "endedMs"]},
        }],
        "StreamSpecification": {"StreamEnabled": True, "StreamViewType": stream_view},
    }


def create_table(client: Any, name: str, stream_view: str = "NEW_IMAGE") -> None:
    """Create the table (and turn its TTL on) and wait until it is active. The local stack
    streams keys only (its stream runner reads each item itself): moto keeps every stream
    record for good, and a match's every state would pile up in memory."""
    client.create_table(**table_definition(name, stream_view))
    client.get_waiter("table_exists").wait(TableName=name)
    client.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "ttl"})
