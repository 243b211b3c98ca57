"""What a move search reads and never changes: the board, the graphs, the rack, the lanes.

A search (:mod:`engine.bots.movegen`) reads the same numbers from start to end: the board and
its lanes' squares and cross-checks, the word graphs, the tile values, multipliers and length
bonuses, the rack it started with and the numbers drawn from it (the best tile values, the
letters it can make). They are worked out once, here, before the search; what changes during
the search (the hand as tiles are placed, the threshold, the moves found, the pass) is kept
apart in :mod:`engine.bots.search_state`. The lanes' extend loop (:mod:`engine.bots.lane`)
and the bounds (:mod:`engine.bots.bounds`) read these, so neither needs the generator.

Nothing here is written once a search has begun, but for caches of answers that depend on
these numbers alone (the best tile a cross-check allows, whether a span's letters may spell a
word); the attributes are marked ``Final`` so that the type checker holds the search to that.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from engine.board import ACROSS, DOWN, EMPTY, Board
from engine.bots.anagrams import UNIT, for_graph
from engine.bots.crosschecks import lane_crosses
from engine.bots.dawg import Dawg, letter_code
from engine.bots.scored import WILD_KINDS, ScoreModel, wild_mask
from engine.bots.squares import ALL, CODES, LOWER, Follow, Run, kept_for, lane_squares


@functools.cache
def _multipliers(bonus: tuple[tuple[tuple[int, int], ...], ...],
                 ) -> dict[str, list[tuple[list[int], list[int]]]]:
    """Per direction and lane, the letter and word multipliers (once per layout)."""
    size = len(bonus)
    across = [([bonus[r][c][0] for c in range(size)], [bonus[r][c][1] for c in range(size)])
              for r in range(size)]
    down = [([bonus[r][c][0] for r in range(size)], [bonus[r][c][1] for r in range(size)])
            for c in range(size)]
    return {ACROSS: across, DOWN: down}


class Snapshot:
    """The board, the graphs, the scoring numbers and the rack of one search.

    Slots: the extend loop and the bounds read several of these per call, and slot reads
    are among CPython's fastest attribute reads.
    """

    __slots__ = (
        "_bonus", "_by_value", "_caps", "_fits", "best_tile", "board", "bonus_by_length",
        "centre", "cross_graph", "dawg", "extra", "graph", "leave", "letters", "margin", "model",
        "rack_codes", "rack_counts", "rack_size", "rack_wild", "squares", "subsets",
        "tile_value", "top", "top_sums", "usable", "values", "words",
    )

    def __init__(self, dawg: Dawg, board: Board, rack: Sequence[str],
                 centre: tuple[int, int], model: ScoreModel | None = None,
                 top: int | None = None, margin: int = 0) -> None:
        """The search of ``rack`` on ``board`` with the words of ``dawg`` (see
        :class:`engine.bots.movegen.Generator` for ``model``, ``top`` and ``margin``)."""
        self.dawg: Final = dawg
        self.board: Final = board
        self.centre: Final = centre
        self.model: Final = model
        self.top: Final = top
        self.margin: Final = margin
        self.rack_size: Final = len(rack)
        counts = [0] * 27
        wild = [0, 0, 0]
        for tile in rack:
            if tile in WILD_KINDS:
                wild[WILD_KINDS.index(tile)] += 1
            else:
                counts[letter_code(tile)] += 1
        #: the rack's natural tiles by letter code, and its wildcards by kind
        self.rack_counts: Final[Sequence[int]] = tuple(counts)
        self.rack_wild: Final[Sequence[int]] = tuple(wild)
        values = [0] * 27
        if model is not None:
            for letter, value in model.values.items():
                values[letter_code(letter)] = value
        #: a tile's value by letter code
        self.values: Final[Sequence[int]] = values
        ranked = sorted((values[letter_code(t)] for t in rack if t not in WILD_KINDS),
                        reverse=True) + [0] * sum(wild)
        #: sums of the rack's best tile values: the n best tiles are worth at most top_sums[n]
        self.top_sums: Final = [sum(ranked[:n]) for n in range(len(ranked) + 1)]
        self.rack_codes: Final = [code for code in range(1, 27) if counts[code]]
        self._by_value: Final = sorted(self.rack_codes, key=values.__getitem__, reverse=True)
        #: the natural letters of the rack
        self.letters: Final = sum(1 << code for code in self.rack_codes)
        #: the letters the whole rack can make (the hand before any tile is placed)
        self.usable: Final = self.letters | wild_mask(wild)
        self.best_tile: Final = max((values[code] for code in self.rack_codes), default=0)
        #: a board square's value by its character (a wildcard's lower-case letter is 0)
        self.tile_value: Final = {EMPTY: 0, **{ch: values[code] for ch, code in CODES.items()
                                               if ch.isupper()}, **dict.fromkeys(LOWER, 0)}
        self._caps: Final[dict[int, int]] = {}
        #: the lanes' squares met before, for these tile values (see LaneSnapshot)
        self.squares: Final = kept_for(values)
        self._bonus: Final = _multipliers(model.bonus) if model is not None else None
        self.leave: Final = model.leave if model is not None else None
        #: extra[n]: the largest leave value once n tiles are spent (0 without leaves)
        self.extra: Final[Sequence[float]] = (
            model.leave_bounds if model is not None and model.leave is not None
            else [0.0] * (self.rack_size + 1))
        #: the length bonuses, as long as any word of the board (indexing needs no clamp)
        bonus = model.length_bonus if model is not None else (0,)
        self.bonus_by_length: Final[Sequence[int]] = (
            *bonus, *[bonus[-1]] * max(0, board.size + 2 - len(bonus)))
        #: the graph of the main words (the whole lexicon's, or the words a player knows)
        self.graph: Final = model.graph if model is not None and model.graph is not None \
            else dawg
        #: the graph of the cross words (the whole lexicon's, or the words a player knows)
        self.cross_graph: Final = model.cross_graph if model is not None and \
            model.cross_graph is not None else dawg
        self._fits: Final[dict[int, bool]] = {}
        #: by number of tiles, the keys of the tiles of the rack that many may be: for the
        #: whole rack and for all but one tile, with no wildcard in it (see fits)
        self.subsets: Final[dict[int, set[int]]] = {}
        #: the filter of the lexicon's letter sets (None if the graph has none)
        self.words: Final = for_graph(dawg)
        if not sum(wild) and self.rack_size > 1 and self.words is not None:
            whole = sum(UNIT[code] * counts[code] for code in self.rack_codes)
            self.subsets.update({self.rack_size: {whole},
                                 self.rack_size - 1: {whole - UNIT[c] for c in self.rack_codes}})

    def fits(self, board: int, tiles: int) -> bool:
        """Whether ``tiles`` tiles of the rack (all of them, or all but one) and the board
        letters of key ``board`` may be the letters of a word (:mod:`engine.bots.anagrams`);
        kept by their arguments, since a board's spans share a few sets of board letters."""
        key = board << 4 | tiles  # (a rack has fewer than 16 tiles)
        found = self._fits.get(key)
        if found is None:
            found = False
            words = self.words
            assert words is not None  # (no subsets are listed without it)
            for tiles_key in self.subsets[tiles]:
                if board + tiles_key in words:
                    found = True
                    break
            self._fits[key] = found
        return found

    def cap_of(self, mask: int) -> int:
        """The best value among the rack's letters in ``mask`` (0 if only a wildcard fits)."""
        found = self._caps.get(mask)
        if found is None:
            found = 0
            for code in self._by_value:  # the first allowed one is the best
                if mask >> code & 1:
                    found = self.values[code]
                    break
            self._caps[mask] = found
        return found

    def multipliers(self, direction: str, index: int) -> tuple[list[int], list[int]]:
        """The letter and word multipliers along lane ``index`` (ones without a model)."""
        if self._bonus is None:
            size = self.board.size
            return [1] * size, [1] * size
        return self._bonus[direction][index]


