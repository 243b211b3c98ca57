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
from dataclasses import dataclass, field

from engine.board import ACROSS, DOWN, EMPTY, Board
from engine.bots.bounds import Factors, anchor_bounds
from engine.bots.crosschecks import ALL, lane_crosses
from engine.bots.dawg import Dawg, letter_code
from engine.moves import PlacedTile
from engine.rules import ALPHABET, VOWELS
from engine.tiles import WILD_ANY, WILD_CONSONANT, WILD_VOWEL

#: The passes of a search: every word at once, or the theme words then the others.
ALL_WORDS, THEME_WORDS, OTHER_WORDS = 0, 1, 2

_VOWEL_MASK = sum(1 << letter_code(v) for v in VOWELS)
_WILD_KINDS = (WILD_VOWEL, WILD_CONSONANT, WILD_ANY)  # the narrowest kind is spent first
_WILD_MASKS = (_VOWEL_MASK, ALL & ~_VOWEL_MASK, ALL)
_ACCEPTS = 1 << 5
_LAST = 1 << 6
_SHIFT = 7
_NODE_CACHE_LIMIT = 100_000


@dataclass(frozen=True)
class Placement:
    """A legal placement: the tiles put down and the word they make along their line."""

    tiles: tuple[PlacedTile, ...]
    word: str
    direction: str

    def key(self) -> frozenset[tuple[int, int, str, bool]]:
        return frozenset((t.row, t.col, t.letter, t.wild) for t in self.tiles)


@dataclass(frozen=True)
class ScoreModel:
    """What a total needs besides the board: the numbers of the rule set and the main word's
    factor (band weight × chain bonus, in ten-thousandths), with its largest possible value."""

    values: dict[str, int]
    bonus: tuple[tuple[tuple[int, int], ...], ...]  # (letter ×, word ×) per square
    length_bonus: tuple[int, ...]
    factor: Callable[[str], int]
    factor_max: int
    blocked: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    #: the main words this player may play (a bot's vocabulary); None: every word
    known: Callable[[str], bool] | None = None
    #: the graph of the words this player may play along a line (None: the whole lexicon)
    graph: Dawg | None = None
    #: the words above Frio for this player and their graph (None: unknown, one pass)
    theme_words: frozenset[str] | None = None
    theme_graph: Dawg | None = None
    #: the factor of every other word (Frio's weight, no chain bonus)
    plain_factor: int = 10000
    #: the value of a kept rack, when the search weighs leaves (a master bot)
    leave: Callable[[Sequence[str]], float] | None = None
    #: ``leave_bounds[n]``: the largest leave value once ``n`` rack tiles are spent
    leave_bounds: tuple[float, ...] = ()


@dataclass(frozen=True)
class Scored:
    """A placement with its exact total, its points before band and chain, its main word and
    (when the search weighs leaves) the value of the tiles it keeps."""

    total: int
    subtotal: int
    main: str
    placement: Placement
    leave: float = 0.0

    @property
    def value(self) -> float:
        return self.total + self.leave

    def sort_key(self) -> tuple[float, str, tuple[tuple[int, int, str, bool], ...]]:
        """Best value first; ties by main word, then squares: a reproducible order."""
        tiles = tuple(sorted((t.row, t.col, t.letter, t.wild) for t in self.placement.tiles))
        return -self.value, self.main, tiles


_CODES = {EMPTY: 0, **{ch: letter_code(ch) for ch in ALPHABET},
          **{ch.lower(): letter_code(ch) for ch in ALPHABET}}
_LOWER = ALPHABET.lower()


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
    return ["".join(row[c] for row in rows) for c in range(len(rows))]


