"""Plain Python values ↔ DynamoDB attribute values, and the compact form of a match state.

A match state is JSON compressed with zlib and stored as one binary attribute: a 15-round
4-player match stays far below DynamoDB's 400 KB item limit and costs fewer write units. A
batch of stored moves (their receipts repeat the same keys over and over) is packed the same
way.
"""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Callable
from decimal import Decimal
from typing import Any


def _number(v: int | float | Decimal) -> str:
    # A float goes through its shortest repr, so 0.1 is stored as 0.1, not 0.1000000000000000055.
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ValueError(f"DynamoDB stores no {v}")
        return str(Decimal(repr(v)))
    return str(v)


def attribute(v: Any) -> dict[str, Any]:
    """One plain Python value as a DynamoDB attribute value (``{"S": ...}``, ``{"N": ...}``,
    ...). Written here rather than taken from boto3, whose import (with s3transfer) cost every
    cold start about 100 ms; only botocore is needed to talk to DynamoDB."""
    if v is None:
        return {"NULL": True}
    if isinstance(v, bool):
        return {"BOOL": v}
    if isinstance(v, int | float | Decimal):
        return {"N": _number(v)}
    if isinstance(v, str | bytes | bytearray):
        return {"S": v} if isinstance(v, str) else {"B": bytes(v)}
    if isinstance(v, dict):
        return {"M": {str(k): attribute(x) for k, x in v.items()}}
    return _collection(v)


def _collection(v: Any) -> dict[str, Any]:
    if isinstance(v, list | tuple):
        return {"L": [attribute(x) for x in v]}
    if not isinstance(v, set | frozenset):
        raise TypeError(f"cannot store a {type(v).__name__} in DynamoDB")
    if not v:
        raise ValueError("an empty set cannot be stored in DynamoDB")
    if all(isinstance(x, str) for x in v):
        return {"SS": sorted(v)}
    if all(isinstance(x, int | float | Decimal) and not isinstance(x, bool) for x in v):
        return {"NS": sorted(_number(x) for x in v)}
    if all(isinstance(x, bytes) for x in v):
        return {"BS": sorted(v)}
    raise ValueError(f"a set of mixed kinds cannot be stored: {sorted(map(repr, v))}")


def _parse_number(text: str) -> int | float:
    number = Decimal(text)
    return int(number) if number == number.to_integral_value() else float(number)


_READERS: dict[str, Callable[[Any], Any]] = {
    "S": str, "N": _parse_number, "B": bytes, "BOOL": bool, "NULL": lambda _: None,
    "M": lambda inner: {k: python(x) for k, x in inner.items()},
    "L": lambda inner: [python(x) for x in inner],
    "SS": set, "NS": lambda inner: {_parse_number(x) for x in inner},
    "BS": lambda inner: {bytes(x) for x in inner},
}


def python(attr: dict[str, Any]) -> Any:
    """One DynamoDB attribute value as a plain Python value (numbers as int or float)."""
    ((kind, inner),) = attr.items()
    reader = _READERS.get(kind)
    if reader is None:
        raise ValueError(f"unknown DynamoDB attribute kind {kind}")
    return reader(inner)


def to_item(values: dict[str, Any]) -> dict[str, Any]:
    """A DynamoDB item from plain values (None attributes are left out)."""
    return {k: attribute(v) for k, v in values.items() if v is not None}


def from_item(item: dict[str, Any]) -> dict[str, Any]:
    return {k: python(v) for k, v in item.items()}


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
    return attribute(v)


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
