"""Printing benchmark figures (one aligned ``name  value`` line each), and the quick mode.

``VANLEXIS_BENCH_QUICK=1`` runs every bench on a few samples instead of many: the figures mean
nothing then, but every line of the bench runs, so ``make test`` keeps the README's bench
commands from rotting (``tests/unit/test_benches.py``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

QUICK = os.environ.get("VANLEXIS_BENCH_QUICK") == "1"


def size(full: int, quick: int) -> int:
    """``full`` samples, or ``quick`` ones in the quick mode."""
    return quick if QUICK else full


def print_table(rows: Sequence[tuple[str, str]]) -> None:
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
