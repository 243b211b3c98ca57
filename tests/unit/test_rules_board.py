"""RuleSet factories, the board layout and lanes, the seeded generator, the rack-aware draw."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.board import ACROSS, DOWN, Board, Layout
from engine.rng import Rng
from engine.rules import VOWELS, Band, RuleSet
from engine.tiles import draw, refill, take_from_rack, wildcard_allows


def test_factories_and_their_differences() -> None:
    standard, classic, solo = RuleSet.standard(), RuleSet.classic(), RuleSet.solo()
    assert standard.themed and standard.cards
    assert not classic.themed and not classic.cards
    assert (solo.min_seats, solo.max_seats) == (1, 1)
    assert RuleSet.named("classic") == classic
    with pytest.raises(KeyError):
        RuleSet.named("nope")


def test_board_is_21_by_21_with_the_start_square_in_the_centre() -> None:
    rules = RuleSet.standard()
    layout = Layout(rules.layout)
    assert layout.size == 21
    assert rules.centre == (10, 10)
    assert layout.square(10, 10) == "*"
    assert (layout.letter_multiplier(10, 10), layout.word_multiplier(10, 10)) == (1, 1)


def test_layout_is_symmetric_under_both_axes_and_both_diagonals() -> None:
    rows = RuleSet.standard().layout
    n = len(rows)
    for r in range(n):
        for c in range(n):
            square = rows[r][c]
            assert square == rows[n - 1 - r][c] == rows[r][n - 1 - c]
            assert square == rows[c][r] == rows[n - 1 - c][n - 1 - r]


def test_layout_has_every_kind_of_bonus_square() -> None:
    counts = Counter("".join(RuleSet.standard().layout))
    assert all(counts[k] > 0 for k in "dtDT")
    assert counts["*"] == 1


def test_tile_values_cover_the_alphabet_and_rare_letters_are_valuable() -> None:
    values = RuleSet.standard().tile_values
    assert set(values) == set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert values["A"] == 1 and values["K"] == values["W"] == values["Y"] == 10
    weights = RuleSet.standard().draw_weights
    assert weights["K"] < weights["A"] and all(w > 0 for w in weights.values())


def test_band_weights_are_fixed_and_ordered() -> None:
    rules = RuleSet.standard()
    assert [rules.band_weight(b) for b in Band] == [100, 125, 150, 200]
    assert [b.label for b in Band] == ["Frio", "Morno", "Quente", "Escaldante"]


def test_lanes_read_rows_and_columns_the_same_way() -> None:
    board = Board.empty(5).with_tiles([(2, 1, "A"), (2, 2, "B"), (1, 2, "C"), (3, 2, "D")])
    assert board.lane(2, 3, ACROSS) == (1, 3)
    assert board.lane(0, 2, DOWN) == (0, 3)
    assert board.lane(4, 4, ACROSS) == (4, 4)


def test_board_rows_from_outside_are_validated() -> None:
    with pytest.raises(Exception, match="linhas"):
        Board.from_rows(["..."], 3)
    with pytest.raises(Exception, match="Casa inválida"):
        Board.from_rows(["...", ".1.", "..."], 3)


def test_rng_is_deterministic_and_serialisable() -> None:
    a, b = Rng.from_seed("partida-1"), Rng.from_seed("partida-1")
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]
    resumed = Rng(a.state)
    assert [a.next_u64() for _ in range(5)] == [resumed.next_u64() for _ in range(5)]
    assert Rng.from_seed("x").state != Rng.from_seed("y").state


@given(st.integers(min_value=1, max_value=1000), st.integers(min_value=0, max_value=2**64 - 1))
def test_rng_below_stays_in_range(bound: int, state: int) -> None:
    assert 0 <= Rng(state).below(bound) < bound


@settings(max_examples=200)
@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_rack_aware_draw_limits_repeats_and_keeps_two_vowels(state: int) -> None:
    rules = RuleSet.standard()
    rack = refill(rules, [], rules.rack_size, Rng(state))
    assert len(rack) == rules.rack_size
    counts = Counter(rack)
    for letter, count in counts.items():
        assert count <= (3 if letter in "AEO" else 2)
    assert sum(1 for t in rack if t in VOWELS) >= 2


def test_draw_tops_up_vowels_for_a_consonant_heavy_rack() -> None:
    rules = RuleSet.standard()
    for seed in range(50):
        drawn = draw(rules, ["B", "C", "D", "F", "G"], 2, Rng(seed))
        assert all(letter in VOWELS for letter in drawn)


def test_wildcards_allow_their_letters() -> None:
    assert wildcard_allows("?", "K") and wildcard_allows("?V", "E")
    assert not wildcard_allows("?V", "K") and not wildcard_allows("?C", "A")
    assert take_from_rack(["A", "?V", "?"], [("E", True), ("K", True), ("A", False)]) == []
    assert take_from_rack(["A"], [("B", False)]) is None
    assert take_from_rack(["?V"], [("K", True)]) is None
