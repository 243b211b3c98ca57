"""Ranked moves on the real lexicon: engine-exact scores, reproducible order, golden lists."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine.board import Board
from engine.bots.dawg import Dawg
from engine.bots.movegen import best, generate
from engine.bots.search import ranked_moves, score_model
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
        assert preview(rules, state, 0, move.placement.tiles, resources=RES) == move.breakdown
    scores = [m.score for m in moves]
    assert scores == sorted(scores, reverse=True)
    assert [m.to_json() for m in ranked_moves(rules, state, 0, RES, top=10)] == \
        [m.to_json() for m in moves[:10]]


def test_the_best_move_is_the_true_best_of_the_brute_force_player() -> None:
    rules, state, _ = parse_position(POSITIONS["early-classic"], need_move=False)
    best = ranked_moves(rules, state, 0, RES, top=1)[0]
    found = find_play(rules, state, 0, RES, longest=4, anchors=8)
    assert found is not None
    assert best.score >= preview(rules, state, 0, found, resources=RES).total


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_generated_totals_equal_preview_totals(name: str) -> None:
    rules, state, _ = parse_position(POSITIONS[name], need_move=False)
    model = score_model(rules, state, 0, RES)
    scored = best(Dawg.default(), Board(state.board), state.seats[0].rack, rules.centre, model)
    assert len(scored) > 50
    for item in scored[::3]:
        breakdown = preview(rules, state, 0, item.placement.tiles, resources=RES)
        assert (item.total, item.main) == (breakdown.total, breakdown.main.word)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_pruned_search_finds_the_best_of_the_full_list(name: str) -> None:
    rules, state, _ = parse_position(POSITIONS[name], need_move=False)
    model = score_model(rules, state, 0, RES)
    board, rack = Board(state.board), state.seats[0].rack
    every = best(Dawg.default(), board, rack, rules.centre, model)
    for top in (1, 5):
        cut = sorted((s.total for s in every), reverse=True)[top - 1]
        found = best(Dawg.default(), board, rack, rules.centre, model, top)
        assert {s.placement.key() for s in found} == \
            {s.placement.key() for s in every if s.total >= cut}


def test_no_placement_is_generated_twice() -> None:
    rules, state, _ = parse_position(POSITIONS["middle-praia"], need_move=False)
    placements = generate(Dawg.default(), Board(state.board), state.seats[0].rack, rules.centre)
    assert len({p.key() for p in placements}) == len(placements)


def test_squares_reserved_by_another_seats_ancora_stay_empty() -> None:
    rules, state, _ = parse_position(POSITIONS["early-classic"], need_move=False)
    free = ranked_moves(rules, state, 0, RES, top=1)[0]
    square = (free.placement.tiles[0].row, free.placement.tiles[0].col)
    anchored = replace(state, anchors=((*square, 1),))
    moves = ranked_moves(rules, anchored, 0, RES)
    assert moves
    assert all((t.row, t.col) != square for m in moves for t in m.placement.tiles)


def test_a_reserved_square_loses_exactly_the_moves_through_it() -> None:
    """A square another seat's Âncora reserves stops words at it, and only those: every
    other move is still found (a left part stops there, and its anchors take no tile)."""
    from engine.bots.search import candidates

    rules, state, _ = parse_position(POSITIONS["early-classic"], need_move=False)
    every = candidates(rules, state, 0, RES, Dawg.default(), top=None)
    for tile in (every[0].placement.tiles[0], every[len(every) // 2].placement.tiles[-1]):
        square = (tile.row, tile.col)
        anchored = replace(state, anchors=((*square, 1),))
        kept = candidates(rules, anchored, 0, RES, Dawg.default(), top=None)
        expected = {s.placement.key() for s in every
                    if all((t.row, t.col) != square for t in s.placement.tiles)}
        assert 0 < len(expected) < len(every)
        assert {s.placement.key() for s in kept} == expected


def test_a_vocabulary_search_finds_exactly_the_known_moves_of_the_full_list() -> None:
    """Searching the vocabulary's graph loses nothing: it equals filtering every move by
    its words (the one along its line and the main word), and its best are the best of
    that filtered list."""
    from engine.bots.search import candidates
    from engine.bots.vocabulary import vocabulary_words

    rules, state, _ = parse_position(POSITIONS["middle-praia"], need_move=False)
    known = vocabulary_words(8_000)
    every = candidates(rules, state, 0, RES, Dawg.default(), top=None)
    kept = {s.placement.key() for s in every
            if s.placement.word in known and s.main in known}
    assert 0 < len(kept) < len(every)
    listed = candidates(rules, state, 0, RES, Dawg.default(), top=None, vocabulary=8_000)
    assert {s.placement.key() for s in listed} == kept
    totals = sorted((s.total for s in listed), reverse=True)
    best = candidates(rules, state, 0, RES, Dawg.default(), top=3, vocabulary=8_000)
    assert {s.placement.key() for s in best} == \
        {s.placement.key() for s in listed if s.total >= totals[2]}


def test_a_tema_pessoal_joins_the_theme_pass() -> None:
    """With a Tema Pessoal, the words of both themes are searched as theme words: the best
    moves still match the full list and preview."""
    from engine.bots.search import candidates
    from engine.bots.themegraph import theme_words

    rules, state, _ = parse_position(POSITIONS["middle-praia"], need_move=False)
    seat = replace(state.seats[0], personal_theme="futebol")
    state = state.with_seat(0, seat)
    words = theme_words(state, seat, RES)
    assert words is not None
    assert words == RES.themes.get("mar-e-praia").words(RES.lexicon) | \
        RES.themes.get("futebol").words(RES.lexicon)
    every = candidates(rules, state, 0, RES, Dawg.default(), top=None)
    totals = sorted((s.total for s in every), reverse=True)
    top = candidates(rules, state, 0, RES, Dawg.default(), top=5)
    assert {s.placement.key() for s in top} == \
        {s.placement.key() for s in every if s.total >= totals[4]}
    for item in top:
        assert item.total == preview(rules, state, 0, item.placement.tiles, resources=RES).total
