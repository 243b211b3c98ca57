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

The points (never negative) are then scaled, rounding up, by the largest band-and-chain factor
the move could get, which depends on the pass (:class:`Factors`), and the largest leave value
of a rack that has spent ``p + q`` tiles is added when the search weighs leaves.

The hot loops compare with conditional expressions rather than ``min`` and ``max``: in
CPython a builtin call with two arguments costs several times more, and these calls were a
seventh of a master bot's turn (measured with valgrind).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.bots.anagrams import UNIT
from engine.bots.snapshot import LaneSnapshot

#: more tiles than any rack has: no span is checked for a word of its letters
_NEVER_CHECKED = 99


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


def anchor_bounds(lane: LaneSnapshot, anchor: int, room: int, top_sums: Sequence[int],
                  usable: int, length_bonus: Sequence[int], factors: Factors,
                  extra: Sequence[float], word_lengths: int = -1,
                  leave_ranges: Sequence[Sequence[float]] | None = None,
                  theme_lengths: int = -1,
                  fits: Callable[[int, int], bool] | None = None,
                  fits_from: int = _NEVER_CHECKED) -> list[tuple[float, float]]:
    """For ``p`` = 0 … ``room`` left tiles, the largest value any move from ``anchor`` with
    ``p`` left tiles could reach in the theme pass and in the other pass; ``extra[n]``
    bounds the leave after ``n`` tiles, ``length_bonus[i]`` is the bonus of an ``i``-letter
    word for every length up to the lane's size.

    Two bounds of the tiles' part are kept and the smaller used: the rack's best tiles on
    the best multipliers, and each square's own best allowed tile (``lane.cap``), which is
    much lower where a cross word admits only a few letters. A square no rack tile may take
    ends the span. Each span costs O(1) once the squares from the anchor on have been
    summed.

    A span that passes no board tile makes a word of the hand's tiles alone, so it counts
    only if the hand can make a word of that many tiles (bit ``n`` of ``word_lengths``, from
    the left parts' walk): a rack with no seven-letter word is not bounded as a bingo. In the
    theme pass it counts only if the hand can spell a theme word of that many tiles (bit
    ``n`` of ``theme_lengths``, from the theme graph's walk). A span through board tiles
    with ``fits_from`` tiles or more counts only if ``fits(board letters' key, tiles)``
    says those letters may spell a word (:mod:`engine.bots.anagrams`).

    With ``leave_ranges`` (``leave_ranges[a][b]``: the largest leave bound after ``a`` to
    ``b`` tiles; to be given only when the length bonus never falls), the spans are taken
    longest first and stop as soon as one's points, with the largest leave a shorter span
    could keep, cannot beat what is held: a shorter span covers fewer squares, so it scores
    no more. The bounds are the same as with every span, which are taken without it.
    """
    rack = len(top_sums) - 1
    right = _right_sums(lane, anchor, rack, usable, top_sums)
    theme_f, single_f, rest_f = factors.theme, factors.single, factors.rest
    out: list[tuple[float, float]] = []
    letter_multipliers, word_multipliers, cap = (
        lane.letter_multipliers, lane.word_multipliers, lane.cap)
    # The p left squares: where the word starts, the board tiles before the anchor (only
    # with no left tile), and their word multiplier added, tripled and tripled-or-doubled
    # letters and capped letters.
    start, before, left_board = anchor, 0, 0
    while start > 0 and lane.codes[start - 1]:  # tiles touching the anchor on the left
        start -= 1
        before += lane.tile_values[start]
        left_board += UNIT[lane.codes[start]]
    left_w = left_t = left_td = left_cap = 0
    for p in range(room + 1):
        if p:  # one more square on the left (room is 0 when tiles touch the anchor)
            start = anchor - p
            letter = letter_multipliers[start]
            left_w += word_multipliers[start] - 1
            left_cap += cap[start] * letter
            left_t += _TRIPLED[letter]
            left_td += _DOUBLED[letter]
        theme = rest = _UNREACHABLE
        most = rack - p if rack - p < len(right) else len(right)
        if leave_ranges is not None:
            # The single tile first (its factor may be larger), then the longest down: a
            # shorter span's value is bounded by this one's points and its best leave.
            spans: Sequence[int] = (
                (1, *range(most, 1, -1)) if p == 0 and most else range(most, 0, -1))
            shorter = leave_ranges[p + 1]  # by the tiles of a shorter span: its best leave
        else:
            spans = range(1, most + 1)
        for q in spans:
            (word_multiplier, triples, doubled, capped, existing, cross, cross_longest, end,
             board) = right[q - 1]
            n = p + q
            length = end - start
            if length == n and n > 1 and not word_lengths >> n & 1:
                continue  # a word of the hand alone, of a length it cannot make
            # (no more squares can be tripled or doubled than there are tiles: no clamp)
            letters = top_sums[n] + top_sums[triples + left_t] + top_sums[doubled + left_td]
            capped += left_cap
            points = ((before + existing + (capped if capped < letters else letters))
                      * (word_multiplier + left_w) + cross
                      + length_bonus[cross_longest if cross_longest > length else length])
            themed = (points * theme_f + 9999) // 10000
            rested = (points * (rest_f if n > 1 else single_f) + 9999) // 10000
            leave = extra[n]
            value = themed + leave
            # (the theme pass records no one-tile move: its main word may be the cross word)
            lifts = value > theme and n > 1 and (length != n or theme_lengths >> n & 1)
            other = rested + leave
            if n >= fits_from and length != n and (lifts or other > rest) and (
                    fits is not None and not fits(board + left_board, n)):
                lifts, other = False, rest  # no word has these letters
            theme = value if lifts else theme
            rest = other if other > rest else rest
            if leave_ranges is not None and q > 1 and (
                    themed + shorter[n - 1] <= theme and rested + shorter[n - 1] <= rest):
                break  # no shorter span can do better in either pass
        out.append((theme, rest))
    return out


