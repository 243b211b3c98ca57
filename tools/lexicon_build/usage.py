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

- **Diminutive of an entry** (``vero.DIMINUTIVE``): kept when the form itself is used, when
  the entry it is a diminutive of is used at Zipf ``HEAD_ZIPF`` or more, or when it is a
  diminutive the themes' grammar (:mod:`tools.forms.grammar`) makes of a word used that often.
  GATINHO stays as a diminutive of GATO and TAMBORZINHO as one of TAMBOR, whether or not a
  corpus happened to write them, and SOSSEGUINHO as one of SOSSEGO (VERO hangs it on the entry
  SOSSEGOS); the themes' layer words count as used (QUITUTINHO, of the theme word QUITUTE);
  ABABILZINHO (of the rare ABABIL) goes. A diminutive is what anyone makes of any noun —
  except an abstract noun in -ção or -são, whose diminutive stays only where it is used
  (CANÇÃOZINHA, LIÇÃOZINHA; not NOTAÇÃOZINHA).
- **Augmentative or superlative of an entry** (``vero.AUGMENTATIVE_SUPERLATIVE``, and the
  augmentative outputs of the number/gender classes E and G): kept when one of its forms
  (made by the same flag from the same entry) is used. Unlike a diminutive, an augmentative
  or a superlative is a word a language keeps for some words only: LINDÍSSIMO, CASARÃO and
  MULHERÃO are written; VOCALÍSSIMO, BACANALZÕES and PRORROGAÇONA are made by a rule no
  writer applies to those words.
- **Degree of a participle** (a diminutive, augmentative or superlative the participle and
  verb classes make): kept when one of its gender and number forms is used
  (:func:`word_stem`). So the ones people write stay (CANSADINHO), and the ones no one writes
  go (SUBSTITUIDINHAS, FORNECIDINHOS, LEITADÃO, NEOCOLONIZADÍSSIMA).
- **Degree of an agent noun** (JOGADORZINHO, ASPIRADORZINHO): a diminutive of a noun, kept
  like an entry's diminutive when it is used or the grammar makes it of a common word
  (TRABALHADORZINHO); its augmentatives and superlatives only when used
  (CONTRISTADORAZINHA goes).
- **Derivation** (a new word: -mente, -mento, -idade, -ismo, -ista, -ante, -dor, -tório,
  -ógico, and -mente on participles, agent nouns and superlatives): kept when any form of the
  derived word (its number and gender forms, made by the same flag from the same entry:
  :func:`word_stem`; ROSACRUCIANISMO in use vouches for no ROSACRUCIANÍSTICAS) is
  used. A derived word has a meaning of its own that no rule guarantees, so only use shows it
  exists: TRABALHADOR and AVISTAMENTO (if used) stay, CANDIDATADOR and AVISTANTES go.
- **Feminines in -ã of words in -ão** (VERO's number/gender classes D, E, G make RATÃ, MACHÃ,
  BOLÃ of the augmentatives RATÃO, MACHÃO, BOLÃO, with their plurals and diminutives): kept
  when the written feminine is used at Zipf ``FEMININE_AO_ZIPF`` or more, as IRMÃ, ALEMÃ,
  CAMPEÃ, TECELÃ and CHARLATÃ are. Spelling matters here, not the folded word: RATÃ folds to
  the common RATA.
