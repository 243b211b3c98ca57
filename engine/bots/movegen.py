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

The generator only plans: what a search reads is its snapshot (:mod:`engine.bots.snapshot`),
what it changes its state (:mod:`engine.bots.search_state`), and the lanes
(:mod:`engine.bots.lane`) and the bounds read those, not the generator.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Generic, TypeVar, cast, overload

from engine.board import ACROSS, DOWN, Board
from engine.bots.bounds import Factors, anchor_bounds, leave_ranges
from engine.bots.dawg import Dawg
from engine.bots.lane import Lane
from engine.bots.letterbits import positions
from engine.bots.scored import OTHER_WORDS, THEME_WORDS, Placement, Scored, ScoreModel
from engine.bots.search_state import LeftPart, SearchState
from engine.bots.snapshot import Snapshot
from engine.bots.squares import LaneSquares, occupancy

__all__ = ["Generator", "Placement", "ScoreModel", "Scored", "best", "generate"]

T = TypeVar("T")


def _transpose(rows: Sequence[str]) -> list[str]:
    return ["".join(column) for column in zip(*rows, strict=True)]


#: (theme-pass bound, other-pass bound, lane, anchor, left tiles): one unit of the search
_Unit = tuple[float, float, Lane, int, int]


class _Read(Generic[T]):
    """An attribute of the generator's snapshot or search state (its ``part``), read through
    the generator: tests look inside a search by these names, the search reads the parts."""

    def __init__(self, part: str, name: str = "") -> None:
        self.part, self.name = part, name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    @overload
    def __get__(self, generator: None, owner: type) -> _Read[T]: ...
    @overload
    def __get__(self, generator: Generator, owner: type) -> T: ...
    def __get__(self, generator: Generator | None, owner: type) -> _Read[T] | T:
        if generator is None:
            return self
        return cast(T, getattr(getattr(generator, self.part), self.name))


