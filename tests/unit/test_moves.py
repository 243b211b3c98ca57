"""Placement validation: one line, no gaps, the centre first, connected, from the rack."""

from __future__ import annotations

import pytest

from engine.board import Board
from engine.errors import RuleError
from engine.match import preview
from engine.moves import PlacedTile, placement_from_word, shape_of, square_name
from engine.rules import RuleSet
from tests.helpers import position, resources

RULES = RuleSet.classic()


def tiles(*spec: tuple[int, int, str]) -> list[PlacedTile]:
    return [PlacedTile(r, c, ch.upper(), wild=ch.islower()) for r, c, ch in spec]


def code_of(state_board: list[tuple[int, int, str, str]], placed: list[PlacedTile],
            rack: str = "CASADOS") -> str:
    state = position(board=state_board, racks=[rack], rules=RULES)
    with pytest.raises(RuleError) as caught:
        preview(RULES, state, 0, placed, resources=resources())
    return caught.value.code


def test_square_names_follow_the_board_edges() -> None:
    assert square_name(10, 10) == "K11"
    assert square_name(0, 0) == "A1"
    assert square_name(20, 20) == "U21"


def test_first_move_must_cover_the_centre() -> None:
    assert code_of([], tiles((0, 0, "C"), (0, 1, "A"), (0, 2, "S"), (0, 3, "A"))) == "move.centre"


def test_first_move_covering_the_centre_is_legal() -> None:
    state = position(racks=["CASADOS"], rules=RULES)
    placed = placement_from_word(Board(state.board), 10, 8, "across", "CASA")
    assert preview(RULES, state, 0, placed, resources=resources()).total > 0


def test_a_single_letter_is_not_a_word() -> None:
    assert code_of([], tiles((10, 10, "A"))) == "move.too_short"


def test_tiles_must_be_in_one_line() -> None:
    placed = tiles((10, 10, "C"), (11, 11, "A"))
    assert code_of([], placed) == "move.not_in_line"


def test_no_gaps_unless_board_tiles_fill_them() -> None:
    assert code_of([], tiles((10, 9, "C"), (10, 10, "A"), (10, 12, "A"))) == "move.gap"
    board = [(10, 10, "across", "A")]
    state = position(board=board, racks=["CSAEEOO"], rules=RULES)
    # C _ S A on row 10: the board's A at K11 fills the gap.
    placed = tiles((10, 9, "C"), (10, 11, "S"), (10, 12, "A"))
    breakdown = preview(RULES, state, 0, placed, resources=resources())
    assert breakdown.main.word == "CASA"


def test_later_moves_must_touch_the_board() -> None:
    board = [(10, 9, "across", "CASA")]
    assert code_of(board, tiles((2, 2, "A"), (2, 3, "S"))) == "move.not_connected"


def test_occupied_off_board_duplicate_and_bad_letters_are_named() -> None:
    board = [(10, 9, "across", "CASA")]
    assert code_of(board, tiles((10, 10, "A"))) == "move.occupied"
    assert code_of(board, tiles((21, 0, "A"))) == "move.off_board"
    assert code_of(board, tiles((9, 9, "A"), (9, 9, "S"))) == "move.duplicate_square"
    bad = [PlacedTile(9, 9, "Ç")]
    assert code_of(board, bad) == "move.bad_letter"
    assert code_of(board, []) == "move.empty"


def test_every_formed_word_must_be_in_the_lexicon_and_is_named() -> None:
    board = [(10, 9, "across", "CASA")]
    state = position(board=board, racks=["XQZAAEE"], rules=RULES)
    with pytest.raises(RuleError) as caught:
        preview(RULES, state, 0, tiles((9, 9, "X"), (9, 10, "Q")), resources=resources())
    assert caught.value.code == "move.not_a_word"
    assert "XQ" in caught.value.message


def test_tiles_must_come_from_the_rack() -> None:
    assert code_of([], tiles((10, 9, "C"), (10, 10, "A"), (10, 11, "S"), (10, 12, "A")),
                   rack="BBBBBBB") == "move.not_in_rack"


def test_a_wildcard_needs_a_wildcard_tile() -> None:
    placed = tiles((10, 9, "c"), (10, 10, "A"), (10, 11, "S"), (10, 12, "A"))
    assert code_of([], placed, rack="CASADOS") == "move.not_in_rack"
    state = position(racks=[["?", "A", "S", "A"]], rules=RULES)
    assert preview(RULES, state, 0, placed, resources=resources()).main.word == "CASA"


def test_main_word_and_cross_words_are_extracted() -> None:
    board = Board.empty(21).with_tiles([(10, 9, "C"), (10, 10, "A"), (10, 11, "S"), (10, 12, "A")])
    shape = shape_of(RULES, board, tiles((9, 11, "A"), (9, 12, "S")))
    assert shape.main.text == "AS"
    assert sorted(w.text for w in shape.words[1:]) == ["AS", "SA"]


def test_single_tile_takes_the_longer_word_as_main() -> None:
    board = Board.empty(21).with_tiles([(10, 9, "C"), (10, 10, "A"), (10, 11, "S")])
    shape = shape_of(RULES, board, tiles((10, 12, "A")))
    assert shape.main.text == "CASA"
    assert shape.direction == "across"


def test_placement_from_word_reuses_board_tiles_and_rejects_conflicts() -> None:
    board = Board.empty(21).with_tiles([(10, 10, "A")])
    placed = placement_from_word(board, 10, 9, "across", "CASA")
    assert [(t.col, t.letter) for t in placed] == [(9, "C"), (11, "S"), (12, "A")]
    with pytest.raises(RuleError) as caught:
        placement_from_word(board, 10, 9, "across", "COSA")
    assert caught.value.code == "move.conflict"
    with pytest.raises(RuleError):
        placement_from_word(board, 10, 19, "across", "CASA")


def _refusal(board: list[tuple[int, int, str, str]], placed: list[PlacedTile],
             rack: str = "CASADOS") -> tuple[str, tuple[int, int] | None]:
    state = position(board=board, racks=[rack], rules=RULES)
    with pytest.raises(RuleError) as caught:
        preview(RULES, state, 0, placed, resources=resources())
    return caught.value.code, caught.value.square


def test_a_refusal_about_one_square_names_it_for_the_page() -> None:
    casa = [(10, 8, "across", "CASA")]  # I11–L11
    # The first play misses the centre: the centre is named.
    assert _refusal([], tiles((0, 0, "C"), (0, 1, "A"))) == ("move.centre", (10, 10))
    # A tile on a board tile: that square.
    assert _refusal(casa, tiles((10, 9, "S"))) == ("move.occupied", (10, 9))
    # Two tiles on one square: that square.
    assert _refusal([], tiles((10, 10, "C"), (10, 10, "A"))) == ("move.duplicate_square",
                                                                 (10, 10))
    # A hole after the main word (K11 A, L11 empty, M11 S): the empty square.
    assert _refusal([], tiles((10, 9, "C"), (10, 10, "A"), (10, 12, "S"))) == ("move.gap",
                                                                             (10, 11))
    # ... and before it.
    assert _refusal([], tiles((10, 7, "C"), (10, 9, "A"), (10, 10, "S"))) == ("move.gap",
                                                                            (10, 8))
    # A word that is not one: where it starts (SCASA is not a word; it starts at H11).
    assert _refusal(casa, tiles((10, 7, "S"))) == ("move.not_a_word", (10, 7))
    # A refusal about no square names none.
    assert _refusal(casa, tiles((0, 0, "C"), (0, 1, "A"))) == ("move.not_connected", None)
