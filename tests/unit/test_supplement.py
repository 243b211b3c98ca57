"""The supplement of everyday words the dictionary lacks: well formed, new to VERO, and
merged as entries whose forms count as them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.lexicon_build import supplement
from tools.lexicon_build.expand import BASE, ENTRY


def test_the_supplement_reads_words_and_their_forms() -> None:
    words = supplement.read()
    assert words["selfie"] == [("selfie", ENTRY)] and words["selfies"] == [("selfie", BASE)]
    assert "wifi" in words and "uber" not in words  # brand names stay out


def test_a_bad_line_is_refused_with_its_number(tmp_path: Path) -> None:
    path = tmp_path / "s.txt"
    path.write_text("# ok\nwifi\ncheck-in\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"s\.txt:3: .*check-in"):
        supplement.read(path)


def test_merging_adds_only_what_the_expansion_lacks() -> None:
    derivations = {"bola": [("bola", ENTRY)]}
    new = supplement.merge(derivations, {"bola": [("bola", ENTRY)], "app": [("app", ENTRY)]})
    assert new == 1 and derivations["bola"] == [("bola", ENTRY)]
    assert derivations["app"] == [("app", ENTRY)]


def test_the_entries_are_read_as_vero_writes_its_own(tmp_path: Path) -> None:
    entries = supplement.read_entries()
    assert ("mutar", "ajkLMY") in {(e.word, e.flags) for e in entries}
    path = tmp_path / "s.dic"
    path.write_text("# comentário\nmutar/ajkLMY  # como chutar\n\ndemaquilante\n",
                    encoding="utf-8")
    with pytest.raises(ValueError, match=r"s\.dic:4: "):
        supplement.read_entries(path)  # an entry with no flags would make no form at all
