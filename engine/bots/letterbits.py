"""A mask's set bits, kept per mask: a letter mask's letters, a lane's anchor squares.

The generator's loops visit the letters of a mask (those both in hand and after a node, say)
one at a time. Peeling the lowest bit off an integer costs three integer operations per
letter in CPython; reading a kept tuple costs one dict lookup per mask. The masks met are
few (some 300 new letter masks a match), so the tables stay small.
"""

from __future__ import annotations

#: A mask's letters as one-bit masks, lowest first, for the masks met (a plain dict, for
#: CPython's fast lookup; 1% of a master bot's turn, measured).
LETTER_BITS: dict[int, tuple[int, ...]] = {}
_LIMIT = 20_000  # some 3 MB: a long-lived process meets new masks every match


def _one_bits(mask: int) -> list[int]:
    """``mask``'s one-bit masks, lowest first."""
    found = []
    rest = mask
    while rest:
        low = rest & -rest
        found.append(low)
        rest ^= low
    return found


def letter_bits(mask: int) -> tuple[int, ...]:
    """``mask``'s one-bit masks, lowest first, kept in :data:`LETTER_BITS`."""
    if len(LETTER_BITS) >= _LIMIT:
        LETTER_BITS.clear()
    bits = LETTER_BITS[mask] = tuple(_one_bits(mask))
    return bits


#: A mask's set bits as positions, lowest first, for the masks met (a lane's anchor squares:
#: most lanes are as they were the turn before).
POSITIONS: dict[int, tuple[int, ...]] = {}


def positions(mask: int) -> tuple[int, ...]:
    """The positions of ``mask``'s set bits, lowest first, kept in :data:`POSITIONS`."""
    kept = POSITIONS.get(mask)
    if kept is not None:
        return kept
    if len(POSITIONS) >= _LIMIT:
        POSITIONS.clear()
    kept = POSITIONS[mask] = tuple(bit.bit_length() - 1 for bit in _one_bits(mask))
    return kept
