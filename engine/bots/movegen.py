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

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.board import ACROSS, DOWN, EMPTY, Board
from engine.bots.bounds import left_part_bound
from engine.bots.crosschecks import ALL, lane_crosses
from engine.bots.dawg import Dawg, letter_code
from engine.moves import PlacedTile
from engine.rules import ALPHABET, VOWELS
from engine.tiles import WILD_ANY, WILD_CONSONANT, WILD_VOWEL

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


@dataclass(frozen=True)
class Scored:
    """A placement with its exact total, its points before band and chain, and main word."""

    total: int
    subtotal: int
    main: str
    placement: Placement

    def sort_key(self) -> tuple[int, str, tuple[tuple[int, int, str, bool], ...]]:
        """Best first; ties by main word, then squares: a reproducible order."""
        tiles = tuple(sorted((t.row, t.col, t.letter, t.wild) for t in self.placement.tiles))
        return -self.total, self.main, tiles


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
    within ``margin`` points of the ``top``-th best. The work is split into units,
    one per anchor and left-part length, visited best upper bound first; the search stops at
    the first unit whose bound is below the threshold. With ``top=None``, every legal
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
        self.threshold = -1
        self._heap: list[int] = []
        self._left_parts: list[list[tuple[int, tuple[tuple[int, int], ...]]]] = []
        # Per-node edge lists and letter masks, kept on the graph across searches: the same
        # nodes near the root are visited by every search.
        self._node_masks: dict[int, int] = dawg.mask_cache
        self._kids: dict[int, list[tuple[int, int, int, bool]]] = dawg.kids_cache
        if len(self._kids) > _NODE_CACHE_LIMIT:
            self._kids.clear()
            self._node_masks.clear()
        self.found: list[Scored] = []

    # -- results ---------------------------------------------------------------------------

    def keep(self, total: int, subtotal: int, main: str, placement: Placement) -> None:
        if total < self.threshold:
            return
        self.found.append(Scored(total, subtotal, main, placement))
        if self.top is None:
            return
        heap = self._heap
        if len(heap) < self.top:
            heapq.heappush(heap, total)
        elif total > heap[0]:
            heapq.heapreplace(heap, total)
        if len(heap) == self.top and heap[0] - self.margin > self.threshold:
            self.threshold = heap[0] - self.margin
            if len(self.found) > 4 * self.top + 64:
                self.found = [s for s in self.found if s.total >= self.threshold]

    # -- the left parts, shared by every anchor --------------------------------------------

    def left_parts(self, length: int) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
        """Every (node, tiles) prefix of ``length`` rack tiles in the graph; a tile is
        (letter code, wildcard kind or -1)."""
        if length >= len(self._left_parts):
            self._enumerate_left_parts(length)
        return self._left_parts[length]

    def _enumerate_left_parts(self, depth: int) -> None:
        by_length: list[list[tuple[int, tuple[tuple[int, int], ...]]]] = [
            [] for _ in range(depth + 1)]
        counts, wild, edges = self.counts, self.wild, self.dawg.edges
        part: list[tuple[int, int]] = []

        def walk(node: int) -> None:
            by_length[len(part)].append((node, tuple(part)))
            if len(part) == depth or node == 0:
                return
            i = node
            while True:
                value = edges[i]
                code = value & 31
                child = value >> _SHIFT
                if counts[code]:
                    counts[code] -= 1
                    part.append((code, -1))
                    walk(child)
                    part.pop()
                    counts[code] += 1
                bit = 1 << code
                for k in range(3):
                    if wild[k] and _WILD_MASKS[k] & bit:
                        wild[k] -= 1
                        part.append((code, k))
                        walk(child)
                        part.pop()
                        wild[k] += 1
                        break
                if value & _LAST:
                    return
                i += 1

        walk(self.dawg.root)
        self._left_parts = by_length

    def kids(self, node: int) -> list[tuple[int, int, int, bool]]:
        """(letter code, its bit, child node, accepts) of every edge out of ``node``."""
        found = self._kids.get(node)
        if found is None:
            found = []
            if node:
                edges, i = self.dawg.edges, node
                while True:
                    value = edges[i]
                    code = value & 31
                    found.append((code, 1 << code, value >> _SHIFT, bool(value & _ACCEPTS)))
                    if value & _LAST:
                        break
                    i += 1
            self._kids[node] = found
        return found

    def node_mask(self, node: int) -> int:
        """The letters that can follow ``node`` in the graph."""
        found = self._node_masks.get(node)
        if found is None:
            found = 0
            if node:
                edges, i = self.dawg.edges, node
                while True:
                    value = edges[i]
                    found |= 1 << (value & 31)
                    if value & _LAST:
                        break
                    i += 1
            self._node_masks[node] = found
        return found

    # -- the search ------------------------------------------------------------------------

    def run(self) -> list[Scored]:
        rows = list(self.board.rows)
        columns = _transpose(rows)
        empty = self.board.is_empty()
        units: list[tuple[int, _Lane, int, int]] = []
        bounded = self.model is not None and self.top is not None
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
                    room = lane.left_room(anchor, previous)
                    bounds = lane.bounds(anchor, room) if bounded else [0] * (room + 1)
                    for p, bound in enumerate(bounds):
                        units.append((bound, lane, anchor, p))
                    previous = anchor
        if bounded:
            units.sort(key=lambda u: -u[0])
        for bound, lane, anchor, p in units:
            if bound < self.threshold:
                break
            lane.unit(anchor, p)
        if self.top is not None:
            return [s for s in self.found if s.total >= self.threshold]
        return self.found


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
        self.codes = [0 if ch == EMPTY else letter_code(ch.upper()) for ch in cells]
        values = gen.values
        self.tile_values = [0 if ch == EMPTY or ch.islower() else values[letter_code(ch)]
                            for ch in cells]
        info = lane_crosses(gen.dawg, crosses, index)
        self.checks = info.checks
        self.cross_len = info.lengths
        self.cross_pre = info.prefixes
        self.cross_suf = info.suffixes
        model = gen.model
        lm, wm, csum = [1] * size, [1] * size, [0] * size
        if model is not None:
            for c in range(size):
                r_, c_ = (index, c) if direction == ACROSS else (c, index)
                lm[c], wm[c] = model.bonus[r_][c_]
                if (r_, c_) in model.blocked:
                    self.checks[c] = 0
            for c in range(size):
                if info.lengths[c]:
                    csum[c] = sum(values[letter_code(ch)] for ch in
                                  info.prefixes[c] + info.suffixes[c] if ch.isupper())
        self.lm, self.wm, self.csum = lm, wm, csum

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

    def bounds(self, anchor: int, room: int) -> list[int]:
        """Upper bounds of the totals of the moves from ``anchor`` with 0..room left tiles."""
        gen = self.gen
        model = gen.model
        assert model is not None
        return [left_part_bound(self, anchor, p, gen.top_sums, model) for p in range(room + 1)]

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
        counts, wild, values, lm, wm = gen.counts, gen.wild, gen.values, self.lm, self.wm
        node_mask = gen.node_mask
        for node, part in gen.left_parts(p):
            if not node_mask(node) & allowed:
                continue
            msum, wmul = 0, 1
            placed = []
            col = start
            for code, kind in part:
                if kind < 0:
                    counts[code] -= 1
                    msum += values[code] * lm[col]
                else:
                    wild[kind] -= 1
                wmul += wm[col] - 1
                placed.append((col, code, kind >= 0))
                col += 1
            self._extend(anchor, start, anchor, node, False, msum, wmul, 0, 0, placed)
            for code, kind in part:
                if kind < 0:
                    counts[code] += 1
                else:
                    wild[kind] += 1
    def _after_board_tiles(self, anchor: int) -> None:
        """The moves whose left part is the run of board tiles touching ``anchor``."""
        cells, codes, edges = self.cells, self.codes, self.gen.dawg.edges
        start = anchor
        while start > 0 and cells[start - 1] != EMPTY:
            start -= 1
        node, msum = self.gen.dawg.root, 0
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
        while col < size and codes[col]:
            found = _step(gen.dawg.edges, node, codes[col])
            if found < 0:
                return
            node, accepts = found >> 1, bool(found & 1)
            msum += self.tile_values[col]
            col += 1
        if accepts and placed and col > anchor:
            self._record(start, col, msum, wmul, xsum, xlong, placed)
        if col >= size or node == 0 or len(placed) >= gen.rack_size:
            return
        options = self.checks[col] & gen.node_mask(node)
        if not options:
            return
        counts, wild, values = gen.counts, gen.wild, gen.values
        lm, wm, cross, csum = self.lm[col], self.wm[col], self.cross_len[col], self.csum[col]
        longer = xlong if xlong > cross else cross
        for code, bit, child, ends in gen.kids(node):
            if not options & bit:
                continue
            if counts[code]:
                points = values[code] * lm
                counts[code] -= 1
                placed.append((col, code, False))
                self._extend(anchor, start, col + 1, child, ends, msum + points,
                             wmul + wm - 1, xsum + ((csum + points) * wm if cross else 0),
                             longer, placed)
                placed.pop()
                counts[code] += 1
            for k in range(3):
                if wild[k] and _WILD_MASKS[k] & bit:
                    wild[k] -= 1
                    placed.append((col, code, True))
                    self._extend(anchor, start, col + 1, child, ends, msum, wmul + wm - 1,
                                 xsum + (csum * wm if cross else 0), longer, placed)
                    placed.pop()
                    wild[k] += 1
                    break

    def _record(self, start: int, end: int, msum: int, wmul: int, xsum: int, xlong: int,
                placed: list[tuple[int, int, bool]]) -> None:
        gen = self.gen
        if len(placed) == 1 and self.direction == DOWN and self.cross_len[placed[0][0]]:
            return  # a single tile with an across word: the across lanes list it
        model = gen.model
        length = end - start
        if model is None:
            total, subtotal, main = 0, 0, ""
        else:
            longest = max(length, xlong)
            bonus = model.length_bonus[min(longest, len(model.length_bonus) - 1)]
            subtotal = msum * wmul + xsum + bonus
            if (subtotal * model.factor_max + 5000) // 10000 < gen.threshold:
                return
            main = self._word(start, end, placed)
            if len(placed) == 1 and self.cross_len[placed[0][0]] > length:
                col, code, _ = placed[0]
                main = self.cross_pre[col].upper() + ALPHABET[code - 1] + \
                    self.cross_suf[col].upper()
            if model.known is not None and not model.known(main):
                return
            total = (subtotal * model.factor(main) + 5000) // 10000
            if total < gen.threshold:
                return
        r = self.index
        if self.direction == ACROSS:
            tiles = tuple(PlacedTile(r, c, ALPHABET[code - 1], w) for c, code, w in placed)
        else:
            tiles = tuple(PlacedTile(c, r, ALPHABET[code - 1], w) for c, code, w in placed)
        word = main if model is not None and len(placed) > 1 else self._word(start, end, placed)
        gen.keep(total, subtotal, main or word, Placement(tiles, word, self.direction))

    def _word(self, start: int, end: int, placed: list[tuple[int, int, bool]]) -> str:
        letters = [ch.upper() for ch in self.cells[start:end]]
        for col, code, _ in placed:
            letters[col - start] = ALPHABET[code - 1]
        return "".join(letters)


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
    """The placements among the ``top`` best by total or within ``margin`` points of the
    ``top``-th (all of them, scored, when ``top`` is None), ties at the cut included, best
    first; squares in ``model.blocked`` stay empty."""
    found = Generator(dawg, board, rack, centre, model, top, margin).run()
    return sorted(found, key=Scored.sort_key)
