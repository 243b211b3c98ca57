"""Upper bounds of a move's value, so that the search visits the best anchors first and stops
as soon as nothing left can beat the moves it holds.

A move from an anchor with ``p`` rack tiles on its left and ``q`` from the anchor rightwards
covers known squares: the ``p`` empty squares before the anchor, and the first ``q`` empty
squares from the anchor on (tiles on the board in between are played through). Only the letters
are unknown. For each ``q`` the bound takes every multiplier and board tile of those squares as
they are, and gives the rack's best tiles to the best letter multipliers (a higher value on a
higher multiplier is the best arrangement). Cross-words count their board tiles plus the best
tiles on the best cross square. Each term is at least the true one, so the points are bounded;
it costs O(1) per square.

The points are then scaled by the largest band-and-chain factor the move could get, which
depends on the pass (:class:`Factors`), and the largest leave value of a rack that has spent
``p + q`` tiles is added when the search weighs leaves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.bots.movegen import _Lane


@dataclass(frozen=True)
class Factors:
    """The largest factors (ten-thousandths) a move can get in each pass of the search.

    ``theme`` is the theme pass's factor for moves of two or more tiles (the theme pass never
    records one-tile moves, whose main word may be the perpendicular one); ``single`` and
    ``rest`` are the other pass's factors for one-tile moves and for longer ones.
    """

    theme: int
    single: int
    rest: int


def unit_bounds(lane: _Lane, anchor: int, p: int, top_sums: Sequence[int], usable: int,
                length_bonus: Sequence[int], factors: Factors,
                extra: Sequence[float]) -> tuple[float, float]:
    """The largest value any move from ``anchor`` with ``p`` left tiles could reach in the
    theme pass and in the other pass; ``extra[n]`` bounds the leave after ``n`` tiles.

    Two bounds of the tiles' part are kept and the smaller used: the rack's best tiles on
    the best multipliers, and each square's own best allowed tile (``lane.cap``), which is
    much lower where a cross word admits only a few letters. A square no rack tile may take
    ends the span.
    """
    size, cells_codes, checks = lane.size, lane.codes, lane.checks
    lm, wm, cross_len, csum = lane.lm, lane.wm, lane.cross_len, lane.csum
    tile_values, cap = lane.tile_values, lane.cap
    last_bonus = len(length_bonus) - 1
    rack = len(top_sums) - 1
    start = anchor - p
    wmul, triples, doubles, existing = 1, 0, 0, 0
    if p == 0:
        while start > 0 and cells_codes[start - 1]:  # tiles touching the anchor on the left
            start -= 1
            existing += tile_values[start]
    capped = 0
    for c in range(anchor - p, anchor):
        wmul += wm[c] - 1
        capped += cap[c] * lm[c]
        if lm[c] == 3:
            triples += 1
        elif lm[c] == 2:
            doubles += 1
    crossing, cross_const, cross_mult, cross_longest, cross_capped = 0, 0, 0, 0, 0
    theme, rest = -1.0, -1.0
    q, c = 0, anchor
    f_theme, f_rest = factors.theme, factors.rest
    while q < rack - p and c < size and checks[c] & usable:
        q += 1
        wmul += wm[c] - 1
        capped += cap[c] * lm[c]
        if lm[c] == 3:
            triples += 1
        elif lm[c] == 2:
            doubles += 1
        if cross_len[c]:
            crossing += 1
            cross_const += csum[c] * wm[c]
            cross_mult = max(cross_mult, lm[c] * wm[c])
            cross_longest = max(cross_longest, cross_len[c])
            cross_capped += cap[c] * lm[c] * wm[c]
        c += 1
        while c < size and cells_codes[c]:
            existing += tile_values[c]
            c += 1
        n = p + q
        letters = min(capped, top_sums[n] + top_sums[min(triples, n)]
                      + top_sums[min(triples + doubles, n)])
        longest = max(c - start, cross_longest)
        points = ((existing + letters) * wmul + cross_const
                  + min(cross_capped, top_sums[min(crossing, n)] * cross_mult)
                  + length_bonus[min(longest, last_bonus)])
        if n == 1:
            rest = max(rest, -(-points * factors.single // 10000) + extra[1])
        else:
            theme = max(theme, -(-points * f_theme // 10000) + extra[n])
            rest = max(rest, -(-points * f_rest // 10000) + extra[n])
    return theme, rest

