"""Upper bounds of a move's total, so that the search visits the best anchors first and stops
as soon as nothing left can beat the moves it holds.

A move from an anchor with ``p`` rack tiles on its left and ``q`` from the anchor rightwards
covers known squares: the ``p`` empty squares before the anchor, and the first ``q`` empty
squares from the anchor on (tiles on the board in between are played through). Only the letters
are unknown. For each ``q`` the bound takes every multiplier and board tile of those squares as
they are, and gives the rack's best tiles to the best letter multipliers (a higher value on a
higher multiplier is the best arrangement). Cross-words count their board tiles plus the best
tiles on the best cross square. The band and chain factor is the largest the player can get.
Each term is at least the true one, so the sum is an upper bound; it costs O(1) per square.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.bots.movegen import ScoreModel, _Lane


def left_part_bound(lane: _Lane, anchor: int, p: int, top_sums: list[int],
                    model: ScoreModel) -> int:
    """The largest total any move from ``anchor`` with ``p`` left tiles could score."""
    size, cells_codes, checks = lane.size, lane.codes, lane.checks
    lm, wm, cross_len, csum = lane.lm, lane.wm, lane.cross_len, lane.csum
    tile_values, bonus = lane.tile_values, model.length_bonus
    rack = len(top_sums) - 1
    start = anchor - p
    wmul, triples, doubles, existing = 1, 0, 0, 0
    if p == 0:
        while start > 0 and cells_codes[start - 1]:  # tiles touching the anchor on the left
            start -= 1
            existing += tile_values[start]
    for c in range(anchor - p, anchor):
        wmul += wm[c] - 1
        if lm[c] == 3:
            triples += 1
        elif lm[c] == 2:
            doubles += 1
    crossing, cross_const, cross_mult, cross_longest = 0, 0, 0, 0
    best, q, c = 0, 0, anchor
    while q < rack - p and c < size and checks[c]:
        q += 1
        wmul += wm[c] - 1
        if lm[c] == 3:
            triples += 1
        elif lm[c] == 2:
            doubles += 1
        if cross_len[c]:
            crossing += 1
            cross_const += csum[c] * wm[c]
            cross_mult = max(cross_mult, lm[c] * wm[c])
            cross_longest = max(cross_longest, cross_len[c])
        c += 1
        while c < size and cells_codes[c]:
            existing += tile_values[c]
            c += 1
        n = p + q
        letters = top_sums[n] + top_sums[min(triples, n)] + top_sums[min(triples + doubles, n)]
        longest = max(c - start, cross_longest)
        subtotal = ((existing + letters) * wmul + cross_const
                    + top_sums[min(crossing, n)] * cross_mult
                    + bonus[min(longest, len(bonus) - 1)])
        best = max(best, subtotal)
    return -(-best * model.factor_max // 10000)
