"""The per-connection rate limit: a burst, then a sustained rate, per connection."""

from __future__ import annotations

from functions.handlers.ratelimit import RateLimiter


def test_a_burst_then_the_sustained_rate_per_connection() -> None:
    now = [0.0]
    limiter = RateLimiter(burst=3, rate=1.0, clock=lambda: now[0])
    assert [limiter.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limiter.allow("b")  # another connection has its own bucket
    now[0] += 1.0
    assert limiter.allow("a") and not limiter.allow("a")
    now[0] += 10.0
    assert [limiter.allow("a") for _ in range(4)] == [True, True, True, False]  # capped
