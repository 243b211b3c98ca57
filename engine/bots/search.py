"""Ranked moves: every placement the generator finds, scored by the engine's own ``preview``.

Scoring through ``preview`` (band, chain, cards' Âncoras included) is what makes a bot's
idea of a move's worth identical to the player's receipt. Ties are broken by word and squares
so that the ranking, and a bot's choice, are reproducible.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from engine.board import Board
from engine.bots.dawg import Dawg
from engine.bots.movegen import Placement, generate
from engine.errors import RuleError
from engine.match import Resources, preview
from engine.moves import square_name
from engine.rules import RuleSet
from engine.scoring import Breakdown
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


def ranked_moves(
    rules: RuleSet, state: MatchState, seat: int, resources: Resources | None = None,
    *, dawg: Dawg | None = None, top: int | None = None,
) -> list[RankedMove]:
    """The legal moves of ``seat``'s rack, best first (all of them, or the ``top`` best)."""
    res = resources if resources is not None else Resources.default()
    graph = dawg if dawg is not None else Dawg.default()
    placements = generate(graph, Board(state.board), state.seats[seat].rack, rules.centre)
    moves = []
    for placement in placements:
        try:
            breakdown = preview(rules, state, seat, placement.tiles, res)
        except RuleError:
            continue  # e.g. a square another seat reserved with an Âncora
        moves.append(RankedMove(placement, breakdown))
    if top is not None:
        return heapq.nsmallest(top, moves, key=RankedMove.sort_key)
    return sorted(moves, key=RankedMove.sort_key)
