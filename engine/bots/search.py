"""Ranked moves: every placement the generator finds, scored by the engine's own ``preview``.

Scoring through ``preview`` (band, chain, cards' Âncoras included) is what makes a bot's
idea of a move's worth identical to the player's receipt. Ties are broken by word and squares
so that the ranking, and a bot's choice, are reproducible.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import chain as chains
from engine.board import ACROSS, EMPTY, Board
from engine.bots.dawg import Dawg
from engine.bots.movegen import Placement, generate
from engine.errors import RuleError
from engine.match import Resources, affinity, layout_of, preview
from engine.moves import square_name
from engine.rules import RuleSet
from engine.scoring import Breakdown, band_weight
from engine.state import MatchState


@dataclass(frozen=True)
class RankedMove:
    placement: Placement
    breakdown: Breakdown

    @property
    def score(self) -> int:
        return self.breakdown.total

    def sort_key(self) -> tuple[int, str, tuple[tuple[int, int, str, bool], ...]]:
        tiles = tuple(sorted((t.row, t.col, t.letter, t.wild) for t in self.placement.tiles))
        return -self.score, self.breakdown.main.word, tiles

    def to_json(self) -> dict[str, object]:
        first = min(self.placement.tiles, key=lambda t: (t.row, t.col))
        return {
            "word": self.breakdown.main.word, "display": self.breakdown.main.display,
            "start": self.breakdown.main.start, "direction": self.breakdown.main.direction,
            "tiles": [{"square": square_name(t.row, t.col), "letter": t.letter,
                       "wild": t.wild} for t in self.placement.tiles],
            "first_square": square_name(first.row, first.col),
            "score": self.score, "band": self.breakdown.band.label,
        }


class QuickScorer:
    """The exact total of a generated placement, without building its breakdown.

    It follows the same rules as :mod:`engine.scoring` on plain integers, so ranking thousands
    of placements costs little; the breakdown of the few moves returned comes from ``preview``,
    and a test holds the two to the same totals.
    """

    def __init__(self, rules: RuleSet, state: MatchState, seat: int, res: Resources) -> None:
        self.rules, self.state, self.res = rules, state, res
        self.player = state.seats[seat]
        self.rows = state.board
        self.size = len(self.rows)
        self.values = rules.tile_values
        layout = layout_of(rules)
        self.bonus = [[layout.bonus(r, c)[:2] for c in range(self.size)]
                      for r in range(self.size)]
        self._factors: dict[str, tuple[int, int]] = {}

    def _factor(self, word: str) -> tuple[int, int]:
        """Band weight and chain bonus (hundredths) of a main word, cached per word."""
        found = self._factors.get(word)
        if found is None:
            band = affinity(self.state, self.player, word, self.res).band
            roots = self.res.lexicon.roots(word)
            _, step = chains.after_play(self.rules, self.player.chain, band, roots,
                                        protected=self.player.golden_round == self.state.round)
            found = (band_weight(self.rules, band, False), step.bonus_pct)
            self._factors[word] = found
        return found

    def _word(self, row: int, col: int, dr: int, dc: int,
              placed: dict[tuple[int, int], str]) -> tuple[str, int]:
        """The word through a square along (dr, dc): its letters and its points."""
        rows, size = self.rows, self.size

        def cell(r: int, c: int) -> str | None:
            if not (0 <= r < size and 0 <= c < size):
                return None
            return placed.get((r, c)) or (rows[r][c] if rows[r][c] != EMPTY else None)

        r, c = row, col
        while cell(r - dr, c - dc) is not None:
            r, c = r - dr, c - dc
        letters, total, word_mult = [], 0, 1
        while True:
            value_cell = cell(r, c)
            if value_cell is None:
                break
            letters.append(value_cell.upper())
            value = 0 if value_cell.islower() else self.values[value_cell]
            if (r, c) in placed:
                letter_mult, mult = self.bonus[r][c]
                total += value * letter_mult
                word_mult += mult - 1
            else:
                total += value
            r, c = r + dr, c + dc
        return "".join(letters), total * word_mult

    def total(self, placement: Placement) -> int:
        return self.score(placement)[0]

    def score(self, placement: Placement) -> tuple[int, str]:
        """The placement's exact total and its main word."""
        placed = {(t.row, t.col): t.cell for t in placement.tiles}
        first = placement.tiles[0]
        across = self._word(first.row, first.col, 0, 1, placed)
        down = self._word(first.row, first.col, 1, 0, placed)
        if len(placement.tiles) == 1:
            main_is_across = len(across[0]) >= len(down[0])
        else:
            main_is_across = placement.direction == ACROSS
        main = across if main_is_across else down
        words = [main]
        dr, dc = (1, 0) if main_is_across else (0, 1)
        for tile in placement.tiles:
            cross = self._word(tile.row, tile.col, dr, dc, placed)
            if len(cross[0]) >= 2:
                words.append(cross)
        longest = max(len(w) for w, _ in words)
        subtotal = sum(points for _, points in words) + self.rules.length_bonus_for(longest)
        weight, chain = self._factor(main[0])
        return (subtotal * weight * chain + 5000) // 10000, main[0]


def ranked_moves(
    rules: RuleSet, state: MatchState, seat: int, resources: Resources | None = None,
    *, dawg: Dawg | None = None, top: int | None = None,
) -> list[RankedMove]:
    """The legal moves of ``seat``'s rack, best first (all of them, or the ``top`` best).

    Every placement is totalled by :class:`QuickScorer`; only the moves returned get their
    full breakdown from ``preview``.
    """
    res = resources if resources is not None else Resources.default()
    graph = dawg if dawg is not None else Dawg.default()
    placements = generate(graph, Board(state.board), state.seats[seat].rack, rules.centre)
    scorer = QuickScorer(rules, state, seat, res)
    def key(p: Placement) -> tuple[int, str, tuple[tuple[int, int, str, bool], ...]]:
        total, word = scorer.score(p)
        return -total, word, tuple(sorted((t.row, t.col, t.letter, t.wild) for t in p.tiles))

    order = sorted(placements, key=key)
    moves: list[RankedMove] = []
    for placement in order:
        if top is not None and len(moves) >= top:
            break
        try:
            breakdown = preview(rules, state, seat, placement.tiles, res)
        except RuleError:
            continue  # e.g. a square another seat reserved with an Âncora
        moves.append(RankedMove(placement, breakdown))
    return sorted(moves, key=RankedMove.sort_key)
