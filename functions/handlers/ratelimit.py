"""Rate limits: a token bucket per connection and one per player, in the container's memory.

API Gateway's stage throttling caps the whole API; this caps one client, so one noisy or
hostile browser cannot crowd out a match; the player's bucket (keyed by the identity the
authorizer put on every message, so no read is needed) stops one person from multiplying
their allowance with many connections, which ``$connect`` caps too. It is best effort by
design: a client whose messages land on several warm containers gets each container's
allowance, which still bounds it, and nothing is read or written for a refused message.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

BURST = 20  # messages at once, per connection
RATE = 5.0  # messages per second, sustained, per connection
PLAYER_BURST = 30  # the same for all of one player's connections together
PLAYER_RATE = 8.0
TRACKED = 10_000  # connections remembered per container (least recently seen forgotten)


class RateLimiter:
    def __init__(self, burst: int = BURST, rate: float = RATE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, key: str) -> bool:
        now = self.clock()
        tokens, last = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        allowed = tokens >= 1.0
        self._buckets[key] = (tokens - 1.0 if allowed else tokens, now)
        while len(self._buckets) > TRACKED:
            self._buckets.popitem(last=False)
        return allowed
