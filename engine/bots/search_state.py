"""What a move search changes as it goes: the hand, the pass, the threshold, the moves kept.

Apart from what the search only reads (:mod:`engine.bots.snapshot`): the extend loop
(:mod:`engine.bots.lane`) takes tiles from the hand and puts them back, keeps the moves it
finds here, and reads the threshold they must reach, which rises as better moves are kept;
the generator (:mod:`engine.bots.movegen`) switches the word graph from one pass to the next.
The running move's tiles are built in :attr:`SearchState.placed`; its running sums travel as
the extend loop's arguments, which CPython reads fastest.
"""

from __future__ import annotations

import heapq
import math

from engine.bots.dawg import Dawg
from engine.bots.letterbits import LETTER_BITS, letter_bits
from engine.bots.nodes import node_index
from engine.bots.scored import ALL_WORDS, WILD_KINDS, WILD_MASKS, Scored, wild_mask
from engine.bots.snapshot import Snapshot
from engine.rules import ALPHABET

#: no move needs more points than this while the threshold is -inf, and none reaches
#: _NEVER (small ints: a large one would not get CPython's fast integer comparison)
_NO_NEED = -(1 << 29)
_NEVER = 1 << 29

#: (node, tiles, reach, letters, wildmask): see :meth:`SearchState.left_parts`
LeftPart = tuple[int, tuple[tuple[int, int], ...], int, int, int]
#: a tile of the running move: (square along the lane, letter code, from a wildcard)
PlacedCode = tuple[int, int, bool]


class SearchState:
    """The changing part of one search of :class:`Snapshot` ``snapshot``.

    Slots, as for the snapshot: the extend loop reads the hand and the floors on every call.
    """

    __slots__ = (
        "_heap", "_leaves", "counts", "floor", "found", "graph", "left_depth", "listed_parts",
        "mode", "multi_factor", "nodes", "placed", "single_factor", "snapshot", "threshold",
        "wild", "wildmask", "word_lengths",
    )

    def __init__(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        #: the hand: natural tiles by letter code, wildcards by kind, and the letters those
        #: wildcards can be
        self.counts = list(snapshot.rack_counts)
        self.wild = list(snapshot.rack_wild)
        self.wildmask = wild_mask(self.wild)
        #: the tiles of the running move, as the extend loop places them
        self.placed: list[PlacedCode] = []
        self._leaves: dict[tuple[int, ...], float] = {}
        self.threshold = -math.inf  # a leave can make a value negative
        #: floor[n]: the least points a move of n tiles must have before its band-and-chain
        #: factor to be kept (see set_floors)
        self.floor = [_NO_NEED] * (snapshot.rack_size + 1)
        self._heap: list[float] = []
        self.found: list[Scored] = []
        self.left_depth = 0  # the most left tiles any anchor takes (set by the generator)
        #: bit n: a word of n tiles from the hand alone may exist (set with the left parts)
        self.word_lengths = -1
        self.mode = ALL_WORDS
        model = snapshot.model
        #: the largest factor of a move of two or more tiles in the current pass
        self.multi_factor = model.factor_max if model is not None else 0
        #: the largest factor of a single tile's move
        self.single_factor = model.factor_max if model is not None else 0
        self.use(snapshot.graph)

    def spend_wild(self, kind: int, change: int) -> None:
        """Add ``change`` to the wildcards of ``kind`` in hand and refresh their letters."""
        self.wild[kind] += change
        self.wildmask = wild_mask(self.wild)

    def use(self, graph: Dawg, parts: list[list[LeftPart]] | None = None) -> None:
        """Generate main words from ``graph`` (cross-checks always use the whole lexicon),
        with its left parts if they were listed before."""
        self.graph = graph
        #: the left parts listed so far from the graph, by length (see left_parts)
        self.listed_parts: list[list[LeftPart]] = parts if parts is not None else []
        #: the graph's per-node answers, kept with it across searches
        self.nodes = node_index(graph)

    # -- results ---------------------------------------------------------------------------

    def kept_value(self) -> float:
        """The leave value of the rack as it stands (the tiles not placed so far)."""
        key = (*self.counts, *self.wild)
        found = self._leaves.get(key)
        if found is None:
            leave = self.snapshot.leave
            assert leave is not None
            kept = [ALPHABET[code - 1] for code in self.snapshot.rack_codes  # A to Z
                    for _ in range(self.counts[code])]
            kept += [kind for kind, n in zip(WILD_KINDS, self.wild, strict=True)
                     for _ in range(n)]
            found = self._leaves[key] = leave(kept)
        return found

    def keep(self, scored: Scored) -> None:
        value = scored.total + scored.leave
        if value < self.threshold:
            return
        self.found.append(scored)
        top = self.snapshot.top
        if top is None:
            return
        heap = self._heap
        if len(heap) < top:
            heapq.heappush(heap, value)
        elif value > heap[0]:
            heapq.heapreplace(heap, value)
        if len(heap) == top and heap[0] - self.snapshot.margin > self.threshold:
            self.threshold = heap[0] - self.snapshot.margin
            self.set_floors()
            if len(self.found) > 4 * top + 64:
                self.found = [s for s in self.found if s.value >= self.threshold]

    def set_floors(self) -> None:
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
        extra = self.snapshot.extra
        if threshold == -math.inf:
            self.floor = [_NO_NEED] * (self.snapshot.rack_size + 1)
        elif single > 0 and multi > 0:  # the least points p with p × factor + 5000 >= need × 10000
            ceil = math.ceil  # (the threshold rises some ten times a turn)
            self.floor = [-((5000 - ceil(threshold - leave - 1e-9) * 10000)
                            // (multi if n > 1 else single))
                          for n, leave in enumerate(extra)]
        else:  # no factor (no score model): every move totals 0
            self.floor = [_NO_NEED if leave >= threshold else _NEVER for leave in extra]

    # -- the left parts, shared by every anchor --------------------------------------------

    def left_parts(self, length: int) -> list[LeftPart]:
        """Every prefix of ``length`` rack tiles in the graph that a tile left in hand may
        follow (only those can take an anchor's tile), as (node, tiles, reach, letters,
        wildmask): a tile is (letter code, wildcard kind or -1), ``reach`` the letters that
        may follow it from the tiles left in hand, ``letters`` and ``wildmask`` the natural
        letters and :attr:`wildmask` in hand once its tiles are taken."""
        if length >= len(self.listed_parts):
            # once, as deep as any anchor of this board needs: a deeper request later would
            # walk the same prefixes again
            self._enumerate_left_parts(max(length, self.left_depth))
        return self.listed_parts[length]

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

        walk(self.graph.root, (), self.snapshot.letters, self.wildmask)
        # Lengths above depth + 1 were not explored: they stay possible.
        self.word_lengths = ~((2 << (depth + 1)) - 1) | lengths[0]
        self.listed_parts = by_length
