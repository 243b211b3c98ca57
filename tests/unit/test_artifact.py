"""The artifact format: what is encoded is what is read back, and damage is reported."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import LexiconFormatError
from engine.lexicon import Lexicon
from engine.lexicon.artifact import WordData, encode_artifact

_ACCENTABLE = {"A": "áâã", "E": "éê", "I": "í", "O": "óôõ", "U": "úü", "C": "ç"}

words_strategy = st.lists(
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=2, max_size=12),
    min_size=1, max_size=60, unique=True,
)


def _sample_lexicon(words: list[str], data: st.DataObject) -> dict[str, WordData]:
    out: dict[str, WordData] = {}
    for word in words:
        letters = list(word.lower())
        for i, c in enumerate(word):
            accents = sum(ch in "áâãéêíóôõúüç" for ch in letters)
            if c in _ACCENTABLE and accents < 3 and data.draw(st.integers(0, 4)) == 0:
                letters[i] = data.draw(st.sampled_from(_ACCENTABLE[c]))
        roots = data.draw(st.lists(st.sampled_from([*words, "LEMA"]), max_size=3, unique=True))
        bases = data.draw(st.lists(st.sampled_from(words), max_size=3, unique=True))
        # verbs: none, the roots themselves (AMARA: AMAR both), or any list with lemmas
        verbs = data.draw(st.one_of(st.just([]), st.just(roots or [word]), st.lists(
            st.sampled_from([*words, "LEMA", "VERBO"]), max_size=3, unique=True)))
        out[word] = WordData("".join(letters), roots or [word], [b for b in bases if b != word],
                             [v for v in verbs if v != word])
    return out


@settings(max_examples=60, deadline=None)
@given(words=words_strategy, data=st.data())
def test_round_trip(words: list[str], data: st.DataObject) -> None:
    table = _sample_lexicon(words, data)
    lexicon = Lexicon.from_bytes(encode_artifact(table, {"test": True}))
    assert len(lexicon) == len(table)
    for word, expected in table.items():
        assert word in lexicon
        assert lexicon.display(word) == expected.display
        assert lexicon.roots(word) == tuple(expected.roots)
        assert lexicon.bases(word) == tuple(expected.bases)
        assert lexicon.verbs(word) == tuple(expected.verbs)
    assert "QQQQQQQQQQQQQQ" not in lexicon


def test_more_than_three_accents_do_not_fit() -> None:
    with pytest.raises(ValueError, match="accented"):
        encode_artifact({"AAAA": WordData("ãããã", ["AAAA"], [])}, {})


def test_display_must_fold_to_its_word() -> None:
    with pytest.raises(ValueError, match="does not fold"):
        encode_artifact({"CASA": WordData("coisa", ["CASA"], [])}, {})


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b"NOTALEX!" + b[8:],
        lambda b: b[: len(b) // 2],
        lambda b: b + b"extra",
        lambda b: b[:8],
        lambda b: b"",
    ],
)
def test_damaged_artifacts_raise_a_format_error(damage: object) -> None:
    good = encode_artifact({"CASA": WordData("casa", ["CASA"], [])}, {})
    assert callable(damage)
    with pytest.raises(LexiconFormatError):
        Lexicon.from_bytes(damage(good))
