"""Printing benchmark figures: one aligned ``name  value`` line each."""

from __future__ import annotations

from collections.abc import Sequence


def print_table(rows: Sequence[tuple[str, str]]) -> None:
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
