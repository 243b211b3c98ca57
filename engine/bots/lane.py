"""The search along one lane of the board: from each anchor, the left parts and the extend loop.

A lane is a row for across moves; columns are read by transposing the board, so both
directions share this one code path. From each anchor, a unit takes every left part of its
length from the hand (or the board tiles already to its left), then extends right through
board tiles and hand tiles, following the word graph and the cross-checks, and records each
word that ends on an empty square or the edge, with its total carried along the way.

The lane's squares, cross words and multipliers are its :class:`LaneSnapshot`, worked out
before the search; the hand it takes tiles from, the threshold and the moves it keeps are the
search's state (:mod:`engine.bots.search_state`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.board import ACROSS, DOWN
from engine.bots.letterbits import LETTER_BITS, letter_bits
from engine.bots.scored import (
    OTHER_WORDS,
    THEME_WORDS,
    WILD_MASKS,
    Placement,
    Scored,
    ScoreModel,
)
from engine.bots.search_state import PlacedCode, SearchState
from engine.bots.snapshot import LaneSnapshot, Snapshot
from engine.moves import PlacedTile
from engine.rules import ALPHABET


class Lane(LaneSnapshot):
    """A lane's squares (:class:`LaneSnapshot`) and the search along it, which takes tiles
    from the hand of ``state`` and keeps the moves it finds there."""

    __slots__ = ("state",)

    def __init__(self, snapshot: Snapshot, state: SearchState, direction: str, index: int,
                 cells: str, crosses: Sequence[str], occupied: int, beside: int) -> None:
        # (the base class by name: no super object to make, for some 27 lanes a turn)
        LaneSnapshot.__init__(self, snapshot, direction, index, cells, crosses, occupied,
                              beside)
        self.state = state

    # -- generation ------------------------------------------------------------------------

    def unit(self, anchor: int, left_length: int) -> None:
        """Every move from ``anchor`` whose left part (from the rack) has ``left_length``
        tiles."""
        state = self.state
        if anchor > 0 and self.codes[anchor - 1]:  # a tile just before the anchor
            self._after_board_tiles(anchor)
            return
        allowed = self.checks[anchor] & self.snapshot.usable
        # (read here, not through a call: a bounded search lists them all before its units)
        listed = state.listed_parts
        parts = (listed[left_length] if left_length < len(listed)
                 else state.left_parts(left_length))
        if not allowed or not parts:
            return
        start = anchor - left_length
        values, letter_multipliers = self.values, self.letter_multipliers
        # With board tiles just after the anchor, the anchor's letter must lead through them.
        run = self.follow[anchor][0]
        placed = state.placed
        leads = state.nodes.leading[run] if run else None  # by node: the letters into the run
        # the left squares' word multipliers, added
        word_multiplier = 1 + sum(self.word_multipliers[start:anchor]) - left_length
        counts, wild, wildmask = state.counts, state.wild, state.wildmask
        for node, part, reach, letters_after, wildmask_after in parts:
            if not reach & allowed or (leads is not None and not leads[node] & reach & allowed):
                continue
            main_letters_sum = 0
            col = start
            for code, kind in part:  # take the left part from the hand
                if kind < 0:
                    counts[code] -= 1
                    main_letters_sum += values[code] * letter_multipliers[col]
                else:
                    wild[kind] -= 1
                placed.append((col, code, kind >= 0))
                col += 1
            state.wildmask = wildmask_after
            self._extend(anchor, start, anchor, node, 0, main_letters_sum, word_multiplier, 0,
                         0, placed, letters_after)
            for code, kind in part:  # and put it back
                if kind < 0:
                    counts[code] += 1
                else:
                    wild[kind] += 1
            state.wildmask = wildmask
            placed.clear()

    def _after_board_tiles(self, anchor: int) -> None:
        """The moves whose left part is the run of board tiles touching ``anchor``."""
        start = anchor - 1
        while start > 0 and self.codes[start - 1]:
            start -= 1
        run, _, points, _ = self.runs[start]
        state = self.state
        after_run = state.nodes.through[run][state.graph.root]
        if after_run >= 0:
            self._extend(anchor, start, anchor, after_run >> 1, 0, points, 1, 0, 0,
                         state.placed, self.snapshot.letters)

    def _extend(  # noqa: PLR0912, PLR0915 (the innermost loop: a helper call costs a frame)
            self, anchor: int, start: int, col: int, node: int, accepts: int,
            main_letters_sum: int, word_multiplier: int, cross_words_sum: int,
            longest_cross: int, placed: list[PlacedCode], letters: int) -> None:
        """Record the word that ends before ``col`` if it may be kept, then go on with each
        tile in hand that ``col`` allows.

        The word so far starts on ``start`` and ends at ``node`` of the graph (``accepts``:
        it is a word); ``main_letters_sum`` is the points of its letters (each tile's value
        times its letter multiplier), ``word_multiplier`` its word multiplier (one plus what
        each square adds), ``cross_words_sum`` the points of the cross words its tiles make,
        ``longest_cross`` the length of the longest of them (the length bonus goes by the
        longest word a move makes), ``placed`` its tiles from the hand and ``letters`` the
        natural letters still in hand. ``col`` is an empty square or the edge: the caller
        passes a run of board tiles in one step, since it must know the run leads somewhere
        before it makes the call."""
        state = self.state
        # _record's first bound, here: most words fail it, and the call costs more
        tiles_placed = len(placed)
        if accepts and tiles_placed and col > anchor and (
                main_letters_sum * word_multiplier + cross_words_sum
                # the length bonus of the longer of the word and the longest cross word
                + self.bonus_by_length[length if (length := col - start) > longest_cross
                                       else longest_cross]
        ) >= state.floor[tiles_placed]:
            self._record(start, col, main_letters_sum, word_multiplier, cross_words_sum,
                         longest_cross, placed)
        if col >= self.size or node == 0 or tiles_placed >= self.rack_size:
            return
        try:
            mask, children = state.nodes.steps[node]
        except KeyError:
            mask, children = state.nodes.step_of(node)
        wildmask = state.wildmask
        hand = letters | wildmask if wildmask else letters
        options = self.checks[col] & mask & hand
        if not options:
            return
        counts, values = state.counts, self.values
        # this square's multipliers and cross word (length 0: none), and its board tiles'
        # points
        letter_multiplier, square_multiplier = (self.letter_multipliers[col],
                                                self.word_multipliers[col])
        cross_length, cross_tiles_points = self.cross_len[col], self.cross_points[col]
        child_longest_cross = (longest_cross if longest_cross > cross_length
                               else cross_length)
        word_multiplier += square_multiplier - 1
        # A child is worth a call only if its word may end on the square after this one's
        # tile (and the board tiles just after it) or go on from it with a letter still in
        # hand: over half the children lead nowhere, and a call costs more than the test.
        # (checks has a last entry of 0 for the edge.)
        run, next_col, run_points = self.follow[col]
        onward = self.checks[next_col] & hand if tiles_placed + 1 < self.rack_size else 0
        try:
            bits = LETTER_BITS[options]
        except KeyError:
            bits = letter_bits(options)
        if run:  # a child must pass through the run, then end or go on
            through, masks = state.nodes.through[run], state.nodes.masks
            for bit in bits:
                # (the node after the run, shifted, and 1 if it ends a word; -1: no way)
                after_run = through[children[bit][1]]
                if after_run < 0 or not (after_run & 1 or masks[after_run >> 1] & onward):
                    continue
                code = children[bit][0]
                if counts[code]:
                    tile_points = values[code] * letter_multiplier
                    in_hand = counts[code]
                    counts[code] = in_hand - 1
                    placed.append((col, code, False))
                    self._extend(anchor, start, next_col, after_run >> 1, after_run & 1,
                                 main_letters_sum + tile_points + run_points, word_multiplier,
                                 cross_words_sum + ((cross_tiles_points + tile_points)
                                                    * square_multiplier if cross_length else 0),
                                 child_longest_cross, placed,
                                 letters if in_hand > 1 else letters ^ bit)
                    placed.pop()
                    counts[code] = in_hand
                if wildmask and wildmask & bit:
                    self._extend_wild(anchor, start, col, code, next_col, after_run >> 1,
                                      after_run & 1, main_letters_sum + run_points,
                                      word_multiplier,
                                      cross_words_sum + (cross_tiles_points * square_multiplier
                                                         if cross_length else 0),
                                      child_longest_cross, placed, letters)
            return
        for bit in bits:  # each letter both allowed and in the graph, lowest first
            code, child, ends, child_mask = children[bit]
            # A leaf if no letter in hand may follow it, counting the hand after this tile:
            # its letter gone if it was the last one and no wildcard can be it.
            child_onward = child_mask & onward
            leaf = not child_onward or (child_onward == bit and counts[code] == 1 and not (
                wildmask and wildmask & bit))
            if leaf and not ends:
                continue
            in_hand = counts[code]
            if in_hand:
                tile_points = values[code] * letter_multiplier
                if leaf:  # its word is all a call would add: check its bound here
                    child_cross_words_sum = cross_words_sum + (
                        (cross_tiles_points + tile_points) * square_multiplier
                        if cross_length else 0)
                    if (main_letters_sum + tile_points) * word_multiplier \
                            + child_cross_words_sum + self.bonus_by_length[
                                length if (length := next_col - start) > child_longest_cross
                                else child_longest_cross
                            ] >= state.floor[tiles_placed + 1]:
                        counts[code] = in_hand - 1
                        placed.append((col, code, False))
                        self._record(start, next_col, main_letters_sum + tile_points,
                                     word_multiplier, child_cross_words_sum,
                                     child_longest_cross, placed)
                        placed.pop()
                        counts[code] = in_hand
                else:
                    counts[code] = in_hand - 1
                    placed.append((col, code, False))
                    self._extend(anchor, start, next_col, child, ends,
                                 main_letters_sum + tile_points, word_multiplier,
                                 cross_words_sum + ((cross_tiles_points + tile_points)
                                                    * square_multiplier if cross_length else 0),
                                 child_longest_cross, placed,
                                 letters if in_hand > 1 else letters ^ bit)
                    placed.pop()
                    counts[code] = in_hand
            if wildmask and wildmask & bit:  # (most racks have no wildcard: no & then)
                self._extend_wild(anchor, start, col, code, next_col, child, ends,
                                  main_letters_sum, word_multiplier,
                                  cross_words_sum + (cross_tiles_points * square_multiplier
                                                     if cross_length else 0),
                                  child_longest_cross, placed, letters)

    def _extend_wild(self, anchor: int, start: int, col: int, code: int, next_col: int,
                     child: int, ends: int, main_letters_sum: int, word_multiplier: int,
                     cross_words_sum: int, longest_cross: int, placed: list[PlacedCode],
                     letters: int) -> None:
        """Go on from ``next_col`` with a wildcard as ``code`` on ``col`` (the narrowest kind
        that allows it); the other arguments are :meth:`_extend`'s, with the wildcard's
        square counted in (a wildcard has no points)."""
        state, bit = self.state, 1 << code
        for kind in range(3):
            if state.wild[kind] and WILD_MASKS[kind] & bit:
                state.spend_wild(kind, -1)
                placed.append((col, code, True))
                self._extend(anchor, start, next_col, child, ends, main_letters_sum,
                             word_multiplier, cross_words_sum, longest_cross, placed, letters)
                placed.pop()
                state.spend_wild(kind, 1)
                return

    def _record(self, start: int, end: int, main_letters_sum: int, word_multiplier: int,
                cross_words_sum: int, longest_cross: int, placed: list[PlacedCode]) -> None:
        """Keep the word from ``start`` to before ``end`` (its points as :meth:`_extend`
        carries them) if its value can reach the threshold."""
        state = self.state
        tiles_used = len(placed)
        if tiles_used == 1 and self.direction == DOWN and self.cross_len[placed[0][0]]:
            return  # a single tile with an across word: the across lanes list it
        model = self.snapshot.model
        length = end - start
        leave = 0.0
        if model is None:
            total, subtotal, main = 0, 0, ""
        else:
            mode = state.mode
            if mode == THEME_WORDS and tiles_used == 1:
                return  # its main word may be the perpendicular one: the other pass has it
            bonus = self.bonus_by_length[length if length > longest_cross else longest_cross]
            subtotal = main_letters_sum * word_multiplier + cross_words_sum + bonus
            if subtotal < state.floor[tiles_used]:
                return
            if model.leave is not None:
                # The leave it keeps, with the pass's largest factor, before the word is
                # spelt: most words the floor lets through keep a worse leave than its bound.
                leave = state.kept_value()
                if (subtotal * (state.multi_factor if tiles_used > 1 else state.single_factor)
                        + 5000) // 10000 + leave < state.threshold:
                    return
            main = self._main(start, end, placed)
            # (a word the player does not know, or a theme word the theme pass has)
            if (model.known is not None and not model.known(main)) or (
                    factor := _factor(model, mode, main, tiles_used)) < 0:
                return
            total = (subtotal * factor + 5000) // 10000
            if total + leave < state.threshold:
                return
        index = self.index
        if self.direction == ACROSS:
            tiles = tuple(PlacedTile(index, c, ALPHABET[code - 1], w) for c, code, w in placed)
        else:
            tiles = tuple(PlacedTile(c, index, ALPHABET[code - 1], w) for c, code, w in placed)
        word = main if model is not None and tiles_used > 1 else self._word(start, end, placed)
        state.keep(Scored(total, subtotal, main or word, Placement(tiles, word, self.direction),
                          leave))

    def _main(self, start: int, end: int, placed: list[PlacedCode]) -> str:
        """The main word: the lane's, or a single tile's longer perpendicular word."""
        if len(placed) == 1 and self.cross_len[placed[0][0]] > end - start:
            col, code, _ = placed[0]
            return (self.cross_prefix[col] + ALPHABET[code - 1]  # upper case
                    + self.cross_suffix[col])
        return self._word(start, end, placed)

    def _word(self, start: int, end: int, placed: list[PlacedCode]) -> str:
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
