"""Ranked moves on the real lexicon: engine-exact scores, reproducible order, golden lists.

The golden lists, ``tests/golden/moves-NAME.txt``, hold the 25 best moves of the positions of
:data:`tests.positions.GOLDEN`, best first, one line per move::

    H12 → TOSAR 19 Frio

the main word's start square, ``→`` across or ``↓`` down, the main word as it lies on the board
after the move (lower case for a wildcard tile, the move's or the board's), the score and the
band, and last the spelling shown to players when it is not the word in lower case (``ação``
for ACAO). A header of ``#`` lines names the position (rules, theme, rack, and the whole of it
in the one-line notation of docs/position-format.md).

The test compares the file with the lines the generator's moves give today, so any change of
word, square, direction, score, band, spelling or order fails it. A line does not list the
tiles: it does not need to, since the move's tiles are exactly the squares of its word that are
empty on the position's board, with the word's letters and case. The test checks that of every
move (the tiles ``placement_from_word`` rebuilds from the line are the move's own), so which
tiles are new and which are reused board tiles, and which are wildcards, is held by the file
too.

When a change of the search or of the scoring is meant to change the lists, rewrite them with
``pytest tests/unit/test_search.py --update-golden`` and review the diff before committing.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine.board import Board
from engine.bots.dawg import Dawg
from engine.bots.movegen import best, generate
from engine.bots.search import RankedMove, ranked_moves, score_model
from engine.match import preview
from engine.moves import placement_from_word
from engine.position import ARROWS, PositionData, format_notation, parse_square
from tests.helpers import find_play, resources
from tests.positions import GOLDEN, state_of

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden"
RES = resources()
_DIRECTION = {arrow: direction for direction, arrow in ARROWS.items()}


def golden_line(move: RankedMove) -> str:
    """A move as its golden list writes it (see the module's docstring)."""
    main = move.breakdown.main
    word = "".join(ls.letter.lower() if ls.wildcard else ls.letter for ls in main.letters)
    line = f"{main.start} {ARROWS[main.direction]} {word} {move.score} {move.breakdown.band.label}"
    return line if main.display == main.word.lower() else f"{line} {main.display}"


def golden_text(name: str, position: PositionData, moves: list[RankedMove]) -> str:
    header = [
        f"# The {len(moves)} best moves of position {name}, best first (ranked_moves).",
        f"# rules: {position.rules}, theme: {position.theme or '-'}, "
        f"rack: {' '.join(position.rack)}",
        f"# position: {format_notation(position)}",
        "# Each line: start square, → across or ↓ down, the main word as it lies after the move",
        "# (lower case: a wildcard tile), score, band, and the spelling shown if it differs.",
        "# Rewrite: pytest tests/unit/test_search.py --update-golden, then review the diff.",
    ]
    return "\n".join([*header, *map(golden_line, moves)]) + "\n"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_ranked_moves_match_the_golden_lists(name: str, update_golden: bool) -> None:
    rules, state = state_of(GOLDEN[name])
    moves = ranked_moves(rules, state, 0, RES, top=25)
    text = golden_text(name, GOLDEN[name], moves)
    path = GOLDEN_DIR / f"moves-{name}.txt"
    if update_golden:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path.name} missing: run pytest --update-golden once and review it"
    assert path.read_text(encoding="utf-8").splitlines() == text.splitlines()
    board = Board(state.board)
    for move in moves:
        start, arrow, word = golden_line(move).split()[:3]
        row, col = parse_square(start, board.size)
        assert placement_from_word(board, row, col, _DIRECTION[arrow], word) == \
            list(move.placement.tiles), golden_line(move)


def test_every_ranked_move_scores_exactly_as_preview() -> None:
    rules, state = state_of(GOLDEN["early-classic"])
    moves = ranked_moves(rules, state, 0, RES)
    assert len(moves) > 50
    for move in moves[::7]:
        assert preview(rules, state, 0, move.placement.tiles, resources=RES) == move.breakdown
    scores = [m.score for m in moves]
    assert scores == sorted(scores, reverse=True)
    assert [m.to_json() for m in ranked_moves(rules, state, 0, RES, top=10)] == \
        [m.to_json() for m in moves[:10]]


def test_the_best_move_is_the_true_best_of_the_brute_force_player() -> None:
    rules, state = state_of(GOLDEN["early-classic"])
    best = ranked_moves(rules, state, 0, RES, top=1)[0]
    found = find_play(rules, state, 0, RES, longest=4, anchors=8)
    assert found is not None
    assert best.score >= preview(rules, state, 0, found, resources=RES).total


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_generated_totals_equal_preview_totals(name: str) -> None:
    rules, state = state_of(GOLDEN[name])
    model = score_model(rules, state, 0, RES)
    scored = best(Dawg.default(), Board(state.board), state.seats[0].rack, rules.centre, model)
    assert len(scored) > 50
    for item in scored[::3]:
        breakdown = preview(rules, state, 0, item.placement.tiles, resources=RES)
        assert (item.total, item.main) == (breakdown.total, breakdown.main.word)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_pruned_search_finds_the_best_of_the_full_list(name: str) -> None:
    rules, state = state_of(GOLDEN[name])
    model = score_model(rules, state, 0, RES)
    board, rack = Board(state.board), state.seats[0].rack
    every = best(Dawg.default(), board, rack, rules.centre, model)
    for top in (1, 5):
        cut = sorted((s.total for s in every), reverse=True)[top - 1]
        found = best(Dawg.default(), board, rack, rules.centre, model, top)
        assert {s.placement.key() for s in found} == \
            {s.placement.key() for s in every if s.total >= cut}


def test_no_placement_is_generated_twice() -> None:
    rules, state = state_of(GOLDEN["middle-praia"])
    placements = generate(Dawg.default(), Board(state.board), state.seats[0].rack, rules.centre)
    assert len({p.key() for p in placements}) == len(placements)


def test_squares_reserved_by_another_seats_ancora_stay_empty() -> None:
    rules, state = state_of(GOLDEN["early-classic"])
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

    rules, state = state_of(GOLDEN["early-classic"])
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
    """Searching the vocabulary's graphs loses nothing: it equals filtering every move by
    all its words (the one along its line and those across it) being common or the theme's,
    and its best are the best of that filtered list."""
    from engine.bots.search import candidates
    from engine.bots.themegraph import theme_words
    from engine.bots.vocabulary import vocabulary_words

    rules, state = state_of(GOLDEN["middle-praia"])
    known = vocabulary_words(8_000) | (theme_words(state, state.seats[0], RES) or frozenset())
    every = candidates(rules, state, 0, RES, Dawg.default(), top=None)
    kept = {s.placement.key() for s in every
            if all(w.word in known for w in preview(rules, state, 0, s.placement.tiles,
                                                    resources=RES).words)}
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

    rules, state = state_of(GOLDEN["middle-praia"])
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