- **Misspelt rules** (VERO's participle superlatives written ``-idíssmo``): never kept.

- **Verbs** (every verb entry and its prefixed variants: a-, des-, re-, auto-, co-, sub-,
  micro-, ante- …): kept, infinitive and every form, when one of the forms is used as a
  verb (:func:`drop_unattested_verbs`) or, for a verb that is a dictionary entry, when the
  lemma list (simplemma's curated Portuguese list) knows the infinitive. VERO lets almost
  any prefix stand before almost any verb and lists verbs made to pair with technical nouns
  (RADIOTRANSISTORIZAR beside RADIOTRANSISTORIZAÇÃO); a read of the accepted words found
  those the largest share of what no Brazilian would call a word (DESARQUEM, REATESTARES,
  AUTOESTIMÁSSEMOS). The lemma list keeps the archaic and regional verbs a corpus misses
  (ADJURAR, PUNGIR, SOBRENADAR).

Nouns and adjectives that are dictionary entries, prefixed ones included (HIPERPROTEÇÃO,
SEMIABERTO), are not judged: tried, pruning them by use took current words for few junk ones.
Conjugations, plurals and genders of the words kept are not judged either: they are the
grammar of those words, and a rare verb's conjugation is as valid as a common one's. A form
that another rule or an entry also makes is kept by that one.
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

#: A diminutive's head must be used this often (Zipf: log10 of uses per billion words) for the
#: diminutive to stay unwritten: once per million words, the cut-off of the common words
#: (``common_words.py``). Below it, heads read as rare, technical or foreign words (MINIMAL,
#: DESIMPEDIDA), whose diminutives nobody makes.
HEAD_ZIPF = 3.0
#: wordfreq's Portuguese list stops at Zipf 1.0: anything in it counts as used.
USED_ZIPF = 1.0
#: A written feminine in -ã must be used this often: the rare real ones (CHARLATÃ, 1.4) pass,
#: the typing noise around 1.0–1.2 (CARTÃ, UMÃ) does not.
FEMININE_AO_ZIPF = 1.3

# Flags whose outputs include degrees and adverbs of a participle (L, and the verb classes).
_PARTICIPLE_DEGREE = re.compile(r"d(?:inh[oa]s?|íssim[oa]s?|ão|ões|ona|onas)$")
_AGENT_DEGREE = re.compile(r"dor(?:zinho|azinha|ezinhos|azinhas|zão|ona|ezões|onas)$")
_MISSPELT = re.compile(r"íssm[oa]s?$")
_PARTICIPLE = re.compile(r"[ai]d[oa]s?$")
#: Abstract nouns in -ção and -são (folded; BALCÃO, CALÇÃO are not): their diminutives are
#: kept only where written (CANÇÃOZINHA, LIÇÃOZINHA, PRESSÃOZINHA). A read of the accepted
#: words found the grammar's NOTAÇÃOZINHA, DIGITALIZAÇÕEZINHAS — 1,755 heads, 10 written.
_ABSTRACT = re.compile(r"(?:[^L]CAO|SAO|[^L]COES|SOES)$")

PLAIN = "plain"
DEGREE = "degree"
MADE_DEGREE = "made-degree"
AGENT_DEGREE = "agent-degree"
INTENSIVE = "intensive"
DERIVATION = "derivation"
MISSPELT = "misspelt"


def rule_kind(flag: str, add: str) -> str:
    """How a suffix rule's outputs are judged: ``plain`` (kept), ``degree`` (a diminutive of
    the entry), ``intensive`` (an augmentative or superlative of the entry), ``made-degree``
    (of a participle), ``agent-degree`` (of an agent noun), ``derivation``, ``misspelt``
    (never kept)."""
    checks = (
        (_MISSPELT.search(add) is not None, MISSPELT),
        (add.endswith("mente"), DERIVATION),
        (flag in vero.DIMINUTIVE, DEGREE),
        (flag in vero.AUGMENTATIVE_SUPERLATIVE
         or (flag in "EG" and add.endswith(vero.AUGMENTATIVE_ENDINGS)), INTENSIVE),
        (flag == "j", AGENT_DEGREE if _AGENT_DEGREE.search(add) else DERIVATION),
        (flag == "L" or (flag in vero.VERB and _PARTICIPLE_DEGREE.search(add) is not None),
         MADE_DEGREE),
        (flag in vero.DERIVATION, DERIVATION),
    )
    return next((kind for hit, kind in checks if hit), PLAIN)


def word_stem(form: str) -> str:
    """What a word's gender and number forms share (ROSACRUCIANÍSTIC of -ístico, -ística,
    -ísticos, -ísticas), so that one used form vouches for its word's other forms and for
    no other word the same rule makes of the same entry (ROSACRUCIANISTA is another)."""
    stem = form[:-1] if form.endswith("s") else form
    return stem[:-1] if stem[-1:] in ("a", "o", "e") else stem


def abstract_noun(folded: str) -> bool:
    """Whether a folded word reads as an abstract noun in -ção or -são (see ``_ABSTRACT``)."""
    return _ABSTRACT.search(folded) is not None


def feminine_of_ao(flag: str, form: str, lemma: str) -> bool:
    """Whether a number/gender class made ``form`` from the feminine in -ã of a word in -ão
    (RATÃ, RATÃS, RATÃZINHA of RATÃO; not RATÕES or RATÃOZINHO)."""
    return flag in "DEG" and lemma.endswith("ão") and form.startswith(lemma[:-1]) \
        and not form.startswith(lemma)


def grammar_diminutives(written_zipf: Mapping[str, float], theme_words: Iterable[str] = (),
                        excluded: frozenset[str] = frozenset()) -> frozenset[str]:
    """The folded diminutives (and their plurals) the grammar makes of the written words used
    at ``HEAD_ZIPF`` or more (less the ``excluded`` folded words: names, brands, foreign
    words) and of the themes' layer words, which the library already judged words players
    know (QUITUTE, RASTELO, TIMBAL): of them and of their feminines (ADVOGADINHA)."""
    heads = {w for w, value in written_zipf.items()
             if value >= HEAD_ZIPF and fold(w) not in excluded} | set(theme_words)
    heads = {w for w in heads if not abstract_noun(fold(w))}
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


def theme_accepted_forms(directory: Path) -> dict[str, str]:
    """The written forms the theme files of ``directory`` accept, each with its base word."""
    forms: dict[str, str] = {}
    for path in sorted(directory.glob("*.json")):
        table = json.loads(path.read_text(encoding="utf-8")).get("forms", {})
        for base, entry in table.items():
            for form in entry.get("accepted", []) if isinstance(entry, dict) else []:
                if isinstance(form, str):
                    forms.setdefault(form, base)
    return forms


@dataclass(frozen=True)
class Usage:
    """wordfreq's Zipf frequencies of folded words, the grammar's diminutives of common words,
    the lemma list's lemmas, and the rules above."""

    zipf: Mapping[str, float]
    diminutives: frozenset[str] = field(default_factory=frozenset)
    written_zipf: Mapping[str, float] = field(default_factory=dict)  # by spelling
    #: written lemmas of the lemma list (simplemma): a lexicon's word that a corpus may miss
    lemmas: frozenset[str] = field(default_factory=frozenset)
    #: folded words frequent only as names, brands or foreign words (``common_exclude.txt``)
    excluded: frozenset[str] = field(default_factory=frozenset)
    #: folded words of the themes (layer words and accepted forms): the library's editors
    #: judged them words players know, so they count as used (BONECÃO of Carnaval, which a
    #: corpus hardly writes)
    theme_words: frozenset[str] = field(default_factory=frozenset)

    def used(self, folded: str, at_least: float = USED_ZIPF) -> bool:
        return self.written(folded, at_least) or folded in self.theme_words

    def written(self, folded: str, at_least: float = USED_ZIPF) -> bool:
        """Whether a corpus writes the word (the themes aside)."""
        return self.zipf.get(folded, 0.0) >= at_least

    def common(self, folded: str) -> bool:
        """Used at ``HEAD_ZIPF`` or more as a Portuguese word (not only as a name: L'ORÉAL
        makes LOREAL frequent, and no one writes LOREAIZINHOS)."""
        return self.used(folded, HEAD_ZIPF) and folded not in self.excluded

    def keeps_degree(self, folded_form: str, folded_entry: str) -> bool:
        if abstract_noun(folded_entry):
            return self.used(folded_form)
        return self.used(folded_form) or self.common(folded_entry) \
            or folded_form in self.diminutives

    def keeps_feminine_of_ao(self, lemma: str) -> bool:
        return self.written_zipf.get(lemma[:-1], 0.0) >= FEMININE_AO_ZIPF

    def keeps_agent_degree(self, folded_form: str) -> bool:
        return self.used(folded_form) or folded_form in self.diminutives

    def keeps_derivation(self, folded_forms: Iterable[str]) -> bool:
        """A word made from another by a derivational suffix, and an augmentative or a
        superlative, stay when any of their forms is used."""
        return any(self.used(f) for f in folded_forms)



def drop_unattested_verbs(derivations: dict[str, list[tuple[str, str]]], verbs: frozenset[str],
                          entries: frozenset[str], use: Usage) -> int:
    """Remove every verb nothing attests, with all its forms (see *Verbs* above); returns
    how many forms lost their last derivation.

    A form attests its verb when it is used and no word other than a verb makes it: the noun
    AUTOESTIMA is frequent, but it says nothing of a verb AUTOESTIMAR whose third person it
    spells. A participle attests its verb even where the dictionary also lists it as an
    adjective (DESMAGNETIZADOS). The lemma list attests only the dictionary's own verb
    entries: it lists prefixed verbs by the thousand (DESARCAR, REATESTAR) that no text
    writes."""
    forms_of: dict[str, list[str]] = {}
    for form, made in derivations.items():
        for lemma, _ in made:
            if lemma in verbs:
                forms_of.setdefault(lemma, []).append(form)

    def attests(form: str) -> bool:
        # a corpus must write it: a theme's CANTORINHA (of CANTORA) is no evidence of a verb
        # CANTORINHAR whose third person it spells
        return use.written(fold(form)) and (
            _PARTICIPLE.search(form) is not None
            or all(lemma in verbs for lemma, _ in derivations[form]))

    unattested = {verb for verb, forms in forms_of.items()
                  if not (verb in entries and verb in use.lemmas)
                  and not any(attests(f) for f in forms)}
    emptied = 0
    for verb in unattested:
        for form in forms_of[verb]:
            made = [d for d in derivations[form] if d[0] != verb]
            if made:
                derivations[form] = made
            else:
                del derivations[form]
                emptied += 1
    return emptied
