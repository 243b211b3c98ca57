"""The local stack's clock: the wall clock, which a test may move forward.

A match at one's own pace waits days between turns. A test of the whole stack cannot wait
them: it moves this clock forward (:meth:`ShiftedClock.advance`), and everything that tells
time in the stack — the handlers' services, the identity API and the timer runner — reads
it. ``make play`` never moves it: there it is the wall clock.
"""

from __future__ import annotations

import threading

from functions.clock import wall_clock_ms


class ShiftedClock:
    def __init__(self) -> None:
        self._offset_ms = 0
        self._lock = threading.Lock()

    def ms(self) -> int:
        return wall_clock_ms() + self._offset_ms

    def seconds(self) -> float:
        return self.ms() / 1000

    @property
    def offset_s(self) -> float:
        """How far ahead of the wall clock it runs."""
        return self._offset_ms / 1000

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._offset_ms += round(seconds * 1000)