class _Shared(_Read[T]):
    """A search state's attribute, read and set through the generator."""

    def __set__(self, generator: Generator, value: T) -> None:
        setattr(getattr(generator, self.part), self.name, value)


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

    What the search reads is its :class:`Snapshot`, what it changes its :class:`SearchState`.
    """

    __slots__ = ("snapshot", "state")

    bonus_by_length = _Read[Sequence[int]]("snapshot")
    extra = _Read[Sequence[float]]("snapshot")
    fits = _Read[Callable[[int, int], bool]]("snapshot")
    squares = _Read[dict[str, LaneSquares]]("snapshot")
    tile_value = _Read[dict[str, int]]("snapshot")
    top_sums = _Read[list[int]]("snapshot")
    usable = _Read[int]("snapshot")
    _subsets = _Read[dict[int, set[int]]]("snapshot", "subsets")
    floor = _Read[list[int]]("state")
    left_parts = _Read[Callable[[int], list[LeftPart]]]("state")
    word_lengths = _Read[int]("state")
    _set_floors = _Read[Callable[[], None]]("state", "set_floors")
    found = _Shared[list[Scored]]("state")
    left_depth = _Shared[int]("state")
    multi_factor = _Shared[int]("state")
    single_factor = _Shared[int]("state")
    threshold = _Shared[float]("state")

    def __init__(self, dawg: Dawg, board: Board, rack: Sequence[str],
                 centre: tuple[int, int], model: ScoreModel | None = None,
                 top: int | None = None, margin: int = 0) -> None:
        self.snapshot = Snapshot(dawg, board, rack, centre, model, top, margin)
        self.state = SearchState(self.snapshot)

    # -- the search ------------------------------------------------------------------------

    def _starts(self) -> list[tuple[Lane, int, int]]:
        """(lane, anchor, left room) of every anchor of the board, both directions, that a
        tile in hand may take."""
        snapshot, state = self.snapshot, self.state
        rows = list(snapshot.board.rows)
        columns = _transpose(rows)
        empty = snapshot.board.is_empty()
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
                    centre_r, centre_c = (snapshot.centre if direction == ACROSS
                                          else snapshot.centre[::-1])
                    anchors: tuple[int, ...] = (centre_c,) if r == centre_r else ()
                else:  # empty squares next to a tile
                    anchors = positions((beside | occupied[r] << 1 | occupied[r] >> 1)
                                        & ~occupied[r] & full)
                if not anchors:
                    continue
                lane = Lane(snapshot, state, direction, r, lanes[r], crosses, occupied[r],
                            beside)
                checks, usable = lane.checks, snapshot.usable
                previous = -1
                for anchor in anchors:
                    # an anchor no tile in hand may take starts no move (a fifth of them)
                    if checks[anchor] & usable:
                        starts.append((lane, anchor, lane.left_room(anchor, previous)))
                    previous = anchor
        return starts

    def run(self) -> list[Scored]:
        snapshot, state = self.snapshot, self.state
        starts = self._starts()
        state.left_depth = max((room for _, _, room in starts), default=0)
        model = snapshot.model
        if model is None or snapshot.top is None:
            for lane, anchor, room in starts:
                for p in range(room + 1):
                    lane.unit(anchor, p)
            return state.found
        split = model.theme_words is not None
        most = model.factor_max
        factors = Factors(theme=most, single=most, rest=model.plain_factor if split else most)
        units: list[_Unit] = []
        rises = all(a <= b for a, b in itertools.pairwise(model.length_bonus))
        # The bounds take the leave bounds rounded up to whole points: looser by under a
        # point, but all-integer arithmetic, which CPython runs several times faster than
        # integers mixed with floats (2% of a master's turn, measured).
        extra_up = [math.ceil(e) for e in snapshot.extra]
        leaves = leave_ranges(extra_up) if rises else None
        # Spans through board tiles that take all the rack's tiles, or all but one, are
        # checked for a word with their letters (not with a wildcard: see fits).
        fits = snapshot.fits if snapshot.subsets else None
        rack_size = snapshot.rack_size
        fits_from = max(2, rack_size - 1) if fits is not None else rack_size + 1
        theme_graph = model.theme_graph if split else None
        theme_walk: tuple[list[list[LeftPart]], int] = ([], -1)
        if theme_graph is not None:  # its left parts, and the theme words the hand can spell
            main = state.graph
            state.use(theme_graph)
            state.left_parts(0)
            theme_walk = (state.listed_parts, state.word_lengths)
            state.use(main)
        state.left_parts(0)  # lists the words of the hand alone too (word_lengths)
        # No left part is longer than the deepest the walk listed (a theme graph's words are
        # words of this graph, so it has none deeper either): no units beyond it.
        deepest = max(p for p, parts in enumerate(state.listed_parts) if parts or not p)
        for lane, anchor, room in starts:
            bounds = anchor_bounds(lane, anchor, room if room < deepest else deepest,
                                   snapshot.top_sums, snapshot.usable,
                                   snapshot.bonus_by_length, factors, extra_up,
                                   state.word_lengths, leaves, theme_walk[1], fits, fits_from)
            for p, (theme, rest) in enumerate(bounds):
                units.append((theme, rest, lane, anchor, p))
        if split:
            state.mode = OTHER_WORDS
            state.multi_factor = model.plain_factor
            state.set_floors()
        self._visit(units, 1)
        if theme_graph is not None:
            state.mode = THEME_WORDS
            state.multi_factor = model.factor_max
            state.set_floors()
            state.use(theme_graph, theme_walk[0])
            self._visit(units, 0)
        return [s for s in state.found if s.value >= state.threshold]

    def _visit(self, units: list[_Unit], which: int) -> None:
        """Run the units best bound first (bound ``which`` of each: 0 for the theme pass, 1
        for the other) until none can reach the threshold."""
        bound = cast(Callable[[_Unit], float], itemgetter(which))  # a unit's bound for the pass
        state = self.state
        parts = state.listed_parts  # listed by run, for this pass's graph
        for unit in sorted(units, key=bound, reverse=True):
            if bound(unit) < state.threshold:
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
