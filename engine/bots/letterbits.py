"""A letter mask's letters, one bit each, kept per mask.

The generator's loops visit the letters of a mask (those both in hand and after a node, say)
one at a time. Peeling the lowest bit off an integer costs three integer operations per
letter in CPython; reading a kept tuple costs one dict lookup per mask. The masks met are
few (some 300 new ones a match), so the table stays small.
"""

from __future__ import annotations

#: A mask's letters as one-bit masks, lowest first, for the masks met (a plain dict, for
#: CPython's fast lookup; 1% of a master bot's turn, measured).
LETTER_BITS: dict[int, tuple[int, ...]] = {}
_LIMIT = 20_000  # some 3 MB: a long-lived process meets new masks every match


def letter_bits(mask: int) -> tuple[int, ...]:
    """``mask``'s one-bit masks, lowest first, kept in :data:`LETTER_BITS`."""
    found = []
    rest = mask
    while rest:
        low = rest & -rest
        found.append(low)
        rest ^= low
    if len(LETTER_BITS) >= _LIMIT:
        LETTER_BITS.clear()
    bits = LETTER_BITS[mask] = tuple(found)
    return bits
