"""The wall clock, in one place: services take the clock as a parameter (tests pass their
own), and this is the one they get in Lambda."""

from __future__ import annotations

import time


def wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000