def leave_ranges(extra: Sequence[float]) -> list[list[float]]:
    """``out[a][b]``: the largest of ``extra[a]`` … ``extra[b]`` (``a`` ≤ ``b``), the most a
    leave can be worth once ``a`` to ``b`` tiles are spent (a leave bound need not fall as
    tiles are spent: a kept tile can be worth less than nothing)."""
    out = []
    for a in range(len(extra)):
        row = list(extra)
        for b in range(a + 1, len(extra)):
            row[b] = row[b - 1] if row[b - 1] > extra[b] else extra[b]
        out.append(row)
    return out


#: An integer typed as a float: the bounds are whole numbers when the leave bounds are (the
#: generator rounds them up), and CPython adds and compares integers faster than an integer
#: and a float.
_UNREACHABLE: float = -1  # no move of the unit in this pass

_Sums = tuple[int, int, int, int, int, int, int, int, int]
#: by letter multiplier: 1 if it triples, 1 if it doubles or triples (for the few left
#: squares; the right sums keep branches, cheaper where most squares are plain: measured)
_TRIPLED = (0, 0, 0, 1)
_DOUBLED = (0, 0, 1, 1)


def _right_sums(lane: LaneSnapshot, anchor: int, rack: int, usable: int,
                top_sums: Sequence[int]) -> list[_Sums]:
    """By the number q of squares covered from ``anchor`` on: the word multiplier (one plus
    the added parts), the tripled and the tripled-or-doubled letter squares, capped letters,
    board tiles passed, the cross words' points (their board tiles, and the best of two
    bounds of the tiles on their squares), the longest cross word, the column after the
    span, and the key of the board letters passed (:mod:`engine.bots.anagrams`)."""
    size, cells_codes, checks, runs = lane.size, lane.codes, lane.checks, lane.runs
    letter_multipliers, word_multipliers = lane.letter_multipliers, lane.word_multipliers
    cross_len, cross_points, cap = lane.cross_len, lane.cross_points, lane.cap
    right: list[_Sums] = []
    word_multiplier, triples, doubled, capped, existing, board = 1, 0, 0, 0, 0, 0
    crossing = cross_const = cross_mult = cross_longest = cross_capped = cross = 0
    c, q = anchor, 0
    while q < rack and c < size and checks[c] & usable:
        q += 1
        letter, word = letter_multipliers[c], word_multipliers[c]
        word_multiplier += word - 1
        capped += cap[c] * letter
        if letter > 1:
            doubled += 1
            if letter == 3:
                triples += 1
        if cross_len[c]:
            crossing += 1
            cross_const += cross_points[c] * word
            both = letter * word
            cross_mult = both if both > cross_mult else cross_mult
            cross_longest = cross_len[c] if cross_len[c] > cross_longest else cross_longest
            cross_capped += cap[c] * both
            # (the crossings are among the q squares, so no more than q tiles fill them)
            cross = top_sums[crossing] * cross_mult
            cross = cross_const + (cross_capped if cross_capped < cross else cross)
        c += 1
        if c < size and cells_codes[c]:  # a run of board tiles (then an empty square)
            _, c, points, letters = runs[c]
            existing += points
            board += letters
        right.append((word_multiplier, triples, doubled, capped, existing, cross, cross_longest,
                      c, board))
    return right
