"""Every legal placement of a rack, scored as it is found (Appel and Jacobson's algorithm).

For each lane (a row for across moves; columns are read by transposing the board, so both
directions share this one code path) the generator:

1. takes, for every empty square, the *cross-check* set: a 26-bit mask of the letters whose
   perpendicular word is in the word graph (:mod:`engine.bots.crosschecks`, cached by pattern);
2. finds the *anchors*: empty squares next to a tile (the centre on an empty board);
3. from each anchor, builds every left part from the rack (or takes the tiles already to its
   left), then extends right through board tiles and rack tiles, following the word graph and
   the cross-checks, and records each word that ends on an empty square or the edge.

Each step carries the running score (letters × squares, word multipliers, the cross words), so
a finished word's total is known without looking at the board again. A search for the best few
moves keeps a threshold (the worst score it still keeps) and abandons a branch as soon as an
upper bound of everything the branch can still reach falls below it (:mod:`engine.bots.bounds`);
the branches are visited best bound first, as the strongest engines do.

The totals follow :mod:`engine.scoring` exactly; a test holds them to ``preview`` on every move,
and the moves a bot returns still get their receipt from ``preview``.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import math
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import cast

from engine.board import ACROSS, DOWN, EMPTY, Board
from engine.bots.anagrams import UNIT, for_graph
from engine.bots.bounds import Factors, anchor_bounds, leave_ranges
from engine.bots.dawg import Dawg, letter_code
from engine.bots.lane import Lane
from engine.bots.letterbits import LETTER_BITS, letter_bits, positions
from engine.bots.nodes import node_index
from engine.bots.scored import (
    ALL_WORDS,
    OTHER_WORDS,
    THEME_WORDS,
    WILD_KINDS,
    WILD_MASKS,
    Placement,
    Scored,
    ScoreModel,
    wild_mask,
)
from engine.bots.squares import CODES, LOWER, kept_for, occupancy
from engine.rules import ALPHABET

__all__ = ["Generator", "Placement", "ScoreModel", "Scored", "best", "generate"]


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


def _transpose(rows: Sequence[str]) -> list[str]:
    return ["".join(column) for column in zip(*rows, strict=True)]


#: no move needs more points than this while the threshold is -inf, and none reaches
#: _NEVER (small ints: a large one would not get CPython's fast integer comparison)
_NO_NEED = -(1 << 29)
_NEVER = 1 << 29

#: (theme-pass bound, other-pass bound, lane, anchor, left tiles): one unit of the search
_Unit = tuple[float, float, Lane, int, int]
#: (node, tiles, reach, letters, wildmask): see :meth:`Generator.left_parts`
LeftPart = tuple[int, tuple[tuple[int, int], ...], int, int, int]


class Generator:
    """Generates and scores placements for one board and rack in both directions.

    With ``top`` set, only the moves that can still be among the ``top`` best are kept (ties
    at the threshold included, so tie-breaking stays exact), and with ``margin`` also those
    within ``margin`` of the ``top``-th best. "Best" is by value: the total, plus the leave
    when the model weighs leaves. The work is split into units, one per anchor and left-part
    length, visited best upper bound first; a pass stops at the first unit whose bound is
    below the threshold. When the model knows the player's theme words, the bounded search
    runs in two passes (:mod:`engine.bots.themegraph`). With ``top=None``, every legal
    placement is kept.
    """

    # Slots: the extend loop reads a dozen of these per call, and a plain instance of more
    # than 30 attributes gets no fast attribute reads in CPython 3.11 (measured).
    __slots__ = (
        "_bonus", "_by_value", "_caps", "_fits", "_heap", "_leaves", "_left_parts", "_subsets",
        "_words", "best_tile", "board", "bonus_by_length", "centre", "counts", "dawg", "extra",
        "floor", "found", "graph", "leave", "left_depth", "letters", "margin", "mode", "model",
        "multi_factor", "nodes", "rack_codes", "rack_size", "single_factor", "squares",
        "threshold", "tile_value", "top", "top_sums", "usable", "values", "wild", "wildmask",
        "word_lengths",
    )

    def __init__(self, dawg: Dawg, board: Board, rack: Sequence[str],
                 centre: tuple[int, int], model: ScoreModel | None = None,
                 top: int | None = None, margin: int = 0) -> None:
        self.dawg = dawg
        self.margin = margin
        self.board = board
        self.centre = centre
        self.model = model
        self.top = top
        self.rack_size = len(rack)
        self.counts = [0] * 27
        self.wild = [0, 0, 0]
        for tile in rack:
            if tile in WILD_KINDS:
                self.wild[WILD_KINDS.index(tile)] += 1
            else:
                self.counts[letter_code(tile)] += 1
        self.values = [0] * 27
        if model is not None:
            for letter, value in model.values.items():
                self.values[letter_code(letter)] = value
        ranked = sorted((self.values[letter_code(t)] for t in rack if t not in WILD_KINDS),
                        reverse=True) + [0] * sum(self.wild)
        #: sums of the rack's best tile values: the n best tiles are worth at most top_sums[n]
        self.top_sums = [sum(ranked[:n]) for n in range(len(ranked) + 1)]
        self.rack_codes = [code for code in range(1, 27) if self.counts[code]]
        self._by_value = sorted(self.rack_codes, key=self.values.__getitem__, reverse=True)
        #: the letters the tiles still in hand can make: natural ones, and the wildcards'
        self.letters = sum(1 << code for code in self.rack_codes)
        self.wildmask = 0
        self.spend_wild(-1, 0)
        #: the letters the whole rack can make (the hand before any tile is placed)
        self.usable = self.letters | self.wildmask
        self.best_tile = max((self.values[code] for code in self.rack_codes), default=0)
        #: a board square's value by its character (a wildcard's lower-case letter is 0)
        self.tile_value = {EMPTY: 0, **{ch: self.values[code] for ch, code in CODES.items()
                                        if ch.isupper()}, **dict.fromkeys(LOWER, 0)}
        self._caps: dict[int, int] = {}
        #: the lanes' squares met before, for these tile values (see Lane)
        self.squares = kept_for(self.values)
        self._bonus = _multipliers(model.bonus) if model is not None else None
        self.leave = model.leave if model is not None else None
        self.extra: Sequence[float] = (
            model.leave_bounds if model is not None and model.leave is not None
            else [0.0] * (self.rack_size + 1))
        self._leaves: dict[tuple[int, ...], float] = {}
        self.threshold = -math.inf  # a leave can make a value negative
        #: floor[n]: the least points a move of n tiles must have before its band-and-chain
        #: factor to be kept (see _set_floors)
        self.floor = [_NO_NEED] * (self.rack_size + 1)
        self._heap: list[float] = []
        self.found: list[Scored] = []
        self.left_depth = 0  # the most left tiles any anchor takes (set by run)
        #: bit n: a word of n tiles from the hand alone may exist (set with the left parts)
        self.word_lengths = -1
        self.mode = ALL_WORDS
        #: the largest factor of a move of two or more tiles in the current pass
        self.multi_factor = model.factor_max if model is not None else 0
        #: the largest factor of a single tile's move; the length bonuses (for early bounds)
        self.single_factor = model.factor_max if model is not None else 0
        #: the length bonuses, as long as any word of the board (indexing needs no clamp)
        bonus = model.length_bonus if model is not None else (0,)
        self.bonus_by_length: Sequence[int] = (
            *bonus, *[bonus[-1]] * max(0, board.size + 2 - len(bonus)))
        self._use(model.graph if model is not None and model.graph is not None else dawg)
        self._fits: dict[int, bool] = {}
        #: by number of tiles, the keys of the tiles of the rack that many may be: for the
        #: whole rack and for all but one tile, with no wildcard in it (see fits)
        self._subsets: dict[int, set[int]] = {}
        #: the filter of the lexicon's letter sets (None if the graph has none)
        self._words = for_graph(dawg)
        if not sum(self.wild) and self.rack_size > 1 and self._words is not None:
            whole = sum(UNIT[code] * self.counts[code] for code in self.rack_codes)
            self._subsets = {self.rack_size: {whole},
                             self.rack_size - 1: {whole - UNIT[c] for c in self.rack_codes}}

    def fits(self, board: int, tiles: int) -> bool:
        """Whether ``tiles`` tiles of the rack (all of them, or all but one) and the board
        letters of key ``board`` may be the letters of a word (:mod:`engine.bots.anagrams`);
        kept by their arguments, since a board's spans share a few sets of board letters."""
        key = board << 4 | tiles  # (a rack has fewer than 16 tiles)
        found = self._fits.get(key)
        if found is None:
            found = False
            words = self._words
            assert words is not None  # (no subsets are listed without it)
            for tiles_key in self._subsets[tiles]:
                if board + tiles_key in words:
                    found = True
                    break
            self._fits[key] = found
        return found

    def spend_wild(self, kind: int, change: int) -> None:
        """Add ``change`` to the wildcards of ``kind`` in hand and refresh their letters."""
        if kind >= 0:
            self.wild[kind] += change
        self.wildmask = wild_mask(self.wild)

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

    def _use(self, graph: Dawg, parts: list[list[LeftPart]] | None = None) -> None:
        """Generate main words from ``graph`` (cross-checks always use the whole lexicon),
        with its left parts if they were listed before."""
        self.graph = graph
        self._left_parts: list[list[LeftPart]] = parts if parts is not None else []
        #: the graph's per-node answers, kept with it across searches
        self.nodes = node_index(graph)

    # -- results ---------------------------------------------------------------------------

    def kept_value(self) -> float:
        """The leave value of the rack as it stands (the tiles not placed so far)."""
        key = (*self.counts, *self.wild)
        found = self._leaves.get(key)
        if found is None:
            assert self.leave is not None
            kept = [ALPHABET[code - 1] for code in self.rack_codes  # A to Z
                    for _ in range(self.counts[code])]
            kept += [kind for kind, n in zip(WILD_KINDS, self.wild, strict=True)
                     for _ in range(n)]
            found = self._leaves[key] = self.leave(kept)
        return found

    def keep(self, scored: Scored) -> None:
        value = scored.total + scored.leave
        if value < self.threshold:
            return
        self.found.append(scored)
        if self.top is None:
            return
        heap = self._heap
        if len(heap) < self.top:
            heapq.heappush(heap, value)
        elif value > heap[0]:
            heapq.heapreplace(heap, value)
        if len(heap) == self.top and heap[0] - self.margin > self.threshold:
            self.threshold = heap[0] - self.margin
            self._set_floors()
            if len(self.found) > 4 * self.top + 64:
                self.found = [s for s in self.found if s.value >= self.threshold]

    def _set_floors(self) -> None:
        """Work out :attr:`floor` for the threshold and the pass's factors.

        A move of n tiles is kept only if its total, (points × factor + 5000) // 10000, plus
        the best leave after n tiles reaches the threshold. The least such total is a whole
        number (the threshold less the leave bound, rounded up: less a hair for rounding, so
        that a move worth exactly the threshold passes), and so is the least number of points
        that reaches it. The extend loop compares the points it carries with that floor: no
        multiplication or division per word, and integers only, which CPython compares
        faster than an integer with a float.
        """
        threshold, single, multi = self.threshold, self.single_factor, self.multi_factor
        if threshold == -math.inf:
            self.floor = [_NO_NEED] * (self.rack_size + 1)
        elif single > 0 and multi > 0:  # the least points p with p × factor + 5000 >= need × 10000
            ceil = math.ceil  # (the threshold rises some ten times a turn)
            self.floor = [-((5000 - ceil(threshold - leave - 1e-9) * 10000)
                            // (multi if n > 1 else single))
                          for n, leave in enumerate(self.extra)]
        else:  # no factor (no score model): every move totals 0
            self.floor = [_NO_NEED if leave >= threshold else _NEVER for leave in self.extra]

    # -- the left parts, shared by every anchor --------------------------------------------

    def left_parts(self, length: int) -> list[LeftPart]:
        """Every prefix of ``length`` rack tiles in the graph that a tile left in hand may
        follow (only those can take an anchor's tile), as (node, tiles, reach, letters,
        wildmask): a tile is (letter code, wildcard kind or -1), ``reach`` the letters that
        may follow it from the tiles left in hand, ``letters`` and ``wildmask`` what
        :attr:`letters` and :attr:`wildmask` are once its tiles are taken."""
        if length >= len(self._left_parts):
            # once, as deep as any anchor of this board needs: a deeper request later would
            # walk the same prefixes again
            self._enumerate_left_parts(max(length, self.left_depth))
        return self._left_parts[length]

    def _enumerate_left_parts(self, depth: int) -> None:
        by_length: list[list[LeftPart]] = [
            [] for _ in range(depth + 1)]
        counts, wild = self.counts, self.wild
        nodes = self.nodes
        steps, ends = nodes.steps, nodes.ends
        lengths = [0]  # bit n: the hand may spell a word of n tiles

        def walk(node: int, part: tuple[tuple[int, int], ...], letters: int,
                 wildmask: int) -> None:
            """List the left part ``part`` (ending at ``node``, leaving ``letters`` and the
            wildcards of ``wildmask`` in hand) and those that extend it."""
            hand = letters | wildmask
            try:
                mask, kids = steps[node]
            except KeyError:
                mask, kids = nodes.step_of(node)
            reach = mask & hand
            size = len(part)
            if ends[node] & hand:
                lengths[0] |= 2 << size
            if not reach:
                return  # no tile in hand may follow it: no anchor can (the root alone)
            by_length[size].append((node, part, reach, letters, wildmask))
            if size == depth:
                return
            # Only the letters both in hand and after this node, and only children a tile
            # left in hand may follow (a child no tile may follow is not listed, and ends no
            # word of the hand: its call would do nothing).
            try:
                bits = LETTER_BITS[reach]
            except KeyError:
                bits = letter_bits(reach)
            for bit in bits:
                code, child, _, child_mask = kids[bit]
                if counts[code]:  # a natural tile
                    after = letters if counts[code] > 1 else letters ^ bit
                    if child_mask & (after | wildmask):
                        counts[code] -= 1
                        walk(child, (*part, (code, -1)), after, wildmask)
                        counts[code] += 1
                if wildmask & bit:  # the narrowest wildcard that can be this letter
                    kind = next(k for k in range(3) if wild[k] and WILD_MASKS[k] & bit)
                    wild[kind] -= 1
                    after = wild_mask(wild)
                    if child_mask & (letters | after):
                        walk(child, (*part, (code, kind)), letters, after)
                    wild[kind] += 1

        walk(self.graph.root, (), self.letters, self.wildmask)
        # Lengths above depth + 1 were not explored: they stay possible.
        self.word_lengths = ~((2 << (depth + 1)) - 1) | lengths[0]
        self._left_parts = by_length

    # -- the search ------------------------------------------------------------------------

    def _starts(self) -> list[tuple[Lane, int, int]]:
        """(lane, anchor, left room) of every anchor of the board, both directions, that a
        tile in hand may take."""
        rows = list(self.board.rows)
        columns = _transpose(rows)
        empty = self.board.is_empty()
        size = len(rows)
        full = (1 << size) - 1
        starts = []
        for direction, lanes, crosses in ((ACROSS, rows, columns), (DOWN, columns, rows)):
            occupied = [occupancy(cells) for cells in lanes]
            for r in range(size):
                # squares with a tile on a perpendicular neighbour: they have cross words
                beside = ((occupied[r - 1] if r else 0)
                          | (occupied[r + 1] if r + 1 < size else 0)) & ~occupied[r]
                if empty:
                    centre_r, centre_c = self.centre if direction == ACROSS else self.centre[::-1]
                    anchors: tuple[int, ...] = (centre_c,) if r == centre_r else ()
                else:  # empty squares next to a tile
                    anchors = positions((beside | occupied[r] << 1 | occupied[r] >> 1)
                                        & ~occupied[r] & full)
                if not anchors:
                    continue
                lane = Lane(self, direction, r, lanes[r], crosses, occupied[r], beside)
                checks, usable = lane.checks, self.usable
                previous = -1
                for anchor in anchors:
                    # an anchor no tile in hand may take starts no move (a fifth of them)
                    if checks[anchor] & usable:
                        starts.append((lane, anchor, lane.left_room(anchor, previous)))
                    previous = anchor
        return starts

    def run(self) -> list[Scored]:
        starts = self._starts()
        self.left_depth = max((room for _, _, room in starts), default=0)
        model = self.model
        if model is None or self.top is None:
            for lane, anchor, room in starts:
                for p in range(room + 1):
                    lane.unit(anchor, p)
            return self.found
        split = model.theme_words is not None
        most = model.factor_max
        factors = Factors(theme=most, single=most, rest=model.plain_factor if split else most)
        units: list[_Unit] = []
        rises = all(a <= b for a, b in itertools.pairwise(model.length_bonus))
        # The bounds take the leave bounds rounded up to whole points: looser by under a
        # point, but all-integer arithmetic, which CPython runs several times faster than
        # integers mixed with floats (2% of a master's turn, measured).
        extra_up = [math.ceil(e) for e in self.extra]
        leaves = leave_ranges(extra_up) if rises else None
        # Spans through board tiles that take all the rack's tiles, or all but one, are
        # checked for a word with their letters (not with a wildcard: see fits).
        fits = self.fits if self._subsets else None
        fits_from = max(2, self.rack_size - 1) if fits is not None else self.rack_size + 1
        theme_graph = model.theme_graph if split else None
        theme_walk: tuple[list[list[LeftPart]], int] = ([], -1)
        if theme_graph is not None:  # its left parts, and the theme words the hand can spell
            main = self.graph
            self._use(theme_graph)
            self.left_parts(0)
            theme_walk = (self._left_parts, self.word_lengths)
            self._use(main)
        self.left_parts(0)  # lists the words of the hand alone too (word_lengths)
        # No left part is longer than the deepest the walk listed (a theme graph's words are
        # words of this graph, so it has none deeper either): no units beyond it.
        deepest = max(p for p, parts in enumerate(self._left_parts) if parts or not p)
        for lane, anchor, room in starts:
            bounds = anchor_bounds(lane, anchor, room if room < deepest else deepest,
                                   self.top_sums, self.usable, self.bonus_by_length, factors,
                                   extra_up, self.word_lengths, leaves, theme_walk[1],
                                   fits, fits_from)
            for p, (theme, rest) in enumerate(bounds):
                units.append((theme, rest, lane, anchor, p))
        if split:
            self.mode = OTHER_WORDS
            self.multi_factor = model.plain_factor
            self._set_floors()
        self._visit(units, 1)
        if theme_graph is not None:
            self.mode = THEME_WORDS
            self.multi_factor = model.factor_max
            self._set_floors()
            self._use(theme_graph, theme_walk[0])
            self._visit(units, 0)
        return [s for s in self.found if s.value >= self.threshold]

    def _visit(self, units: list[_Unit], which: int) -> None:
        """Run the units best bound first (bound ``which`` of each: 0 for the theme pass, 1
        for the other) until none can reach the threshold."""
        bound = cast(Callable[[_Unit], float], itemgetter(which))  # a unit's bound for the pass
        parts = self._left_parts  # listed by run, for this pass's graph
        for unit in sorted(units, key=bound, reverse=True):
            if bound(unit) < self.threshold:
                break
            _, _, lane, anchor, p = unit
            if p and not parts[p]:
                continue  # the graph has no left part of that length (often the theme's)
            lane.unit(anchor, p)


def generate(dawg: Dawg, board: Board, rack: Sequence[str],
             centre: tuple[int, int]) -> list[Placement]:
    """Every legal placement of ``rack`` on ``board`` (words checked, cross-words checked)."""
    return [s.placement for s in Generator(dawg, board, rack, centre).run()]


def best(dawg: Dawg, board: Board, rack: Sequence[str], centre: tuple[int, int],
         model: ScoreModel, top: int | None = None, margin: int = 0) -> list[Scored]:
    """The placements among the ``top`` best by value (the total, plus the leave if the model
    weighs it) or within ``margin`` of the ``top``-th (all of them, scored, when ``top`` is
    None), ties at the cut included, best first; squares in ``model.blocked`` stay empty."""
    found = Generator(dawg, board, rack, centre, model, top, margin).run()
    return sorted(found, key=Scored.sort_key)
