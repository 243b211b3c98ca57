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


def unit_bounds(lane: _Lane, anchor: int, p: int, top_sums: Sequence[int],
                length_bonus: Sequence[int], factors: Factors,
                extra: Sequence[float]) -> tuple[float, float]:
    """The largest value any move from ``anchor`` with ``p`` left tiles could reach in the
    theme pass and in the other pass; ``extra[n]`` bounds the leave after ``n`` tiles."""
    size, cells_codes, checks = lane.size, lane.codes, lane.checks
    lm, wm, cross_len, csum = lane.lm, lane.wm, lane.cross_len, lane.csum
    tile_values = lane.tile_values
    last_bonus = len(length_bonus) - 1
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
    theme, rest = -1.0, -1.0
    q, c = 0, anchor
    f_theme, f_rest = factors.theme, factors.rest
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
        points = ((existing + letters) * wmul + cross_const
                  + top_sums[min(crossing, n)] * cross_mult
                  + length_bonus[min(longest, last_bonus)])
        if n == 1:
            rest = max(rest, -(-points * factors.single // 10000) + extra[1])
        else:
            theme = max(theme, -(-points * f_theme // 10000) + extra[n])
            rest = max(rest, -(-points * f_rest // 10000) + extra[n])
    return theme, rest


def left_requirement(lane: _Lane, anchor: int, p: int, top_sums: Sequence[int],
                     length_bonus: Sequence[int], factor: int, extra: Sequence[float],
                     threshold: float) -> float:
    """The least a left part of ``p`` rack tiles before ``anchor`` must score (letters ×
    squares) for any move through it to reach ``threshold``.

    Squares left of an anchor have no perpendicular words (they would be anchors
    themselves), so a left part's contribution is exactly its letter sum, and a unit's bound
    is monotone in it. The squares from the anchor on are bounded as in :func:`unit_bounds`,
    with the rack's best tiles; the answer is a necessary condition, so a left part below it
    is skipped without losing a move.
    """
    size, cells_codes, checks = lane.size, lane.codes, lane.checks
    lm, wm, cross_len, csum = lane.lm, lane.wm, lane.cross_len, lane.csum
    tile_values = lane.tile_values
    last_bonus = len(length_bonus) - 1
    rack = len(top_sums) - 1
    start = anchor - p
    wmul = 1 + sum(wm[c] - 1 for c in range(start, anchor))
    triples, doubles, existing = 0, 0, 0
    crossing, cross_const, cross_mult, cross_longest = 0, 0, 0, 0
    need = float("inf")
    q, c = 0, anchor
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
        right = top_sums[q] + top_sums[min(triples, q)] + top_sums[min(triples + doubles, q)]
        fixed = (cross_const + top_sums[min(crossing, q)] * cross_mult
                 + length_bonus[min(max(c - start, cross_longest), last_bonus)])
        # value <= points * factor / 10000 + 1 + extra, and points = (left + existing +
        # right) * wmul + fixed; solve value >= threshold for the left part's letters.
        points_needed = (threshold - extra[p + q] - 1) * 10000 / factor
        need = min(need, (points_needed - fixed) / wmul - existing - right)
    return need
