"""One lane of the board for the generator: its squares, cross words, and the extend loop.

A lane is a row for across moves; columns are read by transposing the board, so both
directions share this one code path. From each anchor, a unit takes every left part of its
length from the hand (or the board tiles already to its left), then extends right through
board tiles and hand tiles, following the word graph and the cross-checks, and records each
word that ends on an empty square or the edge, with its total carried along the way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.board import ACROSS, DOWN
from engine.bots.crosschecks import lane_crosses
from engine.bots.letterbits import LETTER_BITS, letter_bits
from engine.bots.scored import (
    OTHER_WORDS,
    THEME_WORDS,
    WILD_MASKS,
    Placement,
    Scored,
    ScoreModel,
)
from engine.bots.squares import ALL, lane_squares
from engine.moves import PlacedTile
from engine.rules import ALPHABET

if TYPE_CHECKING:
    from engine.bots.movegen import Generator


class Lane:
    """One row of the (possibly transposed) board: its squares and cross words."""

    __slots__ = (
        "blocked", "cap", "cells", "checks", "codes", "cross_len", "cross_pre", "cross_suf",
        "csum", "direction", "follow", "gen", "index", "lm", "runs", "size", "tile_values", "wm",
    )

    def __init__(self, gen: Generator, direction: str, index: int, cells: str,
                 crosses: Sequence[str], occupied: int, beside: int) -> None:
        """Lane ``index`` in ``direction``, whose squares are ``cells``; ``crosses`` are the
        perpendicular lanes, bit ``c`` of ``occupied`` is set for a tile on square ``c`` and
        of ``beside`` for an empty square with a tile on a perpendicular neighbour."""
        self.gen = gen
        self.direction = direction
        self.index = index
        self.cells = cells
        size = len(cells)
        self.size = size
        value, kept = gen.tile_value, gen.squares
        known = kept.get(cells)  # the common case: a lane as it was the turn before
        if known is None:
            known = lane_squares(cells, value, kept, occupied)
        self.codes, self.tile_values, self.runs, _, open_squares, self.follow = known
        # (a last entry of 0 past the edge: no letter goes there)
        checks, lengths, prefixes, suffixes, points = lane_crosses(
            gen.dawg, [*open_squares, 0], crosses, index, beside, kept, value)
        self.checks, self.cross_len, self.cross_pre, self.cross_suf = (
            checks, lengths, prefixes, suffixes)
        #: per square, the points of its cross word's tiles
        self.csum = points
        model = gen.model
        self.lm, self.wm = gen.multipliers(direction, index)
        #: per square, the most a rack tile allowed there is worth (for the bounds)
        self.cap = cap = [gen.best_tile] * size
        blocked = 0
        for r_, c_ in model.blocked if model is not None else ():
            if (r_ if direction == ACROSS else c_) == index:
                checks[c_ if direction == ACROSS else r_] = 0
                blocked |= 1 << (c_ if direction == ACROSS else r_)
        #: bit c: square c must stay empty (another player's anchored square)
        self.blocked = blocked
        narrowed = beside | blocked  # the empty squares whose letters are restricted
        while narrowed:
            low = narrowed & -narrowed
            narrowed ^= low
            c = low.bit_length() - 1
            if checks[c] != ALL:
                cap[c] = gen.cap_of(checks[c])

    #: each run of board tiles by its first square: its letters, end, points and key
    runs: dict[int, tuple[str, int, int, int]]

    def left_room(self, anchor: int, previous: int) -> int:
        """How many rack tiles may go left of ``anchor``: the empty squares back to the
        previous anchor (its own moves cover the rest), at most one less than the rack; 0
        when board tiles touch the anchor on the left (they are the forced left part).

        The squares between two anchors are empty and touch no tile (else they would be
        anchors), so only a square that must stay empty can stop the room short."""
        if anchor > 0 and self.codes[anchor - 1]:  # a tile just before the anchor
            return 0
        limit = anchor - previous - 1
        if self.blocked:
            c = anchor - 1
            while c > previous and self.checks[c]:
                c -= 1
            limit = anchor - 1 - c
        most = self.gen.rack_size - 1  # at least one tile on the anchor
        return limit if limit < most else max(most, 0)

    # -- generation ------------------------------------------------------------------------

    def unit(self, anchor: int, p: int) -> None:
        """Every move from ``anchor`` whose left part (from the rack) has ``p`` tiles."""
        gen = self.gen
        if anchor > 0 and self.codes[anchor - 1]:  # a tile just before the anchor
            self._after_board_tiles(anchor)
            return
        allowed = self.checks[anchor] & gen.usable
        parts = gen.left_parts(p)
        if not allowed or not parts:
            return
        start = anchor - p
        values, lm, wm = gen.values, self.lm, self.wm
        # With board tiles just after the anchor, the anchor's letter must lead through them.
        run = self.follow[anchor][0]
        placed: list[tuple[int, int, bool]] = []
        leads = gen.nodes.leading[run] if run else None  # by node: the letters into the run
        wmul = 1 + sum(wm[start:anchor]) - p  # the left squares' word multipliers, added
        counts, wild, wildmask = gen.counts, gen.wild, gen.wildmask
        for node, part, reach, letters_after, wildmask_after in parts:
            if not reach & allowed or (leads is not None and not leads[node] & reach & allowed):
                continue
            msum = 0
            placed.clear()
            col = start
            for code, kind in part:  # take the left part from the hand
                if kind < 0:
                    counts[code] -= 1
                    msum += values[code] * lm[col]
                else:
                    wild[kind] -= 1
                placed.append((col, code, kind >= 0))
                col += 1
            gen.wildmask = wildmask_after
            self._extend(anchor, start, anchor, node, 0, msum, wmul, 0, 0, placed,
                         letters_after)
            for code, kind in part:
                if kind < 0:
                    counts[code] += 1
                else:
                    wild[kind] += 1
            gen.wildmask = wildmask

    def _after_board_tiles(self, anchor: int) -> None:
        """The moves whose left part is the run of board tiles touching ``anchor``."""
        start = anchor - 1
        while start > 0 and self.codes[start - 1]:
            start -= 1
        run, _, points, _ = self.runs[start]
        gen = self.gen
        found = gen.nodes.through[run][gen.graph.root]
        if found >= 0:
            self._extend(anchor, start, anchor, found >> 1, 0, points, 1, 0, 0, [], gen.letters)

    def _extend(  # noqa: PLR0912, PLR0915 (the innermost loop: a helper call costs a frame)
            self, anchor: int, start: int, col: int, node: int, accepts: int, msum: int,
            wmul: int, xsum: int, xlong: int, placed: list[tuple[int, int, bool]],
            letters: int) -> None:
        """Record the word that ends before ``col`` if it may be kept, then go on with each
        tile in hand that ``col`` allows (``letters``: the natural letters still in hand).
        ``col`` is an empty square or the edge: the caller passes a run of board tiles in one
        step, since it must know the run leads somewhere before it makes the call."""
        gen = self.gen
        # _record's first bound, here: most words fail it, and the call costs more
        n = len(placed)
        if accepts and n and col > anchor and (
                msum * wmul + xsum  # the length bonus of the longer of the word and xlong
                + gen.bonus_by_length[length if (length := col - start) > xlong else xlong]
        ) >= gen.floor[n]:
            self._record(start, col, msum, wmul, xsum, xlong, placed)
        if col >= self.size or node == 0 or n >= gen.rack_size:
            return
        try:
            mask, kids = gen.nodes.steps[node]
        except KeyError:
            mask, kids = gen.nodes.step_of(node)
        wildmask = gen.wildmask
        hand = letters | wildmask if wildmask else letters
        options = self.checks[col] & mask & hand
        if not options:
            return
        counts, values = gen.counts, gen.values
        lm, wm, cross, csum = self.lm[col], self.wm[col], self.cross_len[col], self.csum[col]
        longer = xlong if xlong > cross else cross
        wmul += wm - 1
        # A child is worth a call only if its word may end on the square after this one's
        # tile (and the board tiles just after it) or go on from it with a letter still in
        # hand: over half the children lead nowhere, and a call costs more than the test.
        # (checks has a last entry of 0 for the edge.)
        run, beyond, gain = self.follow[col]
        onward = self.checks[beyond] & hand if n + 1 < gen.rack_size else 0
        try:
            bits = LETTER_BITS[options]
        except KeyError:
            bits = letter_bits(options)
        if run:  # a child must pass through the run, then end or go on
            through, masks = gen.nodes.through[run], gen.nodes.masks
            for bit in bits:
                found = through[kids[bit][1]]
                if found < 0 or not (found & 1 or masks[found >> 1] & onward):
                    continue
                code = kids[bit][0]
                if counts[code]:
                    points = values[code] * lm
                    left = counts[code]
                    counts[code] = left - 1
                    placed.append((col, code, False))
                    self._extend(anchor, start, beyond, found >> 1, found & 1,
                                 msum + points + gain, wmul,
                                 xsum + ((csum + points) * wm if cross else 0), longer, placed,
                                 letters if left > 1 else letters ^ bit)
                    placed.pop()
                    counts[code] = left
                if wildmask and wildmask & bit:
                    self._extend_wild(anchor, start, col, code, beyond, found >> 1, found & 1,
                                      msum + gain, wmul, xsum + (csum * wm if cross else 0),
                                      longer, placed, letters)
            return
        for bit in bits:  # each letter both allowed and in the graph, lowest first
            code, child, ends, child_mask = kids[bit]
            # A leaf if no letter in hand may follow it, counting the hand after this tile:
            # its letter gone if it was the last one and no wildcard can be it.
            going = child_mask & onward
            leaf = not going or (going == bit and counts[code] == 1 and not (
                wildmask and wildmask & bit))
            if leaf and not ends:
                continue
            left = counts[code]
            if left:
                points = values[code] * lm
                if leaf:  # its word is all a call would add: check its bound here
                    cross_sum = xsum + ((csum + points) * wm if cross else 0)
                    if (msum + points) * wmul + cross_sum + gen.bonus_by_length[
                            length if (length := beyond - start) > longer else longer
                    ] >= gen.floor[n + 1]:
                        counts[code] = left - 1
                        placed.append((col, code, False))
                        self._record(start, beyond, msum + points, wmul, cross_sum, longer,
                                     placed)
                        placed.pop()
                        counts[code] = left
                else:
                    counts[code] = left - 1
                    placed.append((col, code, False))
                    self._extend(anchor, start, beyond, child, ends, msum + points, wmul,
                                 xsum + ((csum + points) * wm if cross else 0), longer, placed,
                                 letters if left > 1 else letters ^ bit)
                    placed.pop()
                    counts[code] = left
            if wildmask and wildmask & bit:  # (most racks have no wildcard: no & then)
                self._extend_wild(anchor, start, col, code, beyond, child, ends, msum, wmul,
                                  xsum + (csum * wm if cross else 0), longer, placed, letters)

    def _extend_wild(self, anchor: int, start: int, col: int, code: int, beyond: int,
                     child: int, ends: int, msum: int, wmul: int, xsum: int, xlong: int,
                     placed: list[tuple[int, int, bool]], letters: int) -> None:
        """Go on from ``beyond`` with a wildcard as ``code`` on ``col`` (the narrowest kind
        that allows it)."""
        gen, bit = self.gen, 1 << code
        for k in range(3):
            if gen.wild[k] and WILD_MASKS[k] & bit:
                gen.spend_wild(k, -1)
                placed.append((col, code, True))
                self._extend(anchor, start, beyond, child, ends, msum, wmul, xsum, xlong,
                             placed, letters)
                placed.pop()
                gen.spend_wild(k, 1)
                return

    def _record(self, start: int, end: int, msum: int, wmul: int, xsum: int, xlong: int,
                placed: list[tuple[int, int, bool]]) -> None:
        gen = self.gen
        tiles_used = len(placed)
        if tiles_used == 1 and self.direction == DOWN and self.cross_len[placed[0][0]]:
            return  # a single tile with an across word: the across lanes list it
        model = gen.model
        length = end - start
        leave = 0.0
        if model is None:
            total, subtotal, main = 0, 0, ""
        else:
            mode = gen.mode
            if mode == THEME_WORDS and tiles_used == 1:
                return  # its main word may be the perpendicular one: the other pass has it
            bonus = gen.bonus_by_length[length if length > xlong else xlong]
            subtotal = msum * wmul + xsum + bonus
            if subtotal < gen.floor[tiles_used]:
                return
            if gen.leave is not None:
                # The leave it keeps, with the pass's largest factor, before the word is
                # spelt: most words the floor lets through keep a worse leave than its bound.
                leave = gen.kept_value()
                if (subtotal * (gen.multi_factor if tiles_used > 1 else gen.single_factor)
                        + 5000) // 10000 + leave < gen.threshold:
                    return
            main = self._main(start, end, placed)
            # (a word the player does not know, or a theme word the theme pass has)
            if (model.known is not None and not model.known(main)) or (
                    factor := _factor(model, mode, main, tiles_used)) < 0:
                return
            total = (subtotal * factor + 5000) // 10000
            if total + leave < gen.threshold:
                return
        r = self.index
        if self.direction == ACROSS:
            tiles = tuple(PlacedTile(r, c, ALPHABET[code - 1], w) for c, code, w in placed)
        else:
            tiles = tuple(PlacedTile(c, r, ALPHABET[code - 1], w) for c, code, w in placed)
        word = main if model is not None and tiles_used > 1 else self._word(start, end, placed)
        gen.keep(Scored(total, subtotal, main or word, Placement(tiles, word, self.direction),
                        leave))

    def _main(self, start: int, end: int, placed: list[tuple[int, int, bool]]) -> str:
        """The main word: the lane's, or a single tile's longer perpendicular word."""
        if len(placed) == 1 and self.cross_len[placed[0][0]] > end - start:
            col, code, _ = placed[0]
            return self.cross_pre[col] + ALPHABET[code - 1] + self.cross_suf[col]  # upper case
        return self._word(start, end, placed)

    def _word(self, start: int, end: int, placed: list[tuple[int, int, bool]]) -> str:
        letters = list(self.cells[start:end].upper())
        for col, code, _ in placed:
            letters[col - start] = ALPHABET[code - 1]
        return "".join(letters)


def _factor(model: ScoreModel, mode: int, main: str, tiles_used: int) -> int:
    """The main word's factor, or -1 for a theme word the other pass must skip."""
    if mode != OTHER_WORDS:
        return model.factor(main)
    assert model.theme_words is not None
    if main not in model.theme_words:
        return model.plain_factor
    return model.factor(main) if tiles_used == 1 else -1
