"""Forms the dictionary lacks, filled from the grammar where evidence shows they are words.

VERO's affix classes miss forms Brazilians write every day: it gives SALSICHA no diminutive
class, SURPRESA no plural diminutive, TRANQUILO no superlative, and a player who plays
SALSICHINHA, SURPRESINHAS or TRANQUILÍSSIMO is told they are no words. The same grammar the
themes use (:mod:`tools.forms.grammar`) makes those forms of the dictionary's words; this step
keeps the ones that have evidence:

- a **diminutive** (with its plural) of a common word (Zipf ``HEAD_ZIPF``, the common words'
  cut-off) that is more than a verb form, when wordfreq has it (Zipf ``USED_ZIPF`` or more,
  once per billion words: a diminutive is what anyone makes of a noun, so one written use is
  enough; the common head keeps out the names that look like diminutives of rare words).
  A head that does not end in -o or -a does not tell the diminutive's gender (GOLFE:
  GOLFINHO, not GOLFINHA), so its diminutives need the plurals' evidence below;
- a **plural** of such a word, when wordfreq has it at Zipf ``INFLECTED_ZIPF`` and the lemma
  list (simplemma) gives the word as its lemma (IRRACIONAIS, GÂNGSTERES, CAPELÃES; not TUDOS
  or CINCOS, which a corpus writes as names and typos); feminines are not filled: wordfreq's
  feminine-looking words are mostly names (ELMA, NUNA);
- a **superlative** in -íssimo (with its gender and number), when wordfreq has it and
  undoing the ending's spelling rules leads back to an adjective of the dictionary
  (TRANQUILÍSSIMO → TRANQUILO, RIQUÍSSIMA → RICO, FELICÍSSIMOS → FELIZ,
  AMABILÍSSIMO → AMÁVEL);
- a form a **theme accepts** for one of its words (``forms.<word>.accepted``) that the
  grammar makes of that word: an editor decided it is that word's plural, feminine or
  diminutive (CANTORINHA of CANTORA, APEZINHO of APÊ), and the rules promise it counts as
  its word.

No head that is frequent only as a name or a foreign word (``common_exclude.txt``) proposes
anything: HELENA gives no HELENINHA. A form whose letters the dictionary already has with
other accents is no gap (VIDEOS is VÍDEOS, PAISES is PAÍSES).

Each form filled is a form of the word it was made from (a plural, feminine or diminutive:
``BASE``; a superlative: ``DEGREE``), so the morphology relates it like any other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from engine.lexicon import fold
from tools.forms.grammar import DIMINUTIVE, PLURAL, inflections
from tools.lexicon_build.expand import BASE, DEGREE
from tools.lexicon_build.usage import HEAD_ZIPF, USED_ZIPF

#: A plural or feminine the dictionary lacks must be written this often (about once per 100
#: million words) to be filled.
INFLECTED_ZIPF = 2.0
_SUPERLATIVE = re.compile(r"^([a-zçãõâêô]+)íssim([oa])s?$")
#: How the superlative's stem is written back as its adjective (stem ending → adjective ending).
_UNDO = (("qu", "c"), ("gu", "g"), ("c", "z"), ("abil", "ável"), ("ibil", "ível"),
         ("obil", "óvel"), ("ubil", "úvel"), ("", ""))

Derivations = dict[str, list[tuple[str, str]]]


@dataclass(frozen=True)
class Gaps:
    """What the fill may read: wordfreq's Zipf values by spelling, the themes' accepted forms
    (written form → its written base), the folded words kept out as names or foreign words,
    and a test of whether a written word is more than a verb form."""

    written_zipf: Mapping[str, float]
    theme_forms: Mapping[str, str]
    excluded: frozenset[str]
    is_word: Callable[[str], bool]  # a noun or adjective of the expansion (not only a verb form)
    lemma_of: Callable[[str], str]  # the lemma list's lemma of a written word (or the word)

    def fill(self, derivations: Derivations, heads: Iterable[str]) -> Derivations:
        """The forms to add (written form → its derivations); ``heads`` are the written words
        whose forms are proposed (every word of the expansion)."""
        found: Derivations = {}

        def add(form: str, lemma: str, kind: str) -> None:
            if form not in derivations:
                found.setdefault(form, [])
                if (lemma, kind) not in found[form]:
                    found[form].append((lemma, kind))

        zipf = self.written_zipf
        folded = {fold(w) for w in derivations}
        for head in heads:
            if len(head) < 4 or zipf.get(head, 0.0) < HEAD_ZIPF \
                    or fold(head) in self.excluded or not self.is_word(head):
                continue
            made = inflections(head)
            for form, (kind, source) in made.items():
                used = zipf.get(form, 0.0)
                if fold(form) not in folded and _from_real_words(form, head, made, derivations) \
                        and ((kind == DIMINUTIVE and used >= (
                            USED_ZIPF if head[-1] in "oa" else INFLECTED_ZIPF))
                             or (kind == PLURAL and used >= INFLECTED_ZIPF
                             and self.lemma_of(form) == source)):
                    add(form, source, BASE)
        for form, base in self.theme_forms.items():
            if base in derivations and form in inflections(base) and fold(form) not in folded:
                add(form, inflections(base)[form][1], BASE)
        for form, value in zipf.items():
            if value >= USED_ZIPF and form not in derivations:
                adjective = self.superlative_of(form, derivations)
                if adjective is not None:
                    add(form, adjective, DEGREE)
        return found

    def superlative_of(self, form: str, derivations: Derivations) -> str | None:
        """The adjective an -íssimo form is the superlative of, if the dictionary has it."""
        match = _SUPERLATIVE.match(form)
        if match is None:
            return None
        stem, gender = match.groups()
        for written, plain in _UNDO:
            if not stem.endswith(written):
                continue
            base = stem[: len(stem) - len(written)] + plain if written else stem
            for candidate in (base + gender, base + "o", base + "e", base):
                if candidate in derivations and self.is_word(candidate):
                    return candidate
        return None


def _from_real_words(form: str, head: str, made: Mapping[str, tuple[str, str]],
                     derivations: Derivations) -> bool:
    """Whether every word a proposal is made from, on its way back to the head, is a word:
    a diminutive of a feminine needs that feminine in the dictionary (CANTORINHA of CANTORA;
    not PARDALINHA of a PARDALA no one says). The proposals made from the form itself (its
    own plural, a diminutive's plural) are fine."""
    source = made[form][1]
    while source != head:
        if source not in made:
            return False
        kind, parent = made[source]
        if kind != DIMINUTIVE and source not in derivations:
            return False
        source = parent
    return True
