"""Portugal's spellings out: of two VERO entries that differ by a consonant before T or Ç
(ARQUITECTO/ARQUITETO, ASPECTO/ASPETO), or by an M before N (INDEMNIZAR/INDENIZAR), the one
Brazil does not write.

VERO is Brazil's dictionary, yet it lists both twins of about 1,300 such words: Portugal's
spelling of before the 1990 agreement (ARQUITECTO, ELÉCTRICO, BAPTIZAR) and, where Brazil
speaks the consonant, Portugal's spelling of after it (ASPETO, CONETAR, RUTURA). A Brazilian
reads either as a misspelling. Which twin is Brazil's is a fact about each word's
pronunciation, not about its letters — RAPTO and RATO are both words, and Brazil says both
ÓPTICO and ÓTICO — so the decisions are data (``spelling_pairs.txt``), read from first line
to last, and a pair no line decides keeps both entries.

A decision never drops the twin written more often (wordfreq, by spelling): a pattern is
about a word family, and a family's pattern can meet a common word of another family
(POLÍPTICO beside POLÍTICO, PICTORESCO beside PITORESCO, BAPTINA beside BATINA).

A dropped entry's prefixed words are not dropped with it when they are written: VERO makes
INTACTO as IN- + TACTO and ARQUITETÔNICO as ARQUI- + TETÔNICO, so those become entries of
their own (:func:`prefixed_entries`), with the dropped entry's suffixes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from tools.lexicon_build.affixes import AffixFile, DicEntry

RULES = Path(__file__).with_name("spelling_pairs.txt")
DROPS = ("consonant", "plain", "neither")
_SITE = re.compile(r"[cp](?=[tç])|m(?=n)")


@dataclass(frozen=True)
class PairRule:
    """One decision: the twins whose consonant spelling matches ``pattern`` drop ``drop``."""

    pattern: re.Pattern[str]
    drop: str


def read_rules(path: Path = RULES) -> list[PairRule]:
    """The decisions in file order; a malformed line is an error that names it."""
    rules: list[PairRule] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        pattern, _, drop = line.partition("\t")
        if drop not in DROPS:
            raise ValueError(f"{path.name}:{number}: expected 'pattern<TAB>{'|'.join(DROPS)}'")
        rules.append(PairRule(re.compile(pattern), drop))
    return rules


def twins(words: Iterable[str]) -> list[tuple[str, str]]:
    """(with the consonant, without it) for every pair of entries one consonant apart: a C or
    P before T or Ç, an M before N."""
    known = set(words)
    pairs = []
    for word in sorted(known):
        for site in _SITE.finditer(word):
            plain = word[: site.start()] + word[site.end():]
            if plain in known:
                pairs.append((word, plain))
    return pairs


def decide(consonant: str, rules: list[PairRule]) -> str:
    """Which twin the first matching rule drops; "neither" when no rule matches."""
    for rule in rules:
        if rule.pattern.search(consonant):
            return rule.drop
    return "neither"


def portugal_spellings(words: Iterable[str], zipf: Callable[[str], float],
                       rules: list[PairRule] | None = None) -> set[str]:
    """The entries to drop: for each pair of twins, the one its decision names, unless that
    one is written more often than its twin (``zipf`` of a spelling)."""
    rules = read_rules() if rules is None else rules
    dropped: set[str] = set()
    for consonant, plain in twins(words):
        drop = decide(consonant, rules)
        if drop == "consonant" and zipf(consonant) <= zipf(plain):
            dropped.add(consonant)
        elif drop == "plain" and zipf(plain) <= zipf(consonant):
            dropped.add(plain)
    return dropped


def prefixed_entries(entry: DicEntry, aff: AffixFile,
                     zipf: Callable[[str], float]) -> list[DicEntry]:
    """The written words a prefix of ``entry`` makes (IN- + TACTO: INTACTO), as entries with
    ``entry``'s suffix flags (where the prefix class allows suffixes beside it) and no
    prefix flags: what stays of a dropped entry."""
    suffixes = "".join(f for f in entry.flags if f not in aff.prefixes)
    made: list[DicEntry] = []
    for flag in entry.flags:
        pcls = aff.prefixes.get(flag)
        if pcls is None:
            continue
        for rule in pcls.rules:
            if rule.applies(entry.word):
                word = rule.apply(entry.word)
                if zipf(word) > 0:
                    made.append(DicEntry(word, suffixes if pcls.cross_product else ""))
    return made
