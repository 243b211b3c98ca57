"""Ranked moves on the real lexicon: engine-exact scores, reproducible order, golden lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.board import Board
from engine.bots.dawg import Dawg
from engine.bots.movegen import generate
from engine.bots.search import QuickScorer, ranked_moves
from engine.match import preview
from engine.position import parse_position
from tests.helpers import find_play, resources

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
RES = resources()


def _rows(*words: tuple[int, int, str, str]) -> list[str]:
    board = Board.empty(21)
    for row, col, direction, word in words:
        dr, dc = (0, 1) if direction == "across" else (1, 0)
        board = board.with_tiles((row + dr * i, col + dc * i, ch) for i, ch in enumerate(word))
    return list(board.rows)


POSITIONS = {
    "opening-futebol": {"board": _rows(), "rack": list("BOLAGET"), "theme": "futebol"},
    "early-classic": {"rules": "classic", "board": _rows((10, 8, "across", "CASA"),
                                                         (7, 9, "down", "MESA")),
                      "rack": list("RATOS")},
    "middle-praia": {"board": _rows((10, 6, "across", "ONDAS"), (8, 8, "down", "MADEIRA"),
                                    (14, 5, "across", "AREIA")),
                     "rack": ["S", "O", "L", "M", "?V"], "theme": "mar-e-praia"},
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_ranked_moves_match_the_golden_lists(name: str, update_golden: bool) -> None:
    rules, state, _ = parse_position(POSITIONS[name], need_move=False)
    moves = [m.to_json() for m in ranked_moves(rules, state, 0, RES, top=25)]
    path = GOLDEN / f"moves-{name}.json"
    if update_golden:
        path.write_text(json.dumps(moves, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    assert path.exists(), f"{path.name} missing: run pytest --update-golden once and review it"
    assert moves == json.loads(path.read_text(encoding="utf-8"))


def test_every_ranked_move_scores_exactly_as_preview() -> None:
    rules, state, _ = parse_position(POSITIONS["early-classic"], need_move=False)
    moves = ranked_moves(rules, state, 0, RES)
    assert len(moves) > 50
    for move in moves[::7]:
        assert preview(rules, state, 0, move.placement.tiles, RES) == move.breakdown
    scores = [m.score for m in moves]
    assert scores == sorted(scores, reverse=True)
    assert [m.to_json() for m in ranked_moves(rules, state, 0, RES, top=10)] == \
        [m.to_json() for m in moves[:10]]


def test_the_best_move_is_the_true_best_of_the_brute_force_player() -> None:
    rules, state, _ = parse_position(POSITIONS["early-classic"], need_move=False)
    best = ranked_moves(rules, state, 0, RES, top=1)[0]
    found = find_play(rules, state, 0, RES, longest=4, anchors=8)
    assert found is not None
    assert best.score >= preview(rules, state, 0, found, RES).total


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_quick_totals_equal_preview_totals(name: str) -> None:
    rules, state, _ = parse_position(POSITIONS[name], need_move=False)
    scorer = QuickScorer(rules, state, 0, RES)
    placements = generate(Dawg.default(), Board(state.board), state.seats[0].rack, rules.centre)
    for placement in placements[::5]:
        breakdown = preview(rules, state, 0, placement.tiles, RES)
        assert scorer.score(placement) == (breakdown.total, breakdown.main.word)
