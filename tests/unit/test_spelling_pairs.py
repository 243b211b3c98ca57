"""Portugal's spellings out of the lexicon: of two twins one consonant apart, the one Brazil
does not write goes (tools/lexicon_build/spelling.py, spelling_pairs.txt)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.lexicon import Lexicon
from tools.lexicon_build import spelling
from tools.lexicon_build.affixes import DicEntry, parse_aff


def test_twins_are_entries_one_consonant_before_t_or_cedilla_apart() -> None:
    words = ["arquitecto", "arquiteto", "aspecto", "aspeto", "fração", "fracção", "rato"]
    assert spelling.twins(words) == [("arquitecto", "arquiteto"), ("aspecto", "aspeto"),
                                     ("fracção", "fração")]


@pytest.mark.parametrize(("consonant", "drop"), [
    ("arquitecto", "consonant"), ("eléctrico", "consonant"), ("baptizar", "consonant"),
    ("fracção", "consonant"), ("carácter", "consonant"), ("detective", "consonant"),
    ("aspecto", "plain"), ("conectar", "plain"), ("ruptura", "plain"),
    ("característico", "plain"), ("infecção", "plain"), ("histerectomia", "plain"),
    ("óptico", "neither"), ("raptos", "neither"), ("pacto", "neither"), ("apto", "neither"),
    ("galáctico", "neither"), ("secção", "neither"), ("invectiva", "plain"),
    ("indemnizar", "consonant"), ("omnipotente", "consonant"), ("omnidirecional", "neither"),
])
def test_the_library_decides_each_family(consonant: str, drop: str) -> None:
    assert spelling.decide(consonant, spelling.read_rules()) == drop


def test_a_decision_never_drops_the_twin_written_more_often() -> None:
    rules = [spelling.PairRule(re.compile("lípt"), "plain")]
    zipf = {"político": 5.1, "políptico": 0.0, "apocalíptico": 3.0, "apocalítico": 1.1}
    dropped = spelling.portugal_spellings(zipf, lambda w: zipf.get(w, 0.0), rules)
    assert dropped == {"apocalítico"}


def test_a_malformed_line_names_itself(tmp_path: Path) -> None:
    path = tmp_path / "rules.txt"
    path.write_text("# ok\nelectr\tconsonante\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"rules\.txt:2"):
        spelling.read_rules(path)


def test_a_dropped_entry_keeps_its_written_prefixed_words(tmp_path: Path) -> None:
    aff = tmp_path / "p.aff"
    aff.write_text("SET UTF-8\nFLAG UTF-8\n\nPFX Ä Y 1\nPFX Ä   0     in       .\n\n"
                   "SFX D Y 1\nSFX D   o     a        o\n", encoding="utf-8")
    made = spelling.prefixed_entries(DicEntry("tacto", "DÄ"), parse_aff(aff),
                                     lambda w: {"intacto": 3.4}.get(w, 0.0))
    assert made == [DicEntry("intacto", "D")]


@pytest.mark.parametrize("word", ["ARQUITECTO", "ELECTRICO", "FACTO", "ASPETO", "CONETAR",
                                  "RUTURA", "CARATERISTICA", "BAPTIZAR", "OPTIMISMO",
                                  "INDEMNIZAR", "OMNIPOTENTE"])
def test_the_lexicon_refuses_portugals_spellings(word: str) -> None:
    assert not Lexicon.default().is_word(word)


@pytest.mark.parametrize("word", ["ARQUITETO", "ELETRICO", "FATO", "ASPECTO", "CONECTAR",
                                  "RUPTURA", "CARACTERISTICA", "BATIZAR", "OTIMISMO", "PACTO",
                                  "RAPTO", "RATO", "OPTICO", "OTICO", "INTACTO", "POLITICO",
                                  "ARQUITETONICO", "TENIA", "INVECTIVA", "DETECTAR", "CARATER"])
def test_the_lexicon_keeps_brazils_spellings(word: str) -> None:
    assert Lexicon.default().is_word(word)
