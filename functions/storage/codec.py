"""Plain Python values ↔ DynamoDB attribute values, and the compact form of a match state.

A match state is JSON compressed with zlib and stored as one binary attribute: a 15-round
4-player match stays far below DynamoDB's 400 KB item limit and costs fewer write units. A
batch of stored moves (their receipts repeat the same keys over and over) is packed the same
way.
"""

from __future__ import annotations

import json
import zlib
from decimal import Decimal
from typing import Any

from boto3.dynamodb.types import Binary, TypeDeserializer, TypeSerializer

_SERIALIZER = TypeSerializer()
_DESERIALIZER = TypeDeserializer()


def _plain(value: Any) -> Any:
    if isinstance(value, float):
        return Decimal(repr(value))
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _python(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, Binary):
        return bytes(value.value)
    if isinstance(value, dict):
        return {k: _python(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_python(v) for v in value]
    return value


def to_item(values: dict[str, Any]) -> dict[str, Any]:
    """A DynamoDB item from plain values (None attributes are left out)."""
    return {k: _SERIALIZER.serialize(_plain(v)) for k, v in values.items() if v is not None}


def from_item(item: dict[str, Any]) -> dict[str, Any]:
    return {k: _python(_DESERIALIZER.deserialize(v)) for k, v in item.items()}


def _size(attr: dict[str, Any]) -> int:
    (kind, inner), = attr.items()
    if kind in ("S", "N"):
        return len(str(inner).encode("utf-8"))
    if kind == "B":
        return len(inner)
    if kind in ("BOOL", "NULL"):
        return 1
    if kind == "M":
        return 3 + sum(len(k.encode("utf-8")) + 1 + _size(v) for k, v in inner.items())
    if kind == "L":
        return 3 + sum(1 + _size(v) for v in inner)
    return sum(len(str(x)) for x in inner)


def item_size(item: dict[str, Any]) -> int:
    """DynamoDB's size of an item (attribute names plus values), for capacity accounting."""
    return sum(len(name.encode("utf-8")) + _size(attr) for name, attr in item.items())


def value(v: Any) -> dict[str, Any]:
    """One attribute value (for expression values)."""
    return dict(_SERIALIZER.serialize(_plain(v)))


def pack_state(data: dict[str, object]) -> bytes:
    return zlib.compress(json.dumps(data, separators=(",", ":")).encode("utf-8"), 6)


def pack_moves(entries: list[dict[str, Any]]) -> bytes:
    return zlib.compress(json.dumps(entries, separators=(",", ":")).encode("utf-8"), 6)


def unpack_moves(blob: bytes) -> list[dict[str, Any]]:
    data = json.loads(zlib.decompress(blob).decode("utf-8"))
    if not isinstance(data, list) or not all(isinstance(e, dict) for e in data):
        raise ValueError("stored moves are not a list of objects")
    return data


def unpack_state(blob: bytes) -> dict[str, object]:
    data = json.loads(zlib.decompress(blob).decode("utf-8"))
    if not isinstance(data, dict):
        raise ValueError("stored match state is not an object")
    return data
