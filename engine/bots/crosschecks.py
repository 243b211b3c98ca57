"""Cross-checks: which letters may go on a square, given the word they would make across it.

A letter on an empty square joins the tiles just above and below it (for an across move) into a
perpendicular word; only the letters that make that word valid are allowed there. The answer
depends only on those two runs of letters, and few runs change from one turn to the next, so the
masks are cached by pattern on the word graph: a bot's later turns mostly read them back.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots.dawg import Dawg, letter_code
from engine.bots.squares import LaneSquares, Run, lane_squares

_CACHE_LIMIT = 200_000


#: Per square of one lane: the allowed letters, the perpendicular word's length with the
#: square (0 when it has no perpendicular neighbour), the tiles before and after it (upper
#: case) and their points. (A plain tuple: a lane is built for every line with an anchor,
#: some 26 a turn.)
LaneCrosses = tuple[list[int], list[int], list[str], list[str], list[int]]


def lane_crosses(dawg: Dawg, checks: list[int], crosses: Sequence[str], index: int,
                 beside: int, kept: dict[str, LaneSquares],
                 value: dict[str, int]) -> LaneCrosses:
    """The cross-checks of lane ``index``, starting from ``checks``, its squares' masks by
    :data:`engine.bots.squares.OPEN` (narrowed in place); ``crosses`` are the perpendicular
    lanes. Bit ``c`` of ``beside`` is set for each empty square ``c`` with a tile on a
    perpendicular neighbour (the only squares with a cross word). A cross word is the run of
    tiles that ends just before the square and the run that starts just after it, read from
    the perpendicular lane's squares (kept in ``kept``, worked out with ``value`` if new)."""
    size = len(crosses)
    lengths, prefixes, suffixes, points = [0] * size, [""] * size, [""] * size, [0] * size
    cache = dawg.cross_cache
    after = index + 1
    while beside:
        low = beside & -beside
        beside ^= low
        c = low.bit_length() - 1
        line = crosses[c]
        known = kept.get(line)  # the common case: a lane met before
        if known is None:
            known = lane_squares(line, value, kept)
        runs = known[2]
        first = known[3].get(index)  # a run that ends just before the square
        prefix, _, worth, _ = runs[first] if first is not None else _NO_RUN
        suffix, _, more, _ = runs.get(after, _NO_RUN)
        prefixes[c], suffixes[c] = prefix, suffix
        lengths[c] = len(prefix) + len(suffix) + 1
        points[c] = worth + more
        found = cache.get((prefix, suffix))  # the common case: a pattern met before
        checks[c] = found if found is not None else allowed(dawg, prefix, suffix)
    return checks, lengths, prefixes, suffixes, points


_NO_RUN: Run = ("", 0, 0, 0)


def allowed(dawg: Dawg, prefix: str, suffix: str) -> int:
    """The mask of letters x such that prefix + x + suffix is a word (a wildcard's letter,
    in lower case, counts as its letter); kept in ``dawg.cross_cache`` by the pattern as
    given (the generator gives the runs' letters in upper case)."""
    cache = dawg.cross_cache
    key = (prefix, suffix)
    found = cache.get(key)
    if found is not None:
        return found
    mask = _compute(dawg, prefix.upper(), suffix.upper())
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = mask
    return mask


def _compute(dawg: Dawg, prefix: str, suffix: str) -> int:
    node = dawg.root
    for letter in prefix:
        step = dawg.step(node, letter_code(letter))
        if step is None:
            return 0
        node = step[0]
    mask = 0
    for code, accepts, child in dawg.arcs(node):
        if not suffix:
            if accepts:
                mask |= 1 << code
            continue
        current, final = child, False
        for letter in suffix:
            step = dawg.step(current, letter_code(letter))
            if step is None:
                break
            current, final = step
        else:
            if final:
                mask |= 1 << code
    return mask
