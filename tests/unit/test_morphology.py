"""The build's plural and gender helpers behind theme bases."""

from __future__ import annotations

import pytest

from tools.lexicon_build.morphology import changes_gender, inverse_plurals


@pytest.mark.parametrize(
    ("plural", "singular"),
    [
        ("CASAS", "CASA"),
        ("FLORES", "FLOR"),
        ("LEOES", "LEAO"),
        ("PAES", "PAO"),
        ("MAOS", "MAO"),
        ("CAPITAIS", "CAPITAL"),
        ("PAPEIS", "PAPEL"),
        ("LENCOIS", "LENCOL"),
        ("AZUIS", "AZUL"),
        ("FUZIS", "FUZIL"),
        ("FOSSEIS", "FOSSIL"),
        ("HOMENS", "HOMEM"),
        ("PAISES", "PAIS"),
    ],
)
def test_regular_plurals_are_undone(plural: str, singular: str) -> None:
    assert singular in inverse_plurals(plural)


def test_words_not_ending_in_s_have_no_singular() -> None:
    assert inverse_plurals("CASA") == set()
    assert inverse_plurals("AS") == set()


@pytest.mark.parametrize(
    ("word", "base", "expected"),
    [
        ("LINHA", "LINHO", True),
        ("MENINAS", "MENINO", True),
        ("BOLAS", "BOLA", False),
        ("LEOES", "LEAO", False),
        ("MENINOS", "MENINO", False),
    ],
)
def test_gender_change(word: str, base: str, expected: bool) -> None:
    assert changes_gender(word, base) is expected
