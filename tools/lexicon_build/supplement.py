"""The supplement: everyday words the VERO dictionary lacks, added to the build in two ways.

- ``supplement.txt``: a word, then its forms, which count as it for themes and share its root
  (loanwords whose forms no VERO class makes: EMAIL, EMAILS);
- ``supplement.dic``: entries written as VERO writes its own (``word/flags``), expanded by
  VERO's own affix rules like any entry (MUTAR with every form of its conjugation).

Both go through the same folding, display choice and morphology as VERO's words, so the
artifact, the word graph and the forms index all know them."""

from __future__ import annotations

import re
from pathlib import Path

from tools.lexicon_build.affixes import DicEntry
from tools.lexicon_build.expand import BASE, ENTRY

SUPPLEMENT = Path(__file__).with_name("supplement.txt")
ENTRIES = Path(__file__).with_name("supplement.dic")
_WORD = re.compile(r"^[a-zàáâãçéêíóôõúü]+$")

Derivations = dict[str, list[tuple[str, str]]]


def read(path: Path = SUPPLEMENT) -> Derivations:
    """Each written form with its derivations: the word as an entry, its forms as its bases."""
    out: Derivations = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        bad = [w for w in words if not _WORD.match(w)]
        if bad:
            raise ValueError(f"{path.name}:{number}: não é uma palavra de letras: {bad[0]}")
        lemma, *forms = words
        out.setdefault(lemma, []).append((lemma, ENTRY))
        for form in forms:
            out.setdefault(form, []).append((lemma, BASE))
    return out


def read_entries(path: Path = ENTRIES) -> list[DicEntry]:
    """The supplement's dictionary entries (``word/flags``, ``#`` starts a comment)."""
    entries: list[DicEntry] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        word, _, flags = text.partition("/")
        if not _WORD.match(word) or not flags or " " in flags:
            raise ValueError(f"{path.name}:{number}: esperado “palavra/marcas”")
        entries.append(DicEntry(word, flags))
    return entries


def merge(derivations: Derivations, supplement: Derivations) -> int:
    """Add the supplement's forms the expansion lacks; returns how many were new."""
    new = 0
    for form, derivs in supplement.items():
        if form not in derivations:
            new += 1
        derivations.setdefault(form, []).extend(d for d in derivs
                                               if d not in derivations.get(form, []))
    return new