def _anchors(rows: Sequence[str], r: int) -> list[int]:
    size = len(rows)
    row = rows[r]
    above = rows[r - 1] if r > 0 else None
    below = rows[r + 1] if r < size - 1 else None
    out = []
    for c in range(size):
        if row[c] != EMPTY:
            continue
        if ((above is not None and above[c] != EMPTY) or (below is not None and below[c] != EMPTY)
                or (c > 0 and row[c - 1] != EMPTY) or (c < size - 1 and row[c + 1] != EMPTY)):
            out.append(c)
    return out


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
            if tile in _WILD_KINDS:
                self.wild[_WILD_KINDS.index(tile)] += 1
            else:
                self.counts[letter_code(tile)] += 1
        self.values = [0] * 27
        if model is not None:
            for letter, value in model.values.items():
                self.values[letter_code(letter)] = value
        ranked = sorted((self.values[letter_code(t)] for t in rack if t not in _WILD_KINDS),
                        reverse=True) + [0] * sum(self.wild)
        #: sums of the rack's best tile values: the n best tiles are worth at most top_sums[n]
        self.top_sums = [sum(ranked[:n]) for n in range(len(ranked) + 1)]
        self.usable = ALL if any(self.wild) else sum(
            1 << code for code in range(1, 27) if self.counts[code])
        self.rack_codes = [code for code in range(1, 27) if self.counts[code]]
        #: the letters the tiles still in hand can make: natural ones, and the wildcards'
        self.letters = sum(1 << code for code in self.rack_codes)
        self.wildmask = 0
        self.spend_wild(-1, 0)
        self.best_tile = max((self.values[code] for code in self.rack_codes), default=0)
        #: a board square's value by its character (a wildcard's lower-case letter is 0)
        self.tile_value = {EMPTY: 0, **{ch: self.values[code] for ch, code in _CODES.items()
                                        if ch.isupper()}, **dict.fromkeys(_LOWER, 0)}
        self._caps: dict[int, int] = {}
        self._bonus = _multipliers(model.bonus) if model is not None else None
        self.leave = model.leave if model is not None else None
        self.extra: Sequence[float] = (
            model.leave_bounds if model is not None and model.leave is not None
            else [0.0] * (self.rack_size + 1))
        self._leaves: dict[tuple[int, ...], float] = {}
        self.threshold = -math.inf  # a leave can make a value negative
        self._heap: list[float] = []
        self.found: list[Scored] = []
        self.left_depth = 0  # the most left tiles any anchor takes (set by run)
        #: bit n: a word of n tiles from the hand alone may exist (set with the left parts)
        self.word_lengths = -1
        self.mode = ALL_WORDS
        #: the largest factor of a move of two or more tiles in the current pass
        self.multi_factor = model.factor_max if model is not None else 10000
        self._use(model.graph if model is not None and model.graph is not None else dawg)

    def spend_wild(self, kind: int, change: int) -> None:
        """Add ``change`` to the wildcards of ``kind`` in hand and refresh their letters."""
        if kind >= 0:
            self.wild[kind] += change
        self.wildmask = 0
        for k in range(3):
            if self.wild[k]:
                self.wildmask |= _WILD_MASKS[k]

    def take(self, code: int) -> None:
        """One natural tile of ``code`` leaves the hand."""
        self.counts[code] -= 1
        if not self.counts[code]:
            self.letters &= ~(1 << code)

    def give(self, code: int) -> None:
        """One natural tile of ``code`` comes back to the hand."""
        self.counts[code] += 1
        self.letters |= 1 << code

    def cap_of(self, mask: int) -> int:
        """The best value among the rack's letters in ``mask`` (0 if only a wildcard fits)."""
        found = self._caps.get(mask)
        if found is None:
            found = self._caps[mask] = max(
                (self.values[k] for k in self.rack_codes if mask >> k & 1), default=0)
        return found

    def multipliers(self, direction: str, index: int) -> tuple[list[int], list[int]]:
        """The letter and word multipliers along lane ``index`` (ones without a model)."""
        if self._bonus is None:
            size = self.board.size
            return [1] * size, [1] * size
        return self._bonus[direction][index]

    def _use(self, graph: Dawg) -> None:
        """Generate main words from ``graph`` (cross-checks always use the whole lexicon)."""
        self.graph = graph
        self.edges = graph.edges
        self._left_parts: list[list[tuple[int, tuple[tuple[int, int], ...], int]]] = []
        # Per-node edge lists and letter masks, kept on the graph across searches: the same
        # nodes near the root are visited by every search.
        self._node_masks: dict[int, int] = graph.mask_cache
        self._leading: dict[int, int] = graph.leading_cache
        self._through: dict[tuple[int, str], int] = graph.through_cache
        self._ends: dict[int, int] = graph.ends_cache
        self._kid_maps: dict[int, dict[int, tuple[int, int, bool, int]]] = graph.kid_map_cache
        self._kids: dict[int, list[tuple[int, int, int, bool, int]]] = graph.kids_cache
        if len(self._kids) > _NODE_CACHE_LIMIT:
            self._kids.clear()
            self._node_masks.clear()
            self._leading.clear()
            self._kid_maps.clear()
            self._through.clear()
            self._ends.clear()

    # -- results ---------------------------------------------------------------------------

    def kept_value(self) -> float:
        """The leave value of the rack as it stands (the tiles not placed so far)."""
        key = (*self.counts, *self.wild)
        found = self._leaves.get(key)
        if found is None:
            assert self.leave is not None
            kept = [ALPHABET[code - 1] for code in range(1, 27) for _ in range(key[code])]
            kept += [kind for kind, n in zip(_WILD_KINDS, self.wild, strict=True)
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
            if len(self.found) > 4 * self.top + 64:
                self.found = [s for s in self.found if s.value >= self.threshold]

    # -- the left parts, shared by every anchor --------------------------------------------

    def left_parts(self, length: int) -> list[tuple[int, tuple[tuple[int, int], ...], int]]:
        """Every (node, tiles, reach) prefix of ``length`` rack tiles in the graph; a tile
        is (letter code, wildcard kind or -1), ``reach`` the letters that may follow it from
        the tiles left in hand."""
        if length >= len(self._left_parts):
            # once, as deep as any anchor of this board needs: a deeper request later would
            # walk the same prefixes again
            self._enumerate_left_parts(max(length, self.left_depth))
        return self._left_parts[length]

    def _enumerate_left_parts(self, depth: int) -> None:
        by_length: list[list[tuple[int, tuple[tuple[int, int], ...], int]]] = [
            [] for _ in range(depth + 1)]
        counts, wild, edges = self.counts, self.wild, self.edges
        node_mask, ends_mask = self.node_mask, self.ends_mask
        part: list[tuple[int, int]] = []

        def walk(node: int) -> None:
            hand = self.letters | self.wildmask
            size = len(part)
            by_length[size].append((node, tuple(part), node_mask(node) & hand))
            if ends_mask(node) & hand:
                self.word_lengths |= 2 << size
            if size == depth or node == 0:
                return
            i = node
            while True:
                value = edges[i]
                code = value & 31
                if counts[code]:  # take the tile from the hand (self.take, inlined)
                    counts[code] -= 1
                    if not counts[code]:
                        self.letters &= ~(1 << code)
                    part.append((code, -1))
                    walk(value >> _SHIFT)
                    part.pop()
                    counts[code] += 1
                    self.letters |= 1 << code
                bit = 1 << code
                if self.wildmask & bit:
                    for k in range(3):
                        if wild[k] and _WILD_MASKS[k] & bit:
                            self.spend_wild(k, -1)
                            part.append((code, k))
                            walk(value >> _SHIFT)
                            part.pop()
                            self.spend_wild(k, 1)
                            break
                if value & _LAST:
                    return
                i += 1

        # Lengths above depth + 1 were not explored: they stay possible.
        self.word_lengths = ~((2 << (depth + 1)) - 1)
        walk(self.graph.root)
        self._left_parts = by_length

    def kids(self, node: int) -> list[tuple[int, int, int, bool, int]]:
        """(letter code, its bit, child node, accepts, the child's letters) of every edge out
        of ``node``: the child's letters let the caller skip a child that leads nowhere."""
        found = self._kids.get(node)
        if found is None:
            found = []
            if node:
                edges, i = self.edges, node
                while True:
                    value = edges[i]
                    code, child = value & 31, value >> _SHIFT
                    found.append((code, 1 << code, child, bool(value & _ACCEPTS),
                                  self.node_mask(child)))
                    if value & _LAST:
                        break
                    i += 1
            self._kids[node] = found
        return found

    def through(self, node: int, run: str) -> int:
        """``node << 1 | accepts`` after the board tiles ``run`` (upper-case letters) from
        ``node``, or -1 if the graph has no such path; cached per graph."""
        key = (node, run)
        found = self._through.get(key)
        if found is None:
            found = node << 1
            for letter in run:
                found = _step(self.edges, found >> 1, letter_code(letter))
                if found < 0:
                    break
            self._through[key] = found
        return found

    def kid_map(self, node: int) -> dict[int, tuple[int, int, bool, int]]:
        """:meth:`kids` by letter bit: (letter code, child node, accepts, child's letters)."""
        found = self._kid_maps.get(node)
        if found is None:
            found = self._kid_maps[node] = {
                bit: (code, child, ends, mask) for code, bit, child, ends, mask in self.kids(node)}
        return found

    def ends_mask(self, node: int) -> int:
        """The letters after ``node`` that finish a word."""
        found = self._ends.get(node)
        if found is None:
            found = 0
            for code, _, _, ends, _ in self.kids(node):
                if ends:
                    found |= 1 << code
            self._ends[node] = found
        return found

    def leading_to(self, node: int, code: int) -> int:
        """The letters after ``node`` from which letter ``code`` can follow."""
        key = node << 5 | code
        found = self._leading.get(key)
        if found is None:
            bit = 1 << code
            found = 0
            for kid_code, _, _, _, kid_mask in self.kids(node):
                if kid_mask & bit:
                    found |= 1 << kid_code
            self._leading[key] = found
        return found

    def node_mask(self, node: int) -> int:
        """The letters that can follow ``node`` in the graph."""
        found = self._node_masks.get(node)
        if found is None:
            found = 0
            if node:
                edges, i = self.edges, node
                while True:
                    value = edges[i]
                    found |= 1 << (value & 31)
                    if value & _LAST:
                        break
                    i += 1
            self._node_masks[node] = found
        return found

    # -- the search ------------------------------------------------------------------------

    def _starts(self) -> list[tuple[_Lane, int, int]]:
        """(lane, anchor, left room) of every anchor of the board, both directions."""
        rows = list(self.board.rows)
        columns = _transpose(rows)
        empty = self.board.is_empty()
        starts = []
        for direction, lanes, crosses in ((ACROSS, rows, columns), (DOWN, columns, rows)):
            for r in range(len(lanes)):
                if empty:
                    centre_r, centre_c = self.centre if direction == ACROSS else self.centre[::-1]
                    anchors = [centre_c] if r == centre_r else []
                else:
                    anchors = _anchors(lanes, r)
                if not anchors:
                    continue
                lane = _Lane(self, direction, r, lanes[r], crosses)
                previous = -1
                for anchor in anchors:
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
        units: list[tuple[float, float, _Lane, int, int]] = []
        bonus = model.length_bonus
        every_span = self.leave is not None or any(a > b for a, b in itertools.pairwise(bonus))
        self.left_parts(0)  # lists the words of the hand alone too (word_lengths)
        for lane, anchor, room in starts:
            bounds = anchor_bounds(lane, anchor, room, self.top_sums, self.usable, bonus,
                                   factors, self.extra, every_span, self.word_lengths)
            for p, (theme, rest) in enumerate(bounds):
                units.append((theme, rest, lane, anchor, p))
        if split:
            self.mode = OTHER_WORDS
            self.multi_factor = model.plain_factor
        self._visit(units, 1)
        if split and model.theme_graph is not None:
            self.mode = THEME_WORDS
            self.multi_factor = model.factor_max
            self._use(model.theme_graph)
            self._visit(units, 0)
        return [s for s in self.found if s.value >= self.threshold]

    def _visit(self, units: list[tuple[float, float, _Lane, int, int]], which: int) -> None:
        """Run the units best bound first (bound ``which`` of each: 0 for the theme pass, 1
        for the other) until none can reach the threshold."""
        bounded = sorted(((u[0] if which == 0 else u[1], i) for i, u in enumerate(units)),
                         reverse=True)
        for bound, i in bounded:
            if bound < self.threshold:
                break
            _, _, lane, anchor, p = units[i]
            lane.unit(anchor, p)


class _Lane:
    """One row of the (possibly transposed) board: its squares and cross words."""

    def __init__(self, gen: Generator, direction: str, index: int, cells: str,
                 crosses: Sequence[str]) -> None:
        self.gen = gen
        self.direction = direction
        self.index = index
        self.cells = cells
        size = len(cells)
        self.size = size
        self.codes = [_CODES[ch] for ch in cells]
        self.tile_values = [gen.tile_value[ch] for ch in cells]
        info = lane_crosses(gen.dawg, crosses, index)
        self.checks = checks = info.checks
        self.cross_len = info.lengths
        self.cross_pre = info.prefixes
        self.cross_suf = info.suffixes
        model = gen.model
        self.lm, self.wm = gen.multipliers(direction, index)
        csum = [0] * size
        #: per square, the most a rack tile allowed there is worth (for the bounds)
        self.cap = cap = [gen.best_tile] * size
        if model is not None:
            for r_, c_ in model.blocked:
                if (r_ if direction == ACROSS else c_) == index:
                    checks[c_ if direction == ACROSS else r_] = 0
            value = gen.tile_value
            for c in range(size):
                if info.lengths[c]:
                    csum[c] = sum(value[ch] for ch in info.prefixes[c] + info.suffixes[c])
        self.csum = csum
        #: each run of board tiles by its first square: its letters, its end, its points
        self.runs: dict[int, tuple[str, int, int]] = {}
        c = 0
        while c < size:
            if cells[c] == EMPTY:
                c += 1
                continue
            first, points = c, 0
            while c < size and cells[c] != EMPTY:
                points += self.tile_values[c]
                c += 1
            self.runs[first] = (cells[first:c].upper(), c, points)
        for c in range(size):
            if checks[c] != ALL and cells[c] == EMPTY:
                cap[c] = gen.cap_of(checks[c])

    def left_room(self, anchor: int, previous: int) -> int:
        """How many rack tiles may go left of ``anchor``: the empty squares back to the
        previous anchor (its own moves cover the rest), at most one less than the rack; -1
        when board tiles touch the anchor on the left (they are the forced left part)."""
        cells, checks = self.cells, self.checks
        if anchor > 0 and cells[anchor - 1] != EMPTY:
            return 0
        limit, c = 0, anchor - 1
        while c >= 0 and c > previous and cells[c] == EMPTY and checks[c]:
            limit += 1
            c -= 1
        return min(limit, max(0, self.gen.rack_size - 1))

    # -- generation ------------------------------------------------------------------------

    def unit(self, anchor: int, p: int) -> None:
        """Every move from ``anchor`` whose left part (from the rack) has ``p`` tiles."""
        gen = self.gen
        if anchor > 0 and self.cells[anchor - 1] != EMPTY:
            self._after_board_tiles(anchor)
            return
        allowed = self.checks[anchor] & gen.usable
        if not allowed:
            return
        start = anchor - p
        values, counts, lm, wm = gen.values, gen.counts, self.lm, self.wm
        # With a board tile just after the anchor, the anchor's letter must lead on to it.
        follow = self.codes[anchor + 1] if anchor + 1 < self.size else 0
        for node, part, reach in gen.left_parts(p):
            if not reach & allowed or (follow and not gen.leading_to(node, follow) & reach):
                continue
            msum, wmul = 0, 1
            placed = []
            col = start
            for code, kind in part:  # take the left part from the hand (gen.take, inlined)
                if kind < 0:
                    counts[code] -= 1
                    if not counts[code]:
                        gen.letters &= ~(1 << code)
                    msum += values[code] * lm[col]
                else:
                    gen.spend_wild(kind, -1)
                wmul += wm[col] - 1
                placed.append((col, code, kind >= 0))
                col += 1
            self._extend(anchor, start, anchor, node, False, msum, wmul, 0, 0, placed)
            for code, kind in part:
                if kind < 0:
                    counts[code] += 1
                    gen.letters |= 1 << code
                else:
                    gen.spend_wild(kind, 1)
    def _after_board_tiles(self, anchor: int) -> None:
        """The moves whose left part is the run of board tiles touching ``anchor``."""
        cells, codes, edges = self.cells, self.codes, self.gen.edges
        start = anchor
        while start > 0 and cells[start - 1] != EMPTY:
            start -= 1
        node, msum = self.gen.graph.root, 0
        for c in range(start, anchor):
            node = _child(edges, node, codes[c])
            if node < 0:
                return
            msum += self.tile_values[c]
        self._extend(anchor, start, anchor, node, False, msum, 1, 0, 0, [])

    def _extend(self, anchor: int, start: int, col: int, node: int, accepts: bool, msum: int,
                wmul: int, xsum: int, xlong: int, placed: list[tuple[int, int, bool]]) -> None:
        codes, size = self.codes, self.size
        gen = self.gen
        if col < size and codes[col]:  # a run of board tiles: through it in one step
            key, end, value = self.runs[col]
            found = gen.through(node, key)
            if found < 0:
                return
            node, accepts = found >> 1, bool(found & 1)
            msum += value
            col = end
        if accepts and placed and col > anchor:
            self._record(start, col, msum, wmul, xsum, xlong, placed)
        if col >= size or node == 0 or len(placed) >= gen.rack_size:
            return
        options = self.checks[col] & gen.node_mask(node) & (gen.letters | gen.wildmask)
        if not options:
            return
        counts, values = gen.counts, gen.values
        lm, wm, cross, csum = self.lm[col], self.wm[col], self.cross_len[col], self.csum[col]
        longer = xlong if xlong > cross else cross
        # A child is worth a call if its word may end on the next square or go on from it;
        # over half the children lead nowhere, and a call costs more than this test.
        # With a board tile on the next square the child must go on with its letter;
        # otherwise it must end there or go on with a letter the hand and square allow.
        after = col + 1
        run = ""
        if after < size and codes[after]:
            may_end, onward, run = False, 1 << codes[after], self.runs[after][0]
        else:
            may_end = True
            onward = (self.checks[after] & (gen.letters | gen.wildmask)
                      if after < size and len(placed) + 1 < gen.rack_size else 0)
        kids = gen.kid_map(node)
        while options:  # each letter both allowed and in the graph, lowest first
            bit = options & -options
            options ^= bit
            code, child, ends, child_mask = kids[bit]
            if not ((ends and may_end) or child_mask & onward) or (
                    run and gen.through(child, run) < 0):
                continue
            if counts[code]:
                points = values[code] * lm
                counts[code] -= 1
                if not counts[code]:
                    gen.letters ^= bit
                placed.append((col, code, False))
                self._extend(anchor, start, col + 1, child, ends, msum + points,
                             wmul + wm - 1, xsum + ((csum + points) * wm if cross else 0),
                             longer, placed)
                placed.pop()
                counts[code] += 1
                gen.letters |= bit
            if gen.wildmask & bit:
                self._extend_wild(anchor, start, col, code, child, ends, msum, wmul + wm - 1,
                                  xsum + (csum * wm if cross else 0), longer, placed)

    def _extend_wild(self, anchor: int, start: int, col: int, code: int, child: int,
                     ends: bool, msum: int, wmul: int, xsum: int, xlong: int,
                     placed: list[tuple[int, int, bool]]) -> None:
        """Go on with a wildcard as ``code`` on ``col`` (the narrowest kind that allows it)."""
        gen, bit = self.gen, 1 << code
        for k in range(3):
            if gen.wild[k] and _WILD_MASKS[k] & bit:
                gen.spend_wild(k, -1)
                placed.append((col, code, True))
                self._extend(anchor, start, col + 1, child, ends, msum, wmul, xsum, xlong,
                             placed)
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
            longest = max(length, xlong)
            bonus = model.length_bonus[min(longest, len(model.length_bonus) - 1)]
            subtotal = msum * wmul + xsum + bonus
            most = (model.plain_factor if mode == OTHER_WORDS and tiles_used > 1
                    else model.factor_max)
            if (subtotal * most + 5000) // 10000 + gen.extra[tiles_used] < gen.threshold:
                return
            main = self._main(start, end, placed)
            if model.known is not None and not model.known(main):
                return
            factor = _factor(model, mode, main, tiles_used)
            if factor < 0:
                return  # the theme pass has it
            total = (subtotal * factor + 5000) // 10000
            if gen.leave is not None:
                leave = gen.kept_value()
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
            return self.cross_pre[col].upper() + ALPHABET[code - 1] + self.cross_suf[col].upper()
        return self._word(start, end, placed)

    def _word(self, start: int, end: int, placed: list[tuple[int, int, bool]]) -> str:
        letters = [ch.upper() for ch in self.cells[start:end]]
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


def _child(edges: Sequence[int], node: int, code: int) -> int:
    """The node reached from ``node`` by letter ``code``, or -1."""
    found = _step(edges, node, code)
    return found >> 1 if found >= 0 else -1


def _step(edges: Sequence[int], node: int, code: int) -> int:
    """``child << 1 | accepts`` for the edge of letter ``code`` out of ``node``, or -1."""
    if node == 0:
        return -1
    i = node
    while True:
        value = edges[i]
        letter = value & 31
        if letter == code:
            return (value >> _SHIFT) << 1 | (1 if value & _ACCEPTS else 0)
        if letter > code or value & _LAST:
            return -1
        i += 1


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
