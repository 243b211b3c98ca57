"""Every legal placement of a rack, by Appel and Jacobson's anchor-and-extend algorithm.

For each lane (a row for across moves; columns are read by transposing the board, so both
directions share this one code path) the generator:

1. computes, for every empty square, the *cross-check* set: a 26-bit mask of the letters whose
   perpendicular word (tiles above + letter + tiles below) is in the word graph;
2. finds the *anchors*: empty squares next to a tile (the centre on an empty board);
3. from each anchor, builds every left part from the rack (or takes the tiles already to its
   left), then extends right through board tiles and rack tiles, following the word graph and
   the cross-checks, and records each word that ends on an empty square or the edge.

It returns placements only; the engine's own validation and scoring turn them into moves, so
the bots and ``preview`` can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.board import ACROSS, DOWN, EMPTY, Board
from engine.bots.dawg import Dawg, letter_code
from engine.moves import PlacedTile
from engine.rules import ALPHABET, VOWELS
from engine.tiles import WILD_ANY, WILD_CONSONANT, WILD_VOWEL

ALL = (1 << 27) - 2  # bits 1..26
_VOWEL_MASK = sum(1 << letter_code(v) for v in VOWELS)
_WILD_MASKS = {WILD_ANY: ALL, WILD_VOWEL: _VOWEL_MASK, WILD_CONSONANT: ALL & ~_VOWEL_MASK}


@dataclass(frozen=True)
class Placement:
    """A legal placement: the tiles put down and the main word they make."""

    tiles: tuple[PlacedTile, ...]
    word: str
    direction: str

    def key(self) -> frozenset[tuple[int, int, str, bool]]:
        return frozenset((t.row, t.col, t.letter, t.wild) for t in self.tiles)


def _transpose(rows: Sequence[str]) -> list[str]:
    return ["".join(row[c] for row in rows) for c in range(len(rows))]


class _Lane:
    """One row of the (possibly transposed) board, with its cross-checks."""

    __slots__ = ("cells", "checks", "index")

    def __init__(self, index: int, cells: str, checks: list[int]) -> None:
        self.index = index
        self.cells = cells
        self.checks = checks


def cross_checks(rows: Sequence[str], dawg: Dawg) -> list[list[int]]:
    """For each square, the mask of letters allowed by its perpendicular word (down)."""
    size = len(rows)
    masks = [[0] * size for _ in range(size)]
    for r in range(size):
        for c in range(size):
            if rows[r][c] != EMPTY:
                continue
            above = r
            while above > 0 and rows[above - 1][c] != EMPTY:
                above -= 1
            below = r
            while below < size - 1 and rows[below + 1][c] != EMPTY:
                below += 1
            if above == r and below == r:
                masks[r][c] = ALL
                continue
            prefix = "".join(rows[i][c] for i in range(above, r)).upper()
            suffix = "".join(rows[i][c] for i in range(r + 1, below + 1)).upper()
            masks[r][c] = _allowed(dawg, prefix, suffix)
    return masks


def _allowed(dawg: Dawg, prefix: str, suffix: str) -> int:
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
        current, ok = child, True
        final = False
        for letter in suffix:
            step = dawg.step(current, letter_code(letter))
            if step is None:
                ok = False
                break
            current, final = step
        if ok and final:
            mask |= 1 << code
    return mask


_ACCEPTS = 1 << 5
_LAST = 1 << 6
_SHIFT = 7


class Generator:
    """Generates placements for one board and rack in both directions.

    The rack is kept as counts by letter code and by wildcard kind, and the graph's edges are
    read inline: these loops run hundreds of thousands of times per call.
    """

    def __init__(self, dawg: Dawg, board: Board, rack: Sequence[str],
                 centre: tuple[int, int]) -> None:
        self.dawg = dawg
        self.edges = dawg.edges
        self.board = board
        self.counts = [0] * 27
        self.wild = {code: 0 for code in _WILD_MASKS}
        for tile in rack:
            if tile in self.wild:
                self.wild[tile] += 1
            else:
                self.counts[letter_code(tile)] += 1
        self.centre = centre
        self.found: dict[frozenset[tuple[int, int, str, bool]], Placement] = {}

    def run(self) -> list[Placement]:
        rows = list(self.board.rows)
        empty = self.board.is_empty()
        # Across moves along the rows: their cross words run down the columns.
        self._lanes(rows, cross_checks(rows, self.dawg), ACROSS, empty)
        # Down moves: the same code on the transposed board.
        columns = _transpose(rows)
        self._lanes(columns, cross_checks(columns, self.dawg), DOWN, empty)
        return list(self.found.values())

    def _lanes(self, rows: list[str], checks: list[list[int]], direction: str,
               empty: bool) -> None:
        size = len(rows)
        for r in range(size):
            lane = _Lane(r, rows[r], checks[r])
            anchors = self._anchors(rows, r, empty, direction)
            previous = -1
            for anchor in anchors:
                self._from_anchor(lane, anchor, previous, direction)
                previous = anchor

    def _anchors(self, rows: list[str], r: int, empty: bool, direction: str) -> list[int]:
        size = len(rows)
        if empty:
            centre_r, centre_c = self.centre if direction == ACROSS else self.centre[::-1]
            return [centre_c] if r == centre_r else []
        out = []
        for c in range(size):
            if rows[r][c] != EMPTY:
                continue
            if ((r > 0 and rows[r - 1][c] != EMPTY) or (r < size - 1 and rows[r + 1][c] != EMPTY)
                    or (c > 0 and rows[r][c - 1] != EMPTY)
                    or (c < size - 1 and rows[r][c + 1] != EMPTY)):
                out.append(c)
        return out

    def _from_anchor(self, lane: _Lane, anchor: int, previous: int, direction: str) -> None:
        cells = lane.cells
        if anchor > 0 and cells[anchor - 1] != EMPTY:
            # The tiles to the anchor's left are a forced prefix.
            start = anchor
            while start > 0 and cells[start - 1] != EMPTY:
                start -= 1
            node = self.dawg.root
            for c in range(start, anchor):
                step = self.dawg.step(node, letter_code(cells[c].upper()))
                if step is None:
                    return
                node = step[0]
            self._extend(lane, anchor, anchor, node, False, [], direction, start)
            return
        limit = 0
        c = anchor - 1
        while c >= 0 and c > previous and cells[c] == EMPTY:
            limit += 1
            c -= 1
        self._left(lane, anchor, self.dawg.root, [], limit, direction)

    def _tiles_for(self, code: int, mask: int) -> list[str | None]:
        """Rack tiles that can stand for letter ``code`` here: None for the letter itself,
        or the one wildcard kind used (any kind gives the same placement)."""
        bit = 1 << code
        if not mask & bit:
            return []
        out: list[str | None] = [None] if self.counts[code] else []
        wild = self.wild
        for kind in (WILD_VOWEL, WILD_CONSONANT, WILD_ANY):
            if wild[kind] and _WILD_MASKS[kind] & bit:
                out.append(kind)
                break
        return out

    def _take(self, code: int, kind: str | None) -> None:
        if kind is None:
            self.counts[code] -= 1
        else:
            self.wild[kind] -= 1

    def _give(self, code: int, kind: str | None) -> None:
        if kind is None:
            self.counts[code] += 1
        else:
            self.wild[kind] += 1

    def _children(self, node: int) -> list[tuple[int, int, int]]:
        """(code, value, child) of every edge out of ``node`` that the rack could use."""
        if node == 0:
            return []
        edges, counts = self.edges, self.counts
        any_wild = any(self.wild.values())
        out = []
        i = node
        while True:
            value = edges[i]
            code = value & 31
            if any_wild or counts[code]:
                out.append((code, value, value >> _SHIFT))
            if value & _LAST:
                return out
            i += 1

    def _left(self, lane: _Lane, anchor: int, node: int, placed: list[tuple[int, str, bool]],
              limit: int, direction: str) -> None:
        start = anchor - len(placed)
        shifted = [(start + i, letter, wild) for i, (_, letter, wild) in enumerate(placed)]
        self._extend(lane, anchor, anchor, node, False, shifted, direction, start)
        if limit == 0:
            return
        for code, _value, child in self._children(node):
            letter = ALPHABET[code - 1]
            for kind in self._tiles_for(code, ALL):
                self._take(code, kind)
                self._left(lane, anchor, child, [*placed, (0, letter, kind is not None)],
                           limit - 1, direction)
                self._give(code, kind)

    def _extend(self, lane: _Lane, col: int, anchor: int, node: int, accepts: bool,
                placed: list[tuple[int, str, bool]], direction: str, start: int) -> None:
        cells = lane.cells
        size = len(cells)
        if col < size and cells[col] != EMPTY:
            step = self.dawg.step(node, letter_code(cells[col].upper()))
            if step is not None:
                self._extend(lane, col + 1, anchor, step[0], step[1], placed, direction, start)
            return
        if accepts and placed and col > anchor:
            self._record(lane, placed, direction, start, col)
        if col >= size:
            return
        mask = lane.checks[col]
        if not mask:
            return
        for code, value, child in self._children(node):
            kinds = self._tiles_for(code, mask)
            if not kinds:
                continue
            letter = ALPHABET[code - 1]
            accepted = bool(value & _ACCEPTS)
            for kind in kinds:
                self._take(code, kind)
                self._extend(lane, col + 1, anchor, child, accepted,
                             [*placed, (col, letter, kind is not None)], direction, start)
                self._give(code, kind)

    def _record(self, lane: _Lane, placed: list[tuple[int, str, bool]], direction: str,
                start: int, end: int) -> None:
        r = lane.index
        if direction == ACROSS:
            tiles = tuple(PlacedTile(r, c, letter, wild) for c, letter, wild in placed)
        else:
            tiles = tuple(PlacedTile(c, r, letter, wild) for c, letter, wild in placed)
        by_col = {c: letter for c, letter, _ in placed}
        word = "".join(by_col.get(i) or lane.cells[i].upper() for i in range(start, end))
        placement = Placement(tiles, word, direction)
        self.found.setdefault(placement.key(), placement)


def generate(dawg: Dawg, board: Board, rack: Sequence[str],
             centre: tuple[int, int]) -> list[Placement]:
    """Every legal placement of ``rack`` on ``board`` (words checked, cross-words checked)."""
    return Generator(dawg, board, rack, centre).run()
