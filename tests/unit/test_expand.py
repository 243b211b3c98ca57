"""Affix expansion on a small dictionary written in VERO's style, checked against Hunspell."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.lexicon_build.affixes import parse_aff, parse_dic
from tools.lexicon_build.expand import BASE, DERIVED, ENTRY, PRONOUN, Expander

AFF = """SET UTF-8
FLAG UTF-8
FORBIDDENWORD ý
WARN ~

PFX Â Y 1
PFX Â   0     des     .

SFX B Y 3
SFX B   0     s        [^ã][aeiou]
SFX B   0     es       [rsz]
SFX B   ão    ões      ão

SFX D Y 3
SFX D   o     a        [^ã]o
SFX D   o     as       [^ã]o
SFX D   0     s        [oeu]

SFX J Y 1
SFX J   o     amente   o

SFX a Y 8
SFX a   ar    á        ar
SFX a   r     mo       [aei]r
SFX a   r     mos      [aei]r
SFX a   ar    a        ar
SFX a   ar    as       ar
SFX a   ar    o        ar
SFX a   ar    am       ar
SFX a   r     ssimo    ar

SFX k Y 1
SFX k   0     -me      [aei]r
"""

DIC = """8
amar/akÂ
menino/DJ
leão/B
casar/a
flor/B
errado/~
ague/ý
Lisboa
"""


@pytest.fixture()
def files(tmp_path: Path) -> tuple[Path, Path]:
    aff = tmp_path / "t.aff"
    dic = tmp_path / "t.dic"
    aff.write_text(AFF, encoding="utf-8")
    dic.write_text(DIC, encoding="utf-8")
    return aff, dic


def _expand(files: tuple[Path, Path]) -> dict[str, list[tuple[str, str]]]:
    aff, dic = files
    return Expander(parse_aff(aff)).expand(parse_dic(dic)).forms


def test_every_rule_applies_where_its_condition_matches(files: tuple[Path, Path]) -> None:
    forms = _expand(files)
    for word in ("amar", "amas", "amam", "amo", "meninos", "menina", "meninas", "leões",
                 "flores", "casas", "desamar", "desamas"):
        assert word in forms, word
    assert "leãos" not in forms and "flors" not in forms


def test_derivations_record_lemma_and_kind(files: tuple[Path, Path]) -> None:
    forms = _expand(files)
    assert forms["amar"] == [("amar", ENTRY)]
    assert ("amar", BASE) in forms["amas"]
    assert forms["desamas"] == [("desamar", BASE)]  # a prefixed word is a lemma of its own
    assert forms["meninamente"] == [("meninamente", DERIVED)]


def test_pre_pronoun_stems_are_marked(files: tuple[Path, Path]) -> None:
    forms = _expand(files)
    assert forms["amá"] == [("amar", PRONOUN)]  # amá-lo
    assert forms["amamo"] == [("amar", PRONOUN)]  # amamo-nos, beside amamos
    assert forms["amamos"] == [("amar", BASE)]
    assert forms["amassimo"] == [("amar", BASE)]  # -íssimo is no -mo/-mos pair


def test_hyphenated_proper_forbidden_and_warned_forms_are_not_kept(
    files: tuple[Path, Path],
) -> None:
    forms = _expand(files)
    assert not any("-" in f for f in forms)
    assert "Lisboa" not in forms
    assert "ague" not in forms
    assert "errado" not in forms


def test_expansion_agrees_with_hunspell(files: tuple[Path, Path]) -> None:
    spylls = pytest.importorskip("spylls.hunspell")
    aff, _ = files
    dictionary = spylls.Dictionary.from_files(str(aff.with_suffix("")))
    forms = _expand(files)
    assert all(dictionary.lookup(f) for f in forms)
    for wrong in ("leãos", "flors", "amarr", "meninoa"):
        assert not dictionary.lookup(wrong)
        assert wrong not in forms


def test_parse_rejects_a_dic_without_a_count(tmp_path: Path) -> None:
    dic = tmp_path / "x.dic"
    dic.write_text("casa\n", encoding="utf-8")
    with pytest.raises(ValueError, match="count"):
        parse_dic(dic)
