"""The productive rules' forms are kept only where they are in use (tools/lexicon_build/usage.py).

A small dictionary in VERO's style, with made-up frequencies: a diminutive of a used entry
stays even when no corpus wrote it; an augmentative or superlative of an entry, and a degree
of a participle or an agent noun, stay only when used; a derived word and a prefixed verb stay
when one of their forms is used; conjugations, plurals and feminines of the dictionary's own
entries are never judged; the misspelt participle superlative never stays.
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

SFX Z Y 4
SFX Z   0     ismo     l
SFX Z   0     ismos    l
SFX Z   0     ista     l
SFX Z   0     istas    l

PFX D Y 1
PFX D   0     des      .

PFX R Y 1
PFX R   0     re       .

SFX H Y 2
SFX H   o     íssimo   o
SFX H   o     íssimos  o

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

DIC = """13
trabalhar/aj
gato/BP
abibo/P
cansar/ajL
leitar/ajL
legal/XZ
vogal/X
lindo/H
vocalo/H
arcar/aDR
adjurar/a
radiar/a
vocalar/a
"""

# Zipf frequencies of folded words, as wordfreq would give them.
ZIPF = {"GATO": 4.5, "CANSAR": 3.5, "CANSADINHO": 2.1, "CANSADISSIMO": 1.8,
        "TRABALHADOR": 4.0, "LEGALIDADE": 3.9, "LEITAR": 1.2, "LINDISSIMOS": 2.0,
        "VOCALO": 4.0, "LEGALISMO": 1.5, "ARCAR": 3.0, "DESARCOU": 1.1, "TRABALHAR": 4.5}


@pytest.fixture()
def forms(tmp_path: Path) -> dict[str, list[tuple[str, str]]]:
    aff = tmp_path / "u.aff"
    dic = tmp_path / "u.dic"
    aff.write_text(AFF, encoding="utf-8")
    dic.write_text(DIC, encoding="utf-8")
    diminutives = usage.grammar_diminutives({"trabalhador": 4.0, "leitador": 0.5})
    use = usage.Usage(ZIPF, diminutives, lemmas=frozenset({"adjurar", "rearcar"}))
    entries = parse_dic(dic)
    expansion = Expander(parse_aff(aff), use).expand(entries)
    verb_entries = frozenset(e.word for e in entries if set(e.flags) & set("aj"))
    usage.drop_unattested_verbs(expansion.forms, frozenset(expansion.verb_lemmas),
                                verb_entries, use)
    return expansion.forms


def test_a_degree_of_a_used_entry_stays_unwritten(forms: dict[str, object]) -> None:
    assert "gatinho" in forms and "gatinhos" in forms  # GATO is used; GATINHO is not listed
    assert "abibo" in forms and "abibinho" not in forms  # ABIBO is not used


def test_a_superlative_stays_only_when_one_of_its_forms_is_used(
        forms: dict[str, object]) -> None:
    assert "lindíssimo" in forms and "lindíssimos" in forms  # only the plural was written
    assert "vocalo" in forms and "vocalíssimo" not in forms  # VOCALO is common, no matter


def test_a_prefixed_verb_stays_only_when_one_of_its_forms_is_used(
        forms: dict[str, list[tuple[str, str]]]) -> None:
    assert "desarcar" in forms and "desarcado" in forms  # DESARCOU was written
    assert ("desarcar", "B") in forms["desarcou"]
    # no form of REARCAR was written, and the lemma list vouches only for dictionary entries
    assert "rearcar" not in forms and "rearcou" not in forms
    assert "arcar" in forms and "arcou" in forms  # the entry itself is never judged


def test_a_verb_nothing_attests_goes_whole(forms: dict[str, object]) -> None:
    assert "adjurar" in forms and "adjurou" in forms  # no corpus, but the lemma list knows it
    assert "radiar" not in forms and "radiou" not in forms  # neither knows it


def test_a_noun_spelt_like_a_verb_form_attests_no_verb(
        forms: dict[str, list[tuple[str, str]]]) -> None:
    assert forms["vocalo"] == [("vocalo", "E")]  # VOCALAR's "eu vocalo" went with VOCALAR
    assert "vocalar" not in forms and "vocalou" not in forms


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


def test_one_used_word_vouches_for_no_other_the_same_rule_makes(
        forms: dict[str, object]) -> None:
    assert "legalismo" in forms and "legalismos" in forms  # LEGALISMO is written
    assert "legalista" not in forms and "legalistas" not in forms  # the same class, not used


def test_conjugations_are_never_judged_by_use(forms: dict[str, object]) -> None:
    for word in ("leitar", "leito", "leitou", "leitado", "cansou", "gatos"):
        assert word in forms, word


def test_the_misspelt_superlative_never_stays(forms: dict[str, object]) -> None:
    assert "cansadíssmo" not in forms


@pytest.mark.parametrize(("flag", "add", "kind"), [
    ("P", "inho", usage.DEGREE), ("H", "íssimo", usage.INTENSIVE),
    ("H", "issimamente", usage.DERIVATION), ("J", "mente", usage.DERIVATION),
    ("j", "dor", usage.DERIVATION), ("j", "dorzão", usage.AGENT_DEGREE),
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



def test_a_diminutive_of_an_abstract_noun_in_cao_stays_only_where_written(
        tmp_path: Path) -> None:
    aff = tmp_path / "d.aff"
    dic = tmp_path / "d.dic"
    aff.write_text("SET UTF-8\nFLAG UTF-8\n\nSFX P Y 1\nSFX P   0     zinha    ão\n",
                   encoding="utf-8")
    dic.write_text("4\nnotação/P\ncanção/P\nbalcão/P\npressão/P\n", encoding="utf-8")
    # every head is common; only CANÇÃOZINHA is written
    use = usage.Usage({"NOTACAO": 3.5, "CANCAO": 4.5, "BALCAO": 4.0, "PRESSAO": 4.5,
                       "CANCAOZINHA": 1.5})
    forms = Expander(parse_aff(aff), use).expand(parse_dic(dic)).forms
    assert {"cançãozinha", "balcãozinha"} <= set(forms)
    assert not {"notaçãozinha", "pressãozinha"} & set(forms)
    assert usage.grammar_diminutives({"notação": 4.0, "gato": 4.0}) == frozenset(
        {"GATINHO", "GATINHOS", "GATINHA", "GATINHAS"})


def test_a_rule_written_for_dar_makes_no_forms_of_saudar(tmp_path: Path) -> None:
    aff = tmp_path / "e.aff"
    dic = tmp_path / "e.dic"
    aff.write_text("SET UTF-8\nFLAG UTF-8\n\nSFX e Y 2\nSFX e   ar      eu           dar\n"
                   "SFX e   ar      ou           [^d]ar\n", encoding="utf-8")
    dic.write_text("3\ndar/e\nsaudar/e\namar/e\n", encoding="utf-8")
    forms = Expander(parse_aff(aff), usage.Usage({})).expand(parse_dic(dic)).forms
    assert "deu" in forms  # the rule's own verb
    assert "saudeu" not in forms  # VERO's checker accepts it; no Brazilian writes it
    assert "amou" in forms
