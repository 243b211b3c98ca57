"""The forms index: base → the words that count as it, the exact inverse of ``bases``."""

from __future__ import annotations

import random

import pytest

from engine.errors import LexiconFormatError
from engine.lexicon import Lexicon
from engine.lexicon.artifact import WordData, encode_artifact
from engine.rules import Band
from engine.themes import parse_theme
from tools.lexicon_build.forms import build

TABLE = {
    "BOLA": WordData("bola", ["BOLA"], []),
    "BOLAS": WordData("bolas", ["BOLA", "BOLAR"], ["BOLA", "BOLAR"]),
    "BOLAR": WordData("bolar", ["BOLAR"], []),
    "BOLO": WordData("bolo", ["BOLO"], []),
    "BOLINHA": WordData("bolinha", ["BOLA"], ["BOLA"]),
    "CHUTA": WordData("chuta", ["CHUTAR"], ["CHUTAR"]),
    "CHUTAR": WordData("chutar", ["CHUTAR"], []),
    "GOL": WordData("gol", ["GOL"], []),
    "GOLS": WordData("gols", ["GOL"], ["GOL"]),
    "AZUL": WordData("azul", ["AZUL"], []),
    "AZUIS": WordData("azuis", ["AZUL"], ["AZUL"]),
    "CAMISA": WordData("camisa", ["CAMISA"], []),
    "ESTADIO": WordData("estádio", ["ESTADIO"], []),
    "ESTADIOS": WordData("estádios", ["ESTADIO", "ESTADIUM"], ["ESTADIO", "ESTADIUM"]),
}


@pytest.fixture(scope="module")
def small() -> Lexicon:
    plain = encode_artifact(TABLE, {})
    return Lexicon.from_bytes(plain, build(Lexicon.from_bytes(plain)))


def test_forms_are_the_exact_inverse_of_bases(small: Lexicon) -> None:
    for base in {*TABLE, "ESTADIUM"}:
        expected = {w for w in TABLE if base in small.bases(w)}
        assert set(small.forms(base)) == expected, base
    assert set(small.forms("BOLA")) == {"BOLAS", "BOLINHA"}
    assert small.forms("ESTADIUM") == ("ESTADIOS",)  # a lemma that is no word itself
    assert small.forms("XYZ") == ()


def test_the_bundled_index_agrees_with_the_lexicon_both_ways() -> None:
    lex = Lexicon.default()
    assert lex.has_forms
    rng = random.Random(3)
    words = [w for w in (next(lex.words(rng.choice("ABCDEFGILMNOPRST") + rng.choice("AEIOU")),
                               None) for _ in range(300)) if w]
    words += ["BOLAS", "CHUTEI", "LEOES", "AMAMOS", "FOI"]
    for word in words:
        for base in (*lex.bases(word), *lex.verbs(word)):
            assert word in lex.forms(base), (word, base)
    for base in ("BOLA", "CHUTAR", "SER", "LEAO", "CASA", "JOGO"):
        forms = lex.forms(base)
        assert forms
        assert all(base in lex.bases(f) + lex.verbs(f) for f in forms), base
    assert {"CHUTOU", "CHUTANDO", "CHUTARES"} <= set(lex.forms("CHUTAR"))


def test_an_index_of_another_lexicon_is_refused(small: Lexicon) -> None:
    other = encode_artifact({"CASA": WordData("casa", ["CASA"], [])}, {})
    index = build(Lexicon.from_bytes(other))
    with pytest.raises(LexiconFormatError, match="não corresponde"):
        Lexicon.from_bytes(encode_artifact(TABLE, {}), index)


@pytest.mark.parametrize("cut", [0, 5, 12, 40])
def test_a_damaged_index_is_refused(cut: int) -> None:
    plain = encode_artifact(TABLE, {})
    index = build(Lexicon.from_bytes(plain))
    with pytest.raises(LexiconFormatError):
        Lexicon.from_bytes(plain, index[:cut])
    with pytest.raises(LexiconFormatError):
        Lexicon.from_bytes(plain, b"XXXXXXXX" + index[8:])


def test_without_an_index_forms_cannot_be_asked() -> None:
    lexicon = Lexicon.from_bytes(encode_artifact(TABLE, {}))
    assert not lexicon.has_forms
    with pytest.raises(LexiconFormatError):
        lexicon.forms("BOLA")


THEME = {
    "id": "bola", "name": "Bola", "description": "Um tema pequeno.",
    "layers": {"core": ["bola"], "related": ["chutar", "estádio"], "distant": ["azul"]},
    "forms": {"bola": {"accepted": ["bolo"], "rejected": ["bolinha"]}},
    "curation": {"curated_by": "testes", "status": "draft", "reviewed_by": None,
                 "reviewed_on": None},
}


def test_a_themes_words_are_its_layers_and_accepted_forms_only(small: Lexicon) -> None:
    theme = parse_theme(THEME, small)
    words = theme.words(small)
    assert words == {w for w in TABLE if theme.band_of(w, small)[0] > Band.FRIO}
    # an accepted form counts, a rejected one does not; what the lexicon alone relates to a
    # base (BOLAS, the verb form CHUTA, ESTADIOS) counts only if the theme's table says so
    assert words == {"BOLA", "BOLO", "CHUTAR", "ESTADIO", "AZUL"}
    assert theme.words(small) is words  # listed once, then kept with the theme
