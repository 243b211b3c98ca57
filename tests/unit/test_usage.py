"""The productive rules' forms are kept only where they are in use (tools/lexicon_build/usage.py).

A small dictionary in VERO's style, with made-up frequencies: a degree of a used entry stays
even when no corpus wrote it; a degree of a participle or an agent noun stays only when it is
used itself; a derived word stays when one of its forms is used; conjugations, plurals and
feminines are never judged; the misspelt participle superlative never stays.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.lexicon_build import usage
from tools.lexicon_build.affixes import parse_aff, parse_dic
from tools.lexicon_build.expand import Expander

AFF = """SET UTF-8
FLAG UTF-8

SFX B Y 1
SFX B   0     s        [aeiou]

SFX P Y 2
SFX P   o     inho     o
SFX P   o     inhos    o

SFX X Y 2
SFX X   0     idade    l
SFX X   0     idades   l

SFX j Y 4
SFX j   r     dor      r
SFX j   r     dores    r
SFX j   r     dorzinho r
SFX j   r     doramente r

SFX L Y 2
SFX L   r     dinho    [ia]r
SFX L   r     dão      [ia]r

SFX a Y 5
SFX a   ar    o        ar
SFX a   ar    ou       ar
SFX a   r     do       ar
SFX a   r     díssimo  ar
SFX a   r     díssmo   ar
"""

DIC = """7
trabalhar/aj
gato/BP
abibo/P
cansar/ajL
leitar/ajL
legal/X
vogal/X
"""

# Zipf frequencies of folded words, as wordfreq would give them.
ZIPF = {"GATO": 4.5, "CANSAR": 3.5, "CANSADINHO": 2.1, "CANSADISSIMO": 1.8,
        "TRABALHADOR": 4.0, "LEGALIDADE": 3.9, "LEITAR": 1.2}


@pytest.fixture()
def forms(tmp_path: Path) -> dict[str, list[tuple[str, str]]]:
    aff = tmp_path / "u.aff"
    dic = tmp_path / "u.dic"
    aff.write_text(AFF, encoding="utf-8")
    dic.write_text(DIC, encoding="utf-8")
    diminutives = usage.grammar_diminutives({"trabalhador": 4.0, "leitador": 0.5})
    return Expander(parse_aff(aff), usage.Usage(ZIPF, diminutives)).expand(parse_dic(dic)).forms


def test_a_degree_of_a_used_entry_stays_unwritten(forms: dict[str, object]) -> None:
    assert "gatinho" in forms and "gatinhos" in forms  # GATO is used; GATINHO is not listed
    assert "abibo" in forms and "abibinho" not in forms  # ABIBO is not used


def test_a_degree_of_a_participle_stays_only_when_used(forms: dict[str, object]) -> None:
    assert "cansadinho" in forms and "cansadíssimo" in forms
    assert "cansadão" not in forms  # CANSAR is used, but CANSADÃO is not
    assert "leitadinho" not in forms and "leitadíssimo" not in forms


def test_a_diminutive_the_grammar_makes_of_a_used_word_stays(forms: dict[str, object]) -> None:
    assert "trabalhador" in forms and "trabalhadorzinho" in forms
    assert "leitadorzinho" not in forms


def test_a_derived_word_stays_when_one_of_its_forms_is_used(forms: dict[str, object]) -> None:
    assert "legalidade" in forms and "legalidades" in forms
    assert "vogalidade" not in forms and "vogalidades" not in forms
    assert "cansador" not in forms and "cansadores" not in forms
    assert "cansadorzinho" not in forms and "cansadoramente" not in forms


def test_conjugations_are_never_judged_by_use(forms: dict[str, object]) -> None:
    for word in ("leitar", "leito", "leitou", "leitado", "cansou", "gatos"):
        assert word in forms, word


def test_the_misspelt_superlative_never_stays(forms: dict[str, object]) -> None:
    assert "cansadíssmo" not in forms


@pytest.mark.parametrize(("flag", "add", "kind"), [
    ("P", "inho", usage.DEGREE), ("H", "íssimo", usage.DEGREE),
    ("H", "issimamente", usage.DERIVATION), ("J", "mente", usage.DERIVATION),
    ("j", "dor", usage.DERIVATION), ("j", "dorzão", usage.MADE_DEGREE),
    ("L", "dinho", usage.MADE_DEGREE), ("a", "díssimo", usage.MADE_DEGREE),
    ("a", "ou", usage.PLAIN), ("B", "s", usage.PLAIN), ("b", "idíssmo", usage.MISSPELT),
])
def test_rule_kinds(flag: str, add: str, kind: str) -> None:
    assert usage.rule_kind(flag, add) == kind


def test_a_feminine_in_a_of_a_word_in_ao_needs_its_spelling_used(tmp_path: Path) -> None:
    aff = tmp_path / "f.aff"
    dic = tmp_path / "f.dic"
    aff.write_text("SET UTF-8\nFLAG UTF-8\n\nSFX G Y 4\nSFX G   ão    ões      ão\n"
                   "SFX G   o     0        ão\nSFX G   o     s        ão\n"
                   "SFX G   o     zinha    ão\n", encoding="utf-8")
    dic.write_text("2\nirmão/G\nratão/G\n", encoding="utf-8")
    # RATÃ folds to RATA, which is common: only the written spelling may decide
    use = usage.Usage({"RATA": 4.0, "IRMA": 5.0}, written_zipf={"irmã": 5.0, "rata": 3.0})
    forms = Expander(parse_aff(aff), use).expand(parse_dic(dic)).forms
    assert {"irmã", "irmãs", "irmãzinha", "irmões"} <= set(forms)
    assert "ratões" in forms
    assert not {"ratã", "ratãs", "ratãzinha"} & set(forms)

