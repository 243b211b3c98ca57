"""The post-game review, checked against the engine itself: the best move it reports is the
engine's best move of known words in that exact position, the best move of the highest band
is the best of every such move in that band, and the points left are the difference."""

from __future__ import annotations

from typing import Any

from engine.bots.levels import BotPlayer, bot_rng, level
from engine.bots.search import ranked_moves
from engine.bots.vocabulary import known_words_graph
from engine.commands import Pass
from engine.errors import RuleError
from engine.match import Player, apply, new_match
from engine.review import Position, position_before, review_move, review_summary
from engine.rules import Band, RuleSet
from engine.state import MatchState
from tests.helpers import resources

RES = resources()
RULES = RuleSet.standard().with_settings(cards=False, round_limit=4)


def _positions() -> tuple[MatchState, list[tuple[Position, MatchState, dict[str, Any]]]]:
    """Four rounds of a weak bot (seat 0, the "person") against a strong one, in Animais:
    each of seat 0's moves with the position it was made from."""
    state, _ = new_match(RULES, "revisao", [Player("a", "Ana"), Player("b", "Robô")],
                         seed="revisao", now=0, theme_id="animais", resources=RES)
    bots = [BotPlayer(level(1)), BotPlayer(level(5))]
    out = []
    while not state.finished:
        seat = state.current
        before = state
        command = bots[seat].action(RULES, state, seat, RES, bot_rng(state, seat))
        try:
            state, _ = apply(RULES, state, seat, command, 0, resources=RES)
        except RuleError:
            state, _ = apply(RULES, state, seat, Pass(), 0, resources=RES)
        if seat == 0:
            out.append((position_before(before, 0), before, dict(state.history[-1])))
    return state, out


def test_the_review_reports_the_engines_best_move_and_the_points_left() -> None:
    _, moves = _positions()
    assert len(moves) == 4
    reviews = []
    for position, before, played in moves:
        review = review_move(RULES, position, 0, 2, played, RES)
        reviews.append(review)
        # the review offers only known words: its best is the best of the moves whose every
        # word, along the line and across it, is one (docs/bots.md)
        everything = [m for m in ranked_moves(RULES, before, 0, RES)
                      if all(w.word in known_words_graph() for w in m.breakdown.words)]
        for key in ("best", "best_band"):
            shown = review.get(key)
            if isinstance(shown, dict):
                assert all(w["word"] in known_words_graph() for w in shown["breakdown"]["words"])
        assert review["best"] is not None
        assert review["best"]["score"] == everything[0].score  # type: ignore[index]
        assert review["left"] == everything[0].score - int(played.get("score", 0))
        by_band = {b.label: max((m.score for m in everything if m.breakdown.band == b),
                                default=None) for b in Band}
        top = next((b for b in ("Escaldante", "Quente", "Morno") if by_band[b] is not None),
                   None)
        assert review.get("top_band") == top
        if top is not None and review["best_band"] is not None:
            assert review["best_band"]["band"] == top  # type: ignore[index]
            assert review["best_band"]["score"] == by_band[top]  # type: ignore[index]
        elif top is not None:  # the best move is itself in the top band
            assert review["best"]["band"] == top  # type: ignore[index]
    summary = review_summary(reviews)
    assert summary["left"] == sum(int(r["left"]) for r in reviews) > 0  # the weak bot left points
    assert summary["moves"] == 4


def test_a_position_survives_its_json() -> None:
    _, moves = _positions()
    position = moves[1][0]
    assert Position.from_json(position.to_json()) == position
