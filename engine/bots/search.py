"""Ranked moves: the generator's best placements, with their receipts from ``preview``.

The generator totals placements with the same numbers as :mod:`engine.scoring` (band, chain
and Âncoras included) and a test holds every total to ``preview``; the moves returned carry
``preview``'s own breakdown, so a bot's idea of a move's worth is the player's receipt. Ties
are broken by main word and squares so that the ranking, and a bot's choice, are reproducible.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine import chain as chains
from engine.board import Board, Layout
from engine.bots.dawg import Dawg
from engine.bots.movegen import Placement, Scored, ScoreModel, best
from engine.bots.themegraph import known_graph, theme_graph, theme_words
from engine.bots.vocabulary import KNOWN, Vocabulary, known_words_graph
from engine.match import Resources, affinity, preview
from engine.moves import square_name
from engine.rules import Band, RuleSet
from engine.scoring import Breakdown, band_weight
from engine.state import MatchState


@dataclass(frozen=True)
class RankedMove:
    placement: Placement
    breakdown: Breakdown

    @property
    def score(self) -> int:
        return self.breakdown.total

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


#: A leave's value, and the largest leave values once n tiles of a rack are spent.
LeaveModel = tuple[Callable[[Sequence[str]], float], tuple[float, ...]]


@functools.cache
def _bonus_table(rows: tuple[str, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """(letter ×, word ×) per square of a layout, built once per layout."""
    layout, size = Layout(rows), len(rows)
    return tuple(tuple(layout.bonus(r, c)[:2] for c in range(size)) for r in range(size))


def score_model(rules: RuleSet, state: MatchState, seat: int, res: Resources,
                vocabulary: Vocabulary = None,
                leave: LeaveModel | None = None) -> ScoreModel:
    """The numbers a move's value needs, for ``seat`` in ``state``; with ``vocabulary``, for
    a player who knows only that many of the most common words and its theme words, or the
    known words (:data:`KNOWN`); with none, for one who knows every word."""
    player = state.seats[seat]
    factors: dict[str, int] = {}

    def factor(word: str) -> int:
        found = factors.get(word)
        if found is None:
            found_affinity = affinity(state, player, word, res)
            band = found_affinity.band
            _, step = chains.after_play(rules, player.chain, band, found_affinity.roots,
                                        protected=player.golden_round == state.round)
            found = factors[word] = band_weight(rules, band, False) * step.bonus_pct
        return found

    best_chain = max(100, rules.chain_bonus_for(player.chain.length + 1))
    factor_max = max(band_weight(rules, band, False) * (best_chain if band >= Band.QUENTE else 100)
                     for band in Band)
    themed = theme_words(state, player, res)
    themed_graph = theme_graph(state, player, res)
    known: Callable[[str], bool] | None = None
    graph = None
    if vocabulary == KNOWN:
        # The master and the review: the known words, the library's theme words among them.
        graph = known_words_graph()
        known = graph.__contains__
    elif vocabulary is not None:
        # A player who knows few words plays those and the theme's, along the line and
        # across it: every word its move makes is one it knows.
        words, graph = known_graph(state, player, res, vocabulary)
        known = words.__contains__
    return ScoreModel(
        values=dict(rules.tile_values),
        bonus=_bonus_table(rules.layout),
        length_bonus=tuple(rules.length_bonus), factor=factor, factor_max=factor_max,
        blocked=frozenset((r, c) for r, c, owner in state.anchors if owner != seat),
        known=known, graph=graph, cross_graph=graph,
        theme_words=themed,
        theme_graph=themed_graph,
        plain_factor=band_weight(rules, Band.FRIO, False) * 100,
        leave=leave[0] if leave is not None else None,
        leave_bounds=leave[1] if leave is not None else (),
    )


def candidates(
    rules: RuleSet, state: MatchState, seat: int, res: Resources, dawg: Dawg, *,
    top: int | None, margin: int = 0, vocabulary: Vocabulary = None,
    leave: LeaveModel | None = None,
) -> list[Scored]:
    """The scored placements of ``seat``'s rack: the ``top`` best and those within ``margin``
    of the ``top``-th (every one when ``top`` is None), best first; with ``vocabulary``, only
    the moves whose every word (along the line and across it) is among that many of the most
    common or is one of the player's theme words; with ``leave``, "best" is by total plus
    leave."""
    model = score_model(rules, state, seat, res, vocabulary, leave)
    return best(dawg, Board(state.board), state.seats[seat].rack, rules.centre, model, top,
                margin)


def ranked_moves(
    rules: RuleSet, state: MatchState, seat: int, resources: Resources | None = None,
    *, dawg: Dawg | None = None, top: int | None = None,
) -> list[RankedMove]:
    """The legal moves of ``seat``'s rack, best first (all of them, or the ``top`` best),
    each with its receipt from ``preview``."""
    res = resources if resources is not None else Resources.default()
    graph = dawg if dawg is not None else Dawg.default()
    scored = candidates(rules, state, seat, res, graph, top=top)
    return [RankedMove(item.placement,
                       preview(rules, state, seat, item.placement.tiles, resources=res))
            for item in scored[:top]]
