"""The match's random generator: small, pure and serialisable.

The bag and the card draws use it. Its whole state is one 64-bit integer stored in the match
state, so a stored match replays exactly, and nothing in the engine touches a global random.
The algorithm is SplitMix64 (Steele, Lea and Flood, 2014): fast, well mixed, and trivially
serialisable; no secrecy is needed beyond keeping the state out of players' views.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


class Rng:
    """SplitMix64 with helpers for the few draws the game makes."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: str | int) -> Rng:
        """A generator from any seed text (match id, test name) or integer."""
        digest = hashlib.sha256(str(seed).encode("utf-8")).digest()
        return cls(int.from_bytes(digest[:8], "little"))

    def next_u64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def weighted_index(self, weights: Sequence[int]) -> int:
        """An index drawn with probability proportional to its (non-negative) weight."""
        total = sum(weights)
        if total <= 0:
            raise ValueError("weighted_index() needs a positive total weight")
        point = self.below(total)
        for index, weight in enumerate(weights):
            if point < weight:
                return index
            point -= weight
        raise AssertionError("unreachable: point is below the total")

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items in random order (a partial Fisher–Yates shuffle)."""
        pool = list(items)
        if not 0 <= k <= len(pool):
            raise ValueError("sample size out of range")
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
