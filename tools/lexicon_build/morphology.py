"""Bases for themes and roots for the chain rule, computed once at build time.

**Bases.** The rules count plurals, feminines and diminutives as their base word (BOLAS and
BOLINHA count as BOLA); a conjugation counts as its infinitive, which is recorded apart (see
*Verbs* below), since its source is the dictionary's paradigms, not the grammar. The forms are
proposed by
the same grammar the themes use (:mod:`tools.forms.grammar`), on the written words, accents
included, and each proposal is checked before it becomes an edge *form → the word it is made
from*:

- both written words are in the dictionary, and the word it is made from is not only a
  conjugation (CANTAS is no plural of the verb form CANTA; COZINHA no diminutive of COZA;
  a masculine participle agrees like an adjective: NAMORADA, VESTIDINHO);
- the form is not on the reviewed list of words of their own (``tools/forms/own_words.txt``:
  FRUTA, MATA, COPA, BOLINHO, CAOS…);
- a plural of a word in -ão is the one the dictionary gives it (MÃOS, not MÃES, for MÃO);
- a diminutive is not more frequent than its word (SARDINHA, SOBRINHO, CAMINHO are words of
  their own; CASINHA and BOLINHA are diminutives);
- a feminine needs a second source to agree (:meth:`Morphology.feminine_counts`): the lemma
  list gives the masculine as its lemma (MENINA → MENINO), the masculine is an adjective in the
  dictionary (it takes -íssimo or -mente) and the dictionary makes the feminine from it, both
  are participles of one verb, it is an agent noun in -dor/-tor/-sor/-nhor (PROFESSORA), or the
  irregular table of the grammar (ATRIZ, RAINHA); ``feminines.txt`` holds the team's decisions
  where those sources are silent or wrong (GATA and FILHA count; RUÃ is no word).

A word's bases are every word its edges lead to (GATINHAS → GATINHA → GATA → GATO).

**Verbs.** A word's verbs are the infinitives whose paradigm holds it, exactly as VERO's verb
classes make it (CHUTOU, CHUTARES, CHUTADO: CHUTAR; AMARA: AMAR; BOLAS: BOLAR), with the
extra entries of a split paradigm joined (:data:`PARADIGM_LINKS`) and the suppletive forms the
lemma list gives (FOI: SER and IR). Nothing is guessed from letters. A noun that is also a verb
form has its verb here too (MATA: MATAR): a theme that holds MATAR scores MATA as a form of it,
and a theme that does not never sees the verb (``engine/themes.py``).

**Roots.** Two words share a root when their roots intersect (the chain's same-root rule). A
word's roots are the words at the top of its bases (BOLINHAS: BOLA), or the word itself, and,
when it is no noun or adjective of its own, the verbs it conjugates (AMARA and AMARAS: AMAR;
VERO splits a few irregular paradigms over extra entries, which :data:`PARADIGM_LINKS` joins, and
suppletive forms that VERO lists as plain entries, ERA and FOI, join their verb through the
lemma list). A noun that is also a verb form keeps its own root: MATA (the forest) and MATO do
not meet at MATAR, nor BOLA and BOLO at BOLAR.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from tools.forms.grammar import (
    DIMINUTIVE,
    FEMININE,
    IRREGULAR_FEMININES,
    diminutives,
    inflections,
)
from tools.lexicon_build.expand import BASE, ENTRY

#: VERO entries that only hold part of another verb's paradigm.
PARADIGM_LINKS: Mapping[str, tuple[str, ...]] = {"for": ("ir", "ser"), "vá": ("ir",)}
#: The team's decisions on feminine pairs (see the file's header).
FEMININES_PATH = Path(__file__).with_name("feminines.txt")
#: Agent nouns and adjectives whose feminine adds -a (PROFESSOR → PROFESSORA).
AGENT_ENDINGS = ("dor", "tor", "sor", "nhor", "stor")
PARTICIPLE_ENDINGS = ("ado", "ido")

Derivations = Mapping[str, list[tuple[str, str]]]


def _zinho_singular(word: str, form: str, source: str) -> str:
    """The singular diminutive a -zinhos/-zinhas plural is also the plural of: the grammar
    makes PÃEZINHOS from the plural PÃES, and it counts as PÃOZINHO too ("" if none)."""
    if source == word or not form.endswith(("zinhos", "zinhas")):
        return ""
    singulars = [d for d, s in diminutives(word).items()
                 if s == word and d.endswith(form[-6:-1])]
    return singulars[0] if singulars else ""


def read_feminine_decisions(path: Path = FEMININES_PATH) -> dict[tuple[str, str], bool]:
    """``(feminine, masculine) → counts`` from ``feminines.txt`` (written spellings)."""
    decisions: dict[tuple[str, str], bool] = {}
    if not path.exists():
        return decisions
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        if len(fields) != 3 or fields[2] not in ("=", "≠"):
            raise ValueError(f"{path.name}:{number}: esperado “feminino masculino =|≠”")
        decisions[(fields[0], fields[1])] = fields[2] == "="
    return decisions


@dataclass(frozen=True)
class Sources:
    """What the checks read besides the expansion: the dictionary's entries by kind, the
    lemma list, the reviewed lists, and the forms the supplement declares."""

    lemmatise: Callable[[str], tuple[str, bool]]  # written word → (lemma, listed)
    verbs: frozenset[str]  # VERO entries with a verb class
    adjectives: frozenset[str]  # VERO entries that take -íssimo or -mente
    irregular_verbs: frozenset[str]
    own_words: frozenset[str]  # folded
    feminines: Mapping[tuple[str, str], bool]
    declared: Mapping[str, str]  # a supplement form → its word (written)


class Morphology:
    """Roots and bases of folded words from the expansion's derivations and the grammar."""

    def __init__(
        self,
        *,
        derivations: Derivations,
        spellings: Mapping[str, list[str]],
        fold: Callable[[str], str],
        frequency: Callable[[str], float],  # of a folded word
        sources: Sources,
    ) -> None:
        self._derivs = derivations
        self._spellings = spellings
        self._fold = fold
        self._freq = frequency
        self._src = sources
        self._written = frozenset(s for group in spellings.values() for s in group)
        #: folded form → the folded words it is made from (checked edges)
        self.parents: dict[str, set[str]] = {}
        self._bases: dict[str, tuple[str, ...]] = {}
        self._irregular_folded = frozenset(fold(v).lower() for v in sources.irregular_verbs)

    # -- edges -----------------------------------------------------------------------------

    def add_edges(self, written: Iterable[str]) -> None:
        """Propose and check every form the grammar makes of each written word."""
        for edge in self.edges_from(written):
            form, source = edge
            self.parents.setdefault(form, set()).add(source)

    def edges_from(self, written: Iterable[str]) -> list[tuple[str, str]]:
        """The checked edges ``(folded form, folded source)`` the grammar makes of these
        written words (and the supplement's declared forms among them)."""
        out: list[tuple[str, str]] = []
        fold = self._fold
        for word in written:
            declared = self._src.declared.get(word)
            if declared is not None and declared in self._written:
                out.append((fold(word), fold(declared)))
            if self.only_conjugation(word):
                continue
            for form, (kind, source) in inflections(word).items():
                if form in self._written and source in self._written \
                        and fold(form) != fold(source) and self._counts(form, kind, source):
                    out.append((fold(form), fold(source)))
                    singular = _zinho_singular(word, form, source)
                    if singular in self._written and self._counts(singular, kind, word):
                        out.append((fold(form), fold(singular)))
        return out

    def only_conjugation(self, written: str) -> bool:
        """Whether every reading of a written word is a verb form (CANTA, COZA, SOBRO) and the
        lemma list does not know it as a word of its own (BOLA, CASA are nouns). A masculine
        participle in -ado/-ido is more: it agrees like an adjective (NAMORADO, NAMORADA,
        NAMORADOS) and takes diminutives (VESTIDINHO)."""
        if written.endswith(PARTICIPLE_ENDINGS):
            return False
        derivs = self._derivs.get(written, ())
        if not derivs or not all(kind == BASE and lemma in self._src.verbs
                                 for lemma, kind in derivs):
            return False
        lemma, listed = self._src.lemmatise(written)
        return not (listed and lemma == written)

    def _counts(self, form: str, kind: str, source: str) -> bool:
        if kind == FEMININE and form in IRREGULAR_FEMININES.get(source, ()):
            return True  # MADRINHA of PADRINHO, though both are words of their own
        if self._fold(form) in self._src.own_words:
            return False
        if kind == FEMININE:
            return self.feminine_counts(form, source)
        if kind == DIMINUTIVE and form != source + "s":
            return self._freq(self._fold(form)) <= self._freq(self._fold(source))
        # a plural (of the word, of a feminine or of a diminutive)
        if source.endswith("ão"):
            return self._made_from(form, source) or self._src.lemmatise(form)[0] == source
        return True

    def _made_from(self, form: str, source: str) -> bool:
        return (source, BASE) in self._derivs.get(form, ())

    def feminine_counts(self, feminine: str, masculine: str) -> bool:
        """Whether a feminine the grammar proposes is that masculine's feminine."""
        decided = self._src.feminines.get((feminine, masculine))
        if decided is not None:
            return decided
        if feminine in IRREGULAR_FEMININES.get(masculine, ()):
            return True
        if masculine.endswith(AGENT_ENDINGS) and feminine == masculine + "a":
            return True
        if self._src.lemmatise(feminine)[0] == masculine:
            return True
        if masculine in self._src.adjectives and self._made_from(feminine, masculine):
            return True
        return masculine.endswith(PARTICIPLE_ENDINGS) and self._same_participle(
            feminine, masculine)

    def _same_participle(self, feminine: str, masculine: str) -> bool:
        verbs = self._src.verbs
        of_masculine = {lemma for lemma, kind in self._derivs.get(masculine, ())
                        if kind == BASE and lemma in verbs}
        return any(kind == BASE and lemma in of_masculine
                   for lemma, kind in self._derivs.get(feminine, ()))

    # -- bases and roots -------------------------------------------------------------------

    def _by_frequency(self, folded_words: Iterable[str]) -> list[str]:
        return sorted(set(folded_words), key=lambda w: (-self._freq(w), w))

    def bases(self, word: str) -> tuple[str, ...]:
        """Every word the edges lead to from ``word`` (not itself), most common first."""
        cached = self._bases.get(word)
        if cached is not None:
            return cached
        seen: set[str] = set()
        todo = list(self.parents.get(word, ()))
        while todo:
            base = todo.pop()
            if base in seen or base == word:
                continue
            seen.add(base)
            todo.extend(self.parents.get(base, ()))
        result = tuple(self._by_frequency(seen))
        self._bases[word] = result
        return result

    def _own(self, word: str) -> bool:
        """A word of its own: a dictionary entry, a lemma of the lemma list, or on the reviewed
        list of words of their own (FRUTA, COPA: not forms of FRUTAR, COPAR)."""
        if word in self._src.own_words:
            return True
        for spelling in self._spellings[word]:
            if any(kind == ENTRY and self._fold(lemma) == word
                   for lemma, kind in self._derivs.get(spelling, ())):
                return True
            lemma, listed = self._src.lemmatise(spelling)
            if listed and lemma == spelling:
                return True
        return False

    def _verbs_of(self, word: str) -> set[str]:
        found: set[str] = set()
        for spelling in self._spellings[word]:
            for lemma, kind in self._derivs.get(spelling, ()):
                if kind == BASE and lemma in self._src.verbs:
                    found.update(self._fold(t) for t in PARADIGM_LINKS.get(lemma, (lemma,)))
        return found

    def verbs(self, word: str) -> tuple[str, ...]:
        """The infinitives whose paradigm holds ``word`` (not itself), most common first."""
        found = self._verbs_of(word) | self._suppletive(word)
        found.discard(word)
        return tuple(self._by_frequency(found))

    def _suppletive(self, word: str) -> set[str]:
        found = set()
        for spelling in self._spellings[word]:
            lemma, _ = self._src.lemmatise(spelling)
            if lemma in self._src.irregular_verbs and lemma != spelling:
                found.add(self._fold(lemma))
        return found

    def _plain_roots(self, word: str) -> set[str]:
        return {word} | self._verb_roots(word)

    def _verb_roots(self, word: str) -> set[str]:
        """The verbs a word is a form of: all of them for a word that is only a verb form,
        only the irregular ones for a word of its own (FEITO of FAZER, ERA of SER, but not
        MATA of MATAR)."""
        verbs = self._verbs_of(word)
        if self._own(word):
            verbs = {v for v in verbs if v.lower() in self._irregular_folded}
        return verbs | self._suppletive(word)

    def roots(self, word: str) -> list[str]:
        """The words at the top of the bases (or the word), and the verbs it conjugates when
        it is no word of its own; most common first."""
        bases = self.bases(word)
        if not bases:
            return self._by_frequency(self._plain_roots(word))
        roots = self._verb_roots(word)
        tops = [base for base in bases if not self.parents.get(base)] or [word]
        for top in tops:
            roots |= self._plain_roots(top)
        return self._by_frequency(roots)