class LaneSnapshot:
    """One row of the (possibly transposed) board as a search reads it: its squares, its
    cross words and multipliers, and the few numbers of the search its extend loop reads on
    every square (copied here: one attribute read away)."""

    __slots__ = (
        "blocked", "bonus_by_length", "cap", "cells", "checks", "codes", "cross_len",
        "cross_points", "cross_prefix", "cross_suffix", "direction", "follow", "index",
        "letter_multipliers", "rack_size", "runs", "size", "snapshot", "tile_values", "values",
        "word_multipliers",
    )

    def __init__(self, snapshot: Snapshot, direction: str, index: int, cells: str,
                 crosses: Sequence[str], occupied: int, beside: int) -> None:
        """Lane ``index`` in ``direction``, whose squares are ``cells``; ``crosses`` are the
        perpendicular lanes, bit ``c`` of ``occupied`` is set for a tile on square ``c`` and
        of ``beside`` for an empty square with a tile on a perpendicular neighbour."""
        self.snapshot: Final = snapshot
        self.values: Final = snapshot.values
        self.bonus_by_length: Final = snapshot.bonus_by_length
        self.rack_size: Final = snapshot.rack_size
        self.direction: Final = direction
        self.index: Final = index
        self.cells: Final = cells
        size = len(cells)
        self.size: Final = size
        value, kept = snapshot.tile_value, snapshot.squares
        known = kept.get(cells)  # the common case: a lane as it was the turn before
        if known is None:
            known = lane_squares(cells, value, kept, occupied)
        codes, tile_values, runs, _, open_squares, follow = known
        self.codes: Final[Sequence[int]] = codes
        self.tile_values: Final[Sequence[int]] = tile_values
        #: each run of board tiles by its first square: its letters, end, points and key
        self.runs: Final[dict[int, Run]] = runs
        #: by square, what a tile there is followed by (see engine.bots.squares)
        self.follow: Final[Sequence[Follow]] = follow
        # (a last entry of 0 past the edge: no letter goes there)
        checks, lengths, prefixes, suffixes, points = lane_crosses(
            snapshot.cross_graph, [*open_squares, 0], crosses, index, beside, kept, value)
        #: per square, the letters allowed there by its cross word (all, if it has none)
        self.checks: Final = checks
        #: per square, the length of its cross word with the square (0: it has none), the
        #: board tiles before and after the square in it (upper case), and their points
        self.cross_len: Final = lengths
        self.cross_prefix: Final = prefixes
        self.cross_suffix: Final = suffixes
        self.cross_points: Final = points
        model = snapshot.model
        letter_multipliers, word_multipliers = snapshot.multipliers(direction, index)
        #: per square, its letter and word multipliers
        self.letter_multipliers: Final[Sequence[int]] = letter_multipliers
        self.word_multipliers: Final[Sequence[int]] = word_multipliers
        #: per square, the most a rack tile allowed there is worth (for the bounds)
        self.cap: Final = [snapshot.best_tile] * size
        cap = self.cap
        blocked = 0
        for r_, c_ in model.blocked if model is not None else ():
            if (r_ if direction == ACROSS else c_) == index:
                checks[c_ if direction == ACROSS else r_] = 0
                blocked |= 1 << (c_ if direction == ACROSS else r_)
        #: bit c: square c must stay empty (another player's anchored square)
        self.blocked: Final = blocked
        narrowed = beside | blocked  # the empty squares whose letters are restricted
        while narrowed:
            low = narrowed & -narrowed
            narrowed ^= low
            c = low.bit_length() - 1
            if checks[c] != ALL:
                cap[c] = snapshot.cap_of(checks[c])

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
        most = self.rack_size - 1  # at least one tile on the anchor
        return limit if limit < most else max(most, 0)
