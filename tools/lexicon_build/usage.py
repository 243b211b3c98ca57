"""Which of VERO's productive forms are words in use, and which are only what a rule can make.

VERO is a spelling checker: it accepts every form its rules can make, so that a writer is never
told a possible word is wrong. Expanded whole, that is 2.5 million words, and a native speaker's
read of a random sample of them (``samples/accepted-1.tsv``) finds most of them made by rules
no writer uses on that word: a diminutive of an agent noun of a rare verb (ACHABAÇADORAZINHA),
an augmentative of a participle (ALOMBADÕES), an adverb in -mente of a superlative
(DESENTOLHIBILISSIMAMENTE), an -idade of a word that cannot take one. A word game that accepts
those teaches nothing and lets a bot win with them.

So the expansion keeps the forms of the *productive* rules only where the language uses them,
and use is measured by wordfreq's Portuguese frequencies (folded):

- **Degree of an entry** (diminutive, augmentative, superlative: ``DEGREE_FLAGS``): kept when
  the form itself is used, when the entry it is a degree of is used at Zipf ``HEAD_ZIPF`` or
  more, or when it is a diminutive the themes' grammar (:mod:`tools.forms.grammar`) makes of a
  word used that often. GATINHO stays as a degree of GATO and TAMBORZINHO as one of TAMBOR,
  whether or not a corpus happened to write them, and SOSSEGUINHO as one of SOSSEGO (VERO
  hangs it on the entry SOSSEGOS); the themes' layer words count as used (QUITUTINHO, of the
  theme word QUITUTE); ABABILZINHO (of the rare ABABIL) goes.
- **Degree of a made form** (a diminutive, augmentative or superlative of a participle or of an
  agent noun: the degree outputs of the participle, agent-noun and verb classes): kept when
  the form itself is used or is a diminutive the grammar makes of a used word. So the
  diminutives of the participles and agent nouns that are words in use stay (ADVOGADINHO,
  ASPIRADORZINHO, CANSADINHO), and the augmentatives and superlatives no one writes of the rest
  go (LEITADÃO, DESMORALIZADÃO, CONTRISTADORAZINHA, ATRITADÍSSIMA).
- **Derivation** (a new word: -mente, -mento, -idade, -ismo, -ista, -ante, -dor, -tório,
  -ógico, and -mente on participles, agent nouns and superlatives): kept when any form of the
  derived word (its number and gender forms, made by the same flag from the same entry) is
  used. A derived word has a meaning of its own that no rule guarantees, so only use shows it
  exists: TRABALHADOR and AVISTAMENTO (if used) stay, CANDIDATADOR and AVISTANTES go.
- **Feminines in -ã of words in -ão** (VERO's number/gender classes D, E, G make RATÃ, MACHÃ,
  BOLÃ of the augmentatives RATÃO, MACHÃO, BOLÃO, with their plurals and diminutives): kept
  when the written feminine is used at Zipf ``FEMININE_AO_ZIPF`` or more, as IRMÃ, ALEMÃ,
  CAMPEÃ, TECELÃ and CHARLATÃ are. Spelling matters here, not the folded word: RATÃ folds to
  the common RATA.
- **Misspelt rules** (VERO's participle superlatives written ``-idíssmo``): never kept.

Prefixed words (SUPERFORMATAR, SEMIADAPTAR) are not judged either: tried, pruning them by use
took 3 of the sample's 43 current words (DESACORRENTÁRAMOS, HIPERPROTEÇÃO) for 11 of its 117
junk ones. Dictionary entries, conjugations, plurals and genders are not judged by use: they are the
grammar of words the dictionary lists, and a rare verb's conjugation is as valid as a common
one's. A form that another rule or an entry also makes is kept by that one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from engine.lexicon import fold
from tools.forms.grammar import DIMINUTIVE, inflections
from tools.lexicon_build import vero

#: A degree form's head must be used this often (Zipf: log10 of uses per billion words): about
#: once per ten million words, where a list of words still reads as words people write.
HEAD_ZIPF = 2.0
#: wordfreq's Portuguese list stops at Zipf 1.0: anything in it counts as used.
USED_ZIPF = 1.0
#: A written feminine in -ã must be used this often: the rare real ones (CHARLATÃ, 1.4) pass,
#: the typing noise around 1.0–1.2 (CARTÃ, UMÃ) does not.
FEMININE_AO_ZIPF = 1.3

# First-order degree flags: a diminutive, augmentative or superlative of the entry itself.
DEGREE_FLAGS = vero.DIMINUTIVE | vero.AUGMENTATIVE_SUPERLATIVE
# Flags whose outputs include degrees and adverbs of a participle (L, and the verb classes).
_PARTICIPLE_DEGREE = re.compile(r"d(?:inh[oa]s?|íssim[oa]s?|ão|ões|ona|onas)$")
_AGENT_DEGREE = re.compile(r"dor(?:zinho|azinha|ezinhos|azinhas|zão|ona|ezões|onas)$")
_MISSPELT = re.compile(r"íssm[oa]s?$")

PLAIN = "plain"
DEGREE = "degree"
MADE_DEGREE = "made-degree"
DERIVATION = "derivation"
MISSPELT = "misspelt"


def rule_kind(flag: str, add: str) -> str:
    """How a suffix rule's outputs are judged: ``plain`` (kept), ``degree`` (of the entry),
    ``made-degree`` (of a participle or agent noun), ``derivation``, ``misspelt`` (never
    kept)."""
    checks = (
        (_MISSPELT.search(add) is not None, MISSPELT),
        (add.endswith("mente"), DERIVATION),
        (flag in DEGREE_FLAGS or (flag in "EG" and add.endswith(vero.AUGMENTATIVE_ENDINGS)),
         DEGREE),
        (flag == "j", MADE_DEGREE if _AGENT_DEGREE.search(add) else DERIVATION),
        (flag == "L" or (flag in vero.VERB and _PARTICIPLE_DEGREE.search(add) is not None),
         MADE_DEGREE),
        (flag in vero.DERIVATION, DERIVATION),
    )
    return next((kind for hit, kind in checks if hit), PLAIN)


def feminine_of_ao(flag: str, form: str, lemma: str) -> bool:
    """Whether a number/gender class made ``form`` from the feminine in -ã of a word in -ão
    (RATÃ, RATÃS, RATÃZINHA of RATÃO; not RATÕES or RATÃOZINHO)."""
    return flag in "DEG" and lemma.endswith("ão") and form.startswith(lemma[:-1]) \
        and not form.startswith(lemma)


def grammar_diminutives(written_zipf: Mapping[str, float],
                        theme_words: Iterable[str] = ()) -> frozenset[str]:
    """The folded diminutives (and their plurals) the grammar makes of the written words used
    at ``HEAD_ZIPF`` or more and of the themes' layer words, which the library already judged
    words players know (QUITUTE, RASTELO, TIMBAL): of them and of their feminines
    (ADVOGADINHA)."""
    heads = {w for w, value in written_zipf.items() if value >= HEAD_ZIPF} | set(theme_words)
    out: set[str] = set()
    for word in heads:
        if len(word) > 2 and word.isalpha() and word.islower():
            out.update(fold(form) for form, (kind, _) in inflections(word).items()
                       if kind == DIMINUTIVE)
    return frozenset(out)


def theme_layer_words(directory: Path) -> set[str]:
    """The written layer words of every theme file in ``directory``."""
    words: set[str] = set()
    for path in sorted(directory.glob("*.json")):
        layers = json.loads(path.read_text(encoding="utf-8")).get("layers", {})
        for layer in layers.values():
            words.update(w for w in layer if isinstance(w, str))
    return words


@dataclass(frozen=True)
class Usage:
    """wordfreq's Zipf frequencies of folded words, the grammar's diminutives of used words,
    and the rules above."""

    zipf: Mapping[str, float]
    diminutives: frozenset[str] = field(default_factory=frozenset)
    written_zipf: Mapping[str, float] = field(default_factory=dict)  # by spelling

    def used(self, folded: str, at_least: float = USED_ZIPF) -> bool:
        return self.zipf.get(folded, 0.0) >= at_least

    def keeps_degree(self, folded_form: str, folded_entry: str) -> bool:
        return self.used(folded_form) or self.used(folded_entry, HEAD_ZIPF) \
            or folded_form in self.diminutives

    def keeps_feminine_of_ao(self, lemma: str) -> bool:
        return self.written_zipf.get(lemma[:-1], 0.0) >= FEMININE_AO_ZIPF

    def keeps_made_degree(self, folded_form: str) -> bool:
        return self.used(folded_form) or folded_form in self.diminutives

    def keeps_derivation(self, folded_forms: list[str]) -> bool:
        return any(self.used(f) for f in folded_forms)
