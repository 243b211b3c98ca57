"""Events a command produces, each with its audience: everyone, or one seat only.

The notifier sends public events to every seat and private ones to their seat alone; a rack
is always private.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    data: Mapping[str, Any]
    seat: int | None = None  # None: public; otherwise only this seat may receive it

    @property
    def public(self) -> bool:
        return self.seat is None

    def visible_to(self, seat: int | None) -> bool:
        return self.seat is None or self.seat == seat

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "seat": self.seat, "data": dict(self.data)}


def public(kind: str, data: Mapping[str, Any]) -> Event:
    return Event(kind, data)


def private(seat: int, kind: str, data: Mapping[str, Any]) -> Event:
    return Event(kind, data, seat)
