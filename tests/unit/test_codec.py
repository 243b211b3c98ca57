"""The table's own attribute codec: the same DynamoDB values boto3 would write, and back."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from boto3.dynamodb.types import TypeDeserializer, TypeSerializer
from hypothesis import given
from hypothesis import strategies as st

from functions.storage.codec import attribute, from_item, python, to_item

_numbers = st.integers(-(10**15), 10**15) | st.floats(allow_nan=False, allow_infinity=False,
                                                       width=32)
_scalars = (st.none() | st.booleans() | _numbers | st.text(max_size=20)
            | st.binary(min_size=1, max_size=20))
values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=4),
                      max_leaves=20)


def _boto3_plain(v: Any) -> Any:
    """What boto3's serializer needs: floats as Decimals from their shortest repr."""
    if isinstance(v, float):
        return Decimal(repr(v))
    if isinstance(v, dict):
        return {k: _boto3_plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_boto3_plain(x) for x in v]
    return v


@given(values)
def test_values_are_written_as_boto3_writes_them_and_read_back_unchanged(v: Any) -> None:
    ours = attribute(v)
    theirs = TypeSerializer().serialize(_boto3_plain(v))
    assert _normal(ours) == _normal(theirs)
    back = python(ours)
    assert _same(back, v), (back, v)
    # boto3 reads our attribute as it reads its own
    assert _boto3_plain(back) == _plain_back(TypeDeserializer().deserialize(ours))


def _same(back: Any, v: Any) -> bool:
    """Read back unchanged: a float as the number its shortest repr says (an integral one
    comes back as an int, as it did through boto3)."""
    if isinstance(v, float):
        return isinstance(back, int | float) and Decimal(repr(back)) == Decimal(repr(v))
    if isinstance(v, dict):
        return isinstance(back, dict) and back.keys() == v.keys() and \
            all(_same(back[k], v[k]) for k in v)
    if isinstance(v, list):
        return isinstance(back, list) and len(back) == len(v) and \
            all(_same(b, x) for b, x in zip(back, v, strict=True))
    return bool(back == v) and type(back) is type(v)


def _normal(attr: Any) -> Any:
    """Attribute values compared by meaning: numbers by value, binary as bytes."""
    if isinstance(attr, dict) and len(attr) == 1:
        ((kind, inner),) = attr.items()
        if kind == "N":
            return ("N", Decimal(inner))
        if kind == "B":
            return ("B", bytes(inner))
        if kind == "M":
            return ("M", {k: _normal(x) for k, x in inner.items()})
        if kind == "L":
            return ("L", [_normal(x) for x in inner])
        return (kind, inner)
    return attr


def _plain_back(v: Any) -> Any:
    if isinstance(v, Decimal):
        return int(v) if v == v.to_integral_value() else v
    if hasattr(v, "value") and isinstance(v.value, bytes):  # boto3's Binary
        return bytes(v.value)
    if isinstance(v, dict):
        return {k: _plain_back(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain_back(x) for x in v]
    return v


def test_sets_items_and_what_cannot_be_stored() -> None:
    item = to_item({"pk": "QUEUE#4", "ids": {"b", "a"}, "gone": None, "n": 3})
    assert item == {"pk": {"S": "QUEUE#4"}, "ids": {"SS": ["a", "b"]}, "n": {"N": "3"}}
    assert from_item(item) == {"pk": "QUEUE#4", "ids": {"a", "b"}, "n": 3}
    assert python({"NS": ["1", "2.5"]}) == {1, 2.5}
    with pytest.raises(ValueError, match="empty set"):
        attribute(set())
    with pytest.raises(ValueError, match="no inf"):
        attribute(float("inf"))
    with pytest.raises(TypeError, match="object"):
        attribute(object())
