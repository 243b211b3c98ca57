"""Folding: accents and cedilla vanish, letters are upper-cased; total and idempotent."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from engine.errors import InvalidWordError
from engine.lexicon.fold import MAX_WORD_LENGTH, fold, is_board_word, normalize_word


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("ação", "ACAO"),
        ("Coração", "CORACAO"),
        ("pão", "PAO"),
        ("avô", "AVO"),
        ("à", "A"),
        ("argüir", "ARGUIR"),
        ("ÇÉU", "CEU"),
        ("ＡＢ", "AB"),  # full-width letters fold to plain ones
    ],
)
def test_fold_strips_accents_and_cedilla(text: str, folded: str) -> None:
    assert fold(text) == folded


@given(st.text())
def test_fold_is_total_and_idempotent(text: str) -> None:
    once = fold(text)
    assert isinstance(once, str)
    assert fold(once) == once


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzáàâãéêíóôõúüç", min_size=1, max_size=30))
def test_portuguese_letters_always_fold_to_the_board_alphabet(text: str) -> None:
    assert is_board_word(fold(text))
    assert len(fold(text)) == len(text)


@given(st.text())
@example("\u1a75")  # a lone combining mark: it folds to nothing
@example("\u0301")
def test_normalize_word_either_returns_a_board_word_or_raises_a_typed_error(text: str) -> None:
    try:
        word = normalize_word(text)
    except InvalidWordError as exc:
        assert exc.code in {"word.empty", "word.too_long", "word.invalid_chars"}
        assert exc.message
    else:
        assert is_board_word(word)
        assert len(word) <= MAX_WORD_LENGTH


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "word.empty"),
        ("   ", "word.empty"),
        ("123", "word.invalid_chars"),
        ("casa1", "word.invalid_chars"),
        ("guarda-chuva", "word.invalid_chars"),
        ("@#!", "word.invalid_chars"),
        ("слово", "word.invalid_chars"),
        ("単語", "word.invalid_chars"),
        ("a" * 500, "word.too_long"),
    ],
)
def test_normalize_word_rejects_what_cannot_be_a_word(text: str, code: str) -> None:
    with pytest.raises(InvalidWordError) as caught:
        normalize_word(text)
    assert caught.value.code == code


def test_normalize_word_ignores_surrounding_space() -> None:
    assert normalize_word("  Ação \n") == "ACAO"
